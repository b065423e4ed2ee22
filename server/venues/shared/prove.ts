// Ids proven by the chain's own relationships before a builder uses them (issue 24 item 1): a pinned id that is
// well-formed but wrong (another real reserve, bank, Comet or vault) would simulate fine and deposit into the wrong
// market, so each venue names the relationship that makes its ids the right ones (a Pool is its cited
// PoolAddressesProvider's getPool(); a vault's asset() is USDC and the cited factory made it) and the builder checks it
// from the chain first. A relationship that holds is remembered for a while per process (ids are pinned; the chain
// changes them only by governance), bounded in count; one that does not hold blocks the plan `venue_state_unavailable`
// naming the id and what did not match; one that cannot be read blocks it the same way, saying so.
import { BuildBlocked } from "./build";
import { readForPlan } from "./plan-reads";

/** One relationship: `check` answers null when it holds, or what did not match (in words, with the values seen). */
export interface IdProof {
  /** A stable key: the relationship and the ids it relates (what is remembered). */
  key: string;
  /** The relationship in words, e.g. "Aave v3 Pool 0x… is PoolAddressesProvider 0x…'s getPool()". */
  what: string;
  check: (signal: AbortSignal) => Promise<string | null>;
}

/** How long a proven relationship is trusted before it is read again. */
const PROVEN_FOR_MS = 10 * 60_000;
/** At most this many proven relationships are remembered (the oldest forgotten first). */
const MAX_PROVEN = 256;

const holder = globalThis as unknown as { __svcProvenIds?: Map<string, number> };
holder.__svcProvenIds ??= new Map<string, number>();
const proven = holder.__svcProvenIds;

/**
 * Checks every relationship not proven recently, all at once (one round trip for them all, not one each); the first of
 * the list that does not hold, or cannot be read, blocks the plan.
 */
export async function proveIds(proofs: readonly IdProof[]): Promise<void> {
  const now = Date.now();
  const due = proofs.filter((p) => {
    const at = proven.get(p.key);
    return at === undefined || now - at >= PROVEN_FOR_MS;
  });
  const outcomes = await Promise.allSettled(due.map((p) => readForPlan(p.what, p.check)));
  for (const [i, outcome] of outcomes.entries()) {
    const p = due[i];
    if (!p) continue;
    if (outcome.status === "rejected") throw outcome.reason;
    if (outcome.value !== null) throw new BuildBlocked("venue_state_unavailable", `${p.what}: it is not (${outcome.value}). Nothing is built against this id.`);
  }
  for (const p of due) remember(p.key, now);
}

function remember(key: string, at: number): void {
  proven.delete(key);
  proven.set(key, at);
  while (proven.size > MAX_PROVEN) {
    const oldest = proven.keys().next().value;
    if (oldest === undefined) break;
    proven.delete(oldest);
  }
}

/** Forgets every proven relationship (tests that change a venue's chain state between plans). */
export function forgetProvenIds(): void {
  proven.clear();
}

/**
 * `read` asked beside `proof` (one round trip for both, not two), its answer used only once the proof holds: a proof
 * that fails blocks the plan first, whatever the read answered.
 */
export async function besideProof<T>(proof: Promise<void>, read: Promise<T>): Promise<T> {
  const [p, r] = await Promise.allSettled([proof, read]);
  if (p.status === "rejected") throw p.reason;
  if (r.status === "rejected") throw r.reason;
  return r.value;
}
