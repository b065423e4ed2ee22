// The events of a transaction as the node reports them (sui.rpc.v2 TransactionEvents / Event, protobuf JSON): each with
// the top-level call's package and module, the sender, the event's type, its BCS (`contents`) and its JSON rendering.
import type { JsonValue } from "@protobuf-ts/runtime";
import { normalizeSuiAddress } from "@mysten/sui/utils";
import type { SuiEventRecord } from "./world";

export function eventsJson(events: SuiEventRecord[]): JsonValue {
  return {
    events: events.map((e) => ({
      packageId: normalizeSuiAddress(e.packageId),
      module: e.module,
      sender: normalizeSuiAddress(e.sender),
      eventType: e.type,
      contents: { name: e.type, value: Buffer.from(e.bcs).toString("base64") },
      json: e.json,
    })),
  };
}
