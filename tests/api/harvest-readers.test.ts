// Harvest through the real HTTP route, on each database, with the venue readers reading the local chain
// (the venue modules of testing/chains/<family>/venues/): a position staked at one index and harvested after the index grows by 1/64 pays
// exactly principal × 1/64, minus the 500 bps skim, compounding the rest; an RPC failure or a malformed account is
// outcome "unavailable" with a reason and moves nothing. Sui and Solana positions are staked with POST …/route;
// Compound's chains are Map chains (no route stakes there), so its positions are written before the server starts
// with recordDeposit, the ledger function a confirmed deposit goes through, at the index its reader reads.
import { getAddressDecoder } from "@solana/kit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetConfigForTests } from "@/server/config";
import { openDatabase } from "@/server/db/client";
import { recordDeposit } from "@/server/ledger/record";
import { getVenue } from "@/server/venues";
import { readVenueIndex } from "@/server/venues/readers";
import { type App, dbKinds, freshDatabase, startApp } from "../support/app";
import { type FakeRpc, startFakeRpc } from "../support/fake-rpc";
import type { CometState } from "../../testing/chains/evm/venues/compound-v3";
import { cometBaseToken } from "../../testing/chains/evm/comet-deployments";
import { setScallopUsdc } from "../../testing/chains/sui/venues/scallop";
import { jupiterLendingAccount } from "../../testing/chains/solana/venues/jupiter-lend";
import { kaminoReserveAccount } from "../../testing/chains/solana/venues/kamino";
import { marginfiBankAccount } from "../../testing/chains/solana/venues/marginfi";
import { call } from "../support/http";

type J = Record<string, unknown>;
const RAY = 10n ** 27n;
const SUI_USDC = "0xdba34672e30cb065b1f93e3ab55318768fd6fef66c15942c9f7cb846e2f900e7::usdc::USDC";
const SOL_USDC = "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v";
const ids = (id: string) => getVenue(id)?.onchain ?? {};
const solanaWallet = (n: number) => getAddressDecoder().decode(new Uint8Array(32).fill(n));

const W = {
  scallop: `0x${"a1".repeat(32)}`,
  navi: `0x${"b2".repeat(32)}`,
  kamino: solanaWallet(11),
  marginfi: solanaWallet(12),
  "jupiter-lend": solanaWallet(13),
  "compound-v3-base": `0x${"c3".repeat(20)}`,
  "compound-v3-arbitrum": `0x${"d4".repeat(20)}`,
} as const;
type Venue = keyof typeof W;
const KEYS = { owner: "readers-owner-key-000000001", agent: "readers-agent-key-000000001" };
const bootstrap = JSON.stringify([
  { key: KEYS.owner, role: "owner", wallets: Object.values(W) },
  { key: KEYS.agent, role: "agent", wallets: Object.values(W) },
]);

const PRINCIPAL = 100_000_000n;
// Every index below grows by exactly 65/64: gross = 100 USDC / 64, skim 5 % of it, the rest compounds.
const GROSS = PRINCIPAL / 64n; // 1_562_500
const SKIM = (GROSS * 500n) / 10_000n; // 78_125
const NET = GROSS - SKIM; // 1_484_375

const NAVI_TABLE = `0x${"e6".repeat(32)}`;
const COMET_RATE = 1_000_000_000_000n; // per second: 15 625 s × 1e12 = 1e18 / 64

function setScallop(rpc: FakeRpc, cash: bigint) {
  setScallopUsdc(rpc, { cash, marketCoinSupply: 1_000_000n });
}
function setNavi(rpc: FakeRpc, supplyIndex: bigint) {
  rpc.naviStorages.set(ids("navi").storage ?? "", { reservesTable: NAVI_TABLE, reserves: new Map([[10, { coinType: SUI_USDC, supplyIndex }]]) });
}
function kaminoData(available: bigint) {
  const k = ids("kamino");
  return kaminoReserveAccount({
    lendingMarket: k.mainMarket ?? "",
    liquidityMint: SOL_USDC,
    available,
    borrowedSf: 0n,
    protocolFeesSf: 0n,
    referrerFeesSf: 0n,
    pendingReferrerFeesSf: 0n,
    collateralSupply: 1_000_000n,
  });
}
function setKamino(rpc: FakeRpc, data: Uint8Array) {
  rpc.solanaAccounts.set(ids("kamino").usdcReserve ?? "", { owner: ids("kamino").program ?? "", data });
}
function setMarginfi(rpc: FakeRpc, assetShareValue: bigint) {
  const m = ids("marginfi");
  rpc.solanaAccounts.set(m.usdcBank ?? "", { owner: m.program ?? "", data: marginfiBankAccount({ mint: SOL_USDC, group: m.group ?? "", assetShareValue }) });
}
function setJupiter(rpc: FakeRpc, tokenExchangePrice: bigint) {
  const j = ids("jupiter-lend");
  rpc.solanaAccounts.set(j.usdcLending ?? "", {
    owner: j.lendingProgram ?? "",
    data: jupiterLendingAccount({ mint: SOL_USDC, fTokenMint: j.jlUsdcMint ?? "", tokenExchangePrice }),
  });
}
function setComets(rpc: FakeRpc) {
  const comet = (over: Partial<CometState> = {}): CometState => ({
    baseToken: "",
    baseSupplyIndex: 10n ** 15n,
    baseBorrowIndex: 10n ** 15n,
    totalSupplyBase: 1_000_000_000_000n,
    totalBorrowBase: 500_000_000_000n,
    lastAccrualTime: rpc.evmBlock.timestamp,
    supplyKink: 900_000_000_000_000_000n,
    supplyRateBase: COMET_RATE,
    supplySlopeLow: 0n,
    supplySlopeHigh: 0n,
    ...over,
  });
  for (const v of ["compound-v3-base", "compound-v3-arbitrum"]) rpc.comets.set((ids(v).cUSDCv3 ?? "").toLowerCase(), comet({ baseToken: cometBaseToken(ids(v).cUSDCv3 ?? "") }));
}

