// The local Sui node is as strict as the lending packages: it holds every function of the modules Scallop's, Suilend's
// and NAVI's plans call, parsed from each protocol's published Move source at a commit (tests/fixtures/{scallop,
// suilend,navi}/), and a call the package would refuse fails the simulation as the chain's execution does — a function
// the module does not declare (FunctionNotFound), swapped arguments (TypeMismatch, or InvalidBCSBytes for a u64 where
// a u8 is declared), swapped or missing type arguments, a missing argument. The builders' own plans still pass.
import { Transaction } from "@mysten/sui/transactions";
import { normalizeSuiAddress } from "@mysten/sui/utils";
import { describe, expect, it } from "vitest";
import { simulateSuiTransactions } from "../../server/chains/sui/simulate";
import type { PlanTransaction } from "../../server/venues/adapters";
import { SUILEND_CTOKEN_TYPE } from "../../server/venues/suilend/build";
import { scallop } from "../../server/venues/scallop/descriptor";
import { OWNER, seedNaviStorage } from "../../server/venues/navi/navi-sdk.fixture";
import { startFakeRpc } from "../support/fake-rpc";
import { seedSuiLending, venuePlan } from "../support/sui-lending";
import { moveFixture, moveModuleSignatures } from "../../testing/chains/sui/move-source";
import { SUI_VENUE_CHAINS } from "../../testing/chains/sui/venues";
import { useLocalChain } from "../../testing/oracle";
import { functionKey } from "../../testing/chains/sui/world";

const plan = (venueId: string, action: "deposit" | "withdraw", amountMicros: bigint) => venuePlan(OWNER, venueId, action, amountMicros);

type Call = { package: string; module: string; function: string; typeArguments: string[]; arguments: unknown[] };

/** The plan's one transaction with its call to `fn` changed by `change` (as a mutated builder would have made it). */
async function mutated(txs: PlanTransaction[], fn: string, change: (call: Call) => void): Promise<PlanTransaction[]> {
  const [t] = txs;
  const data = Transaction.from(String(t?.payload)).getData();
  const call = data.commands.find((c) => c.MoveCall?.function === fn)?.MoveCall as Call | undefined;
  if (!call) throw new Error(`no call to ${fn}`);
  change(call);
  return [{ ...(t as PlanTransaction), payload: JSON.stringify(data) }];
}

const swap = (xs: unknown[], i: number, j: number) => {
  [xs[i], xs[j]] = [xs[j], xs[i]];
};

async function failsWith(txs: PlanTransaction[], ...words: string[]) {
  const [sim] = await simulateSuiTransactions(txs);
  expect(sim).toMatchObject({ status: "failed", gasEstimate: null });
  for (const w of words) expect(sim?.error).toContain(w);
}

