// Circle CCTP on EVM, both versions: the burn's MessageSent message, read from the source transaction's receipt (V1
// and V2 share the event; it and receiveMessage, which mints to the message's mint recipient: ./abi.ts). The V1 message
// format and Iris v1 read: ../cctp-v1/attestation.ts.
import { decodeAbiParameters, getAbiItem, type Hex, isHex, toEventSelector } from "viem";
import type { ChainId } from "../../chains/address";
import { rpcCall } from "../../chains/rpc";
import { MESSAGE_TRANSMITTER } from "../../../lib/cctp-ids";
import { MESSAGE_TRANSMITTER_ABI } from "./abi";

/** topic0 of `event MessageSent(bytes message)`. */
export const MESSAGE_SENT_TOPIC = toEventSelector(getAbiItem({ abi: MESSAGE_TRANSMITTER_ABI, name: "MessageSent" }));

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
    if (l.address?.toLowerCase() !== transmitter || l.topics?.[0]?.toLowerCase() !== MESSAGE_SENT_TOPIC || !l.data || !isHex(l.data)) continue;
    try {
      const [message] = decodeAbiParameters([{ type: "bytes" }], l.data as Hex);
      messages.push(message);
    } catch {
      // not an ABI-encoded bytes: not a MessageSent of CCTP
    }
  }
  if (messages.length === 0) return { state: "not_found", reason: `${txHash} on ${source} emitted no CCTP MessageSent` };
  return { state: "ok", messages };
}
