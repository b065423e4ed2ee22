// Security headers on every answer (issue 29 item 2, first part; contract §11): pages and API answers say nosniff, a
// strict referrer policy, deny what the app never uses, cannot be framed by any site (X-Frame-Options and CSP
// frame-ancestors), and keep wallet pop-ups' opener only; HSTS only when the answer went out over https; wallet-scoped
// API answers are not stored by any cache.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type App, startApp } from "../support/app";
import { call } from "../support/http";

const PATHS = ["/", "/portfolio", "/swap", "/docs", "/api/v1/svc/status", "/api/v1/svc/portfolio?wallet=0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266", "/api/v1/nope"];

describe("security headers on every page and API answer", () => {
  let app: App;
  beforeAll(async () => {
    app = await startApp({ db: "pglite" });
  });
  afterAll(async () => {
    await app?.stop();
  });

  for (const path of PATHS) {
    it(`${path}: nosniff, referrer policy, permissions denied, no framing, opener kept for pop-ups only`, async () => {
      const r = await call(app.url, "GET", path);
      expect(r.status).toBeLessThan(500);
      const h = (k: string) => r.headers.get(k);
      expect(h("x-content-type-options")).toBe("nosniff");
      expect(h("referrer-policy")).toBe("strict-origin-when-cross-origin");
      for (const feature of ["camera=()", "microphone=()", "geolocation=()", "payment=()"]) expect(h("permissions-policy")).toContain(feature);
      expect(h("x-frame-options")).toBe("DENY");
      const csp = h("content-security-policy") ?? "";
      if (path.startsWith("/api/")) {
        // A JSON answer loads nothing and is never framed.
        expect(csp).toBe("default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'");
      } else {
        for (const d of ["frame-ancestors 'none'", "base-uri 'none'", "object-src 'none'", "form-action 'self'", "default-src 'self'"]) expect(csp).toContain(d);
        // Scripts only with this answer's nonce (and what they load), never inline or eval'd code in production.
        const script = /script-src ([^;]*)/.exec(csp)?.[1] ?? "";
        expect(script).toMatch(/^'self' 'nonce-[A-Za-z0-9+/]{22}==' 'strict-dynamic'$/);
        expect(csp).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
        // Next.js's own scripts carry the nonce, and it is new on every answer.
        const nonce = /'nonce-([^']+)'/.exec(script)?.[1] ?? "";
        expect(r.text).toContain(`nonce="${nonce}"`);
        const again = (await call(app.url, "GET", path)).headers.get("content-security-policy") ?? "";
        expect(again).not.toContain(nonce);
        // The chain RPCs the wallet stack talks to are allowed to be called, nothing else outside this origin.
        expect(/connect-src ([^;]*)/.exec(csp)?.[1]).toBe("'self' https://fullnode.mainnet.sui.io https://api.mainnet-beta.solana.com https://mainnet.base.org https://arb1.arbitrum.io");
      }
      expect(h("cross-origin-opener-policy")).toBe("same-origin-allow-popups");
      // Plain http (local): no HSTS, which would pin a browser to an https this server does not serve.
      expect(h("strict-transport-security")).toBeNull();
    });
  }

  it("HSTS when a TLS proxy in front says the answer goes out over https", async () => {
    for (const path of ["/", "/api/v1/svc/status"]) {
      const r = await call(app.url, "GET", path, { headers: { "x-forwarded-proto": "https" } });
      expect(r.headers.get("strict-transport-security"), path).toBe("max-age=63072000; includeSubDomains");
    }
  });

  it("CORS: no other origin may read an API answer from a browser, with or without credentials (no Access-Control-* at all)", async () => {
    const origin = "https://evil.example";
    const read = await call(app.url, "GET", "/api/v1/svc/status", { headers: { origin } });
    expect(read.status).toBe(200);
    const preflight = await fetch(`${app.url}/api/v1/wallets/0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266/route`, {
      method: "OPTIONS",
      headers: { origin, "access-control-request-method": "POST", "access-control-request-headers": "x-api-key, content-type" },
    });
    for (const h of [read.headers, preflight.headers]) {
      for (const k of ["access-control-allow-origin", "access-control-allow-credentials", "access-control-allow-headers", "access-control-allow-methods"]) expect(h.get(k)).toBeNull();
    }
    // The preflight answer approves no origin, method or header, so a browser never sends the cross-origin POST with a
    // key (whatever its status: without Access-Control-Allow-Origin the preflight fails in the browser).
    expect(preflight.status).toBeLessThan(500);
  });

  it("wallet-scoped API answers are never stored by a cache", async () => {
    const r = await call(app.url, "GET", "/api/v1/svc/portfolio?wallet=0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266");
    expect(r.status).toBe(200);
    expect(r.headers.get("cache-control")).toBe("no-store");
    // A wallet's activity, and a keyed wallet read refused without a key: not stored either (errors included).
    const activity = await call(app.url, "GET", "/api/v1/svc/activity?wallet=0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266");
    expect(activity.status).toBe(200);
    expect(activity.headers.get("cache-control")).toBe("no-store");
    const keyed = await call(app.url, "GET", "/api/v1/wallets/0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266/autopilot/history");
    expect(keyed.status).toBe(401);
    expect(keyed.headers.get("cache-control")).toBe("no-store");
  });

  it("without SVC_HTTPS_REDIRECT (local http), a request marked X-Forwarded-Proto: http is served, not redirected", async () => {
    for (const path of ["/", "/api/v1/svc/status"]) {
      const r = await fetch(`${app.url}${path}`, { headers: { "x-forwarded-proto": "http" }, redirect: "manual" });
      expect(r.status, path).toBe(200);
      expect(r.headers.get("location"), path).toBeNull();
    }
  });
});
