// The local chains' venue parts follow the venue list: a venue added to the list with builders and no local-chain part,
// or a part whose venue left the list, stops the local chain from loading (naming it); the order is the list's.
import { describe, expect, it, vi } from "vitest";
import { VENUE_MODULES } from "../../server/venues/list";
import { partsInListOrder } from "./venue-parts";

vi.mock("../../server/venues/list", async (importOriginal) => {
  const real = await importOriginal<typeof import("../../server/venues/list")>();
  const { throwawayVenue } = await import("../throwaway-venue");
  return { ...real, VENUE_MODULES: [...real.VENUE_MODULES, throwawayVenue()] };
});

const solanaParts = () =>
  [...new Set(VENUE_MODULES.filter((m) => m.descriptor.family === "solana" && m.descriptor.id !== "throwaway").map((m) => m.descriptor.protocol))].map((venue) => ({ venue }));

describe("local-chain venue parts", () => {
  it("a Solana venue with builders and no part is refused, by name", () => {
    expect(() => partsInListOrder("solana", solanaParts(), { everyBuiltVenue: true })).toThrow(/no part for throwaway/);
  });

  it("with its part, the parts come in the list's order", () => {
    const parts = [...solanaParts(), { venue: "throwaway" }].reverse();
    const ordered = partsInListOrder("solana", parts, { everyBuiltVenue: true }).map((p) => p.venue);
    expect(ordered.at(-1)).toBe("throwaway");
    expect(ordered.slice(0, 2)).toEqual(["kamino", "marginfi"]);
  });

  it("a part whose protocol has no venue of that family in the list is refused", () => {
    expect(() => partsInListOrder("sui", [{ venue: "kamino" }], { everyBuiltVenue: false })).toThrow(/no venue of protocol kamino/);
  });
});
