// What the soak, crash and fault tests run the app with: an owner and an agent key over every wallet, no rate limit
// in the way, the local chain as move-chain's RPC with Suilend's USDC reserve growing a little every 250 ms (so
// harvest and auto-pay find real yield, read from the venue as in production).
import { suilend } from "../../server/venues/suilend/descriptor";
import type { FakeRpc } from "./fake-rpc";

export const SOAK_KEYS = { owner: "soak-owner-key-000000000001", agent: "soak-agent-key-000000000001" };

export function soakEnv(rpcUrl: string, extra: Record<string, string> = {}): Record<string, string> {
  return {
    SVC_API_KEYS: JSON.stringify([
      { key: SOAK_KEYS.owner, role: "owner", wallets: ["*"] },
      { key: SOAK_KEYS.agent, role: "agent", wallets: ["*"] },
    ]),
    SVC_RPC_MOVE: rpcUrl,
    SVC_RATE_LIMIT_PER_MIN: "100000000",
    SVC_YIELD_SKIM_BPS: "500",
    ...extra,
  };
}

/** Suilend's USDC reserve on the local chain at `available` per 1e6 cTokens (its index). */
export function setSuilendRate(rpc: FakeRpc, available: bigint): void {
  const { lendingMarket, usdcCoinType } = suilend.onchain as { lendingMarket: string; usdcCoinType: string };
  rpc.suilendMarkets.set(lendingMarket, [{ coinType: usdcCoinType, available, ctokens: 1_000_000n, borrowedWad: 0n, unclaimedWad: 0n }]);
}

/** Starts the reserve at 1.0 and raises it 0.01 % every 250 ms; returns the function that stops it. */
export function startRateDrift(rpc: FakeRpc): () => void {
  let rate = 1_000_000n;
  setSuilendRate(rpc, rate);
  const t = setInterval(() => {
    rate += 100n;
    setSuilendRate(rpc, rate);
  }, 250);
  return () => clearInterval(t);
}
