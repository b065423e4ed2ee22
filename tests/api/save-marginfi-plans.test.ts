// Save and marginfi deposit and withdraw plans through the running app, on both databases: prepared v0 transactions
// signed by the owner only, built from the chain state the local Solana RPC serves when the plan is built; withdrawals
// above what the owner holds, and unreadable venue state, are blocked in words with no transaction.
import { getBase64Encoder, getCompiledTransactionMessageDecoder, getTransactionDecoder } from "@solana/kit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { marginfiAccountAddress } from "../../server/venues/marginfi/build";
import { getVenue } from "../../server/venues";
import { type App, dbKinds, startApp } from "../support/app";
import { type FakeRpc, startFakeRpc } from "../support/fake-rpc";
import { fixtureAddress } from "../../testing/chains/solana/venues/encode";
import { marginfiAccount, setMarginfiBank } from "../../testing/chains/solana/venues/marginfi";
import { saveFixture, setSaveUsdc } from "../../testing/chains/solana/venues/save";
import { call } from "../support/http";

type Json = Record<string, unknown> & {
  status: string;
  blockers?: { code: string; message: string }[];
  transactions: { chain: string; kind: string; encoding: string; payload: { transaction: string; instructions: { programAddress: string }[] } }[];
};

const SOL = "7jaiZR5Sk8hdYN9MxTpczTcwbWpb5WEoxSANuUwveuat";
const ONE = 1n << 48n;

describe.each(dbKinds())("Save and marginfi plans (%s)", (db) => {
  let app: App;
  let rpc: FakeRpc;
  const save = getVenue("save")?.onchain ?? {};
  const mfi = getVenue("marginfi")?.onchain ?? {};
  const post = (path: string, body: unknown) => call<Json>(app.url, "POST", `/api/v1${path}`, { body });
  const signers = (r: Json) =>
    r.transactions.map((t) => {
      const wire = getTransactionDecoder().decode(getBase64Encoder().encode(t.payload.transaction));
      expect(getCompiledTransactionMessageDecoder().decode(wire.messageBytes).version).toBe(0);
      return Object.keys(wire.signatures);
    });

  beforeAll(async () => {
    rpc = await startFakeRpc();
    app = await startApp({ db, env: { SVC_RPC_SVM: rpc.url } });
    setSaveUsdc(rpc, saveFixture()); // 1.5 USDC per cUSDC
    setMarginfiBank(rpc, mfi.usdcBank ?? "", { assetShareValue: (5n * ONE) / 4n, oracle: fixtureAddress("mfi-oracle") });
  });
  afterAll(async () => {
    await app?.stop();
    await rpc?.close();
  });

  it("Save: deposit and withdraw plans are prepared, owner-signed, on Save's program; a withdrawal above the owner's cUSDC is blocked", async () => {
    const d = await post("/svc/strategies/deposit/plan", { strategyId: "save", amountMicros: "2000000", owner: SOL });
    expect(d.json).toMatchObject({ status: "prepared", action: "deposit", chain: "svm-chain" });
    expect(signers(d.json)).toEqual([[SOL]]);
    expect(d.json.transactions[0]?.payload.instructions.map((i) => i.programAddress)).toContain(save.program);
    rpc.set(SOL, fixtureAddress("save-collateral-mint"), 2_000_000n); // worth 3 USDC
    const w = await post("/svc/strategies/withdraw/plan", { strategyId: "save", amountMicros: "3000000", owner: SOL });
    expect(w.json).toMatchObject({ status: "prepared", action: "withdraw" });
    expect(signers(w.json)).toEqual([[SOL]]);
    const over = await post("/svc/strategies/withdraw/plan", { strategyId: "save", amountMicros: "3000001", owner: SOL });
    expect(over.json).toMatchObject({ status: "blocked", transactions: [] });
    expect(over.json.blockers?.map((b) => b.code)).toContain("insufficient_balance");
    rpc.solanaAccounts.delete(save.usdcReserve ?? "");
    const unread = await post("/svc/strategies/deposit/plan", { strategyId: "save", amountMicros: "2000000", owner: SOL });
    expect(unread.json).toMatchObject({ status: "blocked", transactions: [] });
    expect(unread.json.blockers?.map((b) => b.code)).toContain("venue_state_unavailable");
    setSaveUsdc(rpc, saveFixture());
  });

  it("marginfi: a first deposit creates the owner's account in the same plan; withdraw is capped at the deposited USDC", async () => {
    const account = await marginfiAccountAddress(SOL);
    rpc.solanaAccounts.delete(account);
    const first = await post("/svc/strategies/deposit/plan", { strategyId: "marginfi", amountMicros: "2000000", owner: SOL });
    expect(first.json).toMatchObject({ status: "prepared", action: "deposit", chain: "svm-chain" });
    expect(signers(first.json)).toEqual([[SOL]]);
    expect(first.json.transactions[0]?.payload.instructions).toHaveLength(2);
    const none = await post("/svc/strategies/withdraw/plan", { strategyId: "marginfi", amountMicros: "1000000", owner: SOL });
    expect(none.json.blockers?.map((b) => b.code)).toContain("insufficient_balance");

    rpc.solanaAccounts.set(account, { owner: mfi.program ?? "", data: marginfiAccount(SOL, [{ bank: mfi.usdcBank ?? "", assetShares: 4_000_000n * ONE }]) });
    const again = await post("/svc/strategies/deposit/plan", { strategyId: "marginfi", amountMicros: "2000000", owner: SOL });
    expect(again.json.transactions[0]?.payload.instructions).toHaveLength(1);
    const w = await post("/svc/strategies/withdraw/plan", { strategyId: "marginfi", amountMicros: "5000000", owner: SOL });
    expect(w.json).toMatchObject({ status: "prepared", action: "withdraw" });
    expect(signers(w.json)).toEqual([[SOL]]);
    const over = await post("/svc/strategies/withdraw/plan", { strategyId: "marginfi", amountMicros: "5000001", owner: SOL });
    expect(over.json).toMatchObject({ status: "blocked", transactions: [] });
    expect(over.json.blockers?.find((b) => b.code === "insufficient_balance")?.message).toContain("5000000");
  });
});
