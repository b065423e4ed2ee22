// The dashboard's Sui wallet path over gRPC (no JSON-RPC anywhere), against the e2e stack's local chain
// (e2e/chain-rpc.ts: the local chain of testing/chains/server.ts with the wallets' book). What dApp Kit
// (@mysten/dapp-kit-core signAndExecuteTransaction) and its burner wallet do with a plan's `sui-transaction-json`:
// Transaction.from(payload), the CoinWithBalance intent resolved with the app's SuiGrpcClient (toJSON), the wallet's
// build (resolution and gas through SimulateTransaction), signature, ExecuteTransaction; dApp Kit then reads the status
// from the effects' BCS the wallet hands back. The chain records the transaction (GetTransaction finds it) and refuses
// a transaction over a coin version another transaction already consumed, or a coin the sender does not own.
import { extractStatusFromEffectsBcs, parseTransactionEffectsBcs } from "@mysten/sui/client";
import { SuiGrpcClient } from "@mysten/sui/grpc";
import { Ed25519Keypair } from "@mysten/sui/keypairs/ed25519";
import { coinWithBalance, Transaction } from "@mysten/sui/transactions";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ChainRpc, startChainRpc, SUI_USDC } from "../../e2e/chain-rpc";
import { resetConfigForTests } from "../../server/config";
import { normalizeStructTag } from "@mysten/sui/utils";
import { builderFor } from "../../server/venues/adapters";
import { SCALLOP_MARKET_COIN_TYPE } from "../../server/venues/scallop/build";
import { scallopWorth } from "../../server/venues/scallop/worth";
import { setScallopUsdc } from "../../testing/chains/sui/venues/scallop";
import { SUILEND_CTOKEN_TYPE } from "../../server/venues/suilend/build";
import { suilend } from "../../server/venues/suilend/descriptor";
import { suilendWorth } from "../../server/venues/suilend/worth";
import { navi } from "../../server/venues/navi/descriptor";
import { naviWorth } from "../../server/venues/navi/worth";

const key = Ed25519Keypair.fromSecretKey(new Uint8Array(32).fill(9));
const OWNER = key.toSuiAddress();

const WAD = 10n ** 18n;
const RAY = 10n ** 27n;

/** The Sui transaction of `venueId`'s `action` plan for `owner` (the builder's, as the service returns it). */
async function planPayload(venueId: string, action: "deposit" | "withdraw", owner: string, amountMicros: bigint): Promise<string> {
  const b = builderFor(venueId, action);
  if (!("build" in b)) throw new Error(b.reason);
  const txs = await b.build({ owner, amountMicros });
  const tx = txs.find((t) => t.encoding === "sui-transaction-json");
  if (typeof tx?.payload !== "string") throw new Error("no Sui transaction in the plan");
  return tx.payload;
}

const depositPayload = (owner: string, amountMicros: bigint) => planPayload("scallop", "deposit", owner, amountMicros);

/** What the wallet signs: dApp Kit resolves the intents the wallet does not declare, the wallet builds. */
async function walletBytes(client: SuiGrpcClient, payload: string): Promise<Uint8Array> {
  const json = await Transaction.from(payload).toJSON({ client, supportedIntents: [] });
  return Transaction.from(json).build({ client });
}

