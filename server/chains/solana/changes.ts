// Balance changes on svm-chain (issue 23 item 1), from the chain's own account states: the transaction's writable
// accounts before (getMultipleAccounts, or simulateBundle's preExecutionAccounts) and after (simulateTransaction's
// `accounts`, or postExecutionAccounts) it. An SPL token account (Token or Token-2022 program, 165+ bytes: mint, owner,
// amount at 0/32/64) changes its owner's balance of its mint; the fee payer's lamports are its SOL change (fee
// included). A closed account gives up what it held; an opened one starts from 0.
import { getAddressDecoder } from "@solana/kit";
import { TOKEN_PROGRAM_ADDRESS } from "@solana-program/token";
import { TOKEN_2022_PROGRAM_ADDRESS } from "@solana-program/token-2022";
import { type BalanceChange, changedAsset, changesUnavailable, type SimulatedChanges } from "../changes";

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

/** The changes between `before` and `after` (one entry per watched address, in order); `feePayer`'s lamports as SOL. */
export function solanaChanges(addresses: readonly string[], before: readonly (RpcAccountState | null)[], after: readonly (RpcAccountState | null)[], feePayer: string, source: string): SimulatedChanges {
  if (before.length !== addresses.length || after.length !== addresses.length) return changesUnavailable("The svm-chain RPC did not give every watched account's state before and after.");
  const net = new Map<string, { owner: string; asset: string; sum: bigint }>();
  const add = (owner: string, asset: string, amount: bigint) => {
    const key = `${owner}|${asset}`;
    const prior = net.get(key) ?? { owner, asset, sum: 0n };
    prior.sum += amount;
    net.set(key, prior);
  };
  addresses.forEach((address, i) => {
    const pre = holdingOf(before[i]);
    const post = holdingOf(after[i]);
    if (pre) add(pre.owner, pre.mint, -pre.amount);
    if (post) add(post.owner, post.mint, post.amount);
    if (address === feePayer) add(feePayer, "native", BigInt(after[i]?.lamports ?? 0) - BigInt(before[i]?.lamports ?? 0));
  });
  const balanceChanges: BalanceChange[] = [...net.values()]
    .filter((c) => c.sum !== 0n)
    .map((c) => ({ owner: c.owner, asset: changedAsset("svm-chain", c.asset), amount: c.sum.toString() }));
  return { status: "ok", balanceChanges, approvals: null, source, reason: null };
}
