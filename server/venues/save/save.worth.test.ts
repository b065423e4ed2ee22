// A Save (Solend) position's worth now, from the chain (issue 23 item 5): the owner's cUSDC on the local chain at the
// main market's USDC reserve collateral rate (the Reserve encoded by @solendprotocol/solend-sdk's own ReserveLayout,
// testing/chains/solana/venues/save.ts), floored as RedeemReserveCollateral pays. Never the ledger's figure: an owner
// without cUSDC is worth 0, an unreadable RPC or a reserve that is not the cited one answers a reason.
import { beforeEach, describe, expect, it } from "vitest";
import { type FakeRpc, startFakeRpc } from "../../../tests/support/fake-rpc";
import { fixtureAddress } from "../../../testing/chains/solana/venues/encode";
import { saveFixture, setSaveUsdc } from "../../../testing/chains/solana/venues/save";
import { useLocalChain } from "../../../testing/oracle";
import { forgetWorth, readPositionWorth } from "../worth";
import { save } from "./descriptor";

const OWNER = "7jaiZR5Sk8hdYN9MxTpczTcwbWpb5WEoxSANuUwveuat";
const OTHER = "9B4MhXCsqr2SyQNRw4KoakcwriqN637GhpjxCnaafSmd";
const CUSDC = fixtureAddress("save-collateral-mint"); // saveFixture's collateral mint, read from the reserve
const RESERVE = save.onchain.usdcReserve ?? "";
const WAD = 10n ** 18n;

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
  });

  it("the rate moves the worth (borrowed interest less protocol fees), floored to the micro as the redeem pays", async () => {
    rpc.set(OWNER, CUSDC, 1n);
    // 1 cUSDC at 1.5 pays 1 micro-USDC, not 2.
    expect(await readPositionWorth(save.id, OWNER)).toMatchObject({ ok: true, micros: 1n });
    rpc.set(OWNER, CUSDC, 40_000_000n);
    // 3,000 available + 500 borrowed − 100 fees = 3,400 USDC for 2,000 cUSDC: 1.7 per cUSDC.
    setSaveUsdc(rpc, saveFixture({ borrowedWads: 500_000_000n * WAD, protocolFeesWads: 100_000_000n * WAD }));
    forgetWorth();
    expect(await readPositionWorth(save.id, OWNER)).toMatchObject({ ok: true, micros: 68_000_000n });
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
