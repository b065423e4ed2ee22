// A Kamino position's worth now, from the chain (issue 23 item 5): the owner's cUSDC on the local chain times the
// main market's USDC reserve rate (klend's Reserve layout, testing/chains/solana/venues/kamino.ts). Never the ledger's
// figure: an owner with no cUSDC is worth 0, an unreadable RPC or reserve answers a reason.
import { beforeEach, describe, expect, it } from "vitest";
import { type FakeRpc, startFakeRpc } from "../../../tests/support/fake-rpc";
import { KAMINO_CUSDC_MINT, setKaminoUsdc } from "../../../testing/chains/solana/venues/kamino";
import { useLocalChain } from "../../../testing/oracle";
import { forgetWorth, readPositionWorth } from "../worth";
import { kamino } from "./descriptor";

const OWNER = "9B4MhXCsqr2SyQNRw4KoakcwriqN637GhpjxCnaafSmd";
const OTHER = "7jaiZR5Sk8hdYN9MxTpczTcwbWpb5WEoxSANuUwveuat";

describe("Kamino: a position's current worth is the owner's cUSDC × the reserve's rate", () => {
  let rpc: FakeRpc;
  useLocalChain(["SVC_RPC_SVM"], async () => {
    rpc = await startFakeRpc();
    return rpc;
  });
  beforeEach(() => {
    forgetWorth();
    rpc.failing.clear();
    for (const w of [OWNER, OTHER]) rpc.set(w, KAMINO_CUSDC_MINT, 0n);
    // 3,000 USDC available against 2,000 cUSDC: 1.5 USDC per cUSDC.
    setKaminoUsdc(rpc, 3_000_000_000n, 2_000_000_000n);
  });

  it("40 cUSDC at 1.5 are worth 60 USDC, with the chain named as the source and the time read", async () => {
    rpc.set(OWNER, KAMINO_CUSDC_MINT, 40_000_000n);
    const w = await readPositionWorth(kamino.id, OWNER);
    expect(w).toMatchObject({ ok: true, micros: 60_000_000n, source: expect.stringContaining("chain:svm-chain Kamino cUSDC balance") });
    expect(w.ok && Date.parse(w.asOf)).toBeGreaterThan(Date.now() - 60_000);
  });

  it("the rate moves the worth: interest accrued in the reserve raises it, floored to the micro", async () => {
    rpc.set(OWNER, KAMINO_CUSDC_MINT, 40_000_000n);
    setKaminoUsdc(rpc, 3_000_000_001n, 2_000_000_000n);
    expect(await readPositionWorth(kamino.id, OWNER)).toMatchObject({ ok: true, micros: 60_000_000n });
    setKaminoUsdc(rpc, 4_000_000_000n, 2_000_000_000n);
    forgetWorth();
    expect(await readPositionWorth(kamino.id, OWNER)).toMatchObject({ ok: true, micros: 80_000_000n });
  });

  it("an owner holding no cUSDC is worth 0 on chain whatever another wallet holds", async () => {
    rpc.set(OTHER, KAMINO_CUSDC_MINT, 40_000_000n);
    expect(await readPositionWorth(kamino.id, OWNER)).toMatchObject({ ok: true, micros: 0n });
  });

  it("an unreadable RPC answers null's reason, never a number", async () => {
    rpc.set(OWNER, KAMINO_CUSDC_MINT, 40_000_000n);
    rpc.failing.add("getAccountInfo");
    const w = await readPositionWorth(kamino.id, OWNER);
    expect(w).toMatchObject({ ok: false, reason: expect.stringContaining("Kamino cUSDC balance × USDC reserve exchange rate: the chain's RPC read failed") });
    rpc.failing.clear();
    expect(await readPositionWorth(kamino.id, OWNER)).toMatchObject({ ok: true, micros: 60_000_000n });
  });

  it("a wallet of another family holds no Kamino position to read", async () => {
    expect(await readPositionWorth(kamino.id, "0x1111111111111111111111111111111111111111")).toMatchObject({ ok: false, reason: expect.stringContaining("not a Solana address") });
  });
});
