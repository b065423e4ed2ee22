// The venue list (server/venues/list.ts) is the only registration: a throwaway venue module added to it, and nowhere
// else, is listed by GET /api/v1/svc/venues with its per-action readiness (from its builders), resolves as a strategyId,
// and has its reader's absence said in words, all derived from that one list entry.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { getVenues } from "../../server/catalog/endpoints";
import { resolveVenue, VENUES } from "../../server/venues";
import { builderFor } from "../../server/venues/adapters";
import { readVenueIndex } from "../../server/venues/readers";
import { freshDatabase } from "../support/app";
import { call } from "../support/http";
import { serveBooted } from "../support/serve";

// Adding a venue is one line in the list: here that line is added to the real list, which everything else derives from.
vi.mock("../../server/venues/list", async (importOriginal) => {
  const real = await importOriginal<typeof import("../../server/venues/list")>();
  const { throwawayVenue } = await import("../../testing/throwaway-venue");
  return { ...real, VENUE_MODULES: [...real.VENUE_MODULES, throwawayVenue()] };
});

describe("a venue module added to the list, and nowhere else", () => {
  let url = "";
  let stop: () => Promise<void> = async () => {};

  beforeAll(async () => {
    const fresh = await freshDatabase("pglite", "svc-venue-list-");
    const saved = process.env.DATABASE_URL;
    delete process.env.DATABASE_URL;
    ({ url, stop } = await serveBooted([getVenues], { ...fresh.env, SVC_DISABLE_JOBS: "1", SVC_LOG_LEVEL: "silent" }, fresh.drop));
    if (saved !== undefined) process.env.DATABASE_URL = saved;
  });

  afterAll(async () => {
    await stop();
  });

  it("is listed by GET /svc/venues with its actions", async () => {
    const r = await call(url, "GET", "/api/v1/svc/venues");
    expect(r.status).toBe(200);
    const venues = r.json.venues as Array<Record<string, unknown>>;
    expect(r.json.count).toBe(VENUES.length);
    expect(venues.map((v) => v.id)).toEqual([...VENUES.map((v) => v.id)]);
    expect(venues.find((v) => v.id === "throwaway")).toMatchObject({
      id: "throwaway",
      chain: "svm-chain",
      label: "Executable",
      ready: false,
      actions: { deposit: { ready: true, reason: null }, withdraw: { ready: false, reason: "Throwaway Lend's withdraw is not built." } },
    });
    // The real venues are all still there.
    for (const id of ["scallop", "kamino", "aave-v3-base", "morpho-arbitrum"]) expect(venues.some((v) => v.id === id)).toBe(true);
  });

  it("resolves as a strategyId, has its builder, and its missing reader is said in words", async () => {
    expect(resolveVenue("throwaway").name).toBe("Throwaway Lend");
    expect("build" in builderFor("throwaway", "deposit")).toBe(true);
    expect(await readVenueIndex("throwaway")).toEqual({ ok: false, reason: "no on-chain reader for venue throwaway yet; its yield is unavailable" });
  });
});
