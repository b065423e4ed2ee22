// Pyth's accumulator message as its Sui contract reads it (the format tests/support/fake-hermes.ts serves, which cites
// its layout): "PNAU", major 1, minor 0, trailing payload, proof type 0 (Wormhole Merkle), the VAA, then the updates,
// each a price feed message (pyth-crosschain target_chains/sui/contracts/sources/accumulator.move
// parse_price_feed_message: type 0, id, price i64, conf u64, expo i32, publish_time, …) and its Merkle proofs.
// The local node's model of Pyth's push (./venues/navi-oracle.ts) reads the publish times from it.

/** The price feed messages of an accumulator message (id hex without 0x → publish time in s), or null if it is not one. */
export function parseAccumulatorMessage(msg: Uint8Array): Map<string, bigint> | null {
  const b = Buffer.from(msg);
  try {
    if (b.subarray(0, 4).toString() !== "PNAU" || b.readUInt8(4) !== 1) return null;
    let o = 7 + b.readUInt8(6);
    if (b.readUInt8(o) !== 0) return null;
    o += 1;
    const vaaSize = b.readUInt16BE(o);
    o += 2;
    if (b.readUInt8(o) !== 1) return null;
    o += vaaSize;
    const n = b.readUInt8(o);
    o += 1;
    const out = new Map<string, bigint>();
    for (let i = 0; i < n; i++) {
      const size = b.readUInt16BE(o);
      o += 2;
      const m = b.subarray(o, o + size);
      o += size;
      if (m.readUInt8(0) !== 0) return null;
      out.set(m.subarray(1, 33).toString("hex"), m.readBigInt64BE(1 + 32 + 8 + 8 + 4));
      o += 1 + b.readUInt8(o) * 20;
    }
    return out;
  } catch {
    return null;
  }
}
