// GET /svc/home's prepared answer (issue 28 item 1): a strong ETag, the same while the catalog is unchanged; If-None-Match
// with it is a 304 with the same headers and no body; a catalog change (a stored yields snapshot) gives new bytes and a
// new ETag, in this instance at once, and on PostgreSQL in another instance too (its commit is signalled by NOTIFY).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getHome } from "../../server/catalog/endpoints";
import { storeSnapshot } from "../../server/catalog/refresh";
import { extractPools } from "../../server/catalog/upstream";
import { type DbHandle, openDatabase } from "../../server/db/client";
import { VENUES } from "../../server/venues";
import { dbKinds, freshDatabase } from "../support/app";
import { makePools, venueRows } from "../support/fake-yields";
import { serveBooted } from "../support/serve";

const rows = makePools(2_000, venueRows(VENUES.map((v) => v.upstream)));
const HOME = "/api/v1/svc/home";

/** The upstream rows as the refresh stores them, with one venue's APY set to `apy` percent. */
function poolsWith(apy: number) {
  const first = VENUES.find((v) => v.upstream.chain === "Sui");
  const changed = rows.map((p) => (first && p.project === first.upstream.project && p.chain === "Sui" && p.symbol === first.upstream.symbol ? { ...p, apy } : p));
  return extractPools({ status: "success", data: changed });
}

async function get(url: string, headers: Record<string, string> = {}) {
  const r = await fetch(`${url}${HOME}`, { headers });
  const body = await r.text();
  return { status: r.status, headers: r.headers, body };
}

describe.each(dbKinds())("GET /svc/home's ETag on %s", (kind) => {
  let url = "";
  let stop: () => Promise<void> = async () => {};
  let own: DbHandle;
  let env: Record<string, string> = {};

  beforeAll(async () => {
    const fresh = await freshDatabase(kind, "svc-home-etag-");
    env = fresh.env;
    const saved = process.env.DATABASE_URL;
    if (!fresh.env.DATABASE_URL) delete process.env.DATABASE_URL;
    ({ url, stop } = await serveBooted([getHome], { ...fresh.env, SVC_DISABLE_JOBS: "1", SVC_LOG_LEVEL: "silent", SVC_RATE_LIMIT_PER_MIN: "100000" }, fresh.drop));
    if (saved !== undefined) process.env.DATABASE_URL = saved;
    const { ensureBooted } = await import("../../server/boot");
    own = await ensureBooted();
    const p = poolsWith(5);
    await storeSnapshot(own.db, p.pools, p.upstreamRows, new Date());
  });
  afterAll(async () => {
    await stop();
  });

  it("is strong and the same while the catalog is unchanged, across the 1 s rebuild", async () => {
    const a = await get(url);
    expect(a.status).toBe(200);
    const etag = a.headers.get("etag");
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{22}"$/);
    expect(JSON.parse(a.body).schemaVersion).toBeDefined();
    expect(a.headers.get("cache-control")).toBe("no-cache");
    const b = await get(url);
    expect(b.headers.get("etag")).toBe(etag);
    expect(b.body).toBe(a.body);
    // Past the 1 s memo the answer is rebuilt: from the same catalog, the same bytes, so the same ETag.
    await new Promise((r) => setTimeout(r, 1_100));
    const c = await get(url);
    // The rebuilt answer keeps the ETag exactly when its bytes are the same (on PostgreSQL a snapshot stored meanwhile
    // by another writer of the shared test database may have changed them).
    expect(c.headers.get("etag") === etag).toBe(c.body === a.body);
  });

  it("answers If-None-Match with that ETag 304, without a body, with the 200's headers", async () => {
    const a = await get(url);
    const etag = a.headers.get("etag") ?? "";
    const n = await get(url, { "if-none-match": etag });
    expect(n.status).toBe(304);
    expect(n.body).toBe("");
    expect(n.headers.get("etag")).toBe(etag);
    expect(n.headers.get("cache-control")).toBe(a.headers.get("cache-control"));
    expect(n.headers.get("x-request-id")).toMatch(/^req_/);
    expect(n.headers.get("x-content-type-options")).toBe("nosniff");
    expect(n.headers.get("ratelimit-policy")).toBe(a.headers.get("ratelimit-policy"));
    // Among others, and weakly compared (RFC 9110): still 304.
    expect((await get(url, { "if-none-match": `"other", W/${etag}` })).status).toBe(304);
    // Another tag: the whole answer.
    const other = await get(url, { "if-none-match": '"not-it"' });
    expect(other.status).toBe(200);
    expect(other.body).toBe(a.body);
  });

  it("changes with the catalog: a stored snapshot with another APY gives new bytes and a new ETag at once", async () => {
    const before = await get(url);
    const p = poolsWith(7.77);
    await storeSnapshot(own.db, p.pools, p.upstreamRows, new Date());
    const after = await get(url);
    expect(after.headers.get("etag")).not.toBe(before.headers.get("etag"));
    expect(after.body).toContain('"grossApyBps":777');
    expect((await get(url, { "if-none-match": before.headers.get("etag") ?? "" })).status).toBe(200);
  });

  it.runIf(kind === "postgres")("changes when another instance stores the catalog (its commit signalled by NOTIFY)", async () => {
    const before = await get(url);
    const other = await openDatabase({ DATABASE_URL: env.DATABASE_URL, SVC_DATA_DIR: "" });
    try {
      const p = poolsWith(8.88);
      await storeSnapshot(other.db, p.pools, p.upstreamRows, new Date());
    } finally {
      await other.close();
    }
    const deadline = Date.now() + 10_000;
    let after = await get(url);
    while (after.headers.get("etag") === before.headers.get("etag") && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 50));
      after = await get(url);
    }
    expect(after.body).toContain('"grossApyBps":888');
  });
});
