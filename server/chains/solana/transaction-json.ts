// A landed transaction as the svm-chain RPC's getTransaction answers it (encoding "json" or "jsonParsed",
// maxSupportedTransactionVersion 0), the parts the service reads: one type for the confirmation
// (../../execute/confirm.ts) and the CCTP burn reader (./cctp-burns.ts). Every field is optional: the answer is checked
// where it is read, never trusted to have a shape.
import { base58Decode } from "../address";

/** One entry of pre/postTokenBalances. */
export interface SolanaTokenBalanceJson {
  owner?: string;
  mint?: string;
  uiTokenAmount?: { amount?: string };
  accountIndex?: number;
}

/** An account key: a base58 string ("json") or an object with it ("jsonParsed"). */
export type SolanaKeyJson = string | { pubkey?: string; signer?: boolean };

export interface SolanaTransactionJson {
  meta?: {
    err: unknown;
    fee?: number;
    preBalances?: number[];
    postBalances?: number[];
    preTokenBalances?: SolanaTokenBalanceJson[];
    postTokenBalances?: SolanaTokenBalanceJson[];
    logMessages?: string[] | null;
    loadedAddresses?: { writable?: string[]; readonly?: string[] };
    /** The instructions the top-level ones invoked (CPI), per top-level index. */
    innerInstructions?: { index?: number; instructions?: SolanaInstructionJson[] }[] | null;
  } | null;
  transaction?: {
    message?: {
      accountKeys?: SolanaKeyJson[];
      header?: { numRequiredSignatures?: number; numReadonlySignedAccounts?: number };
      instructions?: SolanaInstructionJson[];
    };
  };
}

/**
 * An instruction: "json" names its program by account index; "jsonParsed" by address, and, for a program the RPC has a
 * parser for, gives `parsed` instead of `data` (base58).
 */
export interface SolanaInstructionJson {
  programIdIndex?: number;
  programId?: string;
  data?: string;
  parsed?: unknown;
}

/** An instruction of the transaction (top level or inner) with its program's address and its data, when it has raw data. */
export interface SolanaInstructionSeen {
  programId: string;
  data: Uint8Array;
}

/** An account key's base58 address ("" when absent). */
export const keyOf = (k: SolanaKeyJson | undefined): string => (typeof k === "string" ? k : (k?.pubkey ?? ""));

/** The transaction's instructions with raw data, top level first, then the inner ones (CPIs) in the order listed. */
export function instructionsOf(tx: SolanaTransactionJson): SolanaInstructionSeen[] {
  const keys = (tx.transaction?.message?.accountKeys ?? []).map(keyOf);
  const inner = (tx.meta?.innerInstructions ?? []).flatMap((i) => i.instructions ?? []);
  return [...(tx.transaction?.message?.instructions ?? []), ...inner].flatMap((ix) => {
    const programId = ix.programId ?? (ix.programIdIndex === undefined ? "" : (keys[ix.programIdIndex] ?? ""));
    const data = typeof ix.data === "string" ? base58Decode(ix.data) : null;
    return programId && data ? [{ programId, data }] : [];
  });
}
