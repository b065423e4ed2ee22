// Balance changes from the chain before signing (issue 23 items 1 and 2), on move-chain: the plan's burn carries the
// balance changes the Sui node's simulation reports, and the one checker refuses a transaction whose simulated changes
// differ from the plan (a larger burn, a fee paid elsewhere), in token units, while the untouched one passes.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { USDC } from "../../server/chains/balances";
import { checkChanges, type ExpectedChanges } from "../../server/chains/check-changes";
import { simulateTransactions } from "../../server/chains/simulate";
import type { PlanTransaction } from "../../server/chains/transaction";
import { resetConfigForTests } from "../../server/config";
import { type App, startApp } from "../support/app";
import { type FakeRpc, fundSuiOwner, startFakeRpc } from "../support/fake-rpc";
import { call } from "../support/http";

type Change = { owner: string; asset: { chain: string; id: string; symbol: string | null; decimals: number | null }; amount: string };
type Tx = PlanTransaction & { simulation?: { status: string; gasEstimate: string | null; changes?: { status: string; balanceChanges: Change[] | null; source: string | null } } };

const OWNER = `0x${"7".repeat(64)}`;
const RECIPIENT = `0x${"fe".repeat(32)}`;
const OTHER = `0x${"0d".repeat(32)}`;
const EVM_DEST = "0x7777777777777777777777777777777777777777";
const AMOUNT = 100_000_000n; // 100 USDC
const FEE = 100_000n; // 10 bps

/** The PTB JSON with every pure input equal to `from` (as BCS bytes) replaced by `to`. */
function tamper(json: string, from: Uint8Array, to: Uint8Array): string {
  const data = JSON.parse(json) as { inputs: { Pure?: { bytes: string } }[] };
  let replaced = 0;
  for (const input of data.inputs) {
    if (input.Pure && Buffer.from(input.Pure.bytes, "base64").equals(Buffer.from(from))) {
      input.Pure.bytes = Buffer.from(to).toString("base64");
      replaced++;
    }
  }
  expect(replaced).toBe(1);
  return JSON.stringify(data);
}
const u64 = (n: bigint) => {
  const b = Buffer.alloc(8);
  b.writeBigUInt64LE(n);
  return b;
};
const addr = (a: string) => Buffer.from(a.slice(2), "hex");

describe("the chain's balance changes before signing, checked against the plan (move-chain)", () => {
  let rpc: FakeRpc;
  let app: App;
  let burn: Tx;
  const expected: ExpectedChanges = {
    chain: "move-chain",
    owner: OWNER,
    spends: [{ asset: USDC["move-chain"], amount: AMOUNT }],
    pays: [{ to: RECIPIENT, asset: USDC["move-chain"], amount: FEE }],
  };

  beforeAll(async () => {
    rpc = await startFakeRpc();
    fundSuiOwner(rpc, OWNER);
    app = await startApp({ db: "pglite", env: { SVC_RPC_MOVE: rpc.url, SVC_RPC_EVM_A: rpc.url, SVC_FEE_RECIPIENT_MOVE: RECIPIENT } });
    const r = await call<{ status: string; transactions: Tx[] }>(app.url, "POST", "/api/v1/svc/bridge/plan", {
      body: { sourceChain: "move-chain", destChain: "evm-a", amountMicros: AMOUNT.toString(), sourceAddress: OWNER, destAddress: EVM_DEST },
    });
    expect(r.json, JSON.stringify((r.json as { blockers?: unknown }).blockers)).toMatchObject({ status: "prepared" });
    burn = r.json.transactions.find((t) => t.kind === "burn") as Tx;
    // The checker below simulates in this process against the same node.
    process.env.SVC_RPC_MOVE = rpc.url;
    resetConfigForTests();
  });
  afterAll(async () => {
    delete process.env.SVC_RPC_MOVE;
    resetConfigForTests();
    await app?.stop();
    await rpc?.close();
  });

  it("the burn's simulation carries the node's balance changes: the owner sends 100 USDC and gas, the fee recipient gets the fee", () => {
    const changes = burn.simulation?.changes;
    expect(changes).toMatchObject({ status: "ok", source: expect.stringMatching(/balance_changes/) });
    const of = (owner: string, symbol: string) => changes?.balanceChanges?.find((c) => c.owner === owner && c.asset.symbol === symbol);
    expect(of(OWNER, "USDC")).toMatchObject({ amount: (-AMOUNT).toString(), asset: { chain: "move-chain", id: USDC["move-chain"], decimals: 6 } });
    expect(of(RECIPIENT, "USDC")?.amount).toBe(FEE.toString());
    const gas = BigInt(of(OWNER, "SUI")?.amount ?? "0");
    expect(gas < 0n && -gas <= BigInt(burn.simulation?.gasEstimate ?? "0")).toBe(true);
    expect(changes?.balanceChanges).toHaveLength(3);
  });

  it("the untouched burn agrees with the plan", async () => {
    const sim = await simulateTransactions([burn], OWNER);
    expect(sim.transactions[0]?.simulation?.changes?.status).toBe("ok");
    expect(checkChanges(sim.transactions, expected)).toBeNull();
  });

  it("a burn altered after building to burn 10 × as much is refused, naming both amounts in USDC", async () => {
    const burnAmount = AMOUNT - FEE;
    const altered = { ...burn, payload: tamper(burn.payload as string, u64(burnAmount), u64(burnAmount * 10n)) };
    const sim = await simulateTransactions([altered], OWNER);
    const b = checkChanges(sim.transactions, expected);
    expect(b?.code).toBe("simulation_mismatch");
    expect(b?.message).toContain("you send 100.000000 USDC by the plan, the simulation sends 999.100000 USDC");
  });

  it("a burn altered to pay the fee to another address is refused, naming that address", async () => {
    const altered = { ...burn, payload: tamper(burn.payload as string, addr(RECIPIENT), addr(OTHER)) };
    const sim = await simulateTransactions([altered], OWNER);
    const b = checkChanges(sim.transactions, expected);
    expect(b?.code).toBe("simulation_mismatch");
    expect(b?.message).toContain(`0.100000 USDC goes to ${OTHER}, which the plan does not name`);
  });
});
