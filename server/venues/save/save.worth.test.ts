// A Save (Solend) position's worth now, from the chain (issue 23 item 5): the owner's cUSDC on the local chain at the
// main market's USDC reserve collateral rate (the Reserve encoded by @solendprotocol/solend-sdk's own ReserveLayout,
// testing/chains/solana/venues/save.ts), floored as RedeemReserveCollateral pays. Never the ledger's figure: an owner
// without cUSDC is worth 0, an unreadable RPC or a reserve that is not the cited one answers a reason. The expected worth
// is also the SDK's own: its formatReserve's cTokenExchangeRate (core/utils/pools.js) × the owner's cUSDC, floored.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { beforeEach, describe, expect, it } from "vitest";
import { type FakeRpc, startFakeRpc } from "../../../tests/support/fake-rpc";
import { fixtureAddress } from "../../../testing/chains/solana/venues/encode";
import { SolendPublicKey, saveFixture, setSaveUsdc } from "../../../testing/chains/solana/venues/save";
import { useLocalChain } from "../../../testing/oracle";
import { forgetWorth, readPositionWorth } from "../worth";
import { save } from "./descriptor";

const OWNER = "7jaiZR5Sk8hdYN9MxTpczTcwbWpb5WEoxSANuUwveuat";
const OTHER = "9B4MhXCsqr2SyQNRw4KoakcwriqN637GhpjxCnaafSmd";
const CUSDC = fixtureAddress("save-collateral-mint"); // saveFixture's collateral mint, read from the reserve
const RESERVE = save.onchain.usdcReserve ?? "";
const WAD = 10n ** 18n;

// ---- the SDK, loaded from its own folder (web3.js and bignumber.js nested under it) ----
interface Big {
  times(v: string): Big;
  integerValue(mode: number): Big;
  toFixed(): string;
}
const sdkRequire = createRequire(createRequire(import.meta.url).resolve("@solendprotocol/solend-sdk"));
const { parseReserve } = sdkRequire("./state/reserve") as { parseReserve: (pk: unknown, info: unknown) => unknown };
const BigNumber = sdkRequire("bignumber.js") as { ROUND_FLOOR: number };
const web3 = sdkRequire("@solana/web3.js") as { Connection: new (url: string, c: string) => { getAccountInfo(k: unknown): Promise<unknown> } };
/**
 * The SDK's formatReserve, run from its own file with the two price-feed imports it makes at load
 * (@switchboard-xyz/sbv2-lite and ./prices, whose web3.js copy does not load here) left empty: it reads neither when
 * no price data is given.
 */
function sdkFormatReserve(): (reserve: unknown, price: undefined, slot: number) => { cTokenExchangeRate: Big } {
  const file = sdkRequire.resolve("./core/utils/pools");
  const own = createRequire(file);
  const empty = new Set(["@switchboard-xyz/sbv2-lite", "./prices"]);
  const mod = { exports: {} as Record<string, unknown> };
  new Function("exports", "require", "module", readFileSync(file, "utf8"))(mod.exports, (m: string) => (empty.has(m) ? {} : own(m)), mod);
  return mod.exports.formatReserve as ReturnType<typeof sdkFormatReserve>;
}
/** What the SDK says `ctokens` are worth at the reserve on the local chain (micro-USDC, floored). */
async function sdkWorth(url: string, ctokens: bigint): Promise<bigint> {
  const pk = new SolendPublicKey(RESERVE);
  const reserve = parseReserve(pk, await new web3.Connection(url, "confirmed").getAccountInfo(pk));
  const rate = sdkFormatReserve()(reserve, undefined, 0).cTokenExchangeRate;
  return BigInt(rate.times(ctokens.toString()).integerValue(BigNumber.ROUND_FLOOR).toFixed());
}

