// Issue 27 item 3: the dashboard talks to the API through @svc/client and declares no API shape by hand. Reads the
// sources with TypeScript's own parser: every interface or object type literal in app/, components/ and lib/ whose
// property names (three or more) all appear together in one object of the generated schema (client/src/schema.ts) is a
// re-declared API shape; lib/api*.ts holds aliases only; no page calls fetch itself; server/ never reaches lib/api.ts.
import { existsSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { sourceFiles } from "../support/source-files";

const root = path.resolve(import.meta.dirname, "..", "..");
const UI_DIRS = ["app", "components", "lib"];
/** Not an API shape although its names are a response's: the shipped token list is the data GET /svc/tokens serves. */
const NOT_API_SHAPES = new Set(["lib/tokens.ts TokenInfo"]);

const rel = (file: string) => path.relative(root, file).split(path.sep).join("/");

function parse(file: string, text = readFileSync(file, "utf8")): ts.SourceFile {
  return ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
}

function memberNames(members: ts.NodeArray<ts.TypeElement>): string[] {
  return members.flatMap((m) => (ts.isPropertySignature(m) && (ts.isIdentifier(m.name) || ts.isStringLiteral(m.name)) ? [m.name.text] : []));
}

/** Every interface and object type literal (but a parameter's) of a file: its name (the declaration it sits in) and its property names. */
function objectTypes(sf: ts.SourceFile): { name: string; props: string[] }[] {
  const out: { name: string; props: string[] }[] = [];
  const visit = (node: ts.Node, owner: string): void => {
    let name = owner;
    if (ts.isInterfaceDeclaration(node)) {
      name = node.name.text;
      out.push({ name, props: memberNames(node.members) });
    } else if ((ts.isTypeAliasDeclaration(node) || ts.isVariableDeclaration(node) || ts.isFunctionDeclaration(node)) && node.name && ts.isIdentifier(node.name)) name = node.name.text;
    // A parameter's own object type is a component's props or a function's options, not a wire shape.
    else if (ts.isTypeLiteralNode(node) && !ts.isParameter(node.parent)) out.push({ name, props: memberNames(node.members) });
    ts.forEachChild(node, (c) => visit(c, name));
  };
  visit(sf, "(file)");
  return out;
}

// The generated schema's objects (components and operations), minus openapi-typescript's own scaffolding.
const SCAFFOLD = new Set(["parameters", "requestBody", "responses", "query", "header", "path", "cookie", "headers", "content", "application/json", "get", "put", "post", "delete", "options", "head", "patch", "trace"]);
const schemaObjects = objectTypes(parse(path.join(root, "client", "src", "schema.ts")))
  .map((o) => new Set(o.props))
  .filter((s) => s.size > 0 && ![...s].every((p) => SCAFFOLD.has(p)));

/** The generated object a declared object type repeats (all its names, three or more), or null. */
function repeats(props: string[]): Set<string> | null {
  if (props.length < 3) return null;
  return schemaObjects.find((s) => props.every((p) => s.has(p))) ?? null;
}

function declaredShapes(file: string, text?: string): string[] {
  return objectTypes(parse(file, text))
    .filter((o) => repeats(o.props) !== null && !NOT_API_SHAPES.has(`${rel(file)} ${o.name}`))
    .map((o) => `${rel(file)} ${o.name} { ${o.props.join(", ")} }`);
}

const uiFiles = UI_DIRS.flatMap((d) => sourceFiles(path.join(root, d)));

describe("the dashboard declares no API shape by hand (issue 27 item 3)", () => {
  it("reads the generated schema and the dashboard's sources", () => {
    expect(schemaObjects.length).toBeGreaterThan(100);
    expect(uiFiles.map(rel)).toContain("components/plan/bridge-walk.tsx");
  });

  it("the check finds a re-declared response, named or inline, and leaves the UI's own types alone", () => {
    const sample = path.join(root, "lib", "sample.ts");
    const text = `export interface Portfolio { wallet: string; count: number; positions: unknown[]; totalDepositedUsd: string }
export const read = () => call<{ sourceChain: string; destChain: string; rail: string; ready: boolean }>("/svc/bridge/paths");
interface Props { planId: string; onDone: () => void; busy: boolean }
export function Row({ kind, label, ready }: { kind: string; label: string; ready: boolean }) { return kind + label + ready; }`;
    expect(declaredShapes(sample, text)).toEqual([
      "lib/sample.ts Portfolio { wallet, count, positions, totalDepositedUsd }",
      "lib/sample.ts read { sourceChain, destChain, rail, ready }",
    ]);
  });

  it("no interface or object type in app/, components/ or lib/ repeats one of the document's objects", () => {
    expect(uiFiles.flatMap((f) => declaredShapes(f))).toEqual([]);
  });

  it("lib/api*.ts holds aliases of the generated schema: no interface, no object type of three or more fields", () => {
    const apiFiles = sourceFiles(path.join(root, "lib")).filter((f) => /^api[-.]/.test(path.basename(f)));
    expect(apiFiles.map(rel).sort()).toEqual(["lib/api-types.ts", "lib/api.ts"]);
    const declared = apiFiles.flatMap((f) => {
      const sf = parse(f);
      const interfaces: string[] = [];
      const visit = (n: ts.Node): void => {
        if (ts.isInterfaceDeclaration(n)) interfaces.push(`${rel(f)} interface ${n.name.text}`);
        ts.forEachChild(n, visit);
      };
      visit(sf);
      const literals = objectTypes(sf)
        .filter((o) => o.props.length >= 3)
        .map((o) => `${rel(f)} ${o.name} { ${o.props.join(", ")} }`);
      return [...interfaces, ...literals];
    });
    expect(declared).toEqual([]);
  });

  it("no page or component calls fetch itself: calls go through @svc/client (lib/svc.ts)", () => {
    // lib/svc.ts is the client's transport; lib/server-api.ts reads for server components (titles, not-found).
    const allowed = new Set(["lib/svc.ts", "lib/server-api.ts"]);
    const callers = uiFiles.filter((f) => !rel(f).startsWith("app/api/") && !allowed.has(rel(f)) && /(^|[^\w.])fetch\(/m.test(readFileSync(f, "utf8")));
    expect(callers.map(rel)).toEqual([]);
  });
});

describe("server code imports nothing from lib/api.ts", () => {
  /** The repository file an import names, or null for a package. */
  function resolve(from: string, spec: string): string | null {
    let base: string;
    if (spec.startsWith("@/")) base = path.join(root, spec.slice(2));
    else if (spec.startsWith(".")) base = path.resolve(path.dirname(from), spec);
    else return null;
    for (const c of [base, `${base}.ts`, `${base}.tsx`, path.join(base, "index.ts")]) if (existsSync(c) && statSync(c).isFile()) return c;
    return null;
  }
  const imports = (file: string) =>
    ts
      .preProcessFile(readFileSync(file, "utf8"), true, true)
      .importedFiles.map((x) => resolve(file, x.fileName))
      .filter((x): x is string => x !== null);

  it("neither directly nor through a shared lib/ file (lib/tokens.ts and the like)", () => {
    const target = path.join(root, "lib", "api.ts");
    const reached: string[] = [];
    for (const start of sourceFiles(path.join(root, "server"))) {
      // Follow the imports into lib/ only: server → lib/x → lib/api.ts counts; server → server is checked from each file.
      const seen = new Set<string>();
      const queue = imports(start).filter((f) => rel(f).startsWith("lib/"));
      while (queue.length > 0) {
        const f = queue.pop() as string;
        if (seen.has(f)) continue;
        seen.add(f);
        if (f === target) reached.push(rel(start));
        queue.push(...imports(f).filter((g) => rel(g).startsWith("lib/")));
      }
    }
    expect(reached).toEqual([]);
  });

  it("sees a server file's lib/ imports at all", () => {
    expect(imports(path.join(root, "server", "chains", "balances.ts")).map(rel)).toContain("lib/tokens.ts");
  });
});
