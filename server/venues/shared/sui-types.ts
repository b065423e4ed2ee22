// Sui protocol objects proven by their Move type (issue 24 item 1): a shared object a venue's transaction takes (a
// market, a lending market, a storage, a pool) is checked, before the plan is built, to be of the struct the cited
// package defines. A type is defined once, at the package id its module was first published in, and keeps that id
// across upgrades, so the expected type names the protocol's cited original package. A struct whose module came in a
// later upgrade is defined at that version's id, which no cited source gives: for it (`anyVersionOf`), the type's
// package must be one of the versions the chain lists for the cited package. Another object in its place
// (another protocol's, another struct of the same protocol, a market of another pool) blocks the plan
// `venue_state_unavailable` naming the id and the type the chain reports (../shared/prove.ts).
import { normalizeStructTag, normalizeSuiAddress, parseStructTag } from "@mysten/sui/utils";
import { AccountMismatch } from "../../chains/solana/accounts";
import { readObjectType } from "../../chains/sui/objects";
import { packageVersions } from "../../chains/sui/package-versions";
import { type IdProof, proveIds } from "./prove";

/** One shared object a venue's calls take: its id, what it is called, and the Move type it must have. */
export interface SuiObjectType {
  id: string;
  name: string;
  /** The full type; with `anyVersionOf`, its package part is a placeholder (only module, name and type arguments count). */
  type: string;
  /** The type's module came in an upgrade of this package (any version id): its package is one of the chain's versions. */
  anyVersionOf?: string;
}

type Versions = Promise<{ id: string; version: bigint }[]>;

/** Null when `got` is `o`'s type, else what the chain says it is; `versions`: the chain's list of `o.anyVersionOf`'s versions. */
async function typeMismatch(o: SuiObjectType, got: string, versions: Versions | null): Promise<string | null> {
  const said = `the chain says it is a ${got}`;
  if (!o.anyVersionOf || !versions) return normalizeStructTag(got) === normalizeStructTag(o.type) ? null : said;
  const [g, w] = [parseStructTag(got), parseStructTag(o.type)];
  const rest = (t: typeof g) => normalizeStructTag({ ...t, address: "0x0" });
  if (rest(g) !== rest(w)) return said;
  return (await versions).some((v) => v.id === normalizeSuiAddress(g.address)) ? null : `${said}, and ${g.address} is no version of package ${o.anyVersionOf}`;
}

/** The relationships "object `id` is a `type`", one per object. */
export function suiObjectTypeProofs(protocol: string, objects: readonly SuiObjectType[]): IdProof[] {
  // A package's versions are read beside the objects' types (they depend on nothing the types say): one round trip for
  // the proof, not two; through the list the builders and confirmations read (packageVersions: kept per RPC).
  return objects.map((o) => {
    const want = o.anyVersionOf ? o.type.replace(/^0x[0-9a-fA-F]+::/, `<a version of package ${o.anyVersionOf}>::`) : normalizeStructTag(o.type);
    return {
      key: `sui-type|${o.id}|${want}`,
      what: `${protocol}'s ${o.name} ${o.id} is a ${want}`,
      check: async (signal: AbortSignal) => {
        const versions = o.anyVersionOf ? packageVersions(o.anyVersionOf, signal) : null;
        versions?.catch(() => undefined);
        return typeMismatch(o, await readObjectType(o.id, signal), versions);
      },
    };
  });
}

/** Proves each object has its type (proveIds: remembered per process, read at once); one that does not blocks the plan. */
export function proveSuiObjectTypes(protocol: string, objects: readonly SuiObjectType[]): Promise<void> {
  return proveIds(suiObjectTypeProofs(protocol, objects));
}

/**
 * `reads` (started by the caller, in parallel with the proof) once the objects are proven: when both fail, the proof's
 * failure is the one reported (an object of another type makes the other reads fail too, less plainly).
 */
export async function afterSuiObjectTypes<T>(protocol: string, objects: readonly SuiObjectType[], reads: Promise<T>): Promise<T> {
  const [proof, out] = await Promise.allSettled([proveSuiObjectTypes(protocol, objects), reads]);
  if (proof.status === "rejected") throw proof.reason;
  if (out.status === "rejected") throw out.reason;
  return out.value;
}

/**
 * For a reader outside a plan (a position's worth): `reads` (started by the caller) once the objects are checked now to
 * be of their types. One that is not throws AccountMismatch naming it and what the chain says it is; the check's
 * failure is the one reported when both fail, as in afterSuiObjectTypes.
 */
export async function readAfterSuiObjectTypes<T>(protocol: string, objects: readonly SuiObjectType[], signal: AbortSignal, reads: Promise<T>): Promise<T> {
  const proofs = suiObjectTypeProofs(protocol, objects);
  const check = Promise.all(
    proofs.map(async (p) => {
      const mismatch = await p.check(signal);
      if (mismatch !== null) throw new AccountMismatch(`${p.what}: it is not (${mismatch})`);
    }),
  );
  const [proof, out] = await Promise.allSettled([check, reads]);
  if (proof.status === "rejected") throw proof.reason;
  if (out.status === "rejected") throw out.reason;
  return out.value;
}
