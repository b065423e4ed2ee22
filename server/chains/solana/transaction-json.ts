// A landed transaction as the svm-chain RPC's getTransaction answers it (encoding "json" or "jsonParsed",
// maxSupportedTransactionVersion 0), the parts the service reads: one type for the confirmation
// (../../execute/confirm.ts) and the CCTP burn reader (./cctp-burns.ts). Every field is optional: the answer is checked
// where it is read, never trusted to have a shape.

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
  } | null;
  transaction?: {
    message?: {
      accountKeys?: SolanaKeyJson[];
      header?: { numRequiredSignatures?: number; numReadonlySignedAccounts?: number };
      instructions?: { programIdIndex?: number }[];
    };
  };
}

/** An account key's base58 address ("" when absent). */
export const keyOf = (k: SolanaKeyJson | undefined): string => (typeof k === "string" ? k : (k?.pubkey ?? ""));