describe("the local Sui node checks lending calls against the protocols' published Move signatures", () => {
  useLocalChain(["SVC_RPC_MOVE"], async () => {
    const rpc = await startFakeRpc();
    seedSuiLending(rpc, OWNER);
    seedNaviStorage(rpc);
    return rpc;
  });

  it("the signatures are the published sources' (Scallop redeem, Suilend's withdraw pair, NAVI entry_deposit), each module's package one the node lists", () => {
    const redeem = moveModuleSignatures(moveFixture("scallop", "redeem.move"), { protocol: scallop.onchain.protocolPackage ?? "" });
    const byKey = new Map(redeem.functions);
    const pkg = normalizeSuiAddress(scallop.onchain.protocolPackage ?? "");
    expect(byKey.get(functionKey(pkg, "redeem", "redeem"))).toEqual({
      typeParams: 1,
      callable: true,
      params: [
        { object: { package: pkg, module: "version", name: "Version", args: [] } },
        { object: { package: pkg, module: "market", name: "Market", args: [] } },
        { object: { package: normalizeSuiAddress("0x2"), module: "coin", name: "Coin", args: [{ struct: { package: pkg, module: "reserve", name: "MarketCoin", args: [{ param: 0 }] } }] } },
        { object: { package: normalizeSuiAddress("0x2"), module: "clock", name: "Clock", args: [] } },
      ],
    });
    expect(byKey.has(functionKey(pkg, "redeem", "redeem_v2"))).toBe(false);
    const modules = SUI_VENUE_CHAINS.flatMap((c) => c.moveModules.map((m) => ({ venue: c.venue, m })));
    expect(modules.map(({ venue, m }) => `${venue}:${m.module}`)).toEqual(["scallop:mint", "scallop:redeem", "navi:incentive_v3", "navi:oracle_pro", "navi:pyth", "navi:hot_potato_vector", "navi:vaa", "suilend:lending_market"]);
    const fn = (module: string, name: string) => modules.find(({ m }) => m.module === module)?.m.functions.find(([k]) => k.endsWith(`::${module}::${name}`))?.[1];
    // Option<RateLimiterExemption> only a command makes; the request, a hot potato, likewise.
    expect(fn("lending_market", "redeem_ctokens_and_withdraw_liquidity_request")).toMatchObject({ typeParams: 2, params: [{ object: { name: "LendingMarket" } }, { pure: "u64" }, { object: { name: "Clock" } }, { object: { name: "Coin" } }, "result"] });
    expect(fn("incentive_v3", "entry_deposit")).toMatchObject({ typeParams: 1, params: [{ object: { name: "Clock" } }, { object: { name: "Storage" } }, { object: { name: "Pool" } }, { pure: "u8" }, { object: { name: "Coin" } }, { pure: "u64" }, { object: { module: "incentive_v2", name: "Incentive" } }, { object: { module: "incentive_v3", name: "Incentive" } }] });
    // No module is checked against a package the node does not hold (its calls would go unchecked).
    for (const { venue, m } of modules) {
      const listed = SUI_VENUE_CHAINS.find((c) => c.venue === venue)?.packageVersions.some(([original]) => normalizeSuiAddress(original) === m.package);
      expect(listed, `${venue} ${m.module}`).toBe(true);
    }
  });

  it("the builders' own plans pass the checks (NAVI's deposit here; Scallop's and Suilend's in sui-simulate.test.ts, NAVI's withdraw in its venue tests)", async () => {
    const [sim] = await simulateSuiTransactions(await plan("navi", "deposit", 2_000_000n));
    expect(sim).toMatchObject({ status: "ok", error: null });
  });

  it("a function the module does not declare fails FunctionNotFound (Scallop redeem::redeem_v2, Suilend, NAVI)", async () => {
    await failsWith(await mutated(await plan("scallop", "withdraw", 1_000_000n), "redeem", (c) => (c.function = "redeem_v2")), "FunctionNotFound", "'redeem_v2'");
    await failsWith(await mutated(await plan("suilend", "deposit", 1_000_000n), "deposit_liquidity_and_mint_ctokens", (c) => (c.function = "deposit_liquidity")), "FunctionNotFound");
    await failsWith(await mutated(await plan("navi", "deposit", 1_000_000n), "entry_deposit", (c) => (c.function = "deposit_v2")), "FunctionNotFound");
    // A function the module declares but a transaction may not call (incentive_v3's `public(friend) fun create_pool`).
    await failsWith(await mutated(await plan("navi", "deposit", 1_000_000n), "entry_deposit", (c) => (c.function = "create_pool")), "NonEntryFunctionInvoked");
  });

  it("swapped arguments fail as the chain's type check does: objects, an object for a pure value, a u64 for a u8", async () => {
    // Scallop mint(&Version, &mut Market, …): the Market where the Version is declared.
    await failsWith(await mutated(await plan("scallop", "deposit", 1_000_000n), "mint", (c) => swap(c.arguments, 0, 1)), "CommandArgumentError { arg_idx: 0, kind: TypeMismatch }");
    // Scallop redeem(…, Coin<MarketCoin<T>>, &Clock): the Clock where the coin is declared.
    await failsWith(await mutated(await plan("scallop", "withdraw", 1_000_000n), "redeem", (c) => swap(c.arguments, 2, 3)), "CommandArgumentError { arg_idx: 2, kind: TypeMismatch }");
    // Suilend deposit(&mut LendingMarket<P>, reserve_array_index: u64, &Clock, …): the Clock where the u64 is declared.
    await failsWith(await mutated(await plan("suilend", "deposit", 1_000_000n), "deposit_liquidity_and_mint_ctokens", (c) => swap(c.arguments, 1, 2)), "CommandArgumentError { arg_idx: 1, kind: TypeMismatch }");
    // NAVI entry_deposit(…, asset: u8, Coin<T>, amount: u64, …): the amount's 8 bytes where the u8 is declared.
    await failsWith(await mutated(await plan("navi", "deposit", 1_000_000n), "entry_deposit", (c) => swap(c.arguments, 3, 5)), "CommandArgumentError { arg_idx: 3, kind: InvalidBCSBytes }");
    // NAVI entry_deposit's two incentive objects swapped.
    await failsWith(await mutated(await plan("navi", "deposit", 1_000_000n), "entry_deposit", (c) => swap(c.arguments, 6, 7)), "CommandArgumentError { arg_idx: 6, kind: TypeMismatch }");
  });

  it("type arguments: swapped ones fail at the object they type, a missing one fails TypeArityMismatch; a missing argument ArityMismatch", async () => {
    // Suilend <P, T> given <USDC, MAIN_POOL>: the LendingMarket<MAIN_POOL> is not a LendingMarket<USDC>.
    await failsWith(await mutated(await plan("suilend", "deposit", 1_000_000n), "deposit_liquidity_and_mint_ctokens", (c) => swap(c.typeArguments, 0, 1)), "CommandArgumentError { arg_idx: 0, kind: TypeMismatch }");
    // NAVI's Pool<USDC> called with another coin type.
    await failsWith(await mutated(await plan("navi", "deposit", 1_000_000n), "entry_deposit", (c) => (c.typeArguments = [SUILEND_CTOKEN_TYPE])), "CommandArgumentError { arg_idx: 2, kind: TypeMismatch }");
    await failsWith(await mutated(await plan("scallop", "deposit", 1_000_000n), "mint", (c) => (c.typeArguments = [])), "TypeArityMismatch");
    await failsWith(await mutated(await plan("navi", "deposit", 1_000_000n), "entry_deposit", (c) => c.arguments.pop()), "ArityMismatch");
  });
});
