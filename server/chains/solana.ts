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
import { errorLine, RpcUnavailable, solanaRpc, withRpcTimeout } from "./clients";

export interface SolanaInstructionJson {
  programAddress: string;
  accounts: { address: string; role: "readonly" | "writable" | "readonly_signer" | "writable_signer" }[];
  /** Instruction data, base64. */
  data: string;
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

/**
 * Compiles the owner-paid v0 transaction with a recent blockhash; throws RpcUnavailable when none can be read.
 * `cosigners` (fresh keys the service made for accounts the instructions create, e.g. a CCTP event account) sign it
 * here, so the wire transaction carries their signatures and leaves only the owner's slot empty.
 */
export async function solanaPayload(feePayer: string, instructions: Instruction[], cosigners: CryptoKeyPair[] = []): Promise<SolanaPayload> {
  const payer: Address = address(feePayer);
  const json = instructions.map(instructionJson);
  const lh = await latestBlockhash();
  if ("error" in lh) throw new RpcUnavailable(`Nothing signable could be built: ${lh.error}.`);
  const msg = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayer(payer, m),
    (m) => setTransactionMessageLifetimeUsingBlockhash({ blockhash: lh.blockhash as Parameters<typeof setTransactionMessageLifetimeUsingBlockhash>[0]["blockhash"], lastValidBlockHeight: lh.lastValidBlockHeight }, m),
    (m) => appendTransactionMessageInstructions(instructions, m),
  );
  const compiled = compileTransaction(msg);
  const tx = cosigners.length ? await partiallySignTransaction(cosigners, compiled) : compiled;
  return {
    feePayer,
    instructions: json,
    transaction: getBase64EncodedWireTransaction(tx),
    message: b64.decode(tx.messageBytes),
    recentBlockhash: lh.blockhash,
    lastValidBlockHeight: lh.lastValidBlockHeight.toString(),
  };
}

/**
 * Compiles an owner-paid v0 transaction whose lifetime and lookup tables come from the caller (an aggregator's build
 * answer: Jupiter's /build gives both), compressing accounts through the given address lookup tables.
 */
export function solanaPayloadWith(
  feePayer: string,
  instructions: Instruction[],
  lifetime: { blockhash: string; lastValidBlockHeight: bigint },
  lookupTables: Record<string, string[]>,
): SolanaPayload {
  const tables: AddressesByLookupTableAddress = Object.fromEntries(Object.entries(lookupTables).map(([k, v]) => [address(k), v.map((a) => address(a))]));
  const msg = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayer(address(feePayer), m),
    (m) => setTransactionMessageLifetimeUsingBlockhash({ blockhash: lifetime.blockhash as Parameters<typeof setTransactionMessageLifetimeUsingBlockhash>[0]["blockhash"], lastValidBlockHeight: lifetime.lastValidBlockHeight }, m),
    (m) => appendTransactionMessageInstructions(instructions, m),
    (m) => compressTransactionMessageUsingAddressLookupTables(m, tables),
  );
  const tx = compileTransaction(msg);
  return {
    feePayer,
    instructions: instructions.map(instructionJson),
    transaction: getBase64EncodedWireTransaction(tx),
    message: b64.decode(tx.messageBytes),
    recentBlockhash: lifetime.blockhash,
    lastValidBlockHeight: lifetime.lastValidBlockHeight.toString(),
  };
}
