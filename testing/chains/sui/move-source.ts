// The public signatures of a Move module, read from its published source (a file copied verbatim at a commit into
// tests/fixtures/<protocol>/), so the local Sui node checks a call against what the protocol's package declares and
// nothing is typed twice: every `public` or `entry` function (callable from a programmable transaction; `public(package)`
// and `public(friend)` ones are kept as not callable), its type parameter count and each parameter as the node checks
// it (./world.ts MoveParam): an object of a struct (by its defining package, module, name and generic arguments), a
// pure primitive, a value only an earlier command can produce, or anything. A trailing `&mut TxContext` / `&TxContext`
// is no argument (the chain passes it). Named addresses resolve through `addresses` (the package's own, from its
// Move.toml or Published.toml) and the framework's (std 0x1, sui 0x2, sui_system 0x3); a struct of another named
// package (pyth, switchboard, …) keeps its module and name only.
import { readFileSync } from "node:fs";
import path from "node:path";
import { normalizeSuiAddress } from "@mysten/sui/utils";
import { functionKey, type MoveFunctionSig, type MoveParam, type MoveType } from "./world";

const FRAMEWORK: Record<string, string> = { std: "0x1", sui: "0x2", sui_system: "0x3" };
const PRIMS = new Set(["u8", "u16", "u32", "u64", "u128", "u256", "bool", "address", "signer"]);
/** What every Sui Move module may name without a `use` (the 2024 edition's default uses). */
const IMPLICIT_MEMBERS: Record<string, [string, string, string]> = {
  Option: ["std", "option", "Option"],
  ID: ["sui", "object", "ID"],
  UID: ["sui", "object", "UID"],
  TxContext: ["sui", "tx_context", "TxContext"],
};
const IMPLICIT_MODULES: Record<string, [string, string]> = { option: ["std", "option"], vector: ["std", "vector"], object: ["sui", "object"], transfer: ["sui", "transfer"], tx_context: ["sui", "tx_context"] };

export interface MoveModuleSignatures {
  /** The package (resolved address) and module the source declares. */
  package: string;
  module: string;
  /** Every public or entry function (and the non-callable ones, marked), keyed by ./world.ts functionKey. */
  functions: [string, MoveFunctionSig][];
}

/** Comments and string literals out (a `//` inside `b"…"` is no comment), so only declarations remain. */
function stripped(source: string): string {
  return source.replace(/\/\/[^\n]*|\/\*[\s\S]*?\*\/|[bx]?"(?:[^"\\]|\\.)*"/g, (m) => (m.startsWith("/") ? " " : '""'));
}

const tokens = (text: string) => text.match(/0x[0-9a-fA-F]+|[A-Za-z_]\w*|::|[<>,&(){}:]/g) ?? [];

interface Scope {
  selfAddress: string;
  selfModule: string;
  structs: Set<string>;
  members: Map<string, [string, string, string]>;
  modules: Map<string, [string, string]>;
  addresses: Record<string, string>;
}

/** Every `use` of the module: aliases of members (`a::m::S as T`) and of modules (`a::m`, `a::m::{Self as n}`), nested groups included. */
function readUses(text: string, scope: Scope): void {
  for (const m of text.matchAll(/\buse\s+([^;]+);/g)) {
    const t = tokens(m[1] ?? "");
    let i = 0;
    const tree = (prefix: string[]): void => {
      const path = [...prefix];
      for (;;) {
        const seg = t[i++];
        if (seg === "{") {
          for (;;) {
            tree(path);
            const sep = t[i++];
            if (sep !== ",") break;
            if (t[i] === "}") {
              i++;
              break;
            }
          }
          return;
        }
        if (seg) path.push(seg);
        if (t[i] !== "::") break;
        i++;
      }
      let alias: string | undefined;
      if (t[i] === "as") {
        alias = t[i + 1];
        i += 2;
      }
      const [addr = "", module = "", member] = path;
      if (path.length === 2) scope.modules.set(alias ?? module, [addr, module]);
      else if (member === "Self") scope.modules.set(alias ?? module, [addr, module]);
      else if (member) scope.members.set(alias ?? member, [addr, module, member]);
    };
    tree([]);
  }
}

