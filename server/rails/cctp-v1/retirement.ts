// Circle is retiring CCTP V1 ("CCTP V1 (Legacy)"). What Circle has published, and nothing more:
// - https://www.circle.com/blog/cctp-version-updates (14 Nov 2025): V1 "will remain available during a deprecation
//   period of ~10 months from the initial public announcement on November 14, 2025, with its manual phase-out
//   commencing on July 31, 2026".
// - https://developers.circle.com/cctp/migration-from-v1-to-v2 ("V1 deprecation"): "CCTP V1 will be phased out over the
//   course of 10 months beginning in July 2026"; "message limits will tighten over time until no new burns can be
//   initiated"; "All pending redemptions will remain available", Circle keeping minter allowances above pending
//   attestations; V2 is on every V1 chain "except for Aptos, Noble, and Sui".
// No last burn date is published. The service takes the later reading (ten months from 31 July 2026: about 31 May 2027,
// an estimate) and stops offering V1 burns RETIRING_BLOCK_DAYS before it: a burn signed after V1 stops attesting could
// not be received. Before then a V1 plan says the dates in its risks (docs/decisions.md, "CCTP V1 retirement").
import { type Blocker, blocker } from "../../http/codes";

export const CCTP_V1_RETIREMENT = {
  announced: "2025-11-14",
  phaseOutStarts: "2026-07-31",
  phaseOutMonths: 10,
  sources: ["https://www.circle.com/blog/cctp-version-updates", "https://developers.circle.com/cctp/migration-from-v1-to-v2"],
} as const;

/** How long before the estimated end a V1 burn is no longer offered. */
export const RETIRING_BLOCK_DAYS = 30;

const DAY_MS = 86_400_000;

/** The estimated end of the phase-out: `phaseOutMonths` after its start (UTC). */
export function estimatedV1End(): Date {
  const start = new Date(`${CCTP_V1_RETIREMENT.phaseOutStarts}T00:00:00Z`);
  return new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + CCTP_V1_RETIREMENT.phaseOutMonths, start.getUTCDate()));
}

const day = (d: Date) => d.toISOString().slice(0, 10);

/** The plan's words on V1's retirement, with Circle's dates. */
export function retirementRisk(): string {
  return `Circle is retiring CCTP V1: announced ${CCTP_V1_RETIREMENT.announced}, its phase-out began ${CCTP_V1_RETIREMENT.phaseOutStarts} and runs about ${CCTP_V1_RETIREMENT.phaseOutMonths} months (to about ${day(estimatedV1End())}, an estimate: Circle has published no last burn date), with burn limits tightening until no new burn can be made; burns already made stay redeemable (${CCTP_V1_RETIREMENT.sources.join(", ")}).`;
}

/** `rail_retiring` from RETIRING_BLOCK_DAYS before the estimated end on, else null. */
export function retirementBlocker(now: Date): Blocker | null {
  const end = estimatedV1End();
  const cutoff = new Date(end.getTime() - RETIRING_BLOCK_DAYS * DAY_MS);
  if (now < cutoff) return null;
  return blocker(
    "rail_retiring",
    `CCTP V1 is being retired by Circle (phase-out since ${CCTP_V1_RETIREMENT.phaseOutStarts}, ending about ${day(end)}): from ${day(cutoff)} this service no longer offers V1 burns, which might not be attested before V1 stops. This route has no CCTP V2 today (Circle runs only V1 on move-chain: its bridge kit, @circle-fin/bridge-kit 1.15.1, lists only V1 contracts for Sui).`,
  );
}