describe("Save: a position's current worth is the owner's cUSDC at the USDC reserve's collateral rate", () => {
  let rpc: FakeRpc;
  useLocalChain(["SVC_RPC_SVM"], async () => {
    rpc = await startFakeRpc();
    return rpc;
  });
  beforeEach(() => {
    forgetWorth();
    rpc.failing.clear();
    for (const w of [OWNER, OTHER]) rpc.set(w, CUSDC, 0n);
    // 3,000 USDC available against 2,000 cUSDC: 1.5 USDC per cUSDC.
    setSaveUsdc(rpc, saveFixture());
  });

  it("40 cUSDC at 1.5 are worth 60 USDC, with the chain named as the source and the time read", async () => {
    rpc.set(OWNER, CUSDC, 40_000_000n);
    const w = await readPositionWorth(save.id, OWNER);
    expect(w).toMatchObject({ ok: true, micros: 60_000_000n, source: expect.stringContaining("chain:svm-chain Save cUSDC balance") });
    expect(w.ok && Date.parse(w.asOf)).toBeGreaterThan(Date.now() - 60_000);
    expect(await sdkWorth(rpc.url, 40_000_000n)).toBe(60_000_000n);
  });

  it("the rate moves the worth (borrowed interest less protocol fees), floored to the micro as the redeem pays", async () => {
    rpc.set(OWNER, CUSDC, 1n);
    // 1 cUSDC at 1.5 pays 1 micro-USDC, not 2.
    expect(await readPositionWorth(save.id, OWNER)).toMatchObject({ ok: true, micros: 1n });
    expect(await sdkWorth(rpc.url, 1n)).toBe(1n);
    rpc.set(OWNER, CUSDC, 40_000_000n);
    // 3,000 available + 500 borrowed − 100 fees = 3,400 USDC for 2,000 cUSDC: 1.7 per cUSDC.
    setSaveUsdc(rpc, saveFixture({ borrowedWads: 500_000_000n * WAD, protocolFeesWads: 100_000_000n * WAD }));
    forgetWorth();
    expect(await readPositionWorth(save.id, OWNER)).toMatchObject({ ok: true, micros: 68_000_000n });
    expect(await sdkWorth(rpc.url, 40_000_000n)).toBe(68_000_000n);
  });

  it("an owner holding no cUSDC is worth 0 on chain whatever another wallet holds", async () => {
    rpc.set(OTHER, CUSDC, 40_000_000n);
    expect(await readPositionWorth(save.id, OWNER)).toMatchObject({ ok: true, micros: 0n });
    expect(await readPositionWorth(save.id, OTHER)).toMatchObject({ ok: true, micros: 60_000_000n });
  });

  it("an unreadable RPC answers the reason, never a number", async () => {
    rpc.set(OWNER, CUSDC, 40_000_000n);
    for (const method of ["getAccountInfo", "getTokenAccountsByOwner"]) {
      rpc.failing.clear();
      rpc.failing.add(method);
      forgetWorth();
      expect(await readPositionWorth(save.id, OWNER)).toMatchObject({ ok: false, reason: expect.stringContaining("Save cUSDC balance × USDC reserve collateral rate: the chain's RPC read failed") });
    }
    rpc.failing.clear();
    expect(await readPositionWorth(save.id, OWNER)).toMatchObject({ ok: true, micros: 60_000_000n });
  });

  it("a reserve at the cited id of another market, of another mint, or owned by another program answers a reason naming it", async () => {
    rpc.set(OWNER, CUSDC, 40_000_000n);
    const market = fixtureAddress("save-worth-other-market");
    const mint = fixtureAddress("save-worth-other-mint");
    const program = fixtureAddress("save-worth-other-program");
    const cases = [
      [saveFixture({ lendingMarket: market }), save.onchain.program ?? "", `Save reserve ${RESERVE} belongs to another lending market (${market})`],
      [saveFixture({ liquidityMint: mint }), save.onchain.program ?? "", `Save reserve ${RESERVE}'s liquidity mint is ${mint}, not USDC`],
      [saveFixture(), program, `${RESERVE} is not owned by ${save.onchain.program}`],
    ] as const;
    for (const [f, owner, words] of cases) {
      setSaveUsdc(rpc, f, owner);
      forgetWorth();
      expect(await readPositionWorth(save.id, OWNER)).toMatchObject({ ok: false, reason: expect.stringContaining(words) });
    }
  });
});
