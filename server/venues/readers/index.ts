// Registry of venue readers (harvest amounts come only from here, spec §2.6, §4.9). A venue without a
// reader has no confirmed on-chain read yet: its yield is "unavailable" with a reason, never invented.
// Morpho (Base, Arbitrum) has none yet: its venues now pin one USDC vault each (for the plans), but no reader of that
// vault's share price (convertToAssets) is written (docs/decisions.md).
import { config } from "../../config";
import { aaveV3ArbitrumReader } from "./aave-v3-arbitrum";
import { aaveV3BaseReader } from "./aave-v3-base";
import { compoundV3ArbitrumReader, compoundV3BaseReader } from "./compound-v3";
import { jupiterLendReader } from "./jupiter-lend";
import { kaminoReader } from "./kamino";
import { marginfiReader } from "./marginfi";
import { naviReader } from "./navi";
import { saveReader } from "./save";
import { scallopReader } from "./scallop";
import { suilendReader } from "./suilend";
import type { IndexRead, VenueReader } from "./types";
import { errorLine, withRpcTimeout } from "../../chains/clients";

export type { IndexRead, VenueReader } from "./types";

const READERS = new Map<string, VenueReader>(
  [
    suilendReader,
    scallopReader,
    naviReader,
    saveReader,
    kaminoReader,
    marginfiReader,
    jupiterLendReader,
    aaveV3BaseReader,
    aaveV3ArbitrumReader,
    compoundV3BaseReader,
    compoundV3ArbitrumReader,
  ].map((r) => [r.venueId, r]),
);

/** Why a venue has no reader, when the reason is more than "not written yet". */
const NO_READER: Record<string, string> = {
  "morpho-base": "no reader of the pinned Morpho vault's share price is written yet (its plans are built: server/venues/adapters/morpho-vault.ts)",
  "morpho-arbitrum": "no reader of the pinned Morpho vault's share price is written yet (its plans are built: server/venues/adapters/morpho-vault.ts)",
};

export function readerFor(venueId: string): VenueReader | undefined {
  return READERS.get(venueId);
}

export function venuesWithReaders(): string[] {
  return [...READERS.keys()];
}

function failure(e: unknown, timeoutMs: number): string {
  const msg = e instanceof Error ? e.message : String(e);
  if (/abort|timeout|timed out/i.test(msg)) return `the venue's RPC did not answer within ${timeoutMs} ms`;
  return `the venue's RPC read failed: ${errorLine(e)}`;
}

// Reads in flight by venue: a read asked for while the same venue's read is running shares its answer (it is at
// most as old as that read), so concurrent routes into one venue send one RPC request, not one each.
const inFlight = new Map<string, Promise<IndexRead>>();

/** The venue's index now, or why it cannot be read. Never throws. Concurrent calls for one venue share one read. */
export function readVenueIndex(venueId: string): Promise<IndexRead> {
  const running = inFlight.get(venueId);
  if (running) return running;
  const read = readOnce(venueId).finally(() => inFlight.delete(venueId));
  inFlight.set(venueId, read);
  return read;
}

async function readOnce(venueId: string): Promise<IndexRead> {
  const reader = READERS.get(venueId);
  if (!reader) {
    const why = NO_READER[venueId];
    return { ok: false, reason: `no on-chain reader for venue ${venueId}${why ? `: ${why}` : " yet"}; its yield is unavailable` };
  }
  const timeoutMs = config().SVC_RPC_TIMEOUT_MS;
  try {
    const index = await withRpcTimeout((signal) => reader.readIndex(signal));
    if (index <= 0n) return { ok: false, reason: `${reader.what} returned ${index}` };
    return { ok: true, index, source: `rpc:${venueId}`, asOf: new Date().toISOString() };
  } catch (e) {
    return { ok: false, reason: failure(e, timeoutMs) };
  }
}
