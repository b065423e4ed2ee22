// Shapes of Move values in Sui JSON-RPC answers (`showContent`): a struct is `{ type, fields }`, u64 and wider
// integers are decimal strings, u8–u32 are JSON numbers, a TypeName's `name` has no 0x prefix.
export type Fields = Record<string, unknown>;

export { suiRpc as suiClient } from "../../chains/clients";

/** The `fields` of a Move struct value. */
export function fieldsOf(v: unknown): Fields {
  if (v && typeof v === "object" && "fields" in v) {
    const f = (v as { fields: unknown }).fields;
    if (f && typeof f === "object") return f as Fields;
  }
  throw new Error("unexpected Move value shape");
}

/** The object id inside a UID value (`{ id: "0x…" }`, shown without a `fields` wrapper). */
export function uidOf(v: unknown): string {
  const id = v && typeof v === "object" ? (v as { id?: unknown }).id : undefined;
  if (typeof id !== "string") throw new Error("expected a UID");
  return id;
}

/** An unsigned Move integer (decimal string or safe JSON number). */
export function u(v: unknown): bigint {
  if (typeof v === "string" && /^[0-9]+$/.test(v)) return BigInt(v);
  if (typeof v === "number" && Number.isSafeInteger(v) && v >= 0) return BigInt(v);
  throw new Error("expected an unsigned integer");
}

/** Coin types compared without the 0x prefix (TypeName.name and ascii coin_type strings carry none). */
export const sameCoinType = (a: string, b: string) => a.replace(/^0x/, "").toLowerCase() === b.replace(/^0x/, "").toLowerCase();

/** The Move object's fields from a `sui_getObject` / `suix_getDynamicFieldObject` answer, or why there are none. */
export function objectFields(res: { data?: { content?: unknown } | null; error?: { code?: string } | null }): Fields {
  const content = res.data?.content as { dataType?: string; fields?: unknown } | undefined;
  if (content?.dataType !== "moveObject" || !content.fields || typeof content.fields !== "object") {
    throw new Error(res.error ? `object error: ${res.error.code ?? "unknown"}` : "no object content");
  }
  return content.fields as Fields;
}
