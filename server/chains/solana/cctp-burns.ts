// The CCTP burn a landed svm-chain transaction sent, read from the chain: Circle's deposit_for_burn has the message
// transmitter's send_message write the burn message into the MessageSent event account the transaction opens (a fresh
// keypair that signs it; `message_sent_event_data`, `init`), so the message is that account's state, not a log
// (circlefin/solana-cctp-contracts @ 76018c2b programs/message-transmitter/src/instructions/send_message.rs and the
// IDLs' `MessageSent` account; V2 the same in programs/v2). The Solana counterpart of the EVM receipt's MessageSent log
// (server/rails/cctp/messages.ts) and the Sui events (../sui/cctp-burns.ts).
import type { Hex } from "viem";
import { rpcCall } from "../rpc";
import { MAX_WATCHED, messageOfEventAccount, type RpcAccountState } from "./changes";
import { keyOf, type SolanaTransactionJson } from "./transaction-json";

export type SolanaBurnRead =
  | { state: "ok"; messages: Hex[] }
  /** The transaction called the token messenger, and the event account it opened is closed (its rent reclaimed). */
  | { state: "reclaimed"; reason: string }
  | { state: "unreachable"; reason: string }
  | { state: "not_found"; reason: string };

/**
 * The burn messages `signature` wrote into MessageSent event accounts owned by `transmitter` (the version's message
 * transmitter program), read at `confirmed` (getTransaction, then getMultipleAccounts of the writable signers: the event
 * account is one, and an account only signs what its key holder signed). `tokenMessenger`: the version's token
 * messenger minter, which tells a burn whose event account was since closed (rent reclaimed) from no burn at all.
 */
export async function readSolanaBurn(signature: string, transmitter: string, tokenMessenger: string): Promise<SolanaBurnRead> {
  const t = await rpcCall<SolanaTransactionJson | null>("svm-chain", "getTransaction", [signature, { encoding: "json", commitment: "confirmed", maxSupportedTransactionVersion: 0 }]);
  if (!t.ok) return t.unreachable ? { state: "unreachable", reason: t.message } : { state: "not_found", reason: t.message };
  const tx = t.result;
  if (!tx?.meta) return { state: "not_found", reason: `svm-chain does not know the transaction ${signature} (not landed, or not confirmed yet)` };
  if (tx.meta.err) return { state: "not_found", reason: `${signature} failed on svm-chain: ${JSON.stringify(tx.meta.err).slice(0, 200)}` };
  const m = tx.transaction?.message;
  const keys = (m?.accountKeys ?? []).map(keyOf);
  const signers = m?.header?.numRequiredSignatures ?? 0;
  const writableSigners = keys.slice(0, Math.max(0, signers - (m?.header?.numReadonlySignedAccounts ?? 0))).filter((k) => k !== "");
  const called = (m?.instructions ?? []).some((ix) => keys[ix.programIdIndex ?? -1] === tokenMessenger);
  if (writableSigners.length === 0) return { state: "not_found", reason: `${signature} has no writable signer, so it opened no MessageSent event account` };
  const a = await rpcCall<{ value?: (RpcAccountState | null)[] }>("svm-chain", "getMultipleAccounts", [writableSigners.slice(0, MAX_WATCHED), { encoding: "base64", commitment: "confirmed" }]);
  if (!a.ok) return a.unreachable ? { state: "unreachable", reason: a.message } : { state: "not_found", reason: a.message };
  const states = a.result?.value ?? [];
  const messages = states.flatMap((s) => {
    const sent = messageOfEventAccount(s);
    return sent && sent.transmitter === transmitter ? [sent.message] : [];
  });
  if (messages.length > 0) return { state: "ok", messages };
  if (called && states.some((s) => s === null)) {
    return { state: "reclaimed", reason: `${signature} called ${tokenMessenger}, and the event account it signed with is closed (its rent reclaimed), so the message is no longer on chain` };
  }
  return { state: "not_found", reason: `${signature} opened no MessageSent event account of ${transmitter}` };
}
