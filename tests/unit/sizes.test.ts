// Sizes (issue 25 item 6): reads the sources with the TypeScript compiler's own parser and fails on a function longer
// than MAX_FUNCTION_LINES in server/, testing/ or components/, and on a server/ file longer than MAX_SERVER_FILE_LINES.
// Test files (*.test.ts, *.spec.ts) are not measured. A function counts from its first token (its doc comment aside) to
// its closing brace; every function counts, nested ones too: declarations, arrows, function expressions, methods,
// constructors and accessors.
import { readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { sourceFiles as allSourceFiles } from "../support/source-files";

const root = path.resolve(import.meta.dirname, "..", "..");
const MAX_FUNCTION_LINES = 120;
const MAX_SERVER_FILE_LINES = 400;
const FUNCTION_DIRS = ["server", "testing", "components"];

/** The sources these limits apply to: test files aside. */
const sourceFiles = (dir: string) => allSourceFiles(dir, false);

/** Repository-relative, forward slashes. */
const rel = (file: string) => path.relative(root, file).split(path.sep).join("/");

type FunctionNode = ts.FunctionDeclaration | ts.ArrowFunction | ts.FunctionExpression | ts.MethodDeclaration | ts.ConstructorDeclaration | ts.AccessorDeclaration;

const isFunction = (n: ts.Node): n is FunctionNode =>
  ts.isFunctionDeclaration(n) || ts.isArrowFunction(n) || ts.isFunctionExpression(n) || ts.isMethodDeclaration(n) || ts.isConstructorDeclaration(n) || ts.isAccessor(n);

/** The name a reader would look for: its own, the variable or property it is assigned to, else the call it is passed to. */
function functionName(n: FunctionNode): string {
  if (ts.isConstructorDeclaration(n)) return "constructor";
  if (n.name) return n.name.getText();
  const p = n.parent;
  if ((ts.isVariableDeclaration(p) || ts.isPropertyAssignment(p) || ts.isPropertyDeclaration(p)) && p.name) return p.name.getText();
  if (ts.isCallExpression(p)) return `(callback of ${p.expression.getText().slice(0, 40)})`;
  return "(anonymous)";
}

interface Measured {
  file: string;
  line: number;
  name: string;
  lines: number;
}

/** Every function in `file` with its length in lines. */
function functionsOf(file: string): Measured[] {
  const sf = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true);
  const out: Measured[] = [];
  const visit = (n: ts.Node) => {
    if (isFunction(n)) {
      const start = sf.getLineAndCharacterOfPosition(n.getStart(sf)).line;
      const end = sf.getLineAndCharacterOfPosition(n.getEnd()).line;
      out.push({ file: rel(file), line: start + 1, name: functionName(n), lines: end - start + 1 });
    }
    ts.forEachChild(n, visit);
  };
  visit(sf);
  return out;
}

/** Lines as `wc -l` counts them (a last line without its newline counts too). */
function lineCount(file: string): number {
  const src = readFileSync(file, "utf8");
  return src.split("\n").length - (src.endsWith("\n") ? 1 : 0);
}

describe("sizes of server/, testing/ and components/", () => {
  const functions = FUNCTION_DIRS.flatMap((d) => sourceFiles(path.join(root, d))).flatMap(functionsOf);
  const long = functions.filter((f) => f.lines > MAX_FUNCTION_LINES);

  it("reads real sources", () => {
    expect(functions.length).toBeGreaterThan(1000);
    expect(functions.some((f) => f.file === "testing/chains/evm/node.ts" && f.name === "startEvmNode")).toBe(true);
  });

  it(`has no function over ${MAX_FUNCTION_LINES} lines`, () => {
    const offenders = long.map((f) => `${f.file}:${f.line} ${f.name}: ${f.lines} lines`);
    expect(offenders, `functions over ${MAX_FUNCTION_LINES} lines (split them):\n${offenders.join("\n")}`).toEqual([]);
  });

  it(`has no non-test file in server/ over ${MAX_SERVER_FILE_LINES} lines`, () => {
    const offenders = sourceFiles(path.join(root, "server"))
      .map((f) => ({ file: rel(f), lines: lineCount(f) }))
      .filter((f) => f.lines > MAX_SERVER_FILE_LINES)
      .map((f) => `${f.file}:1 ${f.lines} lines`);
    expect(offenders, `server/ files over ${MAX_SERVER_FILE_LINES} lines (split them):\n${offenders.join("\n")}`).toEqual([]);
  });
});
