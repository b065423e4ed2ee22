// Reading a Move object's fields through the move-chain RPC.
import { suiRpc } from "../clients";

export type MoveJson = Record<string, unknown>;

/** The fields of the Move object `id`, or an error saying why there are none. */
export async function readObjectJson(id: string, signal: AbortSignal): Promise<MoveJson> {
  const res = await suiRpc().getObject({ id, options: { showContent: true }, signal });
  const content = res.data?.content as { dataType?: string; fields?: unknown } | undefined;
  if (content?.dataType !== "moveObject" || !content.fields || typeof content.fields !== "object") {
    throw new Error(res.error ? `object ${id}: ${res.error.code ?? "unknown error"}` : `object ${id} has no Move content`);
  }
  return content.fields as MoveJson;
}
