// Plan latency (issues 13.8, 14.7, 15.7, 28.3): the three local chains behind round-trip-time proxies, with every venue's
// state on them, for the vitest wave count (tests/api/plan-latency.test.ts) and `npm run bench plan-latency`
// (bench/plan-latency.ts).
// - move-chain: the local Sui gRPC-web node (testing/chains/sui, mounted by testing/chains/server.ts) with Scallop's
//   USDC market, Suilend's main LendingMarket and NAVI's Storage and oracles (testing/chains/sui/venues/*);
// - svm-chain: the local Solana RPC (simulateTransaction by testing/chains/solana/local-chain.ts: litesvm plus each
//   program's checked interface) with Kamino's, marginfi's, Save's and Jupiter Lend's USDC reserves, as
//   tests/unit/solana-venue-changes.test.ts sets them up, on one chain;
// - evm-a: the in-process EVM (testing/chains/evm/node.ts) with Aave v3's, Comet's and Morpho's shipped bytecode at
//   Base's addresses;
// - Pyth's Hermes (tests/support/fake-hermes.ts) behind its own proxy: the NAVI withdraw pushes a stale Pyth price.
// Each owner is new: funded on its chain so the plan's simulation passes, never seen by the service.
import { randomBytes } from "node:crypto";
import { address, getAddressDecoder, getAddressEncoder, getProgramDerivedAddress, getUtf8Encoder } from "@solana/kit";
import { findAssociatedTokenPda, TOKEN_PROGRAM_ADDRESS } from "@solana-program/token";
import type { Hex } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import type { EvmCall } from "../../server/chains/evm";
import { getVenue } from "../../server/venues";
import { jupiterLend } from "../../server/venues/jupiter-lend/descriptor";
import { kamino } from "../../server/venues/kamino/descriptor";
import { marginfiAccountAddress } from "../../server/venues/marginfi/build";
import { marginfi } from "../../server/venues/marginfi/descriptor";
import { navi } from "../../server/venues/navi/descriptor";
import { SCALLOP_MARKET_COIN_TYPE } from "../../server/venues/scallop/build";
import { SUILEND_CTOKEN_TYPE } from "../../server/venues/suilend/build";
import { suilend } from "../../server/venues/suilend/descriptor";
import { type AaveDeployment, deployAaveV3, mintUsdc } from "../../testing/chains/evm/aave";
import { deployComet } from "../../testing/chains/evm/comet";
import { cometMarket } from "../../testing/chains/evm/comet-deployments";
import { deployMorpho } from "../../testing/chains/evm/morpho";
import { type EvmNode, startEvmNode } from "../../testing/chains/evm/node";
import { signAndSend } from "../../testing/chains/evm/wallet";
import { type AnchorIdl, encodeAnchorAccount } from "../../testing/chains/solana/anchor-idl";
import { kaminoSimulationChain } from "../../testing/chains/solana/kamino-simulation";
import { fixtureAddress } from "../../testing/chains/solana/venues/encode";
import { jupiterLendingAccount, LENDING_IDL } from "../../testing/chains/solana/venues/jupiter-lend";
import { KAMINO_CUSDC_MINT } from "../../testing/chains/solana/venues/kamino";
import { liquidityVaultOf, marginfiAccount, mfiRequire, setMarginfiBank } from "../../testing/chains/solana/venues/marginfi";
import { saveFixture, setSaveMarket, setSaveUsdc } from "../../testing/chains/solana/venues/save";
import { CLOCK } from "../../testing/chains/sui/simulate";
import { naviUsdcFeed } from "../../testing/chains/sui/venues/navi-oracle";
import { setScallopUsdc } from "../../testing/chains/sui/venues/scallop";
import { countWaves, type Exchange, type RttProxy, startRttProxy, wavesOf } from "../../testing/latency/rtt-proxy";
import { type FakeHermes, startFakeHermes } from "./fake-hermes";
import { type FakeRpc, fundSuiOwner, startFakeRpc } from "./fake-rpc";

