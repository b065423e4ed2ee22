// The venue readers (harvest amounts come only from here, spec §2.6, §4.9), derived from the venue list in
// server/venues/list.ts: a venue module's `read`. A venue without one has no confirmed on-chain read yet: its yield
// is "unavailable" with a reason (its module's `noReader`), never invented.
import { VENUE_MODULES } from "./list";
import { readIndexOf } from "./shared/index-read";
import type { IndexRead, VenueReader } from "./shared/read";
import type { VenueReceipt } from "./shared/receipt";

export type { IndexRead, VenueReader } from "./shared/read";

export function readerFor(venueId: string): VenueReader | undefined {
  return VENUE_MODULES.find((m) => m.descriptor.id === venueId)?.read;
}

export function venuesWithReaders(): string[] {
  return VENUE_MODULES.flatMap((m) => (m.read ? [m.descriptor.id] : []));
}

/** The venue's index now, or why it cannot be read. Never throws. Concurrent calls for one venue share one read. */
export function readVenueIndex(venueId: string): Promise<IndexRead> {
  const m = VENUE_MODULES.find((v) => v.descriptor.id === venueId);
  return readIndexOf(venueId, m?.read, m?.noReader);
}

/** Where the venue keeps the USDC it is given (svm-chain vault authorities), or undefined when it does not say. */
export function custodyOf(venueId: string): (() => Promise<string[]>) | undefined {
  return VENUE_MODULES.find((m) => m.descriptor.id === venueId)?.custody;
}

/** The venue's receipt check of a confirmed deposit (./shared/receipt.ts), or undefined when it has none. */
export function receiptFor(venueId: string): VenueReceipt | undefined {
  return VENUE_MODULES.find((m) => m.descriptor.id === venueId)?.receipt;
}
