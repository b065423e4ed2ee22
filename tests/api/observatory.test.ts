// Graded, not guessed (issue 29 item 3; docs/security.md "The Observatory grade"): the production server's answers for
// `/`, an opportunity, /portfolio, /swap and /docs, fetched as the MDN HTTP Observatory's retriever fetches a site
// (tests/support/observatory-retrieve.ts: over https as the TLS front passes it on, `X-Forwarded-Proto: https`, and over
// http, `X-Forwarded-Proto: http`), graded with its own tests and scoring (tests/support/observatory.ts, ported at
// mdn/mdn-http-observatory 94042bbfbf9f1af722ad9114ada6d271dcb525b9): A+, and the score of every test as stated. The
// server runs with SVC_HTTPS_REDIRECT=1, as behind a TLS front (docs/decisions.md).
import { request } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type App, startApp } from "../support/app";
import { call } from "../support/http";
import { analyzeScan } from "../support/observatory";
import { observe } from "../support/observatory-retrieve";

/** Every test's result on every page: what makes the grade (score 100 + 10 + 5 + 5 = 120, A+). */
const EXPECTED: Record<string, string> = {
  "content-security-policy": "csp-implemented-with-unsafe-inline-in-style-src-only", // 0: style-src 'unsafe-inline' (docs/security.md)
  cookies: "cookies-not-found", // 0
  "cross-origin-embedder-policy": "coep-not-implemented", // 0
  "cross-origin-opener-policy": "coop-implemented-with-same-origin-allow-popups", // +10
  "cross-origin-resource-sharing": "cross-origin-resource-sharing-not-implemented", // 0
  redirection: "redirection-to-https", // 0 (without it: -20)
  "referrer-policy": "referrer-policy-private", // +5
  "strict-transport-security": "hsts-implemented-max-age-at-least-six-months", // 0 (without it: -20)
  "subresource-integrity": "sri-not-implemented-but-all-scripts-loaded-from-secure-origin", // 0
  "x-content-type-options": "x-content-type-options-nosniff", // 0
  "x-frame-options": "x-frame-options-implemented-via-csp", // +5
  "cross-origin-resource-policy": "corp-not-implemented", // 0
};

describe("MDN HTTP Observatory grade of the pages, as the production server answers them", () => {
  let app: App;
  const pages: string[] = ["/", "/portfolio", "/swap", "/docs"];
  beforeAll(async () => {
    app = await startApp({ db: "pglite", env: { SVC_HTTPS_REDIRECT: "1" } });
    const home = await call<{ opportunities: { opportunityId: string; strategyId: string }[] }>(app.url, "GET", "/api/v1/svc/home");
    const kamino = home.json?.opportunities.find((o) => o.strategyId === "kamino");
    if (!kamino) throw new Error("no kamino opportunity on /svc/home");
    pages.splice(1, 0, `/opportunities/${encodeURIComponent(kamino.opportunityId)}`);
  });
  afterAll(async () => {
    await app?.stop();
  });

  it("grades A+ (score 120) on /, an opportunity, /portfolio, /swap and /docs, every test as expected", async () => {
    expect(pages).toHaveLength(5);
    for (const path of pages) {
      const scan = analyzeScan(await observe(app.url, path));
      const results = Object.fromEntries(Object.entries(scan.tests).map(([k, t]) => [k, t.result]));
      expect({ path, results }).toEqual({ path, results: EXPECTED });
      expect({ path, grade: scan.grade, score: scan.score, failed: scan.testsFailed }).toEqual({ path, grade: "A+", score: 120, failed: 0 });
    }
  });

  it("http → https: 308 to the same host, path and query when the front says http; https and no header are served", async () => {
    const host = new URL(app.url).host;
    for (const path of ["/portfolio?wallet=0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266", "/api/v1/svc/status"]) {
      const r = await fetch(`${app.url}${path}`, { headers: { "x-forwarded-proto": "http" }, redirect: "manual" });
      expect(r.status, path).toBe(308);
      expect(r.headers.get("location"), path).toBe(`https://${host}${path}`);
      expect(r.headers.get("x-content-type-options"), path).toBe("nosniff");
      for (const proto of ["https", null]) {
        const served = await fetch(`${app.url}${path}`, { headers: proto ? { "x-forwarded-proto": proto } : {}, redirect: "manual" });
        expect(served.status, `${path} ${proto}`).toBe(200);
      }
    }
    // 308 keeps the method: a POST over http is told to re-send the POST over https.
    const post = await fetch(`${app.url}/api/v1/svc/plans`, { method: "POST", headers: { "x-forwarded-proto": "http", "content-type": "application/json" }, body: "{}", redirect: "manual" });
    expect(post.status).toBe(308);
    // A Host that is not a plain host[:port] is never echoed into a Location: the request is served instead.
    const odd = await new Promise<number>((resolve, reject) => {
      const req = request({ host: "127.0.0.1", port: app.port, path: "/api/v1/svc/status", headers: { host: "evil.example/x?", "x-forwarded-proto": "http" } }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on("error", reject);
      req.end();
    });
    expect(odd).not.toBe(308);
  });
});
