// A local Pyth Hermes price service in Hermes's v2 wire format:
//   GET /v2/updates/price/latest?ids[]=<hex id>[&ids[]=…]&encoding=hex|base64&parsed=true|false
//   → 200 { binary: { encoding, data: [<one accumulator message>] }, parsed: [{ id, price: { price, conf, expo,
//     publish_time }, ema_price, metadata: { slot, proof_available_time, prev_publish_time } }] }
//   (@pythnetwork/hermes-client 3.1.0 dist/esm/hermes-client.mjs getLatestPriceUpdates and dist/esm/zodSchemas.mjs
//   PriceUpdate, BinaryUpdate, ParsedPriceUpdate, RpcPrice; encoding defaults to hex there); an id it does not serve
//   → 404 "Price ids not found: …"; `failing` answers 503 to everything.
// The binary data is an accumulator message as Pyth's Sui contract reads it: "PNAU", major 1, minor 0, trailing
// payload size and bytes, proof type 0 (Wormhole Merkle), u16 VAA size and the VAA, u8 update count, per update u16
// message size, the price feed message and u8 proof count + 20-byte proofs (the header layout pyth-sui-js 2.2.0
// lib/client.js extractVaaBytesFromAccumulatorMessage reads; the price feed message as pyth-crosschain
// target_chains/sui/contracts/sources/accumulator.move parse_price_feed_message reads it: type 0, id, price i64, conf
// u64, expo i32, publish_time, prev_publish_time, ema_price, ema_conf). The VAA is version 1 with no guardian
// signatures and an "AUWV" Merkle-root payload: the local node does not verify guardian signatures or Merkle proofs.
import { createServer, type Server } from "node:http";

export interface HermesPrice {
  price: bigint;
  conf: bigint;
  expo: number;
  /** Seconds. */
  publishTime: bigint;
}

export interface FakeHermes {
  url: string;
  /** Prices served, by price id (hex, no 0x, lower-case). */
  prices: Map<string, HermesPrice>;
  failing: { on: boolean };
  /** Path and query of each request. */
  requests: string[];
  close: () => Promise<void>;
}

const bare = (id: string) => id.replace(/^0x/i, "").toLowerCase();

function priceFeedMessage(id: string, p: HermesPrice): Buffer {
  const b = Buffer.alloc(1 + 32 + 8 + 8 + 4 + 8 + 8 + 8 + 8);
  let o = b.writeUInt8(0, 0);
  o += Buffer.from(bare(id), "hex").copy(b, o);
  o = b.writeBigInt64BE(p.price, o);
  o = b.writeBigUInt64BE(p.conf, o);
  o = b.writeInt32BE(p.expo, o);
  o = b.writeBigInt64BE(p.publishTime, o);
  o = b.writeBigInt64BE(p.publishTime - 1n, o);
  o = b.writeBigInt64BE(p.price, o);
  b.writeBigUInt64BE(p.conf, o);
  return b;
}

/** A version-1 VAA without signatures whose payload is an "AUWV" Merkle root (update type 0, slot, ring size, root). */
function vaa(slot: bigint): Buffer {
  const payload = Buffer.concat([Buffer.from("AUWV"), Buffer.from([0]), u64(slot), u32(10_000), Buffer.alloc(20, 7)]);
  const body = Buffer.concat([u32(Number(slot % 4_000_000_000n)), u32(0), Buffer.from([0, 26]), Buffer.alloc(32, 0xe1), u64(slot), Buffer.from([1]), payload]);
  return Buffer.concat([Buffer.from([1]), u32(4), Buffer.from([0]), body]);
}
const u32 = (v: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(v);
  return b;
};
const u64 = (v: bigint) => {
  const b = Buffer.alloc(8);
  b.writeBigUInt64BE(v);
  return b;
};
const u16 = (v: number) => {
  const b = Buffer.alloc(2);
  b.writeUInt16BE(v);
  return b;
};

/** One accumulator message carrying a price feed message per id. */
export function accumulatorMessage(prices: [string, HermesPrice][], slot = 200_000_000n): Buffer {
  const v = vaa(slot);
  const updates = prices.map(([id, p]) => {
    const m = priceFeedMessage(id, p);
    return Buffer.concat([u16(m.length), m, Buffer.from([1]), Buffer.alloc(20, 3)]);
  });
  return Buffer.concat([Buffer.from("PNAU"), Buffer.from([1, 0, 0, 0]), u16(v.length), v, Buffer.from([updates.length]), ...updates]);
}

export async function startFakeHermes(): Promise<FakeHermes> {
  const prices = new Map<string, HermesPrice>();
  const failing = { on: false };
  const requests: string[] = [];
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://x");
    requests.push(`${url.pathname}${url.search}`);
    const send = (status: number, body: unknown) => res.writeHead(status, { "content-type": "application/json" }).end(typeof body === "string" ? body : JSON.stringify(body));
    if (failing.on) return send(503, "Service Unavailable");
    if (req.method !== "GET" || url.pathname !== "/v2/updates/price/latest") return send(404, "Not Found");
    const ids = url.searchParams.getAll("ids[]").map(bare);
    const encoding = url.searchParams.get("encoding") ?? "hex";
    if (encoding !== "hex" && encoding !== "base64") return send(400, `Invalid encoding: ${encoding}`);
    if (ids.length === 0) return send(400, "Missing ids[]");
    const missing = ids.filter((id) => !prices.has(id));
    if (missing.length > 0) return send(404, `Price ids not found: ${missing.join(", ")}`);
    const entries = ids.map((id) => [id, prices.get(id) as HermesPrice] as [string, HermesPrice]);
    const rpcPrice = (p: HermesPrice) => ({ price: p.price.toString(), conf: p.conf.toString(), expo: p.expo, publish_time: Number(p.publishTime) });
    const parsed = entries.map(([id, p]) => ({ id, price: rpcPrice(p), ema_price: rpcPrice(p), metadata: { slot: 200_000_000, proof_available_time: Number(p.publishTime) + 1, prev_publish_time: Number(p.publishTime) - 1 } }));
    const data = accumulatorMessage(entries).toString(encoding);
    return send(200, { binary: { encoding, data: [data] }, ...(url.searchParams.get("parsed") === "false" ? {} : { parsed }) });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    prices,
    failing,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
