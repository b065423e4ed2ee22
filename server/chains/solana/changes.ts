// Balance changes on svm-chain (issue 23 item 1), from the chain's own account states: the transaction's writable
// accounts before (getMultipleAccounts, or simulateBundle's preExecutionAccounts) and after (simulateTransaction's
// `accounts`, or postExecutionAccounts) it. An SPL token account (Token or Token-2022 program, 165+ bytes: mint, owner,
// amount at 0/32/64) changes its owner's balance of its mint; the fee payer's lamports are its SOL change (fee
// included). A closed account gives up what it held; an opened one starts from 0.
import { getAddressDecoder } from "@solana/kit";
import { TOKEN_PROGRAM_ADDRESS } from "@solana-program/token";
import { TOKEN_2022_PROGRAM_ADDRESS } from "@solana-program/token-2022";
import { createHash } from "node:crypto";
import { bytesToHex, type Hex } from "viem";
import { SOLANA_CCTP_PROGRAMS } from "../../../lib/cctp-ids";
import { sentBurnOf } from "../cctp-messages";
import { type BalanceChange, changedAsset, changesUnavailable, type SimulatedBurn, type SimulatedChanges } from "../changes";
import type { SolanaTransactionJson } from "./transaction-json";

/** getMultipleAccounts and simulateTransaction take at most 100 addresses. */
export const MAX_WATCHED = 100;

/** An account as the RPC answers it with base64 data. */
export interface RpcAccountState {
  owner: string;
  lamports: bigint | number;
  data: readonly [string, string] | string[];
}

interface Holding {
  mint: string;
  owner: string;
  amount: bigint;
}

function holdingOf(a: RpcAccountState | null | undefined): Holding | null {
  if (!a || (a.owner !== TOKEN_PROGRAM_ADDRESS && a.owner !== TOKEN_2022_PROGRAM_ADDRESS)) return null;
  const bytes = Buffer.from(String(a.data[0] ?? ""), "base64");
  if (bytes.length < 165) return null;
  const addr = getAddressDecoder();
  return { mint: addr.decode(bytes.subarray(0, 32)), owner: addr.decode(bytes.subarray(32, 64)), amount: bytes.readBigUInt64LE(64) };
}

/** Anchor's account discriminator: sha256("account:<Name>")[..8] (anchor-lang `#[account]`). */
const MESSAGE_SENT_DISCRIMINATOR = createHash("sha256").update("account:MessageSent").digest().subarray(0, 8);
/**
 * The MessageSent event account's bytes before its `message` (a borsh `bytes`: u32 length, then the bytes), per owner
 * (solana-cctp-contracts @ 76018c2b IDLs `MessageSent`): V2 discriminator, rent_payer, created_at i64; V1 without created_at.
 */
const MESSAGE_AT: Record<string, number> = { [SOLANA_CCTP_PROGRAMS.messageTransmitterV2]: 8 + 32 + 8, [SOLANA_CCTP_PROGRAMS.messageTransmitterV1]: 8 + 32 };

/**
 * The message a MessageSent event account holds and the transmitter program that owns it (V1 or V2), or null when `a`
 * is no such account (another owner, another discriminator, or too short for its own length prefix).
 */
export function messageOfEventAccount(a: RpcAccountState | null | undefined): { transmitter: string; message: Hex } | null {
  const at = a ? MESSAGE_AT[a.owner] : undefined;
  if (!a || at === undefined) return null;
  const bytes = Buffer.from(String(a.data[0] ?? ""), "base64");
  if (bytes.length < at + 4 || !bytes.subarray(0, 8).equals(MESSAGE_SENT_DISCRIMINATOR)) return null;
  const len = bytes.readUInt32LE(at);
  if (bytes.length < at + 4 + len) return null;
  return { transmitter: a.owner, message: bytesToHex(bytes.subarray(at + 4, at + 4 + len)) };
}

/** The burn a MessageSent event account (after the transaction) carries, or null when `a` is no such account. */
function burnOfAccount(a: RpcAccountState | null | undefined): SimulatedBurn | null {
  const sent = messageOfEventAccount(a);
  const b = sent && sentBurnOf(sent.message);
  return b && { transmitter: sent.transmitter, destinationDomain: b.destinationDomain, mintRecipient: b.mintRecipient, burnToken: b.burnToken, amount: b.amount.toString() };
}

