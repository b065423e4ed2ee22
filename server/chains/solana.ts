// Solana transaction helpers: instructions and a v0 message built with @solana/kit. The service has no key:
// the owner is the fee payer and only signer. The message is compiled with a recent blockhash read from the
// configured RPC; when the RPC cannot give one, nothing is returned: a plan is never offered with nothing to sign
// (RpcUnavailable, answered as the blocker rpc_unavailable).
import {
  AccountRole,
  type Address,
  type AddressesByLookupTableAddress,
  address,
  appendTransactionMessageInstructions,
  compileTransaction,
  compressTransactionMessageUsingAddressLookupTables,
  createTransactionMessage,
  getBase64Decoder,
  getBase64EncodedWireTransaction,
  type Instruction,
  partiallySignTransaction,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
} from "@solana/kit";
import { findAssociatedTokenPda, TOKEN_PROGRAM_ADDRESS } from "@solana-program/token";
import { errorLine, RpcUnavailable, solanaRpc, withRpcTimeout } from "./clients";
import type { PlanTransaction, TxKind } from "./transaction";

export interface SolanaInstructionJson {
  programAddress: string;
  accounts: { address: string; role: "readonly" | "writable" | "readonly_signer" | "writable_signer" }[];
  /** Instruction data, base64. */
  data: string;
}

/** The compute budget the plan's simulation set (server/chains/solana/simulate.ts); absent when not simulated. */
export interface SolanaComputeBudget {
  /** SetComputeUnitLimit: the units the simulation consumed plus a margin. */
  unitLimit: number;
  /** SetComputeUnitPrice in micro-lamports per unit, or null when no priority fee is set (with the reason). */
  microLamportsPerUnit: string | null;
  /** Where the figures came from, in words (the RPC's recent prioritization fees, or why there is none). */
  basis: string;
}

export interface SolanaPayload {
  feePayer: string;
  instructions: SolanaInstructionJson[];
  /** Unsigned wire transaction (v0), base64: signature slots zeroed. */
  transaction: string;
  /** The compiled v0 message bytes, base64 (what the owner signs). */
  message: string;
  recentBlockhash: string;
  lastValidBlockHeight: string;
  computeBudget?: SolanaComputeBudget;
  /** Address lookup tables the message is compressed through (an aggregator's, e.g. Jupiter /build), kept for a recompile. */
  lookupTables?: Record<string, string[]>;
  /**
   * Accounts besides the owner that already signed `transaction` (fresh keys the service made and dropped, e.g. a CCTP
   * MessageSent event account): the transaction cannot be recompiled (new blockhash, compute budget) without them.
   */
  presigned?: string[];
}

const ROLE: Record<AccountRole, SolanaInstructionJson["accounts"][number]["role"]> = {
  [AccountRole.READONLY]: "readonly",
  [AccountRole.WRITABLE]: "writable",
  [AccountRole.READONLY_SIGNER]: "readonly_signer",
  [AccountRole.WRITABLE_SIGNER]: "writable_signer",
};

const b64 = getBase64Decoder();

function instructionJson(ix: Instruction): SolanaInstructionJson {
  return {
    programAddress: ix.programAddress,
    accounts: (ix.accounts ?? []).map((a) => ({ address: a.address, role: ROLE[a.role] })),
    data: ix.data ? b64.decode(ix.data) : "",
  };
}

export async function latestBlockhash(): Promise<{ blockhash: string; lastValidBlockHeight: bigint } | { error: string }> {
  try {
    const rpc = solanaRpc();
    const r = await withRpcTimeout((abortSignal) => rpc.getLatestBlockhash({ commitment: "confirmed" }).send({ abortSignal }));
    return { blockhash: r.value.blockhash, lastValidBlockHeight: r.value.lastValidBlockHeight };
  } catch (e) {
    return { error: `the svm-chain RPC did not give a recent blockhash: ${errorLine(e, 160)}` };
  }
}

const ROLE_OF: Record<SolanaInstructionJson["accounts"][number]["role"], AccountRole> = {
  readonly: AccountRole.READONLY,
  writable: AccountRole.WRITABLE,
  readonly_signer: AccountRole.READONLY_SIGNER,
  writable_signer: AccountRole.WRITABLE_SIGNER,
};

/** The instruction a payload lists, back as an @solana/kit instruction. */
export function instructionFromJson(j: SolanaInstructionJson): Instruction {
  return {
    programAddress: address(j.programAddress),
    accounts: j.accounts.map((a) => ({ address: address(a.address), role: ROLE_OF[a.role] })),
    data: Uint8Array.from(Buffer.from(j.data, "base64")),
  };
}