export const RTT_MS = 50;
const WAD = 10n ** 18n;
const ONE_I80F48 = 1n << 48n;

export type LatencyChain = "move-chain" | "svm-chain" | "evm-a";

export interface LatencyPlan {
  venue: string;
  chain: LatencyChain;
  action: "deposit" | "withdraw";
  /** The goal (issue 28 item 3): 3 waves, the NAVI withdraw (NAVI's oracle objects plus Pyth's Hermes) 4. */
  maxWaves: number;
  /** What the withdraw's owner holds, in words (the bench's table). */
  holds?: string;
}

const d = (venue: string, chain: LatencyChain): LatencyPlan => ({ venue, chain, action: "deposit", maxWaves: 3 });
const w = (venue: string, chain: LatencyChain, holds: string, maxWaves = 3): LatencyPlan => ({ venue, chain, action: "withdraw", maxWaves, holds });

/** Every venue's deposit plan with an owner, and its withdraw for an owner holding its shares. */
export const LATENCY_PLANS: readonly LatencyPlan[] = [
  d("scallop", "move-chain"),
  d("suilend", "move-chain"),
  d("navi", "move-chain"),
  d("kamino", "svm-chain"),
  d("marginfi", "svm-chain"),
  d("save", "svm-chain"),
  d("jupiter-lend", "svm-chain"),
  d("aave-v3-base", "evm-a"),
  d("morpho-base", "evm-a"),
  d("compound-v3-base", "evm-a"),
  w("scallop", "move-chain", "100 sUSDC"),
  w("suilend", "move-chain", "100 cTokens"),
  w("navi", "move-chain", "10 USDC supplied; NAVI's Pyth source stale, so Hermes's price is pushed first", 4),
  w("kamino", "svm-chain", "100 cUSDC"),
  w("marginfi", "svm-chain", "a marginfi account with 40 shares"),
  w("save", "svm-chain", "90 Save cUSDC"),
  w("jupiter-lend", "svm-chain", "80 jlUSDC"),
  w("aave-v3-base", "evm-a", "10 USDC deposited by its own signed plan"),
  w("morpho-base", "evm-a", "10 USDC deposited by its own signed plan"),
  w("compound-v3-base", "evm-a", "10 USDC deposited by its own signed plan"),
];

export interface LatencySample {
  waves: number;
  exchanges: string[][];
}

export interface LatencyChains {
  rpc: FakeRpc;
  evm: EvmNode;
  aave: AaveDeployment;
  hermes: FakeHermes;
  /** One proxy per chain (so each chain's waves are counted alone), and one for Hermes. */
  proxies: Record<LatencyChain | "hermes", RttProxy>;
  /** The env that points the service's RPCs and Hermes at the proxies. */
  env: Record<string, string>;
  /** A new owner ready for `plan`: funded for a deposit of up to 1,000 USDC, holding the venue's shares for a withdraw. */
  ownerFor: (plan: LatencyPlan, appUrl: string) => Promise<string>;
  /** Forgets every exchange so far (before the plan that is counted). */
  reset: () => void;
  /** The plan's exchanges with its chain (and with Hermes, whose exchanges are in the same time line): waves and what each asked. */
  sample: (plan: LatencyPlan) => LatencySample;
  close: () => Promise<void>;
}

/** The line the app logs (level info) when its start-up walk of NAVI's graph has ended (server/boot.ts). */
export const WARMED_LINE = "warm-up walk done";

async function pda(program: string, ...seeds: string[]): Promise<string> {
  const [a] = await getProgramDerivedAddress({
    programAddress: address(program),
    seeds: seeds.map((x) => (x.length >= 32 ? getAddressEncoder().encode(address(x)) : getUtf8Encoder().encode(x))),
  });
  return a;
}