describe("the dashboard's Sui wallet over gRPC against the e2e chain", () => {
  let chain: ChainRpc;
  let client: SuiGrpcClient;
  beforeAll(async () => {
    chain = await startChainRpc(0);
    process.env.SVC_RPC_MOVE = chain.url;
    resetConfigForTests();
    client = new SuiGrpcClient({ network: "mainnet", baseUrl: chain.url });
  });
  afterAll(async () => {
    delete process.env.SVC_RPC_MOVE;
    resetConfigForTests();
    await chain.close();
  });

  it("a Scallop deposit plan is resolved, signed and executed; the effects' BCS say success; GetTransaction finds it", async () => {
    const bytes = await walletBytes(client, await depositPayload(OWNER, 25_500_000n));
    const { signature } = await key.signTransaction(bytes);
    const r = await client.core.executeTransaction({ transaction: bytes, signatures: [signature], include: { effects: true, transaction: true } });
    expect(r.$kind).toBe("Transaction");
    const done = r.Transaction ?? r.FailedTransaction;
    const effects = done.effects.bcs ?? new Uint8Array();
    expect(effects.length, "the node returns the effects' BCS (dApp Kit parses them)").toBeGreaterThan(0);
    expect(extractStatusFromEffectsBcs(effects).success).toBe(true);
    expect(parseTransactionEffectsBcs(effects).transactionDigest).toBe(done.digest);
    // The chain saw the USDC leave the owner's coin and Scallop's mint pay sUSDC at the book's market rate (1.5 USDC
    // each: 17), with the gas in SUI.
    const landed = chain.txs.get(done.digest);
    const changes = landed?.kind === "sui" ? landed.balanceChanges : [];
    expect(changes.find((c) => c.coinType === SUI_USDC)).toEqual({ owner: OWNER, coinType: SUI_USDC, amount: -25_500_000n });
    expect(changes.find((c) => c.coinType === normalizeStructTag(SCALLOP_MARKET_COIN_TYPE))).toEqual({ owner: OWNER, coinType: normalizeStructTag(SCALLOP_MARKET_COIN_TYPE), amount: 17_000_000n });
    expect(changes.map((c) => c.coinType).sort()).toEqual([SUI_USDC, normalizeStructTag(SCALLOP_MARKET_COIN_TYPE), normalizeStructTag("0x2::sui::SUI")].sort());
    const got = await client.core.getTransaction({ digest: done.digest, include: { effects: true } });
    expect(got.Transaction?.digest ?? got.FailedTransaction?.digest).toBe(done.digest);
    // Only gRPC was spoken for Sui.
    expect(chain.calls.filter((c) => /^sui_|^suix_/.test(c))).toEqual([]);
    expect(chain.calls).toContain("ExecuteTransaction");
  });

  it("refuses a transaction over a coin version another transaction already consumed", async () => {
    const payload = await depositPayload(OWNER, 1_000_000n);
    const first = await walletBytes(client, payload);
    // A second deposit built before the first lands: same coins, same versions.
    const second = await walletBytes(client, await depositPayload(OWNER, 2_000_000n));
    await client.core.executeTransaction({ transaction: first, signatures: [(await key.signTransaction(first)).signature] });
    await expect(
      client.core.executeTransaction({ transaction: second, signatures: [(await key.signTransaction(second)).signature] }),
    ).rejects.toThrow(/not available for consumption/);
  });

  it("with Scallop's market on the chain, an executed deposit moves what the simulation said: USDC out, sUSDC minted at the market's rate, gas", async () => {
    // 1.5 USDC per sUSDC: cash 2,000 + debt 1,000 over 2,000 market coins.
    setScallopUsdc(chain, { cash: 2_000_000_000n, debt: 1_000_000_000n, marketCoinSupply: 2_000_000_000n });
    try {
      const owner = Ed25519Keypair.fromSecretKey(new Uint8Array(32).fill(12));
      const me = owner.toSuiAddress();
      const bytes = await walletBytes(client, await depositPayload(me, 3_000_000n));
      const r = await client.core.executeTransaction({ transaction: bytes, signatures: [(await owner.signTransaction(bytes)).signature], include: { effects: true } });
      const digest = (r.Transaction ?? r.FailedTransaction)?.digest ?? "";
      const landed = chain.txs.get(digest);
      const changes = landed?.kind === "sui" ? landed.balanceChanges : [];
      const of = (coinType: string) => changes.find((c) => c.owner === me && c.coinType === coinType)?.amount;
      expect(of(SUI_USDC)).toBe(-3_000_000n);
      // mint_market_coin: floor(3 × 2,000 / 3,000) = 2 sUSDC.
      expect(of(SCALLOP_MARKET_COIN_TYPE)).toBe(2_000_000n);
      expect((of(normalizeStructTag("0x2::sui::SUI")) ?? 0n) < 0n).toBe(true);
      // The wallet now holds them, as the chain answers its balance.
      const { balance } = await client.core.getBalance({ owner: me, coinType: SCALLOP_MARKET_COIN_TYPE });
      expect(balance.balance).toBe("2000000");
      const got = await client.core.getTransaction({ digest, include: { balanceChanges: true } });
      expect((got.Transaction ?? got.FailedTransaction)?.balanceChanges?.find((c) => c.coinType === SCALLOP_MARKET_COIN_TYPE)?.amount).toBe("2000000");
    } finally {
      chain.scallopMarkets.clear();
    }
  });

  it("executed Scallop deposit and withdraw update the market's balance sheet as reserve.move does: the worth reader reads the landed state", async () => {
    setScallopUsdc(chain, { cash: 2_000_000_000n, debt: 1_000_000_000n, marketCoinSupply: 2_000_000_000n });
    try {
      const owner = Ed25519Keypair.fromSecretKey(new Uint8Array(32).fill(13));
      const me = owner.toSuiAddress();
      const land = async (payload: string) => {
        const bytes = await walletBytes(client, payload);
        const r = await client.core.executeTransaction({ transaction: bytes, signatures: [(await owner.signTransaction(bytes)).signature], include: { effects: true } });
        expect(r.$kind).toBe("Transaction");
      };
      const sheet = () => [...(chain.scallopMarkets.values().next().value?.sheets.values() ?? [])][0];
      const worth = () => scallopWorth.readWorth(me, AbortSignal.timeout(5_000));
      expect(await worth()).toBe(0n);
      await land(await depositPayload(me, 3_000_000n));
      // mint_market_coin: cash + 3 USDC, supply + floor(3 × 2,000 / 3,000) = 2 sUSDC; the rate stays 1.5.
      expect(sheet()).toMatchObject({ cash: 2_003_000_000n, marketCoinSupply: 2_002_000_000n });
      expect(await worth()).toBe(3_000_000n);
      const b = builderFor("scallop", "withdraw");
      if (!("build" in b)) throw new Error(b.reason);
      const [w] = await b.build({ owner: me, amountMicros: 1_500_000n });
      await land(w?.payload as string);
      // redeem_underlying_coin: 1 sUSDC pays floor(1 × 3,003 / 2,002) = 1.5 USDC out of the cash, 1 sUSDC leaves the supply.
      expect(sheet()).toMatchObject({ cash: 2_001_500_000n, marketCoinSupply: 2_001_000_000n });
      expect(await worth()).toBe(1_500_000n);
    } finally {
      chain.scallopMarkets.clear();
    }
  });

  /** `owner` signs and executes `payload` as its wallet does; the effects must say success. */
  const landAs = async (owner: Ed25519Keypair, payload: string) => {
    const bytes = await walletBytes(client, payload);
    const r = await client.core.executeTransaction({ transaction: bytes, signatures: [(await owner.signTransaction(bytes)).signature], include: { effects: true } });
    expect(r.$kind).toBe("Transaction");
  };

  it("executed Suilend deposit and withdraw update the USDC reserve as reserve.move does: the worth reader reads the landed state", async () => {
    // 1.25 USDC per cToken: 100 available (MIN_AVAILABLE_AMOUNT: everything else lent out) + 1,249.9999 borrowed over
    // 1,000 cTokens. Only the deposit's own liquidity lets the withdraw be paid.
    const market = suilend.onchain.lendingMarket ?? "";
    chain.suilendMarkets.set(market, [{ coinType: SUI_USDC, available: 100n, ctokens: 1_000_000_000n, borrowedWad: 1_249_999_900n * WAD, unclaimedWad: 0n }]);
    try {
      const owner = Ed25519Keypair.fromSecretKey(new Uint8Array(32).fill(14));
      const me = owner.toSuiAddress();
      const reserve = () => chain.suilendMarkets.get(market)?.[0];
      const worth = () => suilendWorth.readWorth(me, AbortSignal.timeout(5_000));
      expect(await worth()).toBe(0n);
      await landAs(owner, await planPayload("suilend", "deposit", me, 3_000_000n));
      // deposit_liquidity_and_mint_ctokens: floor(3 × 1,000 / 1,250) = 2.4 cTokens minted; available + 3 USDC.
      expect(reserve()).toMatchObject({ available: 3_000_100n, ctokens: 1_002_400_000n });
      expect((await client.core.getBalance({ owner: me, coinType: SUILEND_CTOKEN_TYPE })).balance.balance).toBe("2400000");
      expect(await worth()).toBe(3_000_000n);
      await landAs(owner, await planPayload("suilend", "withdraw", me, 1_500_000n));
      // redeem_ctokens: ceil(1.5 / 1.25) = 1.2 cTokens pay 1.5 USDC out of available; they leave the supply.
      expect(reserve()).toMatchObject({ available: 1_500_100n, ctokens: 1_001_200_000n });
      expect(await worth()).toBe(1_500_000n);
      // A redeem the reserve cannot pay fails as on chain: 1.6 USDC more would take available below 0.
      chain.set(me, SUILEND_CTOKEN_TYPE, 10_000_000n);
      await expect(walletBytes(client, await planPayload("suilend", "withdraw", me, 1_600_000n))).rejects.toThrow(/ArithmeticError in 0x[0-9a-f]+::reserve::redeem_ctokens/);
      // 1.5 USDC would leave it at 100 (allowed); 1.5 and a micro would leave it below 100: EMinAvailableAmountViolated (5).
      await expect(walletBytes(client, await planPayload("suilend", "withdraw", me, 1_500_002n))).rejects.toThrow(/abort code: 5, in '0x[0-9a-f]+::reserve::redeem_ctokens'/);
    } finally {
      chain.suilendMarkets.clear();
    }
  });

  it("executed NAVI deposit and withdraw update the owner's supply entry as logic.move does: the worth reader reads the landed state", async () => {
    // Supply index 1.2 (ray); another supplier holds 1,000 USDC of the reserve.
    const other = `0x${"0e".repeat(32)}`;
    const storage = navi.onchain.storage ?? "";
    chain.naviStorages.set(storage, {
      reservesTable: `0x${"e7".repeat(32)}`,
      reserves: new Map([[Number(navi.onchain.usdcAssetId), { coinType: SUI_USDC, supplyIndex: (12n * RAY) / 10n, suppliers: new Map([[other, 1_000_000_000_000n]]) }]]),
    });
    try {
      const owner = Ed25519Keypair.fromSecretKey(new Uint8Array(32).fill(15));
      const me = owner.toSuiAddress();
      const scaled = () => [...(chain.naviStorages.get(storage)?.reserves.get(Number(navi.onchain.usdcAssetId))?.suppliers ?? [])].find(([a]) => a === me)?.[1];
      const worth = () => naviWorth.readWorth(me, AbortSignal.timeout(5_000));
      expect(await worth()).toBe(0n);
      await landAs(owner, await planPayload("navi", "deposit", me, 3_000_000n));
      // increase_supply_balance: ray_div(3 × 10^9, 1.2) = 2.5 × 10^9 scaled.
      expect(scaled()).toBe(2_500_000_000n);
      expect(await worth()).toBe(3_000_000n);
      await landAs(owner, await planPayload("navi", "withdraw", me, 1_500_000n));
      // decrease_supply_balance: ray_div(1.5 × 10^9, 1.2) = 1.25 × 10^9 leaves the entry.
      expect(scaled()).toBe(1_250_000_000n);
      expect(await worth()).toBe(1_500_000n);
    } finally {
      chain.naviStorages.clear();
    }
  });

  it("refuses, at resolution, a coin the sender does not own", async () => {
    const other = Ed25519Keypair.fromSecretKey(new Uint8Array(32).fill(11)).toSuiAddress();
    // The other owner's USDC coin (listing it registers it on the chain).
    const { objects } = await client.core.listCoins({ owner: other, coinType: SUI_USDC });
    const foreign = objects[0]?.objectId ?? "";
    expect(foreign).not.toBe("");
    const tx = new Transaction();
    tx.setSender(OWNER);
    tx.transferObjects([tx.object(foreign)], OWNER);
    await expect(tx.build({ client })).rejects.toThrow(/owned by account address/);
    // A CoinWithBalance of the sender's own USDC still resolves.
    const ok = new Transaction();
    ok.setSender(OWNER);
    ok.transferObjects([ok.add(coinWithBalance({ type: SUI_USDC, balance: 1n }))], OWNER);
    await expect(ok.build({ client })).resolves.toBeInstanceOf(Uint8Array);
  });
});