/**
 * Compiles the owner-paid v0 transaction with a recent blockhash; throws RpcUnavailable when none can be read.
 * `cosigners` (fresh keys the service made for accounts the instructions create, e.g. a CCTP event account) sign it
 * here, so the wire transaction carries their signatures and leaves only the owner's slot empty (`presigned`).
 */
export async function solanaPayload(
  feePayer: string,
  instructions: Instruction[],
  cosigners: CryptoKeyPair[] = [],
  /** A blockhash read already started (`latestBlockhash()`), e.g. beside the builder's own chain reads: one round trip fewer. */
  blockhash: ReturnType<typeof latestBlockhash> = latestBlockhash(),
): Promise<SolanaPayload> {
  const lh = await blockhash;
  if ("error" in lh) throw new RpcUnavailable(`Nothing signable could be built: ${lh.error}.`);
  if (cosigners.length === 0) return compileSolanaPayload(feePayer, instructions, lh);
  const tx = await partiallySignTransaction(cosigners, compileTx(feePayer, instructions, lh));
  const presigned = Object.entries(tx.signatures)
    .filter(([, sig]) => sig !== null)
    .map(([a]) => a);
  return { ...encodePayload(feePayer, instructions, tx, lh), presigned };
}

/** The plan's one svm-chain transaction of `kind`, carrying `payload` (from `solanaPayload`). */
export function solanaPlanTransaction(kind: TxKind, description: string, payload: SolanaPayload): PlanTransaction[] {
  return [{ chain: "svm-chain", kind, description, encoding: "solana-v0-message-base64", payload }];
}

function compileTx(feePayer: string, instructions: Instruction[], lh: { blockhash: string; lastValidBlockHeight: bigint }, lookupTables?: Record<string, string[]>) {
  const payer: Address = address(feePayer);
  const tables: AddressesByLookupTableAddress | null = lookupTables
    ? Object.fromEntries(Object.entries(lookupTables).map(([k, v]) => [address(k), v.map((x) => address(x))]))
    : null;
  const msg = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayer(payer, m),
    (m) => setTransactionMessageLifetimeUsingBlockhash({ blockhash: lh.blockhash as Parameters<typeof setTransactionMessageLifetimeUsingBlockhash>[0]["blockhash"], lastValidBlockHeight: lh.lastValidBlockHeight }, m),
    (m) => appendTransactionMessageInstructions(instructions, m),
  );
  return compileTransaction(tables ? compressTransactionMessageUsingAddressLookupTables(msg, tables) : msg);
}

function encodePayload(feePayer: string, instructions: Instruction[], tx: ReturnType<typeof compileTransaction>, lh: { blockhash: string; lastValidBlockHeight: bigint }): SolanaPayload {
  return {
    feePayer,
    instructions: instructions.map(instructionJson),
    transaction: getBase64EncodedWireTransaction(tx),
    message: b64.decode(tx.messageBytes),
    recentBlockhash: lh.blockhash,
    lastValidBlockHeight: lh.lastValidBlockHeight.toString(),
  };
}

/**
 * The owner-paid v0 transaction of `instructions` on a given blockhash (no RPC), compressed through `lookupTables`
 * when given (an aggregator's build answer: Jupiter's /build gives both the blockhash and the tables).
 */
export function compileSolanaPayload(
  feePayer: string,
  instructions: Instruction[],
  lh: { blockhash: string; lastValidBlockHeight: bigint },
  lookupTables?: Record<string, string[]>,
): SolanaPayload {
  const p = encodePayload(feePayer, instructions, compileTx(feePayer, instructions, lh, lookupTables), lh);
  return lookupTables ? { ...p, lookupTables } : p;
}

/**
 * The SPL Token associated account of `owner` for `mint` (@solana-program/token findAssociatedTokenPda) and whether it
 * exists on svm-chain (getAccountInfo: an account owned by SPL Token). Throws when the RPC does not answer.
 */
export async function splTokenAccountOf(owner: string, mint: string, signal: AbortSignal): Promise<{ account: string; exists: boolean }> {
  const [account] = await findAssociatedTokenPda({ owner: address(owner), mint: address(mint), tokenProgram: TOKEN_PROGRAM_ADDRESS });
  const res = await solanaRpc().getAccountInfo(account, { encoding: "base64", commitment: "confirmed" }).send({ abortSignal: signal });
  return { account, exists: res.value !== null && res.value.owner === TOKEN_PROGRAM_ADDRESS };
}
