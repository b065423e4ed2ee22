// Reading Move objects through the full node's gRPC (LedgerService.BatchGetObjects with the `json` read mask). The
// node renders a Move value as JSON the same way for every object (MystenLabs/sui crates/sui-types/src/proto_value.rs,
// commit bc9f64fe21faaf168c070f697ee11b8ed774635e): structs are JSON objects of their fields, UID / ID / address are
// 0x strings, u8–u32 JSON numbers, u64–u256 decimal strings, Balance and String strings, Option null or its value,
// vector<u8> base64.
import { bcs } from "@mysten/sui/bcs";
import { deriveDynamicFieldID } from "@mysten/sui/utils";
import { suiRpc } from "../clients";

export type MoveJson = Record<string, unknown>;

/** The Move value of object `id`, or an error saying why there is none. */
export async function readObjectJson(id: string, signal: AbortSignal): Promise<MoveJson> {
  const { object } = await suiRpc().getObject({ objectId: id, include: { json: true }, signal });
  const json = object.json;
  if (!json || typeof json !== "object" || Array.isArray(json)) throw new Error(`object ${id} has no Move value`);
  return json as MoveJson;
}

/** The Move type of object `id` as the node reports it (e.g. `0x…::market::Market`), or an error when there is none. */
export async function readObjectType(id: string, signal: AbortSignal): Promise<string> {
  const { object } = await suiRpc().getObject({ objectId: id, signal });
  if (!object.type) throw new Error(`object ${id} has no type`);
  return object.type;
}

/** A dynamic field's key: its Move type tag and BCS bytes. */
export type FieldKey = { type: string; bcs: Uint8Array };

/** `0x1::type_name::TypeName { name }` as a key (the coin type without 0x, as type_name::get renders it). */
export const typeNameKey = (name: string): FieldKey => ({ type: "0x1::type_name::TypeName", bcs: bcs.struct("TypeName", { name: bcs.string() }).serialize({ name }).toBytes() });
export const u8Key = (v: number): FieldKey => ({ type: "u8", bcs: bcs.u8().serialize(v).toBytes() });

/** The `value` of the dynamic field `key` under `parentId` (the Field object's id is derived as the chain derives it). */
export async function readDynamicFieldValue(parentId: string, key: FieldKey, signal: AbortSignal): Promise<unknown> {
  const fieldId = deriveDynamicFieldID(parentId, key.type, key.bcs);
  return (await readObjectJson(fieldId, signal)).value;
}
