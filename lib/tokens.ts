// Tokens the dashboard and the service know by name, per chain: symbol, name and decimals, each address cited.
// Any other token is resolved from its chain's own metadata (GET /svc/tokens/lookup); an amount is never converted
// with guessed decimals. Client-safe (no server imports): server/chains/balances.ts re-exports USDC from here.
import type { ChainId } from "./api-types";

export interface TokenInfo {
  chain: ChainId;
  /** Mint (Solana), coin type (Sui) or contract address (EVM). */
  address: string;
  symbol: string;
  name: string;
  decimals: number;
}

/** Circle USDC on each network (6 decimals, so base units are micros); @circle-fin/bridge-kit 1.15.1 chains.mjs `usdcAddress`. */
export const USDC = {
  "move-chain": "0xdba34672e30cb065b1f93e3ab55318768fd6fef66c15942c9f7cb846e2f900e7::usdc::USDC",
  "svm-chain": "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v",
  "evm-a": "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
  "evm-b": "0xaf88d065e77c8cC2239327C5EDb3A432268e5831",
} as const satisfies Record<ChainId, string>;

/** The chain's native asset, in which network fees are paid. */
export const NATIVE: Record<ChainId, { symbol: "SUI" | "SOL" | "ETH"; decimals: number; unit: string }> = {
  "move-chain": { symbol: "SUI", decimals: 9, unit: "MIST" },
  "svm-chain": { symbol: "SOL", decimals: 9, unit: "lamports" },
  "evm-a": { symbol: "ETH", decimals: 18, unit: "wei" },
  "evm-b": { symbol: "ETH", decimals: 18, unit: "wei" },
};

/** A Move coin type: 0x<address>::<module>::<NAME> (address of 1–64 hex digits). */
export const SUI_COIN_TYPE = /^0x[0-9a-fA-F]{1,64}::[A-Za-z_][A-Za-z0-9_]*::[A-Za-z_][A-Za-z0-9_]*$/;

/** Wrapped SOL's mint: @solana/spl-token 0.4.15 lib/esm/constants.js NATIVE_MINT (SPL token program/src/native_mint.rs). */
export const WRAPPED_SOL_MINT = "So11111111111111111111111111111111111111112";

const usdc = (chain: ChainId): TokenInfo => ({ chain, address: USDC[chain], symbol: "USDC", name: "USD Coin (Circle)", decimals: 6 });

export const KNOWN_TOKENS: Record<ChainId, readonly TokenInfo[]> = {
  "move-chain": [
    usdc("move-chain"),
    // @mysten/sui 2.33.1 utils/constants: SUI_TYPE_ARG, SUI_DECIMALS = 9.
    { chain: "move-chain", address: "0x2::sui::SUI", symbol: "SUI", name: "Sui", decimals: 9 },
  ],
  "svm-chain": [
    usdc("svm-chain"),
    // 9 decimals (SPL token/program native_mint.rs DECIMALS).
    { chain: "svm-chain", address: WRAPPED_SOL_MINT, symbol: "SOL", name: "Wrapped SOL", decimals: 9 },
  ],
  "evm-a": [
    usdc("evm-a"),
    // @bgd-labs/aave-address-book 4.44.22 AaveV3Base ASSETS.WETH: UNDERLYING, decimals 18 (its tokenlist.json, chainId
    // 8453: symbol "WETH", name "Wrapped Ether", decimals 18).
    { chain: "evm-a", address: "0x4200000000000000000000000000000000000006", symbol: "WETH", name: "Wrapped Ether", decimals: 18 },
  ],
  "evm-b": [
    usdc("evm-b"),
    // @bgd-labs/aave-address-book 4.44.22 AaveV3Arbitrum ASSETS.WETH: UNDERLYING, decimals 18 (its tokenlist.json, chainId
    // 42161: symbol "WETH", name "Wrapped Ether", decimals 18).
    { chain: "evm-b", address: "0x82aF49447D8a07e3bd95BD0d56f35241523fBab1", symbol: "WETH", name: "Wrapped Ether", decimals: 18 },
  ],
};

const SUI_FRAMEWORK_LONG = `0x${"0".repeat(63)}2`;

/** Sui addresses in coin types compare in their long form (0x2 = 0x00…02). */
function canonical(chain: ChainId, address: string): string {
  if (chain === "evm-a" || chain === "evm-b") return address.toLowerCase();
  if (chain === "move-chain") return address.replace(/^0x0*2::/i, `${SUI_FRAMEWORK_LONG}::`).replace(/^0x0*([0-9a-f]+)::/i, (_, hex: string) => `0x${hex.toLowerCase().padStart(64, "0")}::`);
  return address;
}

/** A known token by address (any case for EVM, short or long Sui address) or by symbol ("USDC"); null when unknown. */
export function knownToken(chain: ChainId, addressOrSymbol: string): TokenInfo | null {
  const want = addressOrSymbol.trim();
  const list = KNOWN_TOKENS[chain];
  const bySymbol = list.find((t) => t.symbol.toLowerCase() === want.toLowerCase());
  if (bySymbol) return bySymbol;
  const c = canonical(chain, want);
  return list.find((t) => canonical(chain, t.address) === c) ?? null;
}
