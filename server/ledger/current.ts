// A ledger position beside what the chain says it is worth now (issue 23 item 5; contract §11): `currentMicros` is
// the owner's share balance on chain times the venue's rate (server/venues/worth.ts), `null` with the reason when the
// chain cannot be read; the ledger's own figure stays beside it as `recordedMicros`. ROI is taken against the chain's
// figure, so an unreadable chain gives ROI null (never the ledger's number, never 0.00 %).
import { microsToUnits } from "../money/amount";
import { readPositionWorth } from "../venues/worth";
import { roiPct } from "./position";

export interface Current {
  /** What the position is worth now on chain (micros); null when it could not be read. */
  currentMicros: bigint | null;
  currentAsOf: string | null;
  currentSource: string | null;
  /** Why `currentMicros` is null; null when it was read. */
  currentReason: string | null;
  /** The ledger's figure for the position (its staked principal). */
  recordedMicros: bigint;
  roiPct: number | null;
}

/** The position's worth on chain next to the ledger's figure; never throws. */
export async function currentOf(wallet: string, r: { venueId: string; stakedMicros: bigint; costBasisMicros: bigint }): Promise<Current> {
  const w = await readPositionWorth(r.venueId, wallet);
  const currentMicros = w.ok ? w.micros : null;
  return {
    currentMicros,
    currentAsOf: w.ok ? w.asOf : null,
    currentSource: w.ok ? w.source : null,
    currentReason: w.ok ? null : w.reason,
    recordedMicros: r.stakedMicros,
    roiPct: roiPct(currentMicros, r.costBasisMicros),
  };
}

/** A total of chain figures in USD, or null when any is unknown (a sum with a hole in it would be invented). */
export function totalUsd(values: readonly (bigint | null)[]): string | null {
  let sum = 0n;
  for (const v of values) {
    if (v === null) return null;
    sum += v;
  }
  return microsToUnits(sum);
}
