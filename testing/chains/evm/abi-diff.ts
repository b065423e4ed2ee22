// The proof that an ABI kept `as const` in server/ is the protocol's own, not a copy typed by hand: each of its entries
// must be an entry of the ABI the protocol ships (a package's artifact, or the ABI compiled from the pinned source),
// field by field. Used by the abi.test.ts beside each venue's and rail's abi.ts.
import { readFileSync } from "node:fs";
import { runInNewContext } from "node:vm";
import { isDeepStrictEqual } from "node:util";
import type { Abi, AbiParameter } from "viem";

type Entry = Abi[number];

const nameOf = (e: Entry) => ("name" in e ? e.name : e.type);
const show = (e: Entry) => JSON.stringify(e);

/** Each entry of `ours` that no entry of `theirs` equals field by field (names, types, internalType, mutability…), with why; empty when `ours` is a verbatim subset. */
export function abiDiff(ours: Abi, theirs: Abi): string[] {
  return ours.flatMap((e) => {
    const same = theirs.filter((t) => t.type === e.type && nameOf(t) === nameOf(e));
    if (same.length === 0) return [`${e.type} ${nameOf(e)}: not in the shipped ABI`];
    if (same.some((t) => isDeepStrictEqual(t, e))) return [];
    return [`${e.type} ${nameOf(e)} differs:\n  ours:    ${show(e)}\n  shipped: ${same.map(show).join("\n           ")}`];
  });
}

function canonical(p: AbiParameter): string {
  const tuple = p.type.match(/^tuple(.*)$/);
  if (tuple && "components" in p) return `(${p.components.map(canonical).join(",")})${tuple[1]}`;
  return p.type;
}

/** An entry's signature: kind, name, input types, output types and mutability (the parameter names left out). */
export function signature(e: Entry): string {
  const params = (ps: readonly AbiParameter[] | undefined) => (ps ?? []).map(canonical).join(",");
  const outputs = "outputs" in e ? ` returns (${params(e.outputs)})` : "";
  const mutability = "stateMutability" in e ? ` ${e.stateMutability}` : "";
  return `${e.type} ${nameOf(e)}(${params("inputs" in e ? e.inputs : [])})${mutability}${outputs}`;
}

/** Each entry of `ours` whose signature is not one of `theirs`: for an implementation whose parameter names differ from the interface's. */
export function signatureDiff(ours: Abi, theirs: Abi): string[] {
  const shipped = new Set(theirs.map(signature));
  return ours.map(signature).filter((s) => !shipped.has(s)).map((s) => `${s}: not in the shipped ABI`);
}

/**
 * An ABI a package declares as a module constant without exporting it (`const <name> = [ … ];` in its bundled
 * `file`): the array literal is cut out of the shipped file as written and evaluated alone.
 */
export function shippedConstant(file: string, name: string): Abi {
  const src = readFileSync(file, "utf8");
  const head = `const ${name} = [`;
  const at = src.indexOf(head);
  if (at < 0 || src.indexOf(head, at + 1) >= 0) throw new Error(`${file}: not exactly one \`${head}\``);
  const start = at + head.length - 1;
  let depth = 0;
  let quote: string | null = null;
  for (let i = start; i < src.length; i++) {
    const c = src[i];
    if (quote) {
      if (c === "\\") i++;
      else if (c === quote) quote = null;
    } else if (c === "'" || c === '"' || c === "`") quote = c;
    else if (c === "[") depth++;
    else if (c === "]" && --depth === 0) return JSON.parse(JSON.stringify(runInNewContext(`(${src.slice(start, i + 1)})`))) as Abi; // plain objects of this realm
  }
  throw new Error(`${file}: \`${name}\` never closes`);
}
