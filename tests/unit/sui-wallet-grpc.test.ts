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

const key = Ed25519Keypair.fromSecretKey(new Uint8Array(32).fill(9));
const OWNER = key.toSuiAddress();

async function depositPayload(owner: string, amountMicros: bigint): Promise<string> {
  const b = builderFor("scallop", "deposit");
  if (!("build" in b)) throw new Error(b.reason);
  const [tx] = await b.build({ owner, amountMicros });
  if (tx?.encoding !== "sui-transaction-json" || typeof tx.payload !== "string") throw new Error("no Sui transaction in the plan");
  return tx.payload;
}

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
    // The chain saw the USDC leave the owner's coin.
    const landed = chain.txs.get(done.digest);
    expect(landed?.kind === "sui" ? landed.balanceChanges : []).toEqual([{ owner: OWNER, coinType: SUI_USDC, amount: -25_500_000n }]);
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