const addressOf = (scope: Scope, name: string): string | undefined => {
  if (name.startsWith("0x")) return normalizeSuiAddress(name);
  const a = scope.addresses[name] ?? FRAMEWORK[name];
  return a ? normalizeSuiAddress(a) : undefined;
};

/** A type written in the source (references already dropped), resolved in `scope` with the function's type parameters. */
function parseType(t: string[], at: { i: number }, scope: Scope, typeParams: string[]): MoveType {
  const path: string[] = [t[at.i++] ?? ""];
  while (t[at.i] === "::") {
    path.push(t[at.i + 1] ?? "");
    at.i += 2;
  }
  const args: MoveType[] = [];
  if (t[at.i] === "<") {
    at.i++;
    while (t[at.i] !== ">" && at.i < t.length) {
      args.push(parseType(t, at, scope, typeParams));
      if (t[at.i] === ",") at.i++;
    }
    at.i++;
  }
  const [first = ""] = path;
  if (path.length === 1 && typeParams.includes(first)) return { param: typeParams.indexOf(first) };
  if (path.length === 1 && PRIMS.has(first)) return { prim: first };
  if (path.length === 1 && first === "vector") return { vector: args[0] ?? { prim: "u8" } };
  let where: [string, string, string] | undefined;
  if (path.length === 1) where = scope.structs.has(first) ? [scope.selfAddress, scope.selfModule, first] : (scope.members.get(first) ?? IMPLICIT_MEMBERS[first]);
  else if (path.length === 2) {
    const mod = scope.modules.get(first) ?? IMPLICIT_MODULES[first];
    where = mod ? [mod[0], mod[1], path[1] ?? ""] : undefined;
  } else where = [first, path[1] ?? "", path[2] ?? ""];
  if (!where) throw new Error(`Move source ${scope.selfModule}: cannot resolve the type ${path.join("::")}`);
  const [addr, module, name] = where;
  const pkg = addressOf(scope, addr);
  return { struct: { ...(pkg ? { package: pkg } : {}), module, name, args } };
}

const isFramework = (s: { package?: string; module: string; name: string }, pkg: string, module: string, name: string) =>
  s.package === normalizeSuiAddress(pkg) && s.module === module && s.name === name;

/** How the node checks an argument for a parameter of type `type`; null for the TxContext the chain passes itself. */
export function paramOf(type: MoveType): MoveParam | null {
  if ("param" in type) return "value";
  if ("prim" in type) return type.prim === "signer" ? "value" : { pure: type.prim };
  if ("vector" in type) {
    const inner = type.vector;
    if ("prim" in inner && inner.prim === "u8") return { pure: "bytes" };
    return "struct" in inner ? "result" : "pure";
  }
  const s = type.struct;
  if (isFramework(s, "0x2", "tx_context", "TxContext")) return null;
  if (isFramework(s, "0x1", "string", "String") || isFramework(s, "0x1", "ascii", "String")) return { pure: "bytes" };
  if (isFramework(s, "0x2", "object", "ID")) return { pure: "address" };
  if (isFramework(s, "0x1", "option", "Option")) {
    // An Option of a pure type is pure; of an object type, only a command (0x1::option::none/some) makes it.
    const inner = s.args[0] ? paramOf(s.args[0]) : "pure";
    if (inner === "value") return "value";
    return inner === "result" || (inner !== null && typeof inner === "object" && "object" in inner) ? "result" : "pure";
  }
  return { object: s };
}

/** The balanced text between `open` at t[at.i] and its `close`, as tokens; `at` moves past it. */
function balanced(t: string[], at: { i: number }, open: string, close: string): string[] {
  if (t[at.i] !== open) return [];
  let depth = 0;
  const start = at.i + 1;
  for (; at.i < t.length; at.i++) {
    if (t[at.i] === open) depth++;
    else if (t[at.i] === close && --depth === 0) break;
  }
  return t.slice(start, at.i++);
}

/** Splits tokens at top-level commas (outside `<…>` and `(…)`). */
function topLevel(t: string[]): string[][] {
  const out: string[][] = [[]];
  let depth = 0;
  for (const tok of t) {
    if (tok === "<" || tok === "(") depth++;
    if (tok === ">" || tok === ")") depth--;
    if (tok === "," && depth === 0) out.push([]);
    else out.at(-1)?.push(tok);
  }
  return out.filter((p) => p.length > 0);
}

