// One read of a venue's index through its reader (harvest amounts and plan-time rates, spec §2.6, §4.9): bounded by the
// RPC timeout, never throws, and concurrent reads of one venue share one RPC request. server/venues/readers.ts finds the
// reader in the venue list; a builder that needs its own venue's rate passes its reader here directly.
import { config } from "../../config";
import { errorLine, withRpcTimeout } from "../../chains/clients";
import type { IndexRead, VenueReader } from "./read";

function failure(e: unknown, timeoutMs: number): string {
  const msg = e instanceof Error ? e.message : String(e);
  if (/abort|timeout|timed out/i.test(msg)) return `the venue's RPC did not answer within ${timeoutMs} ms`;
  return `the venue's RPC read failed: ${errorLine(e)}`;
}

// Reads in flight by venue: a read asked for while the same venue's read is running shares its answer (it is at
// most as old as that read), so concurrent routes into one venue send one RPC request, not one each.
const inFlight = new Map<string, Promise<IndexRead>>();

/**
 * The venue's index now, or why it cannot be read. Never throws. Concurrent calls for one venue share one read.
 * `reader` undefined: the venue has none, and `noReader` says why when the reason is more than "not written yet".
 */
export function readIndexOf(venueId: string, reader: VenueReader | undefined, noReader?: string): Promise<IndexRead> {
  const running = inFlight.get(venueId);
  if (running) return running;
  const read = readOnce(venueId, reader, noReader).finally(() => inFlight.delete(venueId));
  inFlight.set(venueId, read);
  return read;
}

async function readOnce(venueId: string, reader: VenueReader | undefined, noReader: string | undefined): Promise<IndexRead> {
  if (!reader) {
    return { ok: false, reason: `no on-chain reader for venue ${venueId}${noReader ? `: ${noReader}` : " yet"}; its yield is unavailable` };
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
