// Plans on the running app, on both databases: deposit/withdraw with real unsigned transactions, every blocker,
// swap quotes from a local aggregator (up and down) and slippage bounds, CCTP bridge burns, gas sizing from a
// local JSON-RPC, and the cage policy.
import { bcs } from "@mysten/sui/bcs";
import { Transaction } from "@mysten/sui/transactions";
import { normalizeStructTag, normalizeSuiAddress } from "@mysten/sui/utils";
import { address, getBase58Decoder, getBase64Encoder, getCompiledTransactionMessageDecoder, getTransactionDecoder } from "@solana/kit";
import { findAssociatedTokenPda, TOKEN_PROGRAM_ADDRESS } from "@solana-program/token";
import { decodeFunctionData, erc20Abi, getAddress, type Hex, hashTypedData, pad } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { z } from "zod";
import { BLOCKER_CODES } from "../../server/http/codes";
import { errorBody } from "../../server/http/schemas";
import { planEndpoints } from "../../server/plans/endpoints";
import { TOKEN_MESSENGER_ABI, TOKEN_MESSENGER_V2_ABI } from "../../server/rails/cctp/abi";
import { TOKEN_MESSENGER_V2 } from "../../server/rails/cctp-v2/evm";
import { type FakeIris, startFakeIris } from "../support/fake-iris";
import { type App, dbKinds, startApp } from "../support/app";
import { FAKE_ALLOWANCE_HOLDER, type FakeQuotes, JUP_FAKE, quoteEnv, startFakeQuotes } from "../support/fake-quotes";
import { type FakeRpc, fundSuiOwner, startFakeRpc } from "../support/fake-rpc";
import { type FakeHermes, startFakeHermes } from "../support/fake-hermes";
import { freshNaviPrices, naviUsdcFeed } from "../../testing/chains/sui/venues/navi-oracle";
import { setScallopUsdc } from "../../testing/chains/sui/venues/scallop";
import { KAMINO_CUSDC_MINT, setKaminoUsdc } from "../../testing/chains/solana/venues/kamino";
import { CLOCK } from "../../testing/chains/sui/simulate";
import {
  CETUS_ADAPTER_V3,
  CETUS_ADAPTER_V3_ORIGINAL,
  CETUS_AGGREGATOR_V3,
  CETUS_GLOBAL_CONFIG,
  CETUS_PARTNER,
  LOCAL_CETUS_USDC_SUI_POOL,
} from "../../testing/chains/sui/cetus-aggregator";
import { USDC } from "../../server/chains/balances";
import { call } from "../support/http";
import { getVenue } from "../../server/venues";
import { SCALLOP_MARKET_COIN_TYPE } from "../../server/venues/scallop/build";
import { SUILEND_CTOKEN_TYPE } from "../../server/venues/suilend/build";
import { splTokenAccountData } from "../../testing/chains/solana/local-chain";
import { idleComet, NAVI_PYTH_PUSH_WITHDRAW } from "../support/venue-fixtures";
import { cometBaseToken } from "../../testing/chains/evm/comet-deployments";
import { EVM, SOL, SOL_DEST, SUI } from "../support/wallets";

type Json = Record<string, unknown> & {
  status: string;
  planId: string;
  blockers?: { code: string; message: string }[];
  transactions: { chain: string; kind: string; encoding: string; payload: unknown; simulation?: unknown }[];
  fees: { kind: string; label: string; amountMicros: string | null; bps: number | null; reason?: string | null }[];
};

const SUI_USDC = USDC["move-chain"];
const OWNER_KEY = "plans-owner-key-0000000001";
/** Service fee recipients of the `fees` app (evm-b has none). */
const FEE_MOVE = `0x${"fe".repeat(32)}`;
const FEE_SVM = getBase58Decoder().decode(new Uint8Array(32).fill(77));
const FEE_EVM_A = `0x${"fe".repeat(20)}`;

