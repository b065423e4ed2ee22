// Sui transaction helpers: PTBs built with @mysten/sui and serialized unresolved, so the owner's wallet
// (dapp-kit `Transaction.from(json)`) resolves object versions, the USDC coins and gas with its own client.
import { Transaction } from "@mysten/sui/transactions";
import type { PlanTransaction, TxKind } from "./transaction";

/** The intent the wallet resolves: `coinWithBalance` picks and merges the owner's coins of a type. */
const WALLET_RESOLVED_INTENTS = ["CoinWithBalance"];

export function newSuiTransaction(sender: string): Transaction {
  const tx = new Transaction();
  tx.setSender(sender);
  return tx;
}

/** The serialized transaction (JSON, version 2) exactly as `Transaction.from()` reads it. */
export async function suiPayload(tx: Transaction): Promise<string> {
  return tx.toJSON({ supportedIntents: WALLET_RESOLVED_INTENTS });
}

/** The plan's one move-chain transaction of `kind`: `tx` serialized for the wallet (as `suiPayload`). */
export async function suiPlanTransaction(kind: TxKind, description: string, tx: Transaction): Promise<PlanTransaction[]> {
  return [{ chain: "move-chain", kind, description, encoding: "sui-transaction-json", payload: await suiPayload(tx) }];
}
