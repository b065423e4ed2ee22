// Broadcast of owner-signed bytes (only in broadcast mode, only on Executable chains). The bytes are parsed
// first so the server only ever submits a transaction whose sender is the plan's owner.
import { Transaction } from "@mysten/sui/transactions";
import { getBase58Decoder, getBase64Encoder, getCompiledTransactionMessageDecoder, getTransactionDecoder } from "@solana/kit";
import { type ChainId, CHAIN_FAMILY } from "../chains/address";
import { fieldError } from "../http/errors";
import { suiCall } from "../chains/sui/calls";
import { rpcCall } from "../chains/rpc";

/** The sender (Sui) or fee payer (Solana) of signed bytes; 400 when the bytes are not a transaction of that chain. */
export function senderOfSigned(chain: ChainId, signedTransaction: string): string {
  try {
    if (CHAIN_FAMILY[chain] === "sui") {
      const sender = Transaction.from(signedTransaction).getData().sender;
      if (sender) return sender;
    } else {
      const tx = getTransactionDecoder().decode(getBase64Encoder().encode(signedTransaction));
      const msg = getCompiledTransactionMessageDecoder().decode(tx.messageBytes);
      const payer = msg.staticAccounts[0];
      if (payer) return payer;
    }
  } catch {
    // reported below
  }
  throw fieldError("INVALID_REQUEST", "body.signedTransaction", `must be a signed ${chain} transaction (base64 transaction bytes of the plan's chain)`);
}

/** The Solana transaction id: its first signature, base58. */
function solanaSignature(signedTransaction: string): string | null {
  const tx = getTransactionDecoder().decode(getBase64Encoder().encode(signedTransaction));
  const first = Object.values(tx.signatures)[0];
  return first ? getBase58Decoder().decode(first) : null;
}

export type Submission = { ok: true; digest: string } | { ok: false; unreachable: boolean; message: string };

export async function submitSigned(chain: ChainId, signedTransaction: string, signatures: readonly string[]): Promise<Submission> {
  if (CHAIN_FAMILY[chain] === "sui") {
    if (signatures.length === 0) {
      throw fieldError("INVALID_REQUEST", "body.signatures", "is required for a move-chain transaction");
    }
    // TransactionExecutionService.ExecuteTransaction over gRPC.
    const r = await suiCall("ExecuteTransaction", (client, signal) =>
      client.core.executeTransaction({ transaction: Buffer.from(signedTransaction, "base64"), signatures: [...signatures], signal }),
    );
    if (!r.ok) return { ok: false, unreachable: r.unreachable, message: r.message };
    const digest = (r.result.Transaction ?? r.result.FailedTransaction)?.digest;
    if (!digest) return { ok: false, unreachable: false, message: "ExecuteTransaction answered without a digest" };
    return { ok: true, digest };
  }
  const expected = solanaSignature(signedTransaction);
  const r = await rpcCall<string>(chain, "sendTransaction", [signedTransaction, { encoding: "base64", preflightCommitment: "confirmed" }]);
  if (!r.ok) return r;
  const digest = typeof r.result === "string" ? r.result : expected;
  if (!digest) return { ok: false, unreachable: false, message: "sendTransaction answered without a signature" };
  return { ok: true, digest };
}
