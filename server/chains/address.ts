// Wallet address rules per chain family (contract §2). Sui: 0x + 64 hex; Solana: base58 of 32 bytes; EVM: 0x + 40 hex.
import { z } from "zod";
import { markKind } from "../http/kinds";

export type ChainFamily = "sui" | "solana" | "evm";
export type ChainId = "move-chain" | "svm-chain" | "evm-a" | "evm-b";
export type ChainSegment = "move" | "svm" | "evm-a" | "evm-b";

export const CHAIN_IDS = ["move-chain", "svm-chain", "evm-a", "evm-b"] as const satisfies readonly ChainId[];
export const CHAIN_SEGMENTS = ["move", "svm", "evm-a", "evm-b"] as const satisfies readonly ChainSegment[];

export const CHAIN_FAMILY: Record<ChainId, ChainFamily> = {
  "move-chain": "sui",
  "svm-chain": "solana",
  "evm-a": "evm",
  "evm-b": "evm",
};
export const SEGMENT_TO_CHAIN: Record<ChainSegment, ChainId> = {
  move: "move-chain",
  svm: "svm-chain",
  "evm-a": "evm-a",
  "evm-b": "evm-b",
};

const B58 = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";
const B58_MAP = new Map([...B58].map((c, i) => [c, BigInt(i)]));

/** Decodes base58 to bytes; null for a character outside the alphabet. */
export function base58Decode(s: string): Uint8Array | null {
  let n = 0n;
  for (const c of s) {
    const v = B58_MAP.get(c);
    if (v === undefined) return null;
    n = n * 58n + v;
  }
  const bytes: number[] = [];
  while (n > 0n) {
    bytes.unshift(Number(n & 0xffn));
    n >>= 8n;
  }
  for (const c of s) {
    if (c !== "1") break;
    bytes.unshift(0);
  }
  return Uint8Array.from(bytes);
}

export function isSuiAddress(a: string): boolean {
  return /^0x[0-9a-fA-F]{64}$/.test(a);
}
export function isEvmAddress(a: string): boolean {
  return /^0x[0-9a-fA-F]{40}$/.test(a);
}
export function isSolanaAddress(a: string): boolean {
  if (a.length < 32 || a.length > 44) return false;
  return base58Decode(a)?.length === 32;
}

export function isAddressOf(family: ChainFamily, a: string): boolean {
  if (family === "sui") return isSuiAddress(a);
  if (family === "evm") return isEvmAddress(a);
  return isSolanaAddress(a);
}

/** The family an address belongs to, or null when it is none of them. */
export function addressFamily(a: string): ChainFamily | null {
  if (isSuiAddress(a)) return "sui";
  if (isEvmAddress(a)) return "evm";
  if (isSolanaAddress(a)) return "solana";
  return null;
}

/** Canonical form used for storage and comparison: hex families lower-cased, Solana as is. */
export function normalizeAddress(a: string): string {
  return a.startsWith("0x") ? a.toLowerCase() : a;
}

export function sameAddress(a: string, b: string): boolean {
  return normalizeAddress(a) === normalizeAddress(b);
}

export const ADDRESS_MESSAGE = "must be a wallet address: Sui 0x+64 hex, Solana base58 (32 bytes) or EVM 0x+40 hex";

/** Any-family wallet address (request schema; output is normalized). */
export const walletAddress = markKind(
  z
    .string({ error: ADDRESS_MESSAGE })
    .refine((a) => addressFamily(a) !== null, { error: ADDRESS_MESSAGE })
    .meta({ description: "Wallet address (Sui, Solana or EVM)", example: `0x${"a".repeat(64)}` }),
  "address",
);

/** A family as people write it, with its article: "a Sui", "a Solana", "an EVM". */
export const FAMILY_NAME: Record<ChainFamily, string> = { sui: "a Sui", solana: "a Solana", evm: "an EVM" };
const ADDRESS_SHAPE: Record<ChainFamily, string> = { sui: "0x + 64 hex", solana: "base58, 32 bytes", evm: "0x + 40 hex" };

/** The one wording of a wrong-family address: "must be an EVM address (0x + 40 hex)"; `where` adds e.g. "on evm-a". */
export function mustBeAddressOf(family: ChainFamily, where?: string): string {
  return `must be ${FAMILY_NAME[family]} address (${ADDRESS_SHAPE[family]})${where ? ` ${where}` : ""}`;
}

export function addressOf(family: ChainFamily) {
  const msg = mustBeAddressOf(family);
  return markKind(z.string({ error: msg }).refine((a) => isAddressOf(family, a), { error: msg }), "address");
}
