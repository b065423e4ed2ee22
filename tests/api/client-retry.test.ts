// The typed client's retries (issue 27 item 2) against a real HTTP server on loopback that answers 429 or 503 with
// Retry-After, then 200: the wait honours Retry-After, a money call keeps its Idempotency-Key and body on every
// attempt, attempts are bounded, and a Retry-After above maxDelayMs is handed back instead of waited for.
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSvcClient, unwrap } from "../../client/src/index";

interface Seen {
  at: number;
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}
type Answer = { status: number; retryAfter?: string };

describe("client retries against a loopback server", () => {
  let server: Server;
  let base = "";
  let seen: Seen[] = [];
  let script: Answer[] = [];

  beforeAll(async () => {
    server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", () => {
        seen.push({ at: Date.now(), method: req.method ?? "", url: req.url ?? "", headers: req.headers, body: Buffer.concat(chunks).toString("utf8") });
        const a = script.shift() ?? { status: 200 };
        const headers: Record<string, string> = { "content-type": "application/json", "x-request-id": `req_${seen.length}` };
        if (a.retryAfter !== undefined) headers["retry-after"] = a.retryAfter;
        const body =
          a.status === 200
            ? { schemaVersion: "svc-status.v1", n: seen.length }
            : { code: a.status === 429 ? "RATE_LIMITED" : "UPSTREAM_UNAVAILABLE", message: "try later", requestId: `req_${seen.length}` };
        res.writeHead(a.status, headers).end(JSON.stringify(body));
      });
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise<void>((r) => server.close(() => r()));
  });
  const reset = (s: Answer[]) => {
    seen = [];
    script = s;
  };

  it("waits what Retry-After says on a 429, then answers the 200", async () => {
    reset([{ status: 429, retryAfter: "1" }]);
    const started = Date.now();
    const data = await unwrap(createSvcClient({ baseUrl: base }).GET("/api/v1/svc/status"));
    expect(data).toMatchObject({ n: 2 });
    expect(seen).toHaveLength(2);
    expect((seen[1]?.at ?? 0) - (seen[0]?.at ?? 0)).toBeGreaterThanOrEqual(950);
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it("retries a money call on 503 with the same Idempotency-Key and body", async () => {
    reset([{ status: 503, retryAfter: "0" }, { status: 429 }]);
    const svc = createSvcClient({ baseUrl: base, apiKey: "k", retry: { baseDelayMs: 20 } });
    const r = await svc.POST("/api/v1/wallets/{address}/route", { params: { path: { address: "0xabc" } }, body: { amountMicros: "1250000", chain: "move-chain" } });
    expect(r.response.status).toBe(200);
    expect(seen.map((s) => s.method)).toEqual(["POST", "POST", "POST"]);
    const keys = seen.map((s) => s.headers["idempotency-key"]);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Set(keys).size).toBe(1);
    expect(new Set(seen.map((s) => s.body))).toEqual(new Set([JSON.stringify({ amountMicros: "1250000", chain: "move-chain" })]));
  });

  it("stops after the bounded attempts and hands back a typed error", async () => {
    reset([{ status: 429, retryAfter: "0" }, { status: 429, retryAfter: "0" }, { status: 429, retryAfter: "0" }, { status: 429, retryAfter: "0" }]);
    const e = await unwrap(createSvcClient({ baseUrl: base, retry: { attempts: 3 } }).GET("/api/v1/svc/status")).catch((x: unknown) => x);
    expect(seen).toHaveLength(3);
    expect(e).toMatchObject({ name: "SvcApiError", code: "RATE_LIMITED", status: 429, requestId: "req_3" });
  });

  it("does not wait a Retry-After above maxDelayMs, and retry: false sends once", async () => {
    reset([{ status: 429, retryAfter: "120" }]);
    const started = Date.now();
    const r = await createSvcClient({ baseUrl: base, retry: { maxDelayMs: 1_000 } }).GET("/api/v1/svc/status");
    expect(Date.now() - started).toBeLessThan(1_000);
    expect({ n: seen.length, status: r.response.status, code: r.error?.code }).toEqual({ n: 1, status: 429, code: "RATE_LIMITED" });
    reset([{ status: 503 }]);
    const once = await createSvcClient({ baseUrl: base, retry: false }).GET("/api/v1/svc/status");
    expect({ n: seen.length, status: once.response.status }).toEqual({ n: 1, status: 503 });
  });

  it("a non-JSON error answer is UNEXPECTED_RESPONSE with the X-Request-Id header", async () => {
    const plain = createServer((_req, res) => res.writeHead(502, { "content-type": "text/html", "x-request-id": "req_proxy" }).end("<html>bad gateway</html>"));
    await new Promise<void>((r) => plain.listen(0, "127.0.0.1", r));
    const url = `http://127.0.0.1:${(plain.address() as AddressInfo).port}`;
    const e = await unwrap(createSvcClient({ baseUrl: url }).GET("/api/v1/svc/status")).catch((x: unknown) => x);
    plain.closeAllConnections();
    await new Promise<void>((r) => plain.close(() => r()));
    expect(e).toMatchObject({ code: "UNEXPECTED_RESPONSE", status: 502, requestId: "req_proxy" });
  });
});
