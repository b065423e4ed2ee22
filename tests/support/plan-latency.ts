// Plan latency (issues 13.8, 14.7, 15.7): the three local chains behind round-trip-time proxies, for the vitest wave
// count (tests/api/plan-latency.test.ts) and `npm run bench plan-latency` (bench/plan-latency.ts).
// - move-chain: the local Sui gRPC-web node (testing/chains/sui, mounted by the local chain testing/chains/server.ts) with Suilend's UpgradeCap and
//   main LendingMarket (a USDC reserve);
// - svm-chain: the local Solana RPC (testing/chains/server.ts JSON-RPC, simulateTransaction by testing/chains/solana/local-chain.ts:
//   litesvm plus klend's checked interface) with Kamino's main market and USDC reserve;
// - evm-a: the in-process EVM (testing/chains/evm/node.ts) with Aave v3's shipped bytecode at Base's addresses.
// Each owner is new (`fundedOwner`): funded on its chain so the plan's simulation passes, never seen by the service.
import { createHash, randomBytes } from "node:crypto";
import { getAddressDecoder, } from "@solana/kit";
import { getVenue } from "../../server/venues";
import { kamino } from "../../server/venues/kamino/descriptor";
import { SUILEND_CTOKEN_TYPE } from "../../server/venues/suilend/build";
import { suilend } from "../../server/venues/suilend/descriptor";
import { type AaveDeployment, deployAaveV3, mintUsdc } from "../../testing/chains/evm/aave";
import { type EvmNode, startEvmNode } from "../../testing/chains/evm/node";
import { startRttProxy, type RttProxy } from "../../testing/latency/rtt-proxy";
import { kaminoSimulationChain } from "../../testing/chains/solana/kamino-simulation";
import { type FakeRpc, fundSuiOwner, startFakeRpc } from "./fake-rpc";
import { KAMINO_CUSDC_MINT } from "../../testing/chains/solana/venues/kamino";

export const RTT_MS = 50;
const WAD = 10n ** 18n;

export type LatencyChain = "move-chain" | "svm-chain" | "evm-a";

/** The venue each chain's plan goes to. */
export const LATENCY_VENUE: Record<LatencyChain, string> = { "move-chain": "suilend", "svm-chain": "kamino", "evm-a": "aave-v3-base" };

export interface LatencyChains {
  rpc: FakeRpc;
  evm: EvmNode;
  aave: AaveDeployment;
  /** One proxy per chain (so each chain's waves are counted alone). */
  proxies: Record<LatencyChain, RttProxy>;
  /** The env that points the service's RPCs at the proxies. */
  env: Record<string, string>;
  /** A new owner on `chain`, funded for a deposit of up to 1,000 USDC. */
  fundedOwner: (chain: LatencyChain) => Promise<string>;
  /** A new owner on move-chain or svm-chain that also holds 100 Suilend cTokens / Kamino cUSDC (whole units), for a withdraw. */
  ownerWithShares: (chain: "move-chain" | "svm-chain") => Promise<string>;
  close: () => Promise<void>;
}

const ids = kamino.onchain as Record<"program" | "mainMarket" | "usdcReserve" | "usdcMint", string>;

/** klend's LendingMarket account: discriminator, version u64, bump_seed u64 (the SDK's layout), 4664 bytes. */
function _kaminoMarketAccount(bump: number): Uint8Array {
  const b = Buffer.alloc(4664);
  createHash("sha256").update("account:LendingMarket").digest().copy(b, 0, 0, 8);
  b.writeBigUInt64LE(1n, 8);
  b.writeBigUInt64LE(BigInt(bump), 16);
  return b;
}

/** Starts the chains and their proxies; `rttMs` is injected on every exchange. */
export async function startLatencyChains(rttMs = RTT_MS): Promise<LatencyChains> {
  const rpc = await startFakeRpc();
  // Suilend: 1,000 USDC available for 1,000 cTokens, 250 borrowed.
  const usdc = suilend.onchain.usdcCoinType ?? "";
  rpc.suilendMarkets.set(suilend.onchain.lendingMarket ?? "", [
    { coinType: usdc, available: 1_000_000_000n, ctokens: 1_000_000_000n, borrowedWad: 250_000_000n * WAD, unclaimedWad: 0n },
  ]);

  // Kamino: the market, its authority, the USDC reserve (3,000 USDC for 2,000 cUSDC) and the supply vault.
  const chain = await kaminoSimulationChain(rpc);

  // Aave v3 at Base's addresses.
  const evm = await startEvmNode({ chainId: 8453 });
  const a = getVenue("aave-v3-base")?.onchain ?? {};
  const aave = await deployAaveV3(evm, { pool: a.pool ?? "", poolAddressesProvider: a.poolAddressesProvider ?? "", usdc: a.usdc ?? "", aUsdc: a.aUsdc });

  const proxies: Record<LatencyChain, RttProxy> = {
    "move-chain": await startRttProxy(rpc.url, rttMs),
    "svm-chain": await startRttProxy(rpc.url, rttMs),
    "evm-a": await startRttProxy(evm.url, rttMs),
  };
  const fundedOwner = async (c: LatencyChain): Promise<string> => {
    if (c === "move-chain") {
      const owner = `0x${randomBytes(32).toString("hex")}`;
      fundSuiOwner(rpc, owner);
      return owner;
    }
    if (c === "svm-chain") {
      const owner = getAddressDecoder().decode(randomBytes(32));
      chain.lamports.set(owner, 1_000_000_000n);
      await chain.setTokenBalance(owner, ids.usdcMint, 1_000_000_000n);
      return owner;
    }
    const owner = `0x${randomBytes(20).toString("hex")}`;
    await mintUsdc(evm, aave.usdc, owner, 1_000_000_000n);
    await evm.setBalance(owner, 10n ** 18n);
    return owner;
  };
  return {
    rpc,
    evm,
    aave,
    proxies,
    env: {
      SVC_RPC_MOVE: proxies["move-chain"].url,
      SVC_RPC_SVM: proxies["svm-chain"].url,
      SVC_RPC_EVM_A: proxies["evm-a"].url,
      // The in-process EVM runs Aave's supply several times per estimate: a wide budget so the node's own slowness is
      // never read as an unreachable RPC.
      SVC_RPC_TIMEOUT_MS: "30000",
    },
    fundedOwner,
    ownerWithShares: async (c) => {
      const owner = await fundedOwner(c);
      if (c === "move-chain") rpc.set(owner, SUILEND_CTOKEN_TYPE, 100_000_000n);
      else {
        await chain.setTokenBalance(owner, KAMINO_CUSDC_MINT, 100_000_000n);
        rpc.set(owner, KAMINO_CUSDC_MINT, 100_000_000n);
      }
      return owner;
    },
    close: async () => {
      for (const p of Object.values(proxies)) await p.close();
      await evm.close();
      await rpc.close();
    },
  };
}
