// What an owner's position in a venue is worth now, from the chain (issue 23 item 5; contract §11): the venue module's
// `worth` reader (share balance × rate), bounded by the RPC timeout. Never throws and never falls back to the ledger:
// an unreadable chain, a venue without a reader or a wallet of another family answer `ok: false` with the reason.
// A read is kept for WORTH_TTL_MS and concurrent reads of one (venue, owner) share one RPC request, so a portfolio
// page, its refetches and the reconciliation job do not each hit the RPC.
import { FAMILY_NAME, isAddressOf, normalizeAddress } from "../chains/address";
import { errorLine, withRpcTimeout } from "../chains/clients";
import { AccountMismatch } from "../chains/solana/accounts";
import { config } from "../config";
import { VENUE_MODULES } from "./list";
import { BuildBlocked } from "./shared/build";
import type { WorthRead } from "./shared/read";

export type { WorthRead } from "./shared/read";

/** How long one read of a position's worth is reused (ms). */
export const WORTH_TTL_MS = 15_000;

const kept = new Map<string, { at: number; read: Promise<WorthRead> }>();

function failure(e: unknown): string {
  if (e instanceof AccountMismatch) return `${e.message}; nothing is read against this id`;
  // A venue's id proof (./shared/prove.ts, the builders' own) that failed or could not be read says which, in words.
  if (e instanceof BuildBlocked) return e.message.replace(/ Nothing is built against this id\.$/, " Nothing is read against this id").replace(/\.$/, "");
  const msg = e instanceof Error ? e.message : String(e);
  if (/abort|timeout|timed out/i.test(msg)) return `the chain's RPC did not answer within ${config().SVC_RPC_TIMEOUT_MS} ms`;
  return `the chain's RPC read failed: ${errorLine(e)}`;
}

async function readOnce(venueId: string, owner: string): Promise<WorthRead> {
  const m = VENUE_MODULES.find((v) => v.descriptor.id === venueId);
  if (!m) return { ok: false, reason: `${venueId} is not a venue this service reads` };
  if (!m.worth) return { ok: false, reason: `no on-chain reader of a position's worth for ${venueId} yet` };
  if (!isAddressOf(m.descriptor.family, owner)) {
    return { ok: false, reason: `the wallet is not ${FAMILY_NAME[m.descriptor.family]} address, so it holds no ${m.descriptor.name} position to read` };
  }
  const reader = m.worth;
  try {
    const micros = await withRpcTimeout((signal) => reader.readWorth(owner, signal));
    if (micros < 0n) return { ok: false, reason: `${reader.what} returned ${micros}` };
    return { ok: true, micros, source: `chain:${m.descriptor.chain} ${reader.what}`, asOf: new Date().toISOString() };
  } catch (e) {
    return { ok: false, reason: `${reader.what}: ${failure(e)}` };
  }
}

/** The owner's position in the venue, worth now, from the chain; or why it cannot be read. Never throws. */
export function readPositionWorth(venueId: string, owner: string): Promise<WorthRead> {
  const key = `${venueId}|${normalizeAddress(owner)}`;
  const now = Date.now();
  const hit = kept.get(key);
  if (hit && now - hit.at < WORTH_TTL_MS) return hit.read;
  const read = readOnce(venueId, owner);
  kept.set(key, { at: now, read });
  // A failed read is not kept: the next page load asks the chain again.
  void read.then((r) => {
    if (!r.ok && kept.get(key)?.read === read) kept.delete(key);
  });
  if (kept.size > 10_000) for (const [k, v] of kept) if (now - v.at >= WORTH_TTL_MS) kept.delete(k);
  return read;
}

/** Forget kept reads (after a transaction of the owner is recorded, and in tests). */
export function forgetWorth(venueId?: string, owner?: string): void {
  if (venueId && owner) kept.delete(`${venueId}|${normalizeAddress(owner)}`);
  else kept.clear();
}
