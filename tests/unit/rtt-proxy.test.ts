// The round-trip-time proxy the plan-latency test and bench count waves with (testing/latency/rtt-proxy.ts): requests
// sent together are one wave, a request sent after another's answer is the next, a JSON-RPC batch is one exchange, and
// the longest chain of waits is what counts (an exchange overlapping two sequential ones does not merge them).
import { createServer, type Server } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { countWaves, type RttProxy, startRttProxy, wavesOf } from "../../testing/latency/rtt-proxy";

describe("countWaves", () => {
  it("counts the longest chain of exchanges that each started after the previous one ended", () => {
    expect(countWaves([])).toBe(0);
    expect(countWaves([{ what: "a", start: 0, end: 50 }])).toBe(1);
    // Parallel.
    expect(countWaves([{ what: "a", start: 0, end: 50 }, { what: "b", start: 1, end: 52 }])).toBe(1);
    // Sequential.
    expect(countWaves([{ what: "a", start: 0, end: 50 }, { what: "b", start: 51, end: 101 }])).toBe(2);
    // a then b, with c overlapping both: still two sequential round trips, not one busy period.
    const xs = [
      { what: "a", start: 0, end: 50 },
      { what: "c", start: 40, end: 90 },
      { what: "b", start: 55, end: 105 },
    ];
    expect(countWaves(xs)).toBe(2);
    expect(wavesOf(xs)).toEqual([["a", "c"], ["b"]]);
  });
});

describe("the proxy, in front of a JSON-RPC server", () => {
  let upstream: Server;
  let proxy: RttProxy;
  beforeAll(async () => {
    upstream = createServer((req, res) => {
      let raw = "";
      req.on("data", (d) => {
        raw += d;
      });
      req.on("end", () => {
        const body = JSON.parse(raw) as { id: number } | { id: number }[];
        const reply = (m: { id: number }) => ({ jsonrpc: "2.0", id: m.id, result: "0x1" });
        res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(Array.isArray(body) ? body.map(reply) : reply(body)));
      });
    });
    await new Promise<void>((r) => upstream.listen(0, "127.0.0.1", r));
    const a = upstream.address();
    proxy = await startRttProxy(`http://127.0.0.1:${typeof a === "object" && a ? a.port : 0}`, 20);
  });
  afterAll(async () => {
    await proxy?.close();
    upstream?.closeAllConnections();
    await new Promise((r) => upstream?.close(r));
  });

  const rpc = (body: unknown) => fetch(proxy.url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) }).then((r) => r.json());

  it("forwards the answer and names what was asked", async () => {
    proxy.reset();
    expect(await rpc({ jsonrpc: "2.0", id: 7, method: "eth_chainId" })).toEqual({ jsonrpc: "2.0", id: 7, result: "0x1" });
    expect(await rpc([{ jsonrpc: "2.0", id: 0, method: "eth_call" }, { jsonrpc: "2.0", id: 1, method: "eth_estimateGas" }])).toHaveLength(2);
    expect(proxy.exchanges().map((x) => x.what)).toEqual(["eth_chainId", "batch[eth_call,eth_estimateGas]"]);
    expect(proxy.waves()).toBe(2);
  });

  it("three requests in parallel are one wave; three one after another are three", async () => {
    proxy.reset();
    await Promise.all([1, 2, 3].map((id) => rpc({ jsonrpc: "2.0", id, method: "getAccountInfo" })));
    expect(proxy.waves()).toBe(1);
    proxy.reset();
    for (const id of [1, 2, 3]) await rpc({ jsonrpc: "2.0", id, method: "getAccountInfo" });
    expect(proxy.exchanges()).toHaveLength(3);
    expect(proxy.waves()).toBe(3);
  });
});
