// Simulation before signing on move-chain, against the local Sui gRPC node (testing/chains/sui): the builders' plans
// pass; what the chain refuses is refused — a call to the protocols' original (superseded) packages, a wrong object
// version, a shared object passed as owned, a coin the sender does not own, no SUI for gas — and a node that does not
// answer leaves the simulation unavailable with no figure.
import { SuiGrpcClient } from "@mysten/sui/grpc";
import { coinWithBalance, Transaction } from "@mysten/sui/transactions";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { simulateSuiTransactions } from "../../server/chains/sui/simulate";
import { suiPayload } from "../../server/chains/sui";
import { resetConfigForTests } from "../../server/config";
import type { PlanTransaction } from "../../server/venues/adapters";
import { scallop } from "../../server/venues/scallop/descriptor";
import { suilend } from "../../server/venues/suilend/descriptor";
import { type FakeRpc, startFakeRpc } from "../support/fake-rpc";
import { SUI_LENDING_USDC, seedSuiLending, venuePlan } from "../support/sui-lending";

const OWNER = `0x${"ab".repeat(32)}`;
const OTHER = `0x${"cd".repeat(32)}`;
const USDC = SUI_LENDING_USDC;
const plan = (venueId: string, action: "deposit" | "withdraw", amountMicros: bigint) => venuePlan(OWNER, venueId, action, amountMicros);

const asPlan = async (tx: Transaction): Promise<PlanTransaction> => ({
  chain: "move-chain",
  kind: "deposit",
  description: "test transaction",
  encoding: "sui-transaction-json",
  payload: await suiPayload(tx),
});