/**
 * The rent-exempt minimum of an account of `dataLen` bytes at the default rent: (128 + dataLen) × 6960 lamports
 * (solana-program rent.rs: ACCOUNT_STORAGE_OVERHEAD 128, DEFAULT_LAMPORTS_PER_BYTE_YEAR 3480 × DEFAULT_EXEMPTION_THRESHOLD
 * 2.0; SIMD-0194's DEFAULT_LAMPORTS_PER_BYTE 6960 × 1.0 is the same). A cluster that lowers rent only loosens the bound.
 */
const rentExempt = (dataLen: number) => (128n + BigInt(dataLen)) * 6960n;

/** Signed amounts summed per (owner, asset); `changes()` gives the non-zero ones as balance changes on svm-chain. */
function netChanges() {
  const net = new Map<string, { owner: string; asset: string; sum: bigint }>();
  const add = (owner: string, asset: string, amount: bigint) => {
    const key = `${owner}|${asset}`;
    const prior = net.get(key) ?? { owner, asset, sum: 0n };
    prior.sum += amount;
    net.set(key, prior);
  };
  const changes = (): BalanceChange[] =>
    [...net.values()].filter((c) => c.sum !== 0n).map((c) => ({ owner: c.owner, asset: changedAsset("svm-chain", c.asset), amount: c.sum.toString() }));
  return { add, changes };
}

/** The changes between `before` and `after` (one entry per watched address, in order); `feePayer`'s lamports as SOL. */
export function solanaChanges(addresses: readonly string[], before: readonly (RpcAccountState | null)[], after: readonly (RpcAccountState | null)[], feePayer: string, source: string): SimulatedChanges {
  if (before.length !== addresses.length || after.length !== addresses.length) return changesUnavailable("The svm-chain RPC did not give every watched account's state before and after.");
  const { add, changes } = netChanges();
  addresses.forEach((address, i) => {
    const pre = holdingOf(before[i]);
    const post = holdingOf(after[i]);
    if (pre) add(pre.owner, pre.mint, -pre.amount);
    if (post) add(post.owner, post.mint, post.amount);
    if (address === feePayer) add(feePayer, "native", BigInt(after[i]?.lamports ?? 0) - BigInt(before[i]?.lamports ?? 0));
  });
  const balanceChanges = changes();
  // A burn's message: the MessageSent event account the transaction opens (watched: it is writable).
  const burns = after.flatMap((a, i) => {
    const b = burnOfAccount(before[i]) ? null : burnOfAccount(a);
    return b ? [b] : [];
  });
  // Rent: what the accounts with data the transaction opens hold, each at most its rent-exempt minimum.
  const rent = after.reduce((sum, a, i) => {
    const len = a ? Buffer.from(String(a.data[0] ?? ""), "base64").length : 0;
    const opened = a && len > 0 && !(before[i] && BigInt(before[i]?.lamports ?? 0) > 0n);
    if (!a || !opened) return sum;
    const held = BigInt(a.lamports);
    return sum + (held < rentExempt(len) ? held : rentExempt(len));
  }, 0n);
  return { status: "ok", balanceChanges, approvals: null, burns, rent: rent.toString(), source, reason: null };
}

/**
 * The balance changes of a landed svm-chain transaction (issue 23 item 1, after execution), in the simulation reader's
 * terms: each token balance's owner and mint, post − pre; the fee payer's lamports as SOL ("native", the fee included).
 */
export function executedSolanaChanges(meta: NonNullable<SolanaTransactionJson["meta"]>, feePayer: string | null): BalanceChange[] {
  const { add, changes } = netChanges();
  for (const [list, sign] of [
    [meta.preTokenBalances ?? [], -1n],
    [meta.postTokenBalances ?? [], 1n],
  ] as const) {
    for (const b of list) {
      const amount = b.uiTokenAmount?.amount ?? "";
      if (!b.mint || !b.owner || !/^[0-9]+$/.test(amount)) continue;
      add(b.owner, b.mint, sign * BigInt(amount));
    }
  }
  const [pre, post] = [meta.preBalances?.[0], meta.postBalances?.[0]];
  if (feePayer && pre !== undefined && post !== undefined) add(feePayer, "native", BigInt(post) - BigInt(pre));
  return changes();
}