/** Every venue's index at its starting value. */
function startState(rpc: FakeRpc) {
  setScallop(rpc, 1_000_000n); // 1e18
  setNavi(rpc, RAY);
  setKamino(rpc, kaminoData(1_000_000n)); // 2^60
  setMarginfi(rpc, 1n << 48n);
  setJupiter(rpc, 1_000_000_000_000n);
  rpc.evmBlock = { number: 30_000_000n, timestamp: 1_760_000_000n };
  setComets(rpc);
}

/**
 * Every venue's index × 65/64, exact at each reader's scale: Scallop 1e18, NAVI 1e27, Kamino 2^60, marginfi 2^48,
 * Jupiter 1e12, Comet 1e15 + 1e15 × (1e12 × 15 625) / 1e18.
 */
function grown(rpc: FakeRpc) {
  setScallop(rpc, 1_015_625n);
  setNavi(rpc, (RAY * 65n) / 64n);
  setKamino(rpc, kaminoData(1_015_625n));
  setMarginfi(rpc, 65n << 42n);
  setJupiter(rpc, 1_015_625_000_000n);
  // Comet's stored index stays; 15 625 s pass at 1e12 per second, so the accrued index is 1e15 × 65/64.
  rpc.evmBlock = { number: 30_007_813n, timestamp: 1_760_015_625n };
}

/** A database with the Compound positions in it, for the server to start on. */
async function seededDatabase(kind: "pglite" | "postgres"): Promise<{ env: Record<string, string>; drop: () => Promise<void> }> {
  const { env, drop } = await freshDatabase(kind, "svc-readers-");
  const h = await openDatabase({ DATABASE_URL: env.DATABASE_URL, SVC_DATA_DIR: env.SVC_DATA_DIR ?? "memory://" });
  try {
    for (const venueId of ["compound-v3-base", "compound-v3-arbitrum"] as const) {
      const read = await readVenueIndex(venueId);
      if (!read.ok) throw new Error(read.reason);
      expect(read.index).toBe(10n ** 15n);
      const chain = getVenue(venueId)?.chain ?? "evm-a";
      await h.db.transaction((tx) =>
        recordDeposit(tx, { wallet: W[venueId], chain, token: "USDC", venueId, amountMicros: PRINCIPAL, amountInSource: "chain", planId: null, legIndex: 0, txId: `0x${"9".repeat(64)}`, index: read.index }),
      );
    }
  } finally {
    await h.close();
  }
  return { env, drop };
}

const SUI_SVM: { venue: Venue; chain: string }[] = [
  { venue: "scallop", chain: "move-chain" },
  { venue: "navi", chain: "move-chain" },
  { venue: "kamino", chain: "svm-chain" },
  { venue: "marginfi", chain: "svm-chain" },
  { venue: "jupiter-lend", chain: "svm-chain" },
];

