// Circle CCTP on EVM, both versions: the burn's MessageSent message, read from the source transaction's receipt (V1
// and V2 share the event; it and receiveMessage, which mints to the message's mint recipient: ./abi.ts). The V1 message
// format and Iris v1 read: ../cctp-v1/attestation.ts.
import type { Hex } from "viem";
import type { ChainId } from "../../chains/address";
import { rpcCall } from "../../chains/rpc";
import { MESSAGE_TRANSMITTER } from "../../../lib/cctp-ids";
import { messageSentOf } from "../../chains/cctp-messages";

export type BurnRead = { state: "ok"; messages: Hex[] } | { state: "unreachable"; reason: string } | { state: "not_found"; reason: string };

interface Receipt {
  status?: string;
  logs?: { address?: string; topics?: string[]; data?: string }[];
}

/**
 * The MessageSent messages the source chain's MessageTransmitter emitted in `txHash` (eth_getTransactionReceipt);
 * `transmitterAddress` picks the CCTP version's contract (default: V1's on `source`). V1 and V2 share the event.
 */
export async function readBurnMessages(source: ChainId, txHash: string, transmitterAddress?: string): Promise<BurnRead> {
  const transmitter = (transmitterAddress ?? MESSAGE_TRANSMITTER[source])?.toLowerCase();
  if (!transmitter) return { state: "not_found", reason: `no CCTP MessageTransmitter is known on ${source}` };
  const r = await rpcCall<Receipt | null>(source, "eth_getTransactionReceipt", [txHash]);
  if (!r.ok) return r.unreachable ? { state: "unreachable", reason: r.message } : { state: "not_found", reason: r.message };
  if (!r.result) return { state: "not_found", reason: `no receipt for ${txHash} on ${source} yet` };
  if (r.result.status !== "0x1") return { state: "not_found", reason: `${txHash} reverted on ${source}` };
  const messages: Hex[] = [];
  for (const l of r.result.logs ?? []) {
    const message = messageSentOf(l, transmitter);
    if (message) messages.push(message);
  }
  if (messages.length === 0) return { state: "not_found", reason: `${txHash} on ${source} emitted no CCTP MessageSent` };
  return { state: "ok", messages };
}
