// What the Solana venue modules of the local chain share: the program-accounts state they write into, the one
// interface a venue's local-chain part exports (./index.ts lists them), and the byte helpers of the hand-written
// account layouts (each layout cites its source beside it, in its venue's file).
import { createHash } from "node:crypto";
import { getAddressDecoder, getAddressEncoder, address as solAddress } from "@solana/kit";
import type { ChainAccount, ProgramModel } from "../anchor-idl";

/** The local chain's Solana program accounts by address (served by getAccountInfo, base64). */
export interface SolanaAccounts {
  solanaAccounts: Map<string, ChainAccount>;
}

/** One Solana venue's part of the local chain: the program models it owns (checked and run by local-chain.ts). */
export interface SolanaVenueChain {
  venue: string;
  programs: readonly ProgramModel[];
}

export const SYSTEM = "11111111111111111111111111111111";
export const pubkey = (a: string) => Buffer.from(getAddressEncoder().encode(solAddress(a)));
export const u8 = (v: number) => Buffer.from([v]);
export const u16 = (v: number) => {
  const b = Buffer.alloc(2);
  b.writeUInt16LE(v);
  return b;
};
export const u64 = (v: bigint) => {
  const b = Buffer.alloc(8);
  b.writeBigUInt64LE(v);
  return b;
};
export const u128 = (v: bigint) => Buffer.concat([u64(BigInt.asUintN(64, v)), u64(BigInt.asUintN(64, v >> 64n))]);
export const zeros = (n: number) => Buffer.alloc(n);
export const anchorDiscriminator = (name: string) => createHash("sha256").update(`account:${name}`).digest().subarray(0, 8);

/** A fresh, distinct address for a fixture account (deterministic per label). */
export function fixtureAddress(label: string): string {
  const bytes = new Uint8Array(32);
  const src = Buffer.from(label.padEnd(32, "#"));
  bytes.set(src.subarray(0, 32));
  return getAddressDecoder().decode(bytes);
}
