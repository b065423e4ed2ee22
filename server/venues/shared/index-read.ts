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
 * How long a read that got no answer at all (the RPC refused or dropped the connection, could not be resolved, or
 * did not answer within the timeout) is remembered: reads asked for meanwhile get the same "unavailable" answer with
 * the same reason instead of each trying the dead RPC again (under load: one try per venue per second instead of one
 * per route). An answer the RPC did give (an error, a malformed or a zero index) is never remembered, nor is a success.
 */
export const UNREACHABLE_KEPT_MS = 1000;
// Keyed by venue; `cfg` is the configuration the read ran under (a new configuration, as tests make, forgets it).
const unreachable = new Map<string, { read: IndexRead; until: number; cfg: object }>();

const NO_ANSWER_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "ENOTFOUND", "EAI_AGAIN", "EHOSTUNREACH", "ENETUNREACH", "ETIMEDOUT", "UND_ERR_CONNECT_TIMEOUT", "UND_ERR_SOCKET"]);

/** Whether an error means the RPC gave no answer (a transport failure or our timeout), through its `cause` chain. */
function noAnswer(e: unknown): boolean {
  for (let c: unknown = e, depth = 0; c && depth < 6; c = (c as { cause?: unknown }).cause, depth++) {
    const code = (c as { code?: unknown }).code;
    if (typeof code === "string" && NO_ANSWER_CODES.has(code)) return true;
    const msg = c instanceof Error ? c.message : "";
    // undici's fetch: "fetch failed" (its cause, when there is one, carries the code) or "bad port"; our own timeout.
    if (/^fetch failed$|^bad port$|\(timeout\)$/.test(msg)) return true;
  }
  return false;
}

/**
 * The venue's index now, or why it cannot be read. Never throws. Concurrent calls for one venue share one read.
 * `reader` undefined: the venue has none, and `noReader` says why when the reason is more than "not written yet".
 */
export function readIndexOf(venueId: string, reader: VenueReader | undefined, noReader?: string): Promise<IndexRead> {
  const running = inFlight.get(venueId);
  if (running) return running;
  const kept = unreachable.get(venueId);
  if (kept) {
    if (Date.now() < kept.until && kept.cfg === config()) return Promise.resolve(kept.read);
    unreachable.delete(venueId);
  }
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
    const read: IndexRead = { ok: false, reason: failure(e, timeoutMs) };
    if (noAnswer(e)) unreachable.set(venueId, { read, until: Date.now() + UNREACHABLE_KEPT_MS, cfg: config() });
    return read;
  }
}