describe("Sui simulation through the local gRPC node", () => {
  let rpc: FakeRpc;
  let client: SuiGrpcClient;
  beforeAll(async () => {
    rpc = await startFakeRpc();
    process.env.SVC_RPC_MOVE = rpc.url;
    resetConfigForTests();
    client = new SuiGrpcClient({ network: "mainnet", baseUrl: rpc.url });
    seedSuiLending(rpc, OWNER);
    rpc.set(OTHER, USDC, 9_000_000n);
  });
  afterAll(async () => {
    delete process.env.SVC_RPC_MOVE;
    resetConfigForTests();
    await rpc.close();
  });

  it("the builders' Scallop and Suilend deposit and withdraw plans simulate ok, with the node's gas figures", async () => {
    for (const [venue, action] of [
      ["scallop", "deposit"],
      ["scallop", "withdraw"],
      ["suilend", "deposit"],
      ["suilend", "withdraw"],
    ] as const) {
      const [sim] = await simulateSuiTransactions(await plan(venue, action, 2_000_000n));
      expect(sim, `${venue} ${action}`).toMatchObject({ status: "ok", gasEstimate: "3714000", fee: { amount: "2735880", asset: "SUI", decimals: 9 }, error: null });
    }
  });

  it("a Scallop redeem the market's cash cannot pay aborts as reserve.move does (reserve_not_enough_error 0x14004 = 81924, located in the original package's reserve module)", async () => {
    const txs = await plan("scallop", "withdraw", 2_000_000n);
    // The same rate (cash + debt = 3,000 over 2,000 market coins), but only 1 USDC of cash: the redeem pays 2.000001.
    const market = rpc.scallopMarkets.get(scallop.onchain.market ?? "");
    const sheet = market?.sheets.get(USDC);
    if (!sheet) throw new Error("no Scallop USDC sheet");
    const kept = { ...sheet };
    Object.assign(sheet, { cash: 1_000_000n, debt: 2_999_000_000n });
    try {
      const [sim] = await simulateSuiTransactions(txs);
      expect(sim).toMatchObject({ status: "failed", error: expect.stringMatching(new RegExp(`abort code: 81924, in '${scallop.onchain.protocolPackage}::reserve::redeem_underlying_coin'`)) });
    } finally {
      Object.assign(sheet, kept);
    }
    expect((await simulateSuiTransactions(txs))[0]?.status).toBe("ok");
  });

  it("today's plans with the ORIGINAL package ids are refused: the superseded package's version check aborts", async () => {
    const scallopTx = new Transaction();
    scallopTx.setSender(OWNER);
    const usdc = scallopTx.add(coinWithBalance({ type: USDC, balance: 1_000_000n }));
    const [mc] = scallopTx.moveCall({
      target: `${scallop.onchain.protocolPackage}::mint::mint`,
      typeArguments: [USDC],
      arguments: [scallopTx.object(scallop.onchain.version ?? ""), scallopTx.object(scallop.onchain.market ?? ""), usdc, scallopTx.object.clock()],
    });
    if (mc) scallopTx.transferObjects([mc], OWNER);
    const suilendTx = new Transaction();
    suilendTx.setSender(OWNER);
    const coin = suilendTx.add(coinWithBalance({ type: USDC, balance: 1_000_000n }));
    const [ct] = suilendTx.moveCall({
      target: `${suilend.onchain.package}::lending_market::deposit_liquidity_and_mint_ctokens`,
      typeArguments: [suilend.onchain.lendingMarketType ?? "", USDC],
      arguments: [suilendTx.object(suilend.onchain.lendingMarket ?? ""), suilendTx.pure.u64(0n), suilendTx.object.clock(), coin],
    });
    if (ct) suilendTx.transferObjects([ct], OWNER);
    rpc.scallopMarkets.get(scallop.onchain.market ?? "");
    const sims = await simulateSuiTransactions([await asPlan(scallopTx), await asPlan(suilendTx)]);
    expect(sims[0]).toMatchObject({ status: "failed", gasEstimate: null, fee: null, error: expect.stringMatching(/superseded|MoveAbort/) });
    expect(sims[0]?.error).toContain("mint");
    expect(sims[1]).toMatchObject({ status: "failed", error: expect.stringContaining("lending_market") });
  });

  it("refuses a wrong object version, a shared object passed as owned and a coin the sender does not own", async () => {
    const { objects: mine } = await client.core.listCoins({ owner: OWNER, coinType: USDC });
    const { objects: theirs } = await client.core.listCoins({ owner: OTHER, coinType: USDC });
    const own = mine[0];
    const other = theirs[0];
    if (!own || !other) throw new Error("the local node lists no USDC coins");
    const transfer = (arg: (tx: Transaction) => ReturnType<Transaction["object"]>) => {
      const tx = new Transaction();
      tx.setSender(OWNER);
      tx.transferObjects([arg(tx)], OWNER);
      return asPlan(tx);
    };
    const wrongVersion = await transfer((tx) => tx.objectRef({ objectId: own.objectId, version: "41", digest: own.digest }));
    const sharedAsOwned = await transfer((tx) => tx.objectRef({ objectId: scallop.onchain.market ?? "", version: "42", digest: own.digest }));
    const notMine = await transfer((tx) => tx.objectRef({ objectId: other.objectId, version: other.version, digest: other.digest }));
    const rightOne = await transfer((tx) => tx.objectRef({ objectId: own.objectId, version: own.version, digest: own.digest }));
    const [a, b, c, d] = await simulateSuiTransactions([wrongVersion, sharedAsOwned, notMine, rightOne]);
    expect(a).toMatchObject({ status: "failed", error: expect.stringContaining("is not available for consumption, current version: 0x2a") });
    expect(b).toMatchObject({ status: "failed", error: expect.stringContaining("is a shared object and cannot be used as an owned object") });
    expect(c).toMatchObject({ status: "failed", error: expect.stringContaining(`is owned by account address ${OTHER}`) });
    expect(d).toMatchObject({ status: "ok" });
  });

  it("an owner without SUI for gas is refused; a node that does not answer leaves it unavailable with no figure", async () => {
    const poor = `0x${"ef".repeat(32)}`;
    rpc.set(poor, USDC, 5_000_000n);
    const tx = new Transaction();
    tx.setSender(poor);
    tx.transferObjects([tx.add(coinWithBalance({ type: USDC, balance: 1_000_000n }))], poor);
    const [noGas] = await simulateSuiTransactions([await asPlan(tx)]);
    expect(noGas).toMatchObject({ status: "failed", error: expect.stringContaining("Cannot find gas coin") });
    // More USDC than the owner holds: the coin selection the wallet would run fails on the chain's state.
    rpc.set(poor, "native", 1_000_000_000n);
    const big = new Transaction();
    big.setSender(poor);
    big.transferObjects([big.add(coinWithBalance({ type: USDC, balance: 6_000_000n }))], poor);
    const [short] = await simulateSuiTransactions([await asPlan(big)]);
    expect(short).toMatchObject({ status: "failed", gasEstimate: null });

    const txs = await plan("scallop", "deposit", 1_000_000n);
    rpc.down = true;
    try {
      const [down] = await simulateSuiTransactions(txs);
      expect(down).toMatchObject({ status: "unavailable", gasEstimate: null, fee: null, error: expect.stringContaining("did not answer") });
    } finally {
      rpc.down = false;
    }
  });
});
