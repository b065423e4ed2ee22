// Move values as the full node's gRPC renders them (server/chains/sui/objects.ts): a struct is a JSON object of its
// fields, UID / ID are 0x strings, u64 and wider decimal strings, u8–u32 JSON numbers, a TypeName `{ name }` without 0x.
export type Fields = Record<string, unknown>;

export { readDynamicFieldValue, readObjectJson, typeNameKey, u8Key } from "./objects";

/** A Move struct value. */
export function fieldsOf(v: unknown): Fields {
  if (v && typeof v === "object" && !Array.isArray(v)) return v as Fields;
  throw new Error("unexpected Move value shape");
}

/** The object id of a UID / ID value. */
export function uidOf(v: unknown): string {
  if (typeof v !== "string" || !/^0x[0-9a-fA-F]+$/.test(v)) throw new Error("expected a UID");
  return v;
}

/** An unsigned Move integer (decimal string or safe JSON number). */
export function u(v: unknown): bigint {
  if (typeof v === "string" && /^[0-9]+$/.test(v)) return BigInt(v);
  if (typeof v === "number" && Number.isSafeInteger(v) && v >= 0) return BigInt(v);
  throw new Error("expected an unsigned integer");
}

/** Coin types compared without the 0x prefix (TypeName.name and ascii coin_type strings carry none). */
export const sameCoinType = (a: string, b: string) => a.replace(/^0x/, "").toLowerCase() === b.replace(/^0x/, "").toLowerCase();
