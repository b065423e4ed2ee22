// A venue's builder run with some of its descriptor's ids replaced by other real-shaped ones (issue 24: a wrong but
// valid id must block the plan, not build it). Proven relationships are forgotten first, so every id is read from the
// chain again; what the builder throws is returned, and a plan that is built fails the test.
import { expect } from "vitest";
import { getVenue } from "../server/venues";
import type { BuildInput, VenueAdapter } from "../server/venues/shared/build";
import { forgetProvenIds } from "../server/venues/shared/prove";
import type { VenueDescriptor } from "../server/venues/types";

export async function buildWithIds(
  venueId: string,
  adapterOf: (v: VenueDescriptor) => VenueAdapter,
  onchain: Record<string, string>,
  action: "deposit" | "withdraw",
  input: BuildInput,
): Promise<unknown> {
  forgetProvenIds();
  const d = getVenue(venueId);
  if (!d) throw new Error(`no ${venueId}`);
  const run = adapterOf({ ...d, onchain: { ...d.onchain, ...onchain } })[action];
  if (!run) throw new Error(`${venueId} has no ${action} builder`);
  return run(input).then(
    () => expect.unreachable(`the ${action} plan was built`),
    (e: unknown) => e,
  );
}

/** `f` run while the local node drops every connection (an unreadable chain); proven relationships forgotten after. */
export async function whileDown<T>(node: { down: boolean }, f: () => Promise<T>): Promise<T> {
  node.down = true;
  try {
    return await f();
  } finally {
    node.down = false;
    forgetProvenIds();
  }
}
