// A plan's transactions altered after building, as a builder that went wrong (or a tampered answer) would send them:
// the mismatch tests simulate these and expect the one checker to refuse them `simulation_mismatch`.
import type { Instruction } from "@solana/kit";
import type { Hex } from "viem";
import { expect } from "vitest";
import type { EvmCall } from "../../server/chains/evm";
import { compileSolanaPayload, instructionFromJson, type SolanaPayload } from "../../server/chains/solana";
import type { PlanTransaction } from "../../server/chains/transaction";

/** EVM: the plan's calls with the call data replaced (index → data). */
export const alteredCalls = (txs: PlanTransaction[], data: Record<number, Hex>): PlanTransaction[] =>
  txs.map((t, i) => (data[i] ? { ...t, payload: { ...(t.payload as EvmCall), data: data[i] } } : t));

type SolanaIx = SolanaPayload["instructions"][number];

/** svm-chain: each instruction of `program` whose data starts with `discriminator` edited by `edit`, recompiled; expects one. */
export function editedInstruction(txs: PlanTransaction[], program: string, discriminator: readonly number[], edit: (ix: SolanaIx, data: Buffer) => SolanaIx): PlanTransaction[] {
  let found = 0;
  const out = txs.map((t) => {
    const p = t.payload as SolanaPayload;
    const instructions = p.instructions.map((ix) => {
      const data = Buffer.from(ix.data, "base64");
      if (ix.programAddress !== program || !discriminator.every((b, i) => data[i] === b)) return ix;
      found++;
      return edit(ix, data);
    });
    const lh = { blockhash: p.recentBlockhash, lastValidBlockHeight: BigInt(p.lastValidBlockHeight) };
    return { ...t, payload: compileSolanaPayload(p.feePayer, instructions.map(instructionFromJson), lh, p.lookupTables) };
  });
  expect(found).toBe(1);
  return out;
}

/**
 * svm-chain: the u64 argument at `at` (bytes after the discriminator or tag, by the IDL's args) of `program`'s
 * instruction starting with `discriminator` multiplied by `factor`.
 */
export const scaled = (txs: PlanTransaction[], program: string, discriminator: readonly number[], at: number, factor: bigint): PlanTransaction[] =>
  editedInstruction(txs, program, discriminator, (ix, data) => {
    const o = discriminator.length + at;
    data.writeBigUInt64LE(data.readBigUInt64LE(o) * factor, o);
    return { ...ix, data: data.toString("base64") };
  });

/** svm-chain: `bytes` written at `at` (after the discriminator) into `program`'s instruction starting with `discriminator`. */
export const rewritten = (txs: PlanTransaction[], program: string, discriminator: readonly number[], at: number, bytes: Uint8Array): PlanTransaction[] =>
  editedInstruction(txs, program, discriminator, (ix, data) => {
    data.set(bytes, discriminator.length + at);
    return { ...ix, data: data.toString("base64") };
  });

/** svm-chain: the account `name` (by the IDL's account list) of `program`'s instruction `ix` replaced by `to`. */
export function redirected(txs: PlanTransaction[], program: string, ix: { discriminator: readonly number[]; accounts: readonly { name: string }[] }, name: string, to: string): PlanTransaction[] {
  const at = ix.accounts.findIndex((a) => a.name === name);
  expect(at).toBeGreaterThanOrEqual(0);
  return editedInstruction(txs, program, ix.discriminator, (i) => ({ ...i, accounts: i.accounts.map((a, k) => (k === at ? { ...a, address: to } : a)) }));
}

/** svm-chain: every instruction of `program` dropped (a deposit rewritten into something else), recompiled; expects one. */
export function withoutProgram(txs: PlanTransaction[], program: string): PlanTransaction[] {
  return txs.map((t) => {
    const p = t.payload as SolanaPayload;
    const kept = p.instructions.filter((ix) => ix.programAddress !== program);
    expect(kept.length).toBeLessThan(p.instructions.length);
    const lh = { blockhash: p.recentBlockhash, lastValidBlockHeight: BigInt(p.lastValidBlockHeight) };
    return { ...t, payload: compileSolanaPayload(p.feePayer, kept.map(instructionFromJson), lh, p.lookupTables) };
  });
}

/** svm-chain: `extra` appended to each transaction's instructions, recompiled. */
export const appended = (txs: PlanTransaction[], extra: Instruction): PlanTransaction[] =>
  txs.map((t) => {
    const p = t.payload as SolanaPayload;
    const lh = { blockhash: p.recentBlockhash, lastValidBlockHeight: BigInt(p.lastValidBlockHeight) };
    return { ...t, payload: compileSolanaPayload(p.feePayer, [...p.instructions.map(instructionFromJson), extra], lh, p.lookupTables) };
  });

/**
 * move-chain: the PTB (`sui-transaction-json`) with the CoinWithBalance intents' balances and every pure u64 equal to
 * `from` set to `to` (an amount the builder wrote: a split, a redeem); expects at least one.
 */
export function suiScaled(payload: string, from: bigint, to: bigint): string {
  const data = JSON.parse(payload) as { inputs: { Pure?: { bytes: string } }[]; commands: { $Intent?: { data: { balance?: string } } }[] };
  const le = (n: bigint) => {
    const b = Buffer.alloc(8);
    b.writeBigUInt64LE(n);
    return b;
  };
  let n = 0;
  for (const c of data.commands) {
    if (c.$Intent?.data.balance === from.toString()) {
      c.$Intent.data.balance = to.toString();
      n++;
    }
  }
  for (const input of data.inputs) {
    if (input.Pure && Buffer.from(input.Pure.bytes, "base64").equals(le(from))) {
      input.Pure.bytes = le(to).toString("base64");
      n++;
    }
  }
  expect(n).toBeGreaterThan(0);
  return JSON.stringify(data);
}

/** move-chain: the PTB with the one pure address `from` (a transfer's recipient) set to `to`. */
export function suiSentTo(payload: string, from: string, to: string): string {
  const data = JSON.parse(payload) as { inputs: { Pure?: { bytes: string } }[] };
  const hits = data.inputs.filter((i) => i.Pure && Buffer.from(i.Pure.bytes, "base64").equals(Buffer.from(from.slice(2), "hex")));
  expect(hits).toHaveLength(1);
  for (const h of hits) if (h.Pure) h.Pure.bytes = Buffer.from(to.slice(2), "hex").toString("base64");
  return JSON.stringify(data);
}