describe.each(dbKinds())("plans (%s)", (db) => {
  let app: App;
  let off: App;
  /** Quote sources set, but no Jupiter key and a 0x key the source refuses. */
  let nokey: App;
  /** Fee recipients configured on move-chain, svm-chain and evm-a (not evm-b). */
  let fees: App;
  let rpc: FakeRpc;
  let quotes: FakeQuotes;
  let iris: FakeIris;
  let hermes: FakeHermes;
  const post = (path: string, body: unknown, key?: string) => call<Json>(app.url, "POST", `/api/v1${path}`, { body, key });

  beforeAll(async () => {
    rpc = await startFakeRpc();
    // Sui plans are simulated before they are returned: the owner's gas and USDC, and Scallop's market, on the local chain.
    fundSuiOwner(rpc, SUI);
    setScallopUsdc(rpc, { cash: 2_000_000_000n, debt: 1_000_000_000n, marketCoinSupply: 2_000_000_000n });
    quotes = await startFakeQuotes();
    iris = await startFakeIris();
    hermes = await startFakeHermes();
    const env = {
      SVC_RPC_SVM: rpc.url,
      SVC_RPC_EVM_A: rpc.url,
      SVC_RPC_MOVE: rpc.url,
      ...quoteEnv(quotes.url),
      SVC_CCTP_ATTESTATION_URL: iris.url,
      SVC_PYTH_HERMES_URL: hermes.url,
      SVC_API_KEYS: JSON.stringify([{ key: OWNER_KEY, role: "owner", wallets: [EVM] }]),
    };
    app = await startApp({ db, env });
    fees = await startApp({ db, env: { ...env, SVC_FEE_RECIPIENT_MOVE: FEE_MOVE, SVC_FEE_RECIPIENT_SVM: FEE_SVM, SVC_FEE_RECIPIENT_EVM_A: FEE_EVM_A } });
    off = await startApp({ db, env: { SVC_EXECUTION_MODE: "disabled" } });
    nokey = await startApp({ db, env: { ...quoteEnv(quotes.url), SVC_JUPITER_API_KEY: "", SVC_ZEROX_API_KEY: "not-the-key" } });
  });
  afterAll(async () => {
    await app?.stop();
    await off?.stop();
    await nokey?.stop();
    await fees?.stop();
    await rpc?.close();
    await quotes?.close();
    await iris?.close();
    await hermes?.close();
  });

  it("Sui deposit plan (Scallop) with owner: prepared, stored id, a PTB that Transaction.from accepts", async () => {
    const r = await post("/svc/strategies/deposit/plan", { strategyId: "scallop", amountMicros: "5000000", owner: SUI });
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({
      schemaVersion: "svc-vault-plan.v1",
      status: "prepared",
      submitted: false,
      ownerMustSign: true,
      feeMicros: "0",
      strategyId: "scallop",
      chain: "move-chain",
      amountMicros: "5000000",
      owner: SUI,
      broadcastEnabled: false,
      executionMode: "owner_sign_prepare",
    });
    expect(r.json.blockers).toBeUndefined();
    expect(r.json.planId).toMatch(/^pln_[0-9a-z]{20}$/);
    expect(r.json.fees.find((f) => f.kind === "service")).toMatchObject({ amountMicros: "0", bps: 0 });
    expect(r.json.estimates).toMatchObject({ estimate: true, grossApyBps: null, netApyBps: null, estDailyYieldMicros: null });
    const [tx] = r.json.transactions;
    expect(tx).toMatchObject({ chain: "move-chain", kind: "deposit", encoding: "sui-transaction-json" });
    // Simulated by the (local) full node over gRPC before it was returned: its gas figures, no error.
    expect(tx?.simulation).toMatchObject({ status: "ok", gasEstimate: "3714000", fee: { amount: "2735880", asset: "SUI", decimals: 9 }, error: null });
    const data = Transaction.from(tx?.payload as string).getData();
    expect(data.sender).toBe(SUI);
    expect(data.commands.map((c) => c.$kind)).toEqual(["$Intent", "MoveCall", "TransferObjects"]);
    expect(data.commands[1]?.MoveCall?.function).toBe("mint");
    // without owner: same plan, no transactions
    const q = await post("/svc/strategies/deposit/plan", { strategyId: "scallop", amountMicros: "5000000" });
    expect(q.json).toMatchObject({ status: "prepared", owner: null, transactions: [] });
    expect(q.json.planId).not.toBe(r.json.planId);
  });

  it("a withdraw plan answers what leaves the venue, never a yield estimate (estimates null); a deposit plan keeps its estimates", async () => {
    // Prepared (with owner) and blocked (far above what the venue holds) alike: a withdraw earns nothing.
    for (const body of [
      { strategyId: "scallop", amountMicros: "5000000", owner: SUI },
      { strategyId: "kamino", amountMicros: "50000000" },
      { strategyId: "navi", amountMicros: "100000000000" },
    ]) {
      const w = await post("/svc/strategies/withdraw/plan", body);
      expect(w.status, JSON.stringify(w.json)).toBe(200);
      expect(w.json).toMatchObject({ action: "withdraw", amountMicros: body.amountMicros, feeMicros: "0", estimates: null });
    }
    const d = await post("/svc/strategies/deposit/plan", { strategyId: "kamino", amountMicros: "50000000" });
    expect(d.json).toMatchObject({ action: "deposit", estimates: { estimate: true } });
  });

  it("a Sui plan the chain's simulation refuses is blocked simulation_failed with the node's words (no SUI for gas)", async () => {
    const broke = `0x${"7".repeat(64)}`;
    rpc.set(broke, getVenue("scallop")?.onchain.usdcCoinType ?? "", 50_000_000n);
    const r = await post("/svc/strategies/deposit/plan", { strategyId: "scallop", amountMicros: "5000000", owner: broke });
    expect(r.json).toMatchObject({ status: "blocked" });
    expect(r.json.blockers).toEqual([{ code: "simulation_failed", message: expect.stringContaining("Cannot find gas coin") }]);
  });

  it("a NAVI withdraw refreshes NAVI's prices first (update_single_price_v2 from chain-read objects); a stale Pyth price is pushed from Hermes first; Hermes down or stale blocks before simulation, saying it would abort 1502", async () => {
    const navi = getVenue("navi")?.onchain ?? {};
    const clockMs = BigInt(String((CLOCK.json as { timestamp_ms: string }).timestamp_ms));
    // The owner has 10 USDC supplied (scaled at index 1.0, NAVI's 9-decimal amounts).
    rpc.naviStorages.set(navi.storage ?? "", {
      reservesTable: `0x${"e6".repeat(32)}`,
      reserves: new Map([[10, { coinType: navi.usdcCoinType ?? "", supplyIndex: 10n ** 27n, suppliers: new Map([[SUI, 10_000_000_000n]]) }]]),
    });
    try {
      const fresh = await post("/svc/strategies/withdraw/plan", { strategyId: "navi", amountMicros: "4000000", owner: SUI });
      expect(fresh.json).toMatchObject({ status: "prepared", transactions: [{ simulation: { status: "ok" } }] });
      const calls = Transaction.from(fresh.json.transactions[0]?.payload as string).getData().commands.map((c) => c.MoveCall?.function);
      expect(calls.slice(0, 2)).toEqual(["update_single_price_v2", "withdraw_v2"]);
      // The PriceOracle's price 60 s old, its sources fresh: the update in the transaction refreshes it; prepared.
      rpc.naviPriceOracle.prices.set(10, { value: 1_000_000n, decimal: 6, timestampMs: clockMs - 60_000n });
      const refreshed = await post("/svc/strategies/withdraw/plan", { strategyId: "navi", amountMicros: "4000000", owner: SUI });
      expect(refreshed.json).toMatchObject({ status: "prepared", transactions: [{ simulation: { status: "ok" } }] });
      // Its Pyth and Switchboard sources 60 s old too, Hermes with Pyth's price of 1 s before the Clock: NAVI's app
      // pushes it first; so does the plan (Wormhole verify, Pyth accumulator, update_single_price_feed, destroy), then
      // the NAVI update and the withdraw; the local node runs the push and the withdraw passes.
      const feed = naviUsdcFeed();
      rpc.naviOracleFeeds = [{ ...feed, pyth: feed.pyth && { ...feed.pyth, publishMs: clockMs - 60_000n }, switchboard: feed.switchboard && { ...feed.switchboard, updatedMs: clockMs - 60_000n } }];
      const pythId = (feed.pyth?.priceIdentifier ?? "").slice(2);
      hermes.prices.set(pythId, { price: 100_000_000n, conf: 10_000n, expo: -8, publishTime: (clockMs - 1_000n) / 1000n });
      const pushed = await post("/svc/strategies/withdraw/plan", { strategyId: "navi", amountMicros: "4000000", owner: SUI });
      expect(pushed.json).toMatchObject({ status: "prepared", transactions: [{ simulation: { status: "ok" } }] });
      const pushedCalls = Transaction.from(pushed.json.transactions[0]?.payload as string)
        .getData()
        .commands.map((c) => (c.MoveCall ? `${c.MoveCall.module}::${c.MoveCall.function}` : c.$kind));
      expect(pushedCalls.slice(0, NAVI_PYTH_PUSH_WITHDRAW.length)).toEqual(NAVI_PYTH_PUSH_WITHDRAW);
      expect(hermes.requests.some((r) => r.startsWith(`/v2/updates/price/latest?ids%5B%5D=${pythId}`))).toBe(true);
      // Hermes unreachable: the price cannot be made fresh; blocked rpc_unavailable naming Hermes, nothing built.
      hermes.failing.on = true;
      const down = await post("/svc/strategies/withdraw/plan", { strategyId: "navi", amountMicros: "4000000", owner: SUI });
      expect(down.json).toMatchObject({ status: "blocked", transactions: [] });
      expect(down.json.blockers).toEqual([{ code: "rpc_unavailable", message: expect.stringContaining(`Pyth's Hermes (${hermes.url})`) }]);
      expect(down.json.blockers?.[0]?.message).toContain("withdraw_v2 would abort 1502 (invalid_price)");
      hermes.failing.on = false;
      // Hermes's latest Pyth price as old as the sources: nothing would refresh it; blocked before simulation.
      hermes.prices.set(pythId, { price: 100_000_000n, conf: 10_000n, expo: -8, publishTime: (clockMs - 60_000n) / 1000n });
      const stale = await post("/svc/strategies/withdraw/plan", { strategyId: "navi", amountMicros: "4000000", owner: SUI });
      expect(stale.json).toMatchObject({ status: "blocked", transactions: [] });
      expect(stale.json.blockers).toEqual([{ code: "venue_state_unavailable", message: expect.stringContaining("withdraw_v2 would abort 1502 (invalid_price)") }]);
    } finally {
      hermes.failing.on = false;
      hermes.prices.clear();
      rpc.naviPriceOracle = freshNaviPrices();
      rpc.naviOracleFeeds = [naviUsdcFeed()];
      rpc.naviStorages.clear();
    }
  });

  it("Solana deposit plan (Kamino) with owner: an unsigned v0 transaction on the RPC's blockhash", async () => {
    setKaminoUsdc(rpc, 3_000_000_000n, 2_000_000_000n);
    const r = await post("/svc/strategies/deposit/plan", { strategyId: "kamino", amountMicros: "2000000", owner: SOL });
    expect(r.json.status).toBe("prepared");
    const p = r.json.transactions[0]?.payload as { transaction: string; recentBlockhash: string };
    expect(p.recentBlockhash).toBe(rpc.blockhash);
    const wire = getTransactionDecoder().decode(getBase64Encoder().encode(p.transaction));
    expect(Object.keys(wire.signatures)).toEqual([SOL]);
    const msg = getCompiledTransactionMessageDecoder().decode(wire.messageBytes);
    expect(msg.version).toBe(0);
    expect(msg.staticAccounts).toContain("KLend2g3cP87fffoy8q1mQqGKjrxjC8boSyAYavgmjD");
  });

  it("a Solana plan is never prepared with nothing to sign: no blockhash → blocked rpc_unavailable (deposit, withdraw, bridge continuation)", async () => {
    rpc.set(SOL, KAMINO_CUSDC_MINT, 10_000_000n);
    setKaminoUsdc(rpc, 3_000_000_000n, 2_000_000_000n);
    const plans = [
      ["/svc/strategies/deposit/plan", { strategyId: "kamino", amountMicros: "2000000", owner: SOL }],
      ["/svc/strategies/withdraw/plan", { strategyId: "kamino", amountMicros: "2000000", owner: SOL }],
      ["/svc/bridge/plan", { sourceChain: "evm-a", destChain: "svm-chain", amountMicros: "10000000", sourceAddress: EVM, destAddress: SOL_DEST, continueTo: { strategyId: "kamino" } }],
    ] as const;
    for (const [path, body] of plans) expect((await post(path, body)).json.status, path).toBe("prepared");
    rpc.failing.add("getLatestBlockhash");
    try {
      for (const [path, body] of plans) {
        const r = await post(path, body);
        expect(r.status).toBe(200);
        expect(r.json, path).toMatchObject({ status: "blocked", transactions: [] });
        expect(r.json.blockers, path).toEqual([{ code: "rpc_unavailable", message: expect.stringMatching(/blockhash/) }]);
      }
    } finally {
      rpc.failing.delete("getLatestBlockhash");
    }
  });

  it("Scallop, Kamino and Suilend withdraw plans: sized in the venue's shares at the rate read from chain now; unreadable → blocked", async () => {
    // The owners hold enough shares (the plans read the balance too).
    rpc.set(SUI, SCALLOP_MARKET_COIN_TYPE, 10_000_000n);
    rpc.set(SUI, SUILEND_CTOKEN_TYPE, 10_000_000n);
    rpc.set(SOL, KAMINO_CUSDC_MINT, 10_000_000n);
    const kamino = getVenue("kamino")?.onchain ?? {};
    // 1.5 USDC per market coin on both venues.
    setScallopUsdc(rpc, { cash: 2_000_000_000n, debt: 1_000_000_000n, marketCoinSupply: 2_000_000_000n });
    setKaminoUsdc(rpc, 3_000_000_000n, 2_000_000_000n);
    const suilend = getVenue("suilend")?.onchain ?? {};
    rpc.suilendMarkets.set(suilend.lendingMarket ?? "", [
      { coinType: "0x2::sui::SUI", available: 1n, ctokens: 1n, borrowedWad: 0n, unclaimedWad: 0n },
      { coinType: suilend.usdcCoinType ?? "", available: 3_000_000_000n, ctokens: 2_000_000_000n, borrowedWad: 0n, unclaimedWad: 0n },
    ]);
    const sl = await post("/svc/strategies/withdraw/plan", { strategyId: "suilend", amountMicros: "5000000", owner: SUI });
    expect(sl.json).toMatchObject({ status: "prepared", action: "withdraw", chain: "move-chain" });
    const slTx = Transaction.from(sl.json.transactions[0]?.payload as string).getData();
    expect(slTx.commands[0]?.$Intent?.data).toMatchObject({ balance: "3333334" }); // ceil(5 / 1.5) cTokens
    expect(slTx.commands[2]?.MoveCall).toMatchObject({ module: "lending_market", function: "redeem_ctokens_and_withdraw_liquidity_request" });
    expect(slTx.commands[3]?.MoveCall).toMatchObject({ module: "lending_market", function: "fulfill_liquidity_request" });
    const sd = await post("/svc/strategies/deposit/plan", { strategyId: "suilend", amountMicros: "5000000", owner: SUI });
    expect(sd.json).toMatchObject({ status: "prepared", action: "deposit" });
    expect(Transaction.from(sd.json.transactions[0]?.payload as string).getData().commands[1]?.MoveCall).toMatchObject({ function: "deposit_liquidity_and_mint_ctokens" });

    const s = await post("/svc/strategies/withdraw/plan", { strategyId: "scallop", amountMicros: "5000000", owner: SUI });
    expect(s.json).toMatchObject({ status: "prepared", action: "withdraw", feeMicros: "0", chain: "move-chain" });
    const sui = Transaction.from(s.json.transactions[0]?.payload as string).getData();
    expect(sui.commands[0]?.$Intent?.data).toMatchObject({ balance: "3333334" }); // ceil(5 / 1.5) market coins
    expect(sui.commands[1]?.MoveCall).toMatchObject({ module: "redeem", function: "redeem" });

    const k = await post("/svc/strategies/withdraw/plan", { strategyId: "kamino", amountMicros: "2000000", owner: SOL });
    expect(k.json).toMatchObject({ status: "prepared", action: "withdraw", chain: "svm-chain" });
    expect(k.json.transactions.map((t) => t.kind)).toEqual(["withdraw"]);
    const wire = getTransactionDecoder().decode(getBase64Encoder().encode((k.json.transactions[0]?.payload as { transaction: string }).transaction));
    const msg = getCompiledTransactionMessageDecoder().decode(wire.messageBytes);
    if (msg.version !== 0) throw new Error(`expected a v0 message, got version ${msg.version}`);
    const data = msg.instructions?.at(-1)?.data ?? new Uint8Array();
    expect(Buffer.from(data.slice(8)).readBigUInt64LE()).toBe(1_333_334n); // ceil(2 / 1.5) cUSDC

    // More than the owner's shares are worth: blocked in words, nothing to sign.
    rpc.set(SUI, SCALLOP_MARKET_COIN_TYPE, 1_000_000n);
    const over = await post("/svc/strategies/withdraw/plan", { strategyId: "scallop", amountMicros: "5000000", owner: SUI });
    expect(over.json).toMatchObject({ status: "blocked", transactions: [] });
    expect(over.json.blockers).toEqual([{ code: "insufficient_balance", message: expect.stringContaining("worth 1500000 micro-USDC") }]);

    // The chain cannot be read: blocked with the reason, no transaction, no guessed rate.
    rpc.scallopMarkets.clear();
    rpc.solanaAccounts.delete(kamino.usdcReserve ?? "");
    rpc.suilendMarkets.delete(suilend.lendingMarket ?? "");
    for (const [strategyId, owner] of [["scallop", SUI], ["kamino", SOL], ["suilend", SUI]] as const) {
      const b = await post("/svc/strategies/withdraw/plan", { strategyId, amountMicros: "2000000", owner });
      expect(b.json).toMatchObject({ status: "blocked", transactions: [] });
      expect(b.json.blockers?.map((x) => x.code)).toEqual(["venue_state_unavailable"]);
      expect(b.json.blockers?.[0]?.message).toMatch(/RPC|account|object/i);
    }
    // Kamino's reserve back on the local chain for the plans after this one (deposits read it too).
    setKaminoUsdc(rpc, 3_000_000_000n, 2_000_000_000n);
    // Without an owner nothing is built, so nothing is read: the plan is prepared with no transactions.
    expect((await post("/svc/strategies/withdraw/plan", { strategyId: "scallop", amountMicros: "2000000" })).json).toMatchObject({ status: "prepared", transactions: [] });
  });

  it("EVM (Map) deposit and withdraw plans: approve + supply calldata, never broadcast", async () => {
    const d = await post("/svc/strategies/deposit/plan", { strategyId: "aave-v3-base", amountMicros: "3000000", owner: EVM });
    expect(d.json).toMatchObject({ status: "prepared", chain: "evm-a", broadcastEnabled: false });
    expect(d.json.transactions.map((t) => t.kind)).toEqual(["approve", "deposit"]);
    // Compound v3 withdraw: capped at the owner's Comet balanceOf read at plan time (a withdraw above it would borrow).
    const comet = (getVenue("compound-v3-base")?.onchain.cUSDCv3 ?? "").toLowerCase();
    rpc.comets.set(comet, idleComet(EVM.toLowerCase(), 3_000_000n, cometBaseToken(comet)));
    const w = await post("/svc/strategies/withdraw/plan", { strategyId: "compound-v3-base", amountMicros: "3000000", owner: EVM });
    expect(w.json).toMatchObject({ status: "prepared", action: "withdraw", feeMicros: "0", chain: "evm-a" });
    expect(w.json.transactions.map((t) => t.kind)).toEqual(["withdraw"]);
    const above = await post("/svc/strategies/withdraw/plan", { strategyId: "compound-v3-base", amountMicros: "3000001", owner: EVM });
    expect(above.json).toMatchObject({ status: "blocked", transactions: [] });
    expect(above.json.blockers?.map((b) => [b.code, b.message])).toEqual([["insufficient_balance", expect.stringContaining("withdraw at most 3000000")]]);
    // evm-b's RPC is down (closed port): the balance cannot be read, so nothing is built.
    const down = await post("/svc/strategies/withdraw/plan", { strategyId: "compound-v3-arbitrum", amountMicros: "3000000", owner: EVM });
    expect(down.json).toMatchObject({ status: "blocked", transactions: [] });
    expect(down.json.blockers?.map((b) => b.code)).toEqual(["venue_state_unavailable"]);
  });

  it("blocks with each blocker and never builds a placeholder transaction", async () => {
    const cases: [string, Record<string, string>, string][] = [
      ["/svc/strategies/deposit/plan", { strategyId: "scallop", amountMicros: "0", owner: SUI }, "amount_zero"],
      ["/svc/strategies/deposit/plan", { strategyId: "scallop", amountMicros: "999999", owner: SUI }, "below_minimum"],
    ];
    for (const [path, body, code] of cases) {
      const r = await post(path, body);
      expect(r.status, `${body.strategyId} ${code}`).toBe(200);
      expect(r.json.status).toBe("blocked");
      expect(r.json.blockers?.map((b) => b.code)).toContain(code);
      expect(r.json.transactions).toEqual([]);
    }
    const disabled = await call<Json>(off.url, "POST", "/api/v1/svc/strategies/deposit/plan", { body: { strategyId: "scallop", amountMicros: "5000000", owner: SUI } });
    expect(disabled.json).toMatchObject({ status: "blocked", executionMode: "disabled", transactions: [] });
    expect(disabled.json.blockers?.map((b) => b.code)).toEqual(["execution_disabled"]);
  });

  it("rejects bad input with the contract's codes", async () => {
    expect((await post("/svc/strategies/deposit/plan", { strategyId: "scallop", amountMicros: "5000000", owner: EVM })).json.code).toBe("INVALID_ADDRESS");
    expect((await post("/svc/strategies/deposit/plan", { strategyId: "scallop", amountMicros: "1.5" })).json.code).toBe("INVALID_AMOUNT");
    expect((await post("/svc/strategies/deposit/plan", { strategyId: "scallop-usdc", amountMicros: "1" })).status).toBe(400);
    expect((await post("/svc/strategies/deposit/plan", { strategyId: "nope", amountMicros: "1" })).status).toBe(404);
    expect((await post("/svc/strategies/deposit/plan", { strategyId: "svc-autopilot-top-30d-monthly", amountMicros: "1" })).status).toBe(400);
  });

  it("swap plans: quotes in each aggregator's current format, sent with its key, fee lines, minAmountOut and slippage bounds", async () => {
    const svm = await post("/svc/swap-svm/plan", { inputToken: "USDC", outputToken: "So11111111111111111111111111111111111111112", amountIn: "1000000" });
    expect(svm.json).toMatchObject({ status: "prepared", slippageBps: 100, ownerMustSign: true, custody: "none", minAmountOut: "985050", transactions: [] });
    expect(svm.json.quote).toMatchObject({ outAmount: "995000", format: "jupiter-swap-v2-order" });
    // No fee recipient is configured on this app: the service fee is 0 with the reason, and none is asked of Jupiter.
    expect(svm.json.fees.find((f) => f.kind === "service")).toMatchObject({ amountMicros: "0", bps: 0, reason: expect.stringContaining("SVC_FEE_RECIPIENT_SVM") });
    expect(svm.json.fees.find((f) => f.kind === "pool")).toMatchObject({ amountMicros: "400" });
    const order = quotes.requests.at(-1);
    expect(order?.url.pathname).toBe("/order");
    expect(order?.url.searchParams.get("taker")).toBeNull();
    const move = await post("/svc/swap-move/plan", { inputToken: "USDC", outputToken: "0x2::sui::SUI", amountIn: "2000000", slippageBps: 500 });
    expect(move.json).toMatchObject({ status: "prepared", slippageBps: 500, minAmountOut: String((1990000n * 9500n) / 10000n) });
    expect(move.json.quote).toMatchObject({ format: "cetus-router-v3", route: ["CETUS"] });
    expect(move.json.fees.find((f) => f.kind === "pool")).toMatchObject({ amountMicros: "5000" }); // 2000000 × 0.0025
    expect(quotes.requests.at(-1)?.url.searchParams.get("v")).toBe("1010702");
    // An owner without the input coin is never prepared: blocked insufficient_balance, with what the owner holds.
    const poor = `0x${"ab".repeat(32)}`;
    const owned = await post("/svc/swap-move/plan", { inputToken: "USDC", outputToken: "0x2::sui::SUI", amountIn: "2000000", owner: poor });
    expect(owned.json).toMatchObject({ status: "blocked", transactions: [] });
    expect(owned.json.blockers).toEqual([{ code: "insufficient_balance", message: `The swap needs 2000000 base units of ${SUI_USDC}; ${poor} holds 0: swap at most that.` }]);
    // amounts above 2^53 stay exact (router v3 answers JSON numbers)
    const big = await post("/svc/swap-move/plan", { inputToken: "0x2::sui::SUI", outputToken: "USDC", amountIn: "90071992547409930" });
    expect((big.json.quote as { inAmount: string }).inAmount).toBe("90071992547409930");
    const evm = await post("/svc/evm/swap/plan", { chain: "evm-a", inputToken: "USDC", outputToken: "0x4200000000000000000000000000000000000006", amountIn: "1000000", slippageBps: 0, owner: EVM });
    expect(evm.json).toMatchObject({ status: "prepared", minAmountOut: "995000", broadcastEnabled: false });
    expect(quotes.requests.at(-1)?.headers).toMatchObject({ "0x-api-key": "zeroex-test-key-0001", "0x-version": "v2" });
    for (const s of [501, -1, 1.5]) {
      const bad = await post("/svc/swap-svm/plan", { inputToken: "USDC", outputToken: "So11111111111111111111111111111111111111112", amountIn: "1", slippageBps: s });
      expect(bad.status, String(s)).toBe(400);
      expect(bad.json.code).toBe("INVALID_REQUEST");
    }
  });

  it("0x swap with an owner: the allowance step is its own approve before the swap, only when the quote says so", async () => {
    const body = { chain: "evm-a", inputToken: "USDC", outputToken: "0x4200000000000000000000000000000000000006", amountIn: "1000000", owner: EVM };
    const r = await post("/svc/evm/swap/plan", body);
    expect(r.json.status).toBe("prepared");
    expect(r.json.transactions.map((t) => t.kind)).toEqual(["approve", "swap"]);
    const approve = r.json.transactions[0]?.payload as { to: string; data: Hex };
    expect(approve.to).toBe("0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913");
    expect(decodeFunctionData({ abi: erc20Abi, data: approve.data })).toMatchObject({ functionName: "approve", args: [getAddress(FAKE_ALLOWANCE_HOLDER), 1_000_000n] });
    expect(r.json.transactions[1]?.payload).toMatchObject({ to: getAddress(FAKE_ALLOWANCE_HOLDER), data: "0x2213bc0b", chainId: 8453 });
    quotes.allowances.set(EVM.toLowerCase(), 1_000_000n);
    try {
      const enough = await post("/svc/evm/swap/plan", body);
      expect(enough.json.transactions.map((t) => t.kind)).toEqual(["swap"]);
    } finally {
      quotes.allowances.clear();
    }
  });

  it("Jupiter swap with an owner: the /build instructions as a v0 transaction on Jupiter's blockhash and lookup table", async () => {
    const r = await post("/svc/swap-svm/plan", { inputToken: "USDC", outputToken: "So11111111111111111111111111111111111111112", amountIn: "1000000", owner: SOL, slippageBps: 30 });
    expect(r.json.status).toBe("prepared");
    expect(r.json.quote).toMatchObject({ format: "jupiter-swap-v2-build", sourceMinAmountOut: String((995000n * 9970n) / 10000n) });
    const sent = quotes.requests.at(-1);
    expect(sent?.url.pathname).toBe("/build");
    expect(sent?.url.searchParams.get("taker")).toBe(SOL);
    expect(sent?.url.searchParams.get("slippageBps")).toBe("30");
    expect(sent?.headers["x-api-key"]).toBe("jup-test-key-0001");
    const [tx] = r.json.transactions;
    expect(tx).toMatchObject({ chain: "svm-chain", kind: "swap", encoding: "solana-v0-message-base64" });
    const p = tx?.payload as { transaction: string; recentBlockhash: string; lastValidBlockHeight: string };
    expect(p.recentBlockhash).toBe(getBase58Decoder().decode(Uint8Array.from(JUP_FAKE.blockhash)));
    expect(p.lastValidBlockHeight).toBe(String(JUP_FAKE.lastValidBlockHeight));
    const wire = getTransactionDecoder().decode(getBase64Encoder().encode(p.transaction));
    expect(Object.keys(wire.signatures)).toEqual([SOL]);
    const msg = getCompiledTransactionMessageDecoder().decode(wire.messageBytes);
    expect(msg.version).toBe(0);
    // Jupiter's compute-budget instruction is left out (the plan's simulation sets the budget).
    expect(msg.staticAccounts).toEqual(expect.arrayContaining([SOL, JUP_FAKE.swapProgram]));
    expect(msg.staticAccounts).not.toContain(JUP_FAKE.computeBudget);
    expect(msg.staticAccounts).not.toContain(JUP_FAKE.tableAccounts[0]);
    const lookups = (msg as { addressTableLookups?: { lookupTableAddress: string; writableIndexes: number[]; readonlyIndexes: number[] }[] }).addressTableLookups;
    expect(lookups).toEqual([{ lookupTableAddress: JUP_FAKE.lookupTable, writableIndexes: [0], readonlyIndexes: [1] }]);
    expect((msg as unknown as { instructions: unknown[] }).instructions.length).toBe(1); // the swap
  });

  it("Cetus swap with an owner: the aggregator SDK's Move calls on the router answer, simulated ok by the local node; wrong packages and Pyth routes are refused", async () => {
    const body = { inputToken: "USDC", outputToken: "0x2::sui::SUI", amountIn: "2000000", owner: SUI, slippageBps: 50 };
    const before = quotes.requests.length;
    const r = await post("/svc/swap-move/plan", body);
    expect(r.json.blockers).toBeUndefined();
    expect(r.json).toMatchObject({ status: "prepared", owner: SUI, minAmountOut: String((1990000n * 9950n) / 10000n) });
    // One quote request per plan, over the providers the builder can build without a web call (no Pyth providers).
    const sent = quotes.requests.slice(before);
    expect(sent.map((q) => q.url.pathname)).toEqual(["/find_routes"]);
    const providers = sent[0]?.url.searchParams.get("providers")?.split(",") ?? [];
    expect(providers).toContain("CETUS");
    for (const p of ["HAEDALPMM", "METASTABLE", "OBRIC", "STEAMM_OMM", "STEAMM_OMM_V2", "SEVENK", "HAEDALHMMV2", "HAEDALPROPAMM"]) expect(providers).not.toContain(p);
    expect(r.json.transactions).toHaveLength(1);
    const [tx] = r.json.transactions;
    expect(tx).toMatchObject({ chain: "move-chain", kind: "swap", encoding: "sui-transaction-json", simulation: { status: "ok", error: null } });
    const data = Transaction.from(tx?.payload as string).getData();
    expect(data.sender).toBe(SUI);
    expect(data.commands.map((c) => c.$kind)).toEqual(["$Intent", "MoveCall", "MoveCall", "MoveCall", "TransferObjects"]);
    // The owner's USDC in (resolved by the wallet), the SDK's three calls (the router answer's packages), the output to the owner.
    expect(data.commands[0]?.$Intent?.data).toMatchObject({ type: SUI_USDC, balance: "2000000" });
    const calls = data.commands.flatMap((c) => (c.MoveCall ? [[normalizeSuiAddress(c.MoveCall.package), c.MoveCall.module, c.MoveCall.function]] : []));
    expect(calls).toEqual([
      [CETUS_AGGREGATOR_V3, "router", "new_swap_context_v3"],
      [CETUS_ADAPTER_V3, "cetus", "swap"],
      [CETUS_AGGREGATOR_V3, "router", "confirm_swap_v3"],
    ]);
    const newCtx = data.commands[1]?.MoveCall;
    expect(newCtx?.typeArguments.map((t) => normalizeStructTag(t))).toEqual([normalizeStructTag(SUI_USDC), normalizeStructTag("0x2::sui::SUI")]);
    // new_swap_context_v3(quote_id, max_amount_in, quote_amount_in, quote_amount_out, slippage, coin, fee_rate, fee_recipient):
    // the plan's slippage in the contract's millionths (50 bps = 5000), the quote's amounts.
    const pureU64 = (arg: unknown) => {
      const input = data.inputs[(arg as { Input: number }).Input];
      return bcs.u64().fromBase64(input?.Pure?.bytes ?? "");
    };
    expect([2, 3, 4].map((i) => pureU64(newCtx?.arguments[i]))).toEqual(["2000000", "1990000", "5000"]);
    const swapCall = data.commands[2]?.MoveCall;
    const objectIds = (swapCall?.arguments ?? []).slice(1, 4).map((a) => {
      const input = data.inputs[(a as { Input: number }).Input];
      return normalizeSuiAddress(input?.UnresolvedObject?.objectId ?? "");
    });
    expect(objectIds).toEqual([CETUS_GLOBAL_CONFIG, LOCAL_CETUS_USDC_SUI_POOL, CETUS_PARTNER]);
    const transfer = data.commands[4]?.TransferObjects;
    expect(data.inputs[(transfer?.address as { Input: number }).Input]?.Pure?.bytes).toBe(bcs.Address.serialize(SUI).toBase64());

    // The chain refuses what is not on it: a router package the node does not have, a superseded Cetus adapter, a pool
    // that does not exist. Each is blocked simulation_failed with the node's words, never prepared.
    const refusals: [Partial<typeof quotes.cetus>, RegExp][] = [
      // an id the node does not have (a `haedal` package, not the router: MystenLabs/sui-packages packages/mainnet/0x38/64c7…/metadata.json)
      [{ aggregatorV3: "0x3864c7c59a4889fec05d1aae4bc9dba5a0e0940594b424fbed44cb3f6ac4c032" }, /Package object does not exist with ID 0x3864c7c5/], // @cetusprotocol/aggregator-sdk 1.7.2 dist/index.js getRouterResult fallback
      // the adapter's original version: executing its old code, the version guard aborts
      [{ publishedAt: CETUS_ADAPTER_V3_ORIGINAL }, new RegExp(`MoveAbort.*${CETUS_ADAPTER_V3_ORIGINAL}::cetus::swap`)],
      [{ pool: `0x${"d9".repeat(32)}` }, /0xd9d9/],
    ];
    const defaults = { ...quotes.cetus };
    try {
      for (const [change, error] of refusals) {
        Object.assign(quotes.cetus, defaults, change);
        const bad = await post("/svc/swap-move/plan", body);
        expect(bad.json, JSON.stringify(change)).toMatchObject({ status: "blocked", transactions: [] });
        expect(bad.json.blockers).toEqual([{ code: "simulation_failed", message: expect.stringMatching(error) }]);
      }
      // A route through a Pyth-priced provider is not built (the SDK would fetch a price update from the web).
      Object.assign(quotes.cetus, defaults, { provider: "HAEDALPMM" });
      const pyth = await post("/svc/swap-move/plan", body);
      expect(pyth.json).toMatchObject({ status: "blocked", transactions: [] });
      expect(pyth.json.blockers).toEqual([{ code: "quote_unavailable", message: expect.stringContaining("HAEDALPMM, whose swap needs a Pyth price update") }]);
    } finally {
      Object.assign(quotes.cetus, defaults);
    }

    // Less USDC than the swap: insufficient_balance with the most that can be swapped.
    const short = `0x${"6".repeat(64)}`;
    rpc.set(short, "native", 5_000_000_000n);
    rpc.set(short, SUI_USDC, 1_500_000n);
    const over = await post("/svc/swap-move/plan", { ...body, owner: short });
    expect(over.json).toMatchObject({ status: "blocked", transactions: [] });
    expect(over.json.blockers).toEqual([{ code: "insufficient_balance", message: expect.stringContaining(`${short} holds 1500000: swap at most that`) }]);
  });

  describe("service swap fee: taken by the transaction that discloses it", () => {
    const feePost = (path: string, body: unknown) => call<Json>(fees.url, "POST", `/api/v1${path}`, { body });
    const service = (r: { json: Json }) => r.json.fees.find((f) => f.kind === "service");

    it("0x: swapFeeRecipient/swapFeeBps/swapFeeToken sent, the line is the answer's integratorFee, minAmountOut net of it; evm-b without a recipient: nothing sent, 0 with the reason", async () => {
      const body = { chain: "evm-a", inputToken: "USDC", outputToken: "0x4200000000000000000000000000000000000006", amountIn: "1000000", slippageBps: 100, owner: EVM };
      const r = await feePost("/svc/evm/swap/plan", body);
      expect(r.json.status).toBe("prepared");
      const sent = quotes.requests.at(-1)?.url.searchParams;
      expect(sent?.get("swapFeeRecipient")).toBe(FEE_EVM_A);
      expect(sent?.get("swapFeeBps")).toBe("10");
      expect(sent?.get("swapFeeToken")).toBe("0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913");
      // 10 bps of 1 USDC = 1000 micros, as the answer's fees.integratorFee states; the rest is swapped at 0.995.
      expect(service(r)).toMatchObject({ amountMicros: "1000", bps: 10, estimate: false, reason: null, asset: "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913" });
      expect(service(r)?.label).toContain(FEE_EVM_A);
      expect(r.json.quote).toMatchObject({ outAmount: String((999000n * 995n) / 1000n) });
      expect(r.json.minAmountOut).toBe(String((((999000n * 995n) / 1000n) * 9900n) / 10000n));

      const none = await feePost("/svc/evm/swap/plan", { ...body, chain: "evm-b", outputToken: "0x82aF49447D8a07e3bd95BD0d56f35241523fBab1" });
      expect(none.json.status).toBe("prepared");
      const plain = quotes.requests.at(-1)?.url.searchParams;
      for (const k of ["swapFeeRecipient", "swapFeeBps", "swapFeeToken"]) expect(plain?.get(k), k).toBeNull();
      expect(service(none)).toMatchObject({ amountMicros: "0", bps: 0, reason: expect.stringContaining("SVC_FEE_RECIPIENT_EVM_B") });
      expect(none.json.quote).toMatchObject({ outAmount: "995000" });
      // GET /svc/fees says the same: evm-a's recipient, and why evm-b takes none.
      const schedule = await call<{ recipients: { chain: string; recipient: string | null; reason: string | null }[] }>(fees.url, "GET", "/api/v1/svc/fees");
      expect(schedule.json.recipients).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ chain: "evm-a", recipient: FEE_EVM_A, reason: null }),
          expect.objectContaining({ chain: "evm-b", recipient: null, reason: expect.stringContaining("SVC_FEE_RECIPIENT_EVM_B") }),
        ]),
      );

      // The local 0x refuses what 0x refuses: a fee rate without its recipient, a fee token outside the pair.
      const base = `${quotes.url}/swap/allowance-holder/quote?chainId=8453&sellToken=${USDC["evm-a"]}&buyToken=0x4200000000000000000000000000000000000006&sellAmount=1000000`;
      const headers = { "0x-api-key": "zeroex-test-key-0001", "0x-version": "v2" };
      const noRecipient = await fetch(`${base}&swapFeeBps=10`, { headers });
      expect(noRecipient.status).toBe(400);
      expect(await noRecipient.json()).toMatchObject({ name: "INPUT_INVALID" });
      expect((await fetch(`${base}&swapFeeBps=10&swapFeeRecipient=${FEE_EVM_A}&swapFeeToken=${USDC["evm-b"]}`, { headers })).status).toBe(400);
    });

    it("Jupiter /build: platformFeeBps and the recipient's USDC token account as feeAccount; the line is the platform fee taken from the input; /order quotes the input less the fee", async () => {
      const [feeAccount] = await findAssociatedTokenPda({ owner: address(FEE_SVM), mint: address(USDC["svm-chain"]), tokenProgram: TOKEN_PROGRAM_ADDRESS });
      const body = { inputToken: "USDC", outputToken: "So11111111111111111111111111111111111111112", amountIn: "1000000", owner: SOL, slippageBps: 30 };
      // The recipient has no USDC token account on chain yet: the plan takes no fee (0 with the reason, nothing sent to
      // Jupiter), as a bridge does; never a fee shown that cannot land, never the owner paying for the service's account.
      const missing = await feePost("/svc/swap-svm/plan", body);
      expect(missing.json.status).toBe("prepared");
      expect(quotes.requests.at(-1)?.url.searchParams.get("platformFeeBps")).toBeNull();
      expect(quotes.requests.at(-1)?.url.searchParams.get("feeAccount")).toBeNull();
      expect(service(missing)).toMatchObject({ amountMicros: "0", reason: expect.stringContaining(`has no token account (${feeAccount})`) });
      // The account exists on chain (SPL Token owns it) and Jupiter knows it.
      rpc.solanaAccounts.set(feeAccount, { owner: TOKEN_PROGRAM_ADDRESS, data: splTokenAccountData(USDC["svm-chain"], FEE_SVM) });
      quotes.tokenAccounts.set(feeAccount, { mint: USDC["svm-chain"], owner: FEE_SVM });
      try {
        const r = await feePost("/svc/swap-svm/plan", body);
        expect(r.json.status).toBe("prepared");
        const sent = quotes.requests.at(-1);
        expect(sent?.url.pathname).toBe("/build");
        expect(sent?.url.searchParams.get("platformFeeBps")).toBe("10");
        expect(sent?.url.searchParams.get("feeAccount")).toBe(feeAccount);
        expect(sent?.url.searchParams.get("amount")).toBe("1000000");
        expect(service(r)).toMatchObject({ amountMicros: "1000", bps: 10, estimate: false, reason: null, asset: USDC["svm-chain"] });
        expect(service(r)?.label).toContain(feeAccount);
        const out = (999000n * 995n) / 1000n;
        expect(r.json.quote).toMatchObject({ inAmount: "1000000", outAmount: String(out) });
        expect(r.json.minAmountOut).toBe(String((out * 9970n) / 10000n));

        // Without an owner: a quote only (/order, whose integrator fee is the Referral Program's), for the input less the fee.
        const quoteOnly = await feePost("/svc/swap-svm/plan", { ...body, owner: undefined });
        const order = quotes.requests.at(-1)?.url.searchParams;
        expect(quotes.requests.at(-1)?.url.pathname).toBe("/order");
        expect(order?.get("amount")).toBe("999000");
        expect(order?.get("platformFeeBps")).toBeNull();
        expect(service(quoteOnly)).toMatchObject({ amountMicros: "1000", bps: 10 });
        expect(quoteOnly.json.quote).toMatchObject({ outAmount: String(out) });
      } finally {
        quotes.tokenAccounts.delete(feeAccount);
        rpc.solanaAccounts.delete(feeAccount);
      }
      // The local Jupiter refuses a positive platformFeeBps without a fee account, and a fee account of another mint.
      const base = `${quotes.url}/build?inputMint=${USDC["svm-chain"]}&outputMint=So11111111111111111111111111111111111111112&amount=1000000&taker=${SOL}&platformFeeBps=10`;
      const headers = { "x-api-key": "jup-test-key-0001" };
      expect((await fetch(base, { headers })).status).toBe(400);
      quotes.tokenAccounts.set(JUP_FAKE.tableAccounts[1] as string, { mint: KAMINO_CUSDC_MINT, owner: FEE_SVM });
      try {
        expect((await fetch(`${base}&feeAccount=${JUP_FAKE.tableAccounts[1]}`, { headers })).status).toBe(400);
      } finally {
        quotes.tokenAccounts.delete(JUP_FAKE.tableAccounts[1] as string);
      }
    });

    it("Cetus: the PTB splits the fee from the owner's input coin to the recipient and routes the rest; the local node simulates it ok", async () => {
      const body = { inputToken: "USDC", outputToken: "0x2::sui::SUI", amountIn: "2000000", owner: SUI, slippageBps: 50 };
      const before = quotes.requests.length;
      const r = await feePost("/svc/swap-move/plan", body);
      expect(r.json.blockers).toBeUndefined();
      expect(r.json.status).toBe("prepared");
      // The router is asked for what is left once 10 bps (2000) is split off.
      const sent = quotes.requests.slice(before);
      expect(sent.map((q) => q.url.pathname)).toEqual(["/find_routes"]);
      expect(sent[0]?.url.searchParams.get("amount")).toBe("1998000");
      expect(service(r)).toMatchObject({ amountMicros: "2000", bps: 10, estimate: false, reason: null, asset: SUI_USDC });
      expect(r.json.minAmountOut).toBe(String((((1998000n * 995n) / 1000n) * 9950n) / 10000n));
      const [tx] = r.json.transactions;
      expect(tx).toMatchObject({ kind: "swap", simulation: { status: "ok", error: null } });
      const data = Transaction.from(tx?.payload as string).getData();
      expect(data.commands.map((c) => c.$kind)).toEqual(["$Intent", "SplitCoins", "TransferObjects", "MoveCall", "MoveCall", "MoveCall", "TransferObjects"]);
      // The owner's coin of the whole 2 USDC; 2000 split from it to the recipient; the router's first call takes the same coin.
      expect(data.commands[0]?.$Intent?.data).toMatchObject({ type: SUI_USDC, balance: "2000000" });
      const split = data.commands[1]?.SplitCoins;
      expect(split?.coin).toEqual({ $kind: "Result", Result: 0 });
      const pure = (arg: unknown) => data.inputs[(arg as { Input: number }).Input]?.Pure?.bytes;
      expect(bcs.u64().fromBase64(pure(split?.amounts[0]) ?? "")).toBe("2000");
      const toRecipient = data.commands[2]?.TransferObjects;
      expect(toRecipient?.objects).toEqual([{ $kind: "NestedResult", NestedResult: [1, 0] }]);
      expect(pure(toRecipient?.address)).toBe(bcs.Address.serialize(FEE_MOVE).toBase64());
      const newCtx = data.commands[3]?.MoveCall;
      expect(newCtx?.function).toBe("new_swap_context_v3");
      expect([2, 3].map((i) => bcs.u64().fromBase64(pure(newCtx?.arguments[i]) ?? ""))).toEqual(["1998000", String((1998000n * 995n) / 1000n)]);
      expect(newCtx?.arguments[5]).toEqual({ $kind: "Result", Result: 0 });
      const toOwner = data.commands[6]?.TransferObjects;
      expect(pure(toOwner?.address)).toBe(bcs.Address.serialize(SUI).toBase64());
    });

  });

  it("a quote API that needs a key: unset → blocked quote_unavailable naming the variable; refused → blocked, never a 5xx", async () => {
    const svm = await call<Json>(nokey.url, "POST", "/api/v1/svc/swap-svm/plan", { body: { inputToken: "USDC", outputToken: "So11111111111111111111111111111111111111112", amountIn: "1000000" } });
    expect(svm.status).toBe(200);
    expect(svm.json).toMatchObject({ status: "blocked", quote: null });
    expect(svm.json.blockers?.[0]).toMatchObject({ code: "quote_unavailable" });
    expect(svm.json.blockers?.[0]?.message).toContain("SVC_JUPITER_API_KEY");
    const evm = await call<Json>(nokey.url, "POST", "/api/v1/svc/evm/swap/plan", { body: { chain: "evm-b", inputToken: "USDC", outputToken: "0x82aF49447D8a07e3bd95BD0d56f35241523fBab1", amountIn: "1000000" } });
    expect(evm.json.status).toBe("blocked");
    expect(evm.json.blockers?.[0]?.message).toMatch(/refused the API key \(HTTP 401\)/);
    // Cetus needs no key: the same app quotes move-chain
    const move = await call<Json>(nokey.url, "POST", "/api/v1/svc/swap-move/plan", { body: { inputToken: "USDC", outputToken: "0x2::sui::SUI", amountIn: "1000000" } });
    expect(move.json.status).toBe("prepared");
  });

  it("swap plans are blocked with quote_unavailable when the quote source is down, never a 5xx", async () => {
    quotes.failing.on = true;
    try {
      for (const [path, body] of [
        ["/svc/swap-svm/plan", { inputToken: "USDC", outputToken: "So11111111111111111111111111111111111111112", amountIn: "1000000" }],
        ["/svc/swap-move/plan", { inputToken: "USDC", outputToken: "0x2::sui::SUI", amountIn: "1000000" }],
        ["/svc/evm/swap/plan", { chain: "evm-b", inputToken: "USDC", outputToken: "0x82aF49447D8a07e3bd95BD0d56f35241523fBab1", amountIn: "1000000" }],
      ] as const) {
        const r = await post(path, body);
        expect(r.status, path).toBe(200);
        expect(r.json).toMatchObject({ status: "blocked", quote: null, minAmountOut: null });
        expect(r.json.blockers?.map((b) => b.code)).toEqual(["quote_unavailable"]);
      }
    } finally {
      quotes.failing.on = false;
    }
  });

  it("bridge plan: CCTP burn to the owner-locked destination, fee lines and risk disclosure; gas sized from the RPC", async () => {
    // evm-a → move-chain: Sui has no CCTP V2, so the route is V1 end to end, with the phase-out in the disclosure.
    const r = await post("/svc/bridge/plan", { sourceChain: "evm-a", destChain: "move-chain", amountMicros: "10000000", sourceAddress: EVM, destAddress: SUI });
    expect(r.json).toMatchObject({ status: "prepared", rail: "circle-cctp-v1", speed: null, destAddress: SUI, destinationDomain: 8, submitted: false, ownerMustSign: true });
    expect(r.json.fees.map((f) => f.kind)).toEqual(["service", "rail", "network", "network"]);
    // No fee recipient is configured on evm-a here: the service fee line is 0 with that reason (nothing is taken).
    expect(r.json.fees[0]).toMatchObject({ amountMicros: "0", bps: 0, reason: expect.stringContaining("SVC_FEE_RECIPIENT_EVM_A") });
    const risks = (r.json.risk as { items: string[] }).items;
    expect(risks.length).toBeGreaterThan(2);
    // Circle's published retirement dates and sources, and that Circle runs only V1 on move-chain.
    expect(risks.join(" ")).toMatch(/phase-out began 2026-07-31 and runs about 10 months \(to about 2027-05-31, an estimate/);
    expect(risks.join(" ")).toContain("https://developers.circle.com/cctp/migration-from-v1-to-v2");
    expect(risks.join(" ")).toMatch(/Circle runs only V1 on move-chain today/);
    const burn = r.json.transactions[1]?.payload as { to: string; data: Hex };
    expect(burn.to).toBe("0x1682Ae6375C4E4A97e4B583BC394c861A46D8962");
    const d = decodeFunctionData({ abi: TOKEN_MESSENGER_ABI, data: burn.data });
    expect(d.args).toEqual([10_000_000n, 8, SUI, "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913"]);
    expect((await post("/svc/bridge/plan", { sourceChain: "evm-a", destChain: "move-chain", amountMicros: "1", sourceAddress: EVM, destAddress: SUI, speed: "fast" })).json.code).toBe("INVALID_REQUEST");

    const gas = await post("/svc/gas-sponsor/plan", { planId: r.json.planId });
    expect(gas.json).toMatchObject({ status: "prepared", estimate: true, sponsored: false });
    const leg = (gas.json.chains as { chain: string; amount: string; gasPrice: string; status: string }[])[0];
    expect(leg).toMatchObject({ chain: "evm-a", status: "ok", gasPrice: rpc.gas.evmWei.toString(), amount: (rpc.gas.evmWei * 260_000n).toString() });

    // evm-b's RPC is down (closed port): gas is null with a reason, not a number
    const b = await post("/svc/bridge/plan", { sourceChain: "evm-b", destChain: "svm-chain", amountMicros: "1000000", sourceAddress: EVM, destAddress: SOL_DEST });
    expect(b.json).toMatchObject({ status: "prepared", rail: "circle-cctp-v2", speed: "standard" });
    const gb = await post("/svc/gas-sponsor/plan", { planId: b.json.planId });
    expect((gb.json.chains as { status: string; amount: null; reason: string }[])[0]).toMatchObject({ status: "N/A", amount: null });

    // svm-chain → evm-a: CCTP V2 deposit_for_burn, signed by its fresh event account, owner's slot empty.
    const fromSvm = await post("/svc/bridge/plan", { sourceChain: "svm-chain", destChain: "evm-a", amountMicros: "1000000", sourceAddress: SOL, destAddress: EVM, speed: "fast" });
    expect(fromSvm.json).toMatchObject({ status: "prepared", rail: "circle-cctp-v2", speed: "fast", mintRecipient: pad(EVM as Hex), railFee: { amountMicros: "130", maxFeeMicros: "143" } });
    expect(iris.requests).toContain("/v2/burn/USDC/fees/5/6");
    const [solBurn] = fromSvm.json.transactions;
    expect(solBurn).toMatchObject({ chain: "svm-chain", kind: "burn", encoding: "solana-v0-message-base64" });
    const sp = solBurn?.payload as { transaction: string; recentBlockhash: string; instructions: { programAddress: string; data: string }[] };
    expect(sp.recentBlockhash).toBe(rpc.blockhash);
    expect(sp.instructions[0]?.programAddress).toBe("CCTPV2vPZJS2u2BBsUoscuikbYjnpFmbFsvVuJdgUMQe");
    const solWire = getTransactionDecoder().decode(getBase64Encoder().encode(sp.transaction));
    const signers = Object.entries(solWire.signatures);
    expect(signers[0]).toEqual([SOL, null]);
    expect(signers).toHaveLength(2);
    expect(signers[1]?.[1]).not.toBeNull();
    // svm-chain → move-chain: CCTP V1 on Solana (move-chain has no V2): the V1 program's deposit_for_burn, no maxFee.
    const svmToSui = await post("/svc/bridge/plan", { sourceChain: "svm-chain", destChain: "move-chain", amountMicros: "1000000", sourceAddress: SOL, destAddress: SUI });
    expect(svmToSui.json).toMatchObject({ status: "prepared", rail: "circle-cctp-v1", speed: null, mintRecipient: SUI, destinationDomain: 8 });
    const [v1Burn] = svmToSui.json.transactions;
    const v1p = v1Burn?.payload as { instructions: { programAddress: string; data: string }[] };
    expect(v1Burn).toMatchObject({ chain: "svm-chain", kind: "burn", encoding: "solana-v0-message-base64" });
    expect(v1p.instructions[0]?.programAddress).toBe("CCTPiPYPc6AsJuwueEnWgSgucamXDZwBd53dQ11YiKX3");
    const v1data = Buffer.from(v1p.instructions[0]?.data ?? "", "base64");
    expect([v1data.readBigUInt64LE(8), v1data.readUInt32LE(16), `0x${v1data.subarray(20).toString("hex")}`]).toEqual([1_000_000n, 8, SUI]);
    expect((svmToSui.json.risk as { items: string[] }).items.join(" ")).toMatch(/Circle is retiring CCTP V1: announced 2025-11-14, its phase-out began 2026-07-31/);
    expect((await post("/svc/bridge/plan", { sourceChain: "evm-a", destChain: "evm-a", amountMicros: "1", sourceAddress: EVM, destAddress: EVM })).status).toBe(400);
    expect((await post("/svc/bridge/plan", { sourceChain: "evm-a", destChain: "svm-chain", amountMicros: "1", sourceAddress: EVM, destAddress: SUI })).json.code).toBe("INVALID_ADDRESS");
    expect((await post("/svc/gas-sponsor/plan", { planId: "pln_doesnotexist0000000" })).status).toBe(404);
  });

  it("bridge plan on CCTP V2 (EVM ↔ EVM): depositForBurn with maxFee and finality threshold by speed, the rail fee from Circle's fee API", async () => {
    // evm-b → evm-a: the destination's code is read on evm-a's RPC (issue 22; this app has no evm-b RPC, so the burn's
    // simulation there is unavailable and does not block).
    const body = { sourceChain: "evm-b", destChain: "evm-a", amountMicros: "10000000", sourceAddress: EVM, destAddress: EVM };
    const std = await post("/svc/bridge/plan", body);
    expect(std.json).toMatchObject({ status: "prepared", rail: "circle-cctp-v2", speed: "standard", destinationDomain: 6, expectedReceivedMicros: "10000000" }); // no fee recipient on evm-b: no service fee, the full amount is burned
    expect(std.json.railFee).toMatchObject({ amountMicros: "0", bps: "0", maxFeeMicros: "0", reason: null });
    expect(iris.requests).toContain("/v2/burn/USDC/fees/3/6");
    const [approve, burn] = std.json.transactions as { kind: string; payload: { to: string; data: Hex } }[];
    expect(decodeFunctionData({ abi: erc20Abi, data: approve?.payload.data as Hex }).args).toEqual([TOKEN_MESSENGER_V2, 10_000_000n]);
    expect(burn?.payload.to).toBe(TOKEN_MESSENGER_V2);
    const d = decodeFunctionData({ abi: TOKEN_MESSENGER_V2_ABI, data: burn?.payload.data as Hex });
    expect(d.args).toEqual([10_000_000n, 6, pad(EVM as Hex), USDC["evm-b"], pad("0x"), 0n, 2000]);
    expect((std.json.risk as { items: string[] }).items.join(" ")).not.toMatch(/retiring CCTP V1/);

    // fast: 1.3 bps of 10 USDC = 1300 micros (rounded up), maxFee + 10% = 1430; the minted amount loses the fee.
    const fast = await post("/svc/bridge/plan", { ...body, speed: "fast" });
    expect(fast.json).toMatchObject({ status: "prepared", speed: "fast", railFee: { amountMicros: "1300", bps: "1.3", maxFeeMicros: "1430" }, expectedReceivedMicros: String(10_000_000 - 1300) });
    expect(fast.json.fees.find((f) => f.kind === "rail")).toMatchObject({ amountMicros: "1300", bps: null, estimate: true });
    const fd = decodeFunctionData({ abi: TOKEN_MESSENGER_V2_ABI, data: (fast.json.transactions[1]?.payload as { data: Hex }).data });
    expect(fd.args.slice(5)).toEqual([1430n, 1000]);

    // Circle's fee API down: standard still builds (maxFee 0) with the fee null and a reason; fast is blocked.
    iris.feesFailing.on = true;
    try {
      const s2 = await post("/svc/bridge/plan", body);
      expect(s2.json).toMatchObject({ status: "prepared", railFee: { amountMicros: null, maxFeeMicros: "0" } });
      expect((s2.json.railFee as { reason: string }).reason).toMatch(/HTTP 503.*maxFee is 0/);
      expect(s2.json.fees.find((f) => f.kind === "rail")).toMatchObject({ amountMicros: null });
      const f2 = await post("/svc/bridge/plan", { ...body, speed: "fast" });
      expect(f2.status).toBe(200);
      expect(f2.json).toMatchObject({ status: "blocked", transactions: [], railFee: { amountMicros: null, maxFeeMicros: null } });
      expect(f2.json.blockers?.map((x) => x.code)).toEqual(["quote_unavailable"]);
    } finally {
      iris.feesFailing.on = false;
    }
    expect((await post("/svc/bridge/plan", { ...body, speed: "instant" })).status).toBe(400);
  });

  it("bridge paths: every ordered pair with its rail and whether its burn is built, from the check that blocks plans", async () => {
    const r = await call<{ paths: { sourceChain: string; destChain: string; rail: string; speeds: string[]; ready: boolean; reason: string | null }[] }>(app.url, "GET", "/api/v1/svc/bridge/paths");
    expect(r.status).toBe(200);
    const paths = r.json.paths;
    expect(paths).toHaveLength(12);
    const of = (s: string, d: string) => paths.find((p) => p.sourceChain === s && p.destChain === d);
    expect(of("svm-chain", "evm-a")).toMatchObject({ rail: "circle-cctp-v2", speeds: ["standard", "fast"], ready: true, reason: null });
    expect(of("evm-a", "move-chain")).toMatchObject({ rail: "circle-cctp-v1", speeds: [], ready: true });
    // Every ordered pair builds its burn now: Sui and Solana V1 on the routes with move-chain, V2 elsewhere.
    expect(paths.filter((p) => !p.ready)).toEqual([]);
    expect(of("move-chain", "svm-chain")).toMatchObject({ rail: "circle-cctp-v1", speeds: [], ready: true, reason: null });
    expect(of("svm-chain", "move-chain")).toMatchObject({ rail: "circle-cctp-v1", speeds: [], ready: true, reason: null });
    expect(of("move-chain", "evm-b")).toMatchObject({ rail: "circle-cctp-v1", ready: true });
    // The plan for a path the list calls ready is not blocked as unbuilt (the same check answers both).
    const plan = await post("/svc/bridge/plan", { sourceChain: "move-chain", destChain: "svm-chain", amountMicros: "1000000", sourceAddress: SUI, destAddress: SOL_DEST });
    expect(plan.json.blockers?.map((b) => b.code) ?? []).not.toContain("adapter_not_ready");
  });

  it("bridge plan with continueTo: a cross-chain deposit with bridge, pass-through swap and deposit legs, each with its fees", async () => {
    const body = { sourceChain: "evm-a", destChain: "svm-chain", amountMicros: "10000000", sourceAddress: EVM, destAddress: SOL_DEST };
    setKaminoUsdc(rpc, 3_000_000_000n, 2_000_000_000n); // the Kamino deposit reads its reserve
    const r = await post("/svc/bridge/plan", { ...body, continueTo: { strategyId: "kamino" } });
    expect(r.status).toBe(200);
    expect(r.json.blockers).toBeUndefined();
    expect(r.json).toMatchObject({ status: "prepared", expectedReceivedMicros: "10000000", continueTo: { strategyId: "kamino", chain: "svm-chain" } });
    const legs = r.json.legs as { legIndex: number; kind: string; chain: string; destChain: string | null; passThrough: boolean; amountInMicros: string; quotedAmountOutMicros: string; fees: { kind: string; amountMicros: string | null }[] }[];
    expect(legs.map((l) => [l.legIndex, l.kind, l.chain, l.destChain])).toEqual([
      [0, "bridge", "evm-a", "svm-chain"],
      [1, "swap", "svm-chain", null],
      [2, "deposit", "svm-chain", null],
    ]);
    expect(legs[0]).toMatchObject({ amountInMicros: "10000000", quotedAmountOutMicros: "10000000", passThrough: false });
    expect(legs[0]?.fees.map((f) => f.kind)).toEqual(["service", "rail", "network", "network"]);
    expect(legs[1]).toMatchObject({ passThrough: true, amountInMicros: "10000000", quotedAmountOutMicros: "10000000", inputToken: legs[1] && (legs[1] as unknown as { outputToken: string }).outputToken });
    expect(legs[1]?.fees).toEqual([expect.objectContaining({ amountMicros: "0", kind: "service" })]);
    expect(legs[2]).toMatchObject({ strategyId: "kamino", amountInMicros: "10000000" });
    expect(r.json.fees).toHaveLength(legs.reduce((n, l) => n + l.fees.length, 0));
    expect(r.json.transactions.map((t) => [t.chain, t.kind])).toEqual([
      ["evm-a", "approve"],
      ["evm-a", "burn"],
      ["svm-chain", "deposit"],
    ]);
    expect((r.json.transactions[2]?.payload as { feePayer: string }).feePayer).toBe(SOL_DEST);

    const wrongChain = await post("/svc/bridge/plan", { ...body, continueTo: { strategyId: "scallop" } });
    expect(wrongChain.status).toBe(400);
    expect(wrongChain.json.code).toBe("INVALID_REQUEST");
    expect((await post("/svc/bridge/plan", { ...body, continueTo: { strategyId: "svc-autopilot-top-30d-monthly" } })).status).toBe(400);
    expect((await post("/svc/bridge/plan", { ...body, continueTo: { strategyId: "nope" } })).status).toBe(404);
    expect((await post("/svc/bridge/plan", { ...body, continueTo: { strategyId: "kamino", extra: 1 } })).status).toBe(400);
    // Every venue builds deposits now; a continuation into NAVI on move-chain is a whole plan (V1 burn + the deposit).
    const toNavi = await post("/svc/bridge/plan", { ...body, destChain: "move-chain", destAddress: SUI, continueTo: { strategyId: "navi" } });
    expect(toNavi.json.transactions.map((t) => [t.chain, t.kind])).toEqual([
      ["evm-a", "approve"],
      ["evm-a", "burn"],
      ["move-chain", "deposit"],
    ]);
    // A continuation whose venue state cannot be read (Suilend's LendingMarket is not on the local chain): the whole
    // plan is blocked, no burn is offered without its deposit.
    rpc.suilendMarkets.delete(getVenue("suilend")?.onchain.lendingMarket ?? "");
    const toSui = await post("/svc/bridge/plan", { ...body, destChain: "move-chain", destAddress: SUI, continueTo: { strategyId: "suilend" } });
    expect(toSui.json).toMatchObject({ status: "blocked", transactions: [] });
    expect(toSui.json.blockers?.map((x) => x.code)).toEqual(["venue_state_unavailable"]);
    const plain = await post("/svc/bridge/plan", body);
    expect(plain.json).toMatchObject({ continueTo: null });
    expect((plain.json.legs as unknown[]).length).toBe(1);
  });

  it("gas sizing of Sui and Solana plans reads their RPCs", async () => {
    // The Scallop market the deposit's simulation takes (an earlier test removed it).
    setScallopUsdc(rpc, { cash: 2_000_000_000n, debt: 1_000_000_000n, marketCoinSupply: 2_000_000_000n });
    const s = await post("/svc/strategies/deposit/plan", { strategyId: "scallop", amountMicros: "5000000", owner: SUI });
    const g = await post("/svc/gas-sponsor/plan", { planId: s.json.planId });
    expect((g.json.chains as { gasPrice: string }[])[0]).toMatchObject({ chain: "move-chain", unit: "mist", gasPrice: "750", amount: "7500000" });
    const k = await post("/svc/strategies/deposit/plan", { strategyId: "kamino", amountMicros: "5000000", owner: SOL });
    const gk = await post("/svc/gas-sponsor/plan", { planId: k.json.planId });
    expect((gk.json.chains as { amount: string }[])[0]).toMatchObject({ chain: "svm-chain", unit: "lamports", amount: String(5000 + 200) });
    const none = await post("/svc/strategies/deposit/plan", { strategyId: "scallop", amountMicros: "5000000" });
    const gn = await post("/svc/gas-sponsor/plan", { planId: none.json.planId });
    expect(gn.json).toMatchObject({ status: "blocked", chains: [] });
    expect(gn.json.blockers?.map((b) => b.code)).toEqual(["owner_required"]);
  });

  it("cage: six actions and locked destinations on evm-a and evm-b; owner-only EIP-712 prepare; wallet state", async () => {
    for (const chain of ["evm-a", "evm-b"]) {
      const c = await call<Json>(app.url, "GET", `/api/v1/svc/${chain}/cage`);
      expect(c.json).toMatchObject({ chain, label: "Map", broadcastEnabled: false, ownerMustSign: true, serverHoldsKeys: false });
      expect((c.json.actions as { action: string }[]).map((a) => a.action)).toEqual(["ROUTE", "EXIT", "REBALANCE", "HARVEST", "COMPOUND", "AUTOPAY"]);
    }
    const body = { owner: EVM, actions: ["ROUTE", "EXIT", "AUTOPAY"], payees: [{ account: "0x3333333333333333333333333333333333333333", bps: 2500 }], maxAmountMicros: "100000000" };
    expect((await post("/svc/evm-b/cage/prepare", body)).status).toBe(401);
    const other = await post("/svc/evm-b/cage/prepare", { ...body, owner: "0x4444444444444444444444444444444444444444" }, OWNER_KEY);
    expect(other.json.code).toBe("WALLET_SCOPE");
    const p = await post("/svc/evm-b/cage/prepare", body, OWNER_KEY);
    expect(p.status).toBe(200);
    expect(p.json).toMatchObject({ status: "prepared", chain: "evm-b", submitted: false, broadcastEnabled: false, signWith: "eth_signTypedData_v4" });
    const td = p.json.typedData as Parameters<typeof hashTypedData>[0];
    expect(hashTypedData(td)).toBe(p.json.digest);
    expect((td.message as { venues: string[] }).venues).toEqual(["0x794a61358D6845594F94dc1DB02A252b5b4814aD", "0x7c574174DA4b2be3f705c6244B4BfA0815a8B3Ed", "0x9c4ec768c28520B50860ea7a15bd7213a9fF58bf"]);
    expect((await post("/svc/evm-b/cage/prepare", { ...body, payees: undefined }, OWNER_KEY)).status).toBe(400);
    const w = await call<Json>(app.url, "GET", `/api/v1/wallets/${EVM}/evm-a/cage`, { key: OWNER_KEY });
    expect(w.status).toBe(200);
    expect(w.json).toMatchObject({ chain: "evm-a", broadcastEnabled: false });
    expect((w.json.preparedActions as { kind: string }[]).map((a) => a.kind)).toContain("deposit");
  });

  it("each plan endpoint's example request gets an answer matching its declared schema", async () => {
    for (const def of planEndpoints) {
      const ex = def.example ?? {};
      let p = def.path;
      for (const [k, v] of Object.entries(ex.params ?? {})) p = p.replace(`{${k}}`, encodeURIComponent(v));
      const key = def.access === "public" ? undefined : OWNER_KEY;
      const r = await call(app.url, def.method, p, { key, body: def.method === "GET" ? undefined : ex.body });
      const declared = (def.responses as Record<number, z.ZodType>)[r.status];
      if (declared) {
        const parsed = declared.safeParse(r.json);
        expect(parsed.success, `${def.operationId} → ${r.status}: ${parsed.success ? "" : parsed.error.message}`).toBe(true);
      } else {
        expect(r.status, `${def.operationId} → ${r.status} ${r.text.slice(0, 200)}`).toBeGreaterThanOrEqual(400);
        expect(r.status).toBeLessThan(500);
        expect(errorBody.safeParse(r.json).success).toBe(true);
      }
    }
  });

  it("every blocker code a plan uses is listed by /svc/errors", async () => {
    const r = await call<{ blockers: { code: string }[] }>(app.url, "GET", "/api/v1/svc/errors");
    const listed = new Set(r.json.blockers.map((b) => b.code));
    for (const c of ["venue_not_ready", "adapter_not_ready", "amount_zero", "below_minimum", "execution_disabled", "quote_unavailable", "owner_required"]) {
      expect(listed).toContain(c);
      expect(Object.keys(BLOCKER_CODES)).toContain(c);
    }
  });
});