/** One function's signature from the tokens after its name (type parameters, then parameters). */
function functionSig(t: string[], at: { i: number }, scope: Scope, callable: boolean): MoveFunctionSig {
  const typeParams = topLevel(balanced(t, at, "<", ">")).map((p) => p.filter((x) => x !== "phantom")[0] ?? "");
  const params: MoveParam[] = [];
  for (const p of topLevel(balanced(t, at, "(", ")"))) {
    const colon = p.indexOf(":");
    const type = p.slice(colon + 1).filter((x) => x !== "&" && x !== "mut");
    const param = paramOf(parseType(type, { i: 0 }, scope, typeParams));
    if (param !== null) params.push(param);
  }
  return { typeParams: typeParams.length, params, callable };
}

/** The text of the module `name` (the file's first when not named; a file may also hold its test modules). */
function moduleText(text: string, name?: string): { text: string; header: RegExpExecArray } {
  const headers = [...text.matchAll(/\bmodule\s+(\w+)::(\w+)\s*[{;]/g)];
  const i = name === undefined ? 0 : headers.findIndex((h) => h[2] === name);
  const header = headers[i];
  if (!header) throw new Error(`Move source: no module ${name ?? "declaration"}`);
  return { text: text.slice(header.index, headers[i + 1]?.index), header };
}

/** Whether the declaration starting at `at` is test-only (`#[test_only]`, `#[test]`: not in the published package). */
const testOnly = (text: string, at: number) => /#\[test/.test(text.slice(Math.max(text.lastIndexOf("}", at), text.lastIndexOf(";", at), text.lastIndexOf("{", at)) + 1, at));

/**
 * The module's functions from its published source (the module `name`, else the file's first); `addresses` names
 * the package's own named addresses. Test-only functions are left out (the published package has none).
 */
export function moveModuleSignatures(source: string, addresses: Record<string, string>, name?: string): MoveModuleSignatures {
  const { text, header } = moduleText(stripped(source), name);
  if (!header[1] || !header[2]) throw new Error("Move source: no module declaration");
  const scope: Scope = { selfAddress: header[1], selfModule: header[2], structs: new Set(), members: new Map(), modules: new Map(), addresses };
  const pkg = addressOf(scope, header[1]);
  if (!pkg) throw new Error(`Move source ${header[2]}: the named address ${header[1]} is not given`);
  for (const m of text.matchAll(/\bstruct\s+(\w+)/g)) if (m[1]) scope.structs.add(m[1]);
  readUses(text, scope);
  const functions: [string, MoveFunctionSig][] = [];
  for (const m of text.matchAll(/((?:\b(?:public\s*(?:\(\s*\w+\s*\))?|entry|native)\s+)*)fun\s+(\w+)/g)) {
    if (testOnly(text, m.index ?? 0)) continue;
    const modifiers = m[1] ?? "";
    const callable = /\bentry\b/.test(modifiers) || /\bpublic\b(?!\s*\()/.test(modifiers);
    const t = tokens(text.slice((m.index ?? 0) + m[0].length, text.indexOf("{", (m.index ?? 0) + m[0].length) + 1 || undefined));
    functions.push([functionKey(pkg, header[2], m[2] ?? ""), functionSig(t, { i: 0 }, scope, callable)]);
  }
  return { package: pkg, module: header[2], functions };
}

/** A named address's id from a Move.toml `[addresses]` entry or a Published.toml `[published.<env>] original-id`. */
export function publishedAddress(toml: string, how: { addresses: string } | { publishedEnv: string }): string {
  const re = "addresses" in how ? new RegExp(`\\[addresses\\][^[]*?\\b${how.addresses}\\s*=\\s*"(0x[0-9a-fA-F]+)"`) : new RegExp(`\\[published\\.${how.publishedEnv}\\][^[]*?original-id\\s*=\\s*"(0x[0-9a-fA-F]+)"`);
  const id = re.exec(toml)?.[1];
  if (!id) throw new Error(`Move package file: ${JSON.stringify(how)} not found`);
  return normalizeSuiAddress(id);
}

/** A file of tests/fixtures/<dir>/ (the protocols' sources copied at a commit; each directory's README.md names them). */
export const moveFixture = (dir: string, file: string) => readFileSync(path.join(import.meta.dirname, "..", "..", "..", "tests", "fixtures", dir, file), "utf8");
