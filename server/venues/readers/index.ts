// Registry of venue readers (harvest amounts come only from here, spec §2.6, §4.9). A venue without a
// reader has no confirmed on-chain read yet: its yield is "unavailable" with a reason, never invented.
import { config } from "../../config";
import { aaveV3ArbitrumReader } from "./aave-v3-arbitrum";
import { aaveV3BaseReader } from "./aave-v3-base";
import { saveReader } from "./save";
import { suilendReader } from "./suilend";
import type { IndexRead, VenueReader } from "./types";

export type { IndexRead, VenueReader } from "./types";

const READERS = new Map<string, VenueReader>(
  [suilendReader, saveReader, aaveV3BaseReader, aaveV3ArbitrumReader].map((r) => [r.venueId, r]),
);

export function readerFor(venueId: string): VenueReader | undefined {
  return READERS.get(venueId);
}

export function venuesWithReaders(): string[] {
  return [...READERS.keys()];
}

function failure(e: unknown, timeoutMs: number): string {
  const msg = e instanceof Error ? e.message : String(e);
  if (/abort|timeout|timed out/i.test(msg)) return `the venue's RPC did not answer within ${timeoutMs} ms`;
  return `the venue's RPC read failed: ${msg.split("\n")[0]?.slice(0, 200) ?? "error"}`;
}

/** The venue's index now, or why it cannot be read. Never throws. */
export async function readVenueIndex(venueId: string): Promise<IndexRead> {
  const reader = READERS.get(venueId);
  if (!reader) return { ok: false, reason: `no on-chain reader for venue ${venueId} yet; its yield is unavailable` };
  const timeoutMs = config().SVC_RPC_TIMEOUT_MS;
  try {
    const signal = AbortSignal.timeout(timeoutMs);
    const index = await Promise.race([
      reader.readIndex(signal),
      new Promise<never>((_, reject) => signal.addEventListener("abort", () => reject(new Error("timeout")), { once: true })),
    ]);
    if (index <= 0n) return { ok: false, reason: `${reader.what} returned ${index}` };
    return { ok: true, index, source: `rpc:${venueId}`, asOf: new Date().toISOString() };
  } catch (e) {
    return { ok: false, reason: failure(e, timeoutMs) };
  }
}
