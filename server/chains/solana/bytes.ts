// Little-endian integers inside raw Solana account data (the layouts every reader cites are little-endian).

function view(b: Uint8Array): DataView {
  return new DataView(b.buffer, b.byteOffset, b.byteLength);
}

export function u64le(b: Uint8Array, at: number): bigint {
  return view(b).getBigUint64(at, true);
}

export function u128le(b: Uint8Array, at: number): bigint {
  return u64le(b, at) + (u64le(b, at + 8) << 64n);
}

/** Two's-complement i128 (e.g. a fixed-point I80F48's bits). */
export function i128le(b: Uint8Array, at: number): bigint {
  return BigInt.asIntN(128, u128le(b, at));
}

export function bytesEqual(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}
