// Upstream data served by the local yields server (DefiLlama wire format). Tests assert against these numbers.
export interface PoolRow {
  pool: string;
  chain: string;
  project: string;
  symbol: string;
  tvlUsd: number | null;
  apy: number | null;
  apyBase: number | null;
  apyReward: number | null;
  apyMean30d: number | null;
  stablecoin: boolean;
}

export const POOLS: PoolRow[] = [
  { pool: "e2e-sui-navi-usdc", chain: "Sui", project: "navi-lending", symbol: "USDC", tvlUsd: 182_400_000, apy: 5.23, apyBase: 4.9, apyReward: 0.33, apyMean30d: 4.87, stablecoin: true },
  { pool: "e2e-sui-scallop-usdc", chain: "Sui", project: "scallop-lend", symbol: "USDC", tvlUsd: 96_000_000, apy: 7.41, apyBase: 7.41, apyReward: null, apyMean30d: 6.95, stablecoin: true },
  { pool: "e2e-sui-suilend-usdc", chain: "Sui", project: "suilend", symbol: "USDC", tvlUsd: 120_500_000, apy: null, apyBase: null, apyReward: null, apyMean30d: null, stablecoin: true },
  { pool: "e2e-sol-kamino-usdc", chain: "Solana", project: "kamino-lend", symbol: "USDC", tvlUsd: 1_250_000_000, apy: 6.12, apyBase: 6.12, apyReward: null, apyMean30d: 5.55, stablecoin: true },
  { pool: "e2e-sol-marginfi-usdc", chain: "Solana", project: "marginfi-lending", symbol: "USDC", tvlUsd: 310_000_000, apy: 4.05, apyBase: 4.05, apyReward: null, apyMean30d: 4.4, stablecoin: true },
  { pool: "e2e-base-aave-usdc", chain: "Base", project: "aave-v3", symbol: "USDC", tvlUsd: 540_000_000, apy: 3.88, apyBase: 3.88, apyReward: null, apyMean30d: 4.02, stablecoin: true },
  { pool: "e2e-base-morpho-usdc", chain: "Base", project: "morpho-blue", symbol: "USDC", tvlUsd: 880_000_000, apy: 8.02, apyBase: 6.5, apyReward: 1.52, apyMean30d: 7.1, stablecoin: true },
  { pool: "e2e-arb-aave-usdc", chain: "Arbitrum", project: "aave-v3", symbol: "USDC", tvlUsd: 410_000_000, apy: 4.6, apyBase: 4.6, apyReward: null, apyMean30d: null, stablecoin: true },
  { pool: "e2e-arb-compound-usdc", chain: "Arbitrum", project: "compound-v3", symbol: "USDC", tvlUsd: null, apy: 5.01, apyBase: 5.01, apyReward: null, apyMean30d: 4.8, stablecoin: true },
  // Not a stablecoin, and a chain we do not list: must not appear.
  { pool: "e2e-eth-lido-steth", chain: "Ethereum", project: "lido", symbol: "STETH", tvlUsd: 30_000_000_000, apy: 2.9, apyBase: 2.9, apyReward: null, apyMean30d: 3.0, stablecoin: false },
];

/** 60 daily points ending now; every 10th point has a null APY (a gap, never a 0). */
export function chartFor(pool: string, now = Date.now()) {
  const p = POOLS.find((x) => x.pool === pool);
  if (!p) return null;
  const base = p.apy ?? 5;
  const tvl = p.tvlUsd ?? 100_000_000;
  return Array.from({ length: 60 }, (_, i) => {
    const t = new Date(now - (59 - i) * 86_400_000);
    const apy = i % 10 === 9 ? null : Math.round((base + Math.sin(i / 5)) * 100) / 100;
    return { timestamp: t.toISOString(), tvlUsd: Math.round(tvl * (0.9 + i / 600)), apy, apyBase: apy, apyReward: null };
  });
}