describe.each(dbKinds())("harvest with the venue readers through the running app (%s)", (db) => {
  let app: App;
  let rpc: FakeRpc;
  let drop: () => Promise<void> = async () => {};
  const harvest = (w: string, body: J = {}) => call<J>(app.url, "POST", `/api/v1/wallets/${w}/harvest`, { body });
  const staked = async (w: string) => (await call<J>(app.url, "GET", `/api/v1/wallets/${w}/position`, { key: KEYS.agent })).json.stakedMicros;

  beforeAll(async () => {
    rpc = await startFakeRpc();
    startState(rpc);
    for (const k of ["SVC_RPC_MOVE", "SVC_RPC_SVM", "SVC_RPC_EVM_A", "SVC_RPC_EVM_B"]) process.env[k] = rpc.url;
    process.env.SVC_RPC_TIMEOUT_MS = "3000";
    resetConfigForTests();
    const seeded = await seededDatabase(db);
    drop = seeded.drop;
    app = await startApp({
      db,
      reuseEnv: seeded.env,
      env: {
        SVC_API_KEYS: bootstrap,
        SVC_RPC_MOVE: rpc.url,
        SVC_RPC_SVM: rpc.url,
        SVC_RPC_EVM_A: rpc.url,
        SVC_RPC_EVM_B: rpc.url,
        SVC_RPC_TIMEOUT_MS: "3000",
        SVC_RATE_LIMIT_PER_MIN: "1000000",
        SVC_YIELD_SKIM_BPS: "500",
      },
    });
  });
  afterAll(async () => {
    await app?.stop();
    await drop();
    await rpc?.close();
  });

  it("Sui and Solana venues: route stakes 100 USDC at the index the reader reads", async () => {
    for (const { venue, chain } of SUI_SVM) {
      const r = await call<J>(app.url, "POST", `/api/v1/wallets/${W[venue]}/route`, {
        key: KEYS.owner,
        body: { amountMicros: PRINCIPAL.toString(), chain, stake: true, strategyId: venue },
      });
      expect(r.status, `${venue}: ${r.text}`).toBe(200);
      expect(r.json).toMatchObject({ status: "done", venueId: venue, stakedMicros: PRINCIPAL.toString() });
    }
  });

  it("before the index moves: no yield; an RPC failure or a malformed account is unavailable with a reason", async () => {
    const flat = await harvest(W.marginfi);
    expect(flat.status).toBe(200);
    expect(flat.json).toMatchObject({ outcome: "no_yield", grossYieldMicros: "0" });

    rpc.failing.add("BatchGetObjects");
    const suiDown = await harvest(W.scallop);
    rpc.failing.delete("BatchGetObjects");
    expect(suiDown.status).toBe(200);
    expect(suiDown.json).toMatchObject({ mode: "harvest", outcome: "unavailable", grossYieldMicros: "0", netYieldMicros: "0" });
    expect(String(suiDown.json.reason)).toMatch(/RPC read failed/);

    const bad = kaminoData(1_000_000n);
    bad[0] = (bad[0] ?? 0) ^ 0xff; // another account type
    setKamino(rpc, bad);
    const malformed = await harvest(W.kamino);
    setKamino(rpc, kaminoData(1_000_000n));
    expect(malformed.json).toMatchObject({ outcome: "unavailable", grossYieldMicros: "0" });
    expect(String(malformed.json.reason)).toMatch(/discriminator/);

    rpc.failing.add("eth_getBlockByNumber");
    const evmDown = await harvest(W["compound-v3-base"]);
    rpc.failing.delete("eth_getBlockByNumber");
    expect(evmDown.json).toMatchObject({ outcome: "unavailable", grossYieldMicros: "0" });
    expect(String(evmDown.json.reason)).toMatch(/RPC read failed/);

    for (const w of [W.scallop, W.kamino, W["compound-v3-base"]]) expect(await staked(w)).toBe(PRINCIPAL.toString());
  });

  it("after the index grows by 1/64: every venue pays exactly principal / 64, skims 500 bps and compounds the rest", async () => {
    grown(rpc);
    for (const venue of Object.keys(W) as Venue[]) {
      const w = W[venue];
      const plan = await harvest(w, { execute: false });
      expect(plan.status, `${venue}: ${plan.text}`).toBe(202);
      expect(plan.json).toMatchObject({ prepared: true, schemaVersion: "harvest-plan.v1", grossYieldMicros: GROSS.toString() });
      const done = await harvest(w);
      expect(done.status, `${venue}: ${done.text}`).toBe(200);
      expect(done.json, venue).toMatchObject({
        mode: "harvest",
        outcome: "done",
        reason: null,
        grossYieldMicros: GROSS.toString(),
        skimMicros: SKIM.toString(),
        protocolFeeMicros: SKIM.toString(),
        profitFeeMicros: "0",
        netYieldMicros: NET.toString(),
        compoundedMicros: NET.toString(),
      });
      expect((done.json.positions as J[])[0]).toMatchObject({ venueId: venue, indexSource: `rpc:${venue}` });
      expect(await staked(w), venue).toBe((PRINCIPAL + NET).toString());
      // The index now is the new reference: harvesting again finds nothing.
      expect((await harvest(w)).json, venue).toMatchObject({ outcome: "no_yield", grossYieldMicros: "0" });
    }
  });
});