/** Starts the chains and their proxies; `rttMs` is injected on every exchange. */
export async function startLatencyChains(rttMs = RTT_MS): Promise<LatencyChains> {
  const rpc = await startFakeRpc();
  const suiUsdc = suilend.onchain.usdcCoinType ?? "";
  // Scallop: cash 2,000 + debt 1,000 USDC over 2,000 sUSDC (tests/api/sui-venue-changes.test.ts).
  setScallopUsdc(rpc, { cash: 2_000_000_000n, debt: 1_000_000_000n, marketCoinSupply: 2_000_000_000n });
  // Suilend: 1,000 USDC available for 1,000 cTokens, 250 borrowed.
  rpc.suilendMarkets.set(suilend.onchain.lendingMarket ?? "", [
    { coinType: suiUsdc, available: 1_000_000_000n, ctokens: 1_000_000_000n, borrowedWad: 250_000_000n * WAD, unclaimedWad: 0n },
  ]);
  // NAVI: the USDC reserve at index 1.0; withdraw owners are added to its suppliers (10 USDC, NAVI's 9 decimals).
  const naviSuppliers = new Map<string, bigint>();
  rpc.naviStorages.set(navi.onchain.storage ?? "", {
    reservesTable: `0x${"e6".repeat(32)}`,
    reserves: new Map([[10, { coinType: navi.onchain.usdcCoinType ?? "", supplyIndex: 10n ** 27n, suppliers: naviSuppliers }]]),
  });
  // NAVI's Pyth and Switchboard sources 60 s older than the Clock and Hermes holding Pyth's price of 1 s before it: the
  // withdraw pushes Hermes's price first (tests/api/plans.test.ts, the NAVI withdraw), the worst case of its reads.
  const clockMs = BigInt(String((CLOCK.json as { timestamp_ms: string }).timestamp_ms));
  const feed = naviUsdcFeed();
  rpc.naviOracleFeeds = [{ ...feed, pyth: feed.pyth && { ...feed.pyth, publishMs: clockMs - 60_000n }, switchboard: feed.switchboard && { ...feed.switchboard, updatedMs: clockMs - 60_000n } }];
  const hermes = await startFakeHermes();
  hermes.prices.set((feed.pyth?.priceIdentifier ?? "").slice(2), { price: 100_000_000n, conf: 10_000n, expo: -8, publishTime: (clockMs - 1_000n) / 1000n });

  // Solana: Kamino's market, its authority, the USDC reserve (3,000 USDC for 2,000 cUSDC) and the supply vault; the
  // others on the same chain (as tests/unit/solana-venue-changes.test.ts sets each up).
  const sponsor = getAddressDecoder().decode(randomBytes(32));
  const chain = await kaminoSimulationChain(rpc, sponsor);
  const usdcMint = (kamino.onchain as Record<"usdcMint", string>).usdcMint;
  // marginfi: the USDC bank at 1.25 USDC per share, its group and liquidity vault (1,000 USDC).
  const mfi = marginfi.onchain as Record<"program" | "group" | "usdcBank", string>;
  setMarginfiBank(rpc, mfi.usdcBank, { assetShareValue: (5n * ONE_I80F48) / 4n, oracle: fixtureAddress("mfi-usdc-pyth-push") });
  const mfiIdl = { ...(mfiRequire("@mrgnlabs/marginfi-client-v2") as { MARGINFI_IDL: AnchorIdl }).MARGINFI_IDL, address: mfi.program };
  rpc.solanaAccounts.set(mfi.group, { owner: mfi.program, data: encodeAnchorAccount(mfiIdl, "MarginfiGroup", { admin: sponsor }) });
  chain.setTokenAccount(liquidityVaultOf(mfi.usdcBank), await pda(mfi.program, "liquidity_vault_auth", mfi.usdcBank), usdcMint, 1_000_000_000n);
  // Save: 3,000 USDC for 2,000 collateral (1.5 USDC each), its market and supply.
  const sf = saveFixture();
  setSaveUsdc(rpc, sf);
  const saveAuthority = setSaveMarket(rpc, sponsor, TOKEN_PROGRAM_ADDRESS);
  chain.addMint(sf.collateralMint, saveAuthority);
  chain.setTokenAccount(sf.liquiditySupply, saveAuthority, usdcMint, 3_000_000_000n);
  // Jupiter Lend: 1.25 USDC per jlUSDC, its admin, rewards model, reserve, supply position and liquidity vault.
  const jup = jupiterLend.onchain as Record<"lendingProgram" | "liquidityProgram" | "rewardsRateModelProgram" | "jlUsdcMint" | "usdcLending", string>;
  const liquidity = await pda(jup.liquidityProgram, "liquidity");
  const [jupVault] = await findAssociatedTokenPda({ owner: address(liquidity), mint: address(usdcMint), tokenProgram: TOKEN_PROGRAM_ADDRESS });
  const reserve = await pda(jup.liquidityProgram, "reserve", usdcMint);
  const position = await pda(jup.liquidityProgram, "user_supply_position", usdcMint, jup.usdcLending);
  const rewards = await pda(jup.rewardsRateModelProgram, "lending_rewards_rate_model", usdcMint);
  const admin = await pda(jup.lendingProgram, "lending_admin");
  rpc.solanaAccounts.set(jup.usdcLending, {
    owner: jup.lendingProgram,
    data: jupiterLendingAccount({ mint: usdcMint, fTokenMint: jup.jlUsdcMint, tokenExchangePrice: 1_250_000_000_000n, rewardsRateModel: rewards, tokenReservesLiquidity: reserve, supplyPositionOnLiquidity: position }),
  });
  rpc.solanaAccounts.set(admin, { owner: jup.lendingProgram, data: encodeAnchorAccount(LENDING_IDL, "LendingAdmin", { authority: sponsor, liquidity_program: jup.liquidityProgram, rebalancer: sponsor, bump: 255 }) });
  rpc.solanaAccounts.set(rewards, { owner: jup.rewardsRateModelProgram, data: encodeAnchorAccount(LENDING_IDL, "LendingRewardsRateModel", { mint: usdcMint }) });
  rpc.solanaAccounts.set(reserve, { owner: jup.liquidityProgram, data: encodeAnchorAccount(LENDING_IDL, "TokenReserve", { mint: usdcMint, vault: jupVault }) });
  rpc.solanaAccounts.set(position, { owner: jup.liquidityProgram, data: encodeAnchorAccount(LENDING_IDL, "UserSupplyPosition", { protocol: jup.usdcLending, mint: usdcMint }) });
  chain.addMint(jup.jlUsdcMint, jup.usdcLending);
  chain.setTokenAccount(jupVault, liquidity, usdcMint, 1_000_000_000n);

  // EVM: Aave v3, Comet (USDC) and a MetaMorpho vault at Base's addresses (tests/api/evm-plans.test.ts).
  const evm = await startEvmNode({ chainId: 8453 });
  const a = getVenue("aave-v3-base")?.onchain ?? {};
  const aave = await deployAaveV3(evm, { pool: a.pool ?? "", poolAddressesProvider: a.poolAddressesProvider ?? "", usdc: a.usdc ?? "", aUsdc: a.aUsdc });
  const usdcComet = cometMarket("base", "usdc");
  await deployComet(evm, { comet: usdcComet.comet, usdc: usdcComet.baseToken, configurator: usdcComet.configurator });
  const m = getVenue("morpho-base")?.onchain ?? {};
  await deployMorpho(evm, { morphoBlue: m.morphoBlue ?? "", vault: m.vault ?? "", usdc: a.usdc ?? "" });

  const proxies: Record<LatencyChain | "hermes", RttProxy> = {
    "move-chain": await startRttProxy(rpc.url, rttMs),
    "svm-chain": await startRttProxy(rpc.url, rttMs),
    "evm-a": await startRttProxy(evm.url, rttMs),
    hermes: await startRttProxy(hermes.url, rttMs),
  };

  const funded = async (c: LatencyChain): Promise<{ owner: string; key?: Hex }> => {
    if (c === "move-chain") {
      const owner = `0x${randomBytes(32).toString("hex")}`;
      fundSuiOwner(rpc, owner);
      return { owner };
    }
    if (c === "svm-chain") {
      const owner = getAddressDecoder().decode(randomBytes(32));
      chain.lamports.set(owner, 1_000_000_000n);
      await chain.setTokenBalance(owner, usdcMint, 1_000_000_000n);
      return { owner };
    }
    const key = generatePrivateKey();
    const owner = privateKeyToAccount(key).address;
    await mintUsdc(evm, aave.usdc, owner, 1_000_000_000n);
    await evm.setBalance(owner, 10n ** 18n);
    return { owner, key };
  };
  /** The token `mint` held by `owner` on the simulation chain and in the RPC's token-account answers. */
  const holds = async (owner: string, mint: string, amount: bigint) => {
    await chain.setTokenBalance(owner, mint, amount);
    rpc.set(owner, mint, amount);
  };

  const ownerFor = async (plan: LatencyPlan, appUrl: string): Promise<string> => {
    const { owner, key } = await funded(plan.chain);
    if (plan.action === "deposit") return owner;
    switch (plan.venue) {
      case "scallop":
        rpc.set(owner, SCALLOP_MARKET_COIN_TYPE, 100_000_000n);
        return owner;
      case "suilend":
        rpc.set(owner, SUILEND_CTOKEN_TYPE, 100_000_000n);
        return owner;
      case "navi":
        naviSuppliers.set(owner, 10_000_000_000n);
        return owner;
      case "kamino":
        await holds(owner, KAMINO_CUSDC_MINT, 100_000_000n);
        return owner;
      case "save":
        await holds(owner, sf.collateralMint, 90_000_000n);
        return owner;
      case "jupiter-lend":
        await holds(owner, jup.jlUsdcMint, 80_000_000n);
        return owner;
      case "marginfi":
        rpc.solanaAccounts.set(await marginfiAccountAddress(owner), { owner: mfi.program, data: marginfiAccount(owner, [{ bank: mfi.usdcBank, assetShares: 40_000_000n * ONE_I80F48 }]) });
        return owner;
    }
    // EVM: the owner deposits 10 USDC by the service's own plan, signed and mined on the chain itself (not through the proxy).
    const r = await fetch(`${appUrl}/api/v1/svc/strategies/deposit/plan`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ strategyId: plan.venue, amountMicros: "10000000", owner }),
    });
    const body = (await r.json()) as { status?: string; transactions?: { payload: EvmCall }[] };
    if (body.status !== "prepared" || !key) throw new Error(`${plan.venue}: the deposit before the withdraw was not prepared: ${JSON.stringify(body).slice(0, 300)}`);
    await signAndSend(
      evm.url,
      key,
      (body.transactions ?? []).map((t) => t.payload),
    );
    return owner;
  };

  const exchangesOf = (plan: LatencyPlan): Exchange[] => [...proxies[plan.chain].exchanges(), ...(plan.chain === "move-chain" ? proxies.hermes.exchanges().map((x) => ({ ...x, what: `Hermes ${x.what}` })) : [])];
  return {
    rpc,
    evm,
    aave,
    hermes,
    proxies,
    env: {
      SVC_RPC_MOVE: proxies["move-chain"].url,
      SVC_RPC_SVM: proxies["svm-chain"].url,
      SVC_RPC_EVM_A: proxies["evm-a"].url,
      SVC_PYTH_HERMES_URL: proxies.hermes.url,
      // The in-process EVM runs Aave's supply several times per estimate: a wide budget so the node's own slowness is
      // never read as an unreachable RPC.
      SVC_RPC_TIMEOUT_MS: "30000",
    },
    ownerFor,
    reset: () => {
      for (const p of Object.values(proxies)) p.reset();
    },
    sample: (plan) => {
      const xs = exchangesOf(plan);
      return { waves: countWaves(xs), exchanges: wavesOf(xs) };
    },
    close: async () => {
      for (const p of Object.values(proxies)) await p.close();
      await evm.close();
      await rpc.close();
      await hermes.close();
    },
  };
}
