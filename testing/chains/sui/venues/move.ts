// What the Sui venue modules of the local chain share: the one interface a venue's local-chain part exports (./index.ts
// lists them), and the builders of Move objects in the local node's JSON rendering (testing/chains/sui/node.ts): an
// annotated `{ type, fields }` value rendered as the node renders it, an object with its owner, a
// `0x2::dynamic_field::Field<K, V>` at the id the chain derives from its parent and key, and an UpgradeCap.
import type { JsonValue } from "@protobuf-ts/runtime";
import { bcs } from "@mysten/sui/bcs";
import { deriveDynamicFieldID } from "@mysten/sui/utils";
import type { MoveModuleSignatures } from "../move-source";
import type { CoinCallResult, CoinCallSeen, MoveAbortSeen, MoveCallContext, MoveCallSeen, SuiObject } from "../world";

/**
 * One Sui venue's part of the local chain, over the state slice `S` it owns: its packages (the original, then the
 * upgrades; calls go to the newest), its UpgradeCaps (id → the package it points at), the objects its state gives,
 * and, where the venue's Move code refuses what the local node would otherwise run, the abort it raises.
 */
export interface SuiVenueChain<S> {
  venue: string;
  packageVersions: readonly [string, string[]][];
  upgradeCaps: readonly [string, string][];
  objects: (state: S) => SuiObject[];
  /**
   * The shared objects every deposit of the venue takes (id and Move type), for a chain that serves them as stand-ins
   * holding only their id (the local chain with its wallets' book, ../state.ts: the e2e wallets sign deposits over
   * them when the venue state gives no such object).
   */
  entryObjects: readonly { id: string; type: string }[];
  moveCallAbort?: (state: S, call: MoveCallSeen, ctx: MoveCallContext) => MoveAbortSeen | undefined;
  /**
   * The modules the venue's plans call, each with every function's signature parsed from the protocol's published
   * source at a commit (../move-source.ts, tests/fixtures/<venue>/): the node checks each call against them and a
   * function the module does not declare fails FunctionNotFound.
   */
  moveModules: readonly MoveModuleSignatures[];
  /**
   * What the venue's calls do with the coins they take and return (../coin-flow.ts), computed as the venue's published
   * Move source computes it over its state slice; `call.package` is the original id. Undefined for a call it does not model.
   */
  coinCall?: (state: S, call: CoinCallSeen) => CoinCallResult | undefined;
}

/** A pure u64 argument (little-endian), or null. */
export function u64Arg(a: CoinCallSeen["args"][number] | undefined): bigint | null {
  return a && "pure" in a && a.pure.length === 8 ? Buffer.from(a.pure).readBigUInt64LE(0) : null;
}

/** An abort raised in `module::fn` of `pkg` with `code`, in the node's words. */
export const abortIn = (pkg: string, module: string, fn: string, code: bigint) => ({
  abort: { package: pkg, module, functionName: fn, code, description: `MoveAbort in ${pkg}::${module}::${fn}, abort code: ${code}` },
});

/** A test-only package id for type strings the readers do not depend on. */
export const X_PKG = `0x${"77".repeat(32)}`;

export const noPrefix = (t: string) => t.replace(/^0x/, "");

/**
 * The node's JSON rendering of a Move value written in the annotated `{ type, fields }` form (so each struct's type
 * stays beside its fields in the venue's file): structs become plain objects, a UID `{ id: "0x…" }` its id.
 */
export function rendered(v: unknown): JsonValue {
  if (Array.isArray(v)) return v.map(rendered);
  if (v && typeof v === "object") {
    const o = v as Record<string, unknown>;
    const keys = Object.keys(o);
    if (keys.length === 2 && "type" in o && "fields" in o) return rendered(o.fields);
    if (keys.length === 1 && typeof o.id === "string") return o.id;
    return Object.fromEntries(keys.map((k) => [k, rendered(o[k])]));
  }
  return v as JsonValue;
}

export function moveObject(id: string, type: string, fields: Record<string, unknown>, owner: SuiObject["owner"]): SuiObject {
  return { id, type, owner, version: 42n, json: rendered(fields) };
}

/** A `0x2::dynamic_field::Field<K, V>` at the id the chain derives from its parent, key type and key BCS. */
export function dynamicField(parent: string, keyType: string, keyBcs: Uint8Array, name: unknown, value: { type: string; fields: unknown }): SuiObject {
  const id = deriveDynamicFieldID(parent, keyType, keyBcs);
  const type = `0x2::dynamic_field::Field<${keyType}, ${value.type}>`;
  return moveObject(id, type, { id: { id }, name, value }, { kind: "object", address: parent });
}

export const typeNameBcs = (name: string) => bcs.struct("TypeName", { name: bcs.string() }).serialize({ name }).toBytes();

/** An UpgradeCap (`0x2::package::UpgradeCap`) held by an admin address, pointing at `pkg`. */
export function upgradeCapObject(id: string, pkg: string, admin: string): SuiObject {
  return { id, type: "0x2::package::UpgradeCap", owner: { kind: "address", address: admin }, version: 90n, json: { id, package: pkg, version: "12", policy: 0 } };
}
