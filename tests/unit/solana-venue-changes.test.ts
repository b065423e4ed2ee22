// Balance changes from the chain before signing, on svm-chain (issue 23 items 1 and 2), per Solana venue: the real
// builder's deposit and withdraw, simulated through the service's simulate path (simulateTransactions: the watched
// accounts' states before, from getMultipleAccounts, and after, from simulateTransaction's `accounts`) against the local
// Solana chain running the venue's program model, checked with the plan's own expectation (vaultExpectedChanges +
// checkChanges): untouched, the changes are exact and pass; the instruction's amount × 10 (its data re-encoded by the
// IDL layout) is refused `simulation_mismatch` naming both amounts; on Kamino also the receipt redirected to another
// wallet's token account (the IDL's account by name).
import { address, createNoopSigner, getAddressEncoder, getProgramDerivedAddress, getUtf8Encoder } from "@solana/kit";
import { getTransferSolInstruction } from "@solana-program/system";
import { findAssociatedTokenPda, getTransferInstruction, TOKEN_PROGRAM_ADDRESS } from "@solana-program/token";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { checkChanges } from "../../server/chains/check-changes";
import { simulateTransactions } from "../../server/chains/simulate";
import type { SolanaPayload } from "../../server/chains/solana";
import { resetConfigForTests } from "../../server/config";
import type { PlanTransaction } from "../../server/chains/transaction";
import { vaultExpectedChanges } from "../../server/plans/vault";
import { builderFor } from "../../server/venues/adapters";
import type { VenueDescriptor } from "../../server/venues/types";
import { kamino } from "../../server/venues/kamino/descriptor";
import { KLEND_IDL } from "../../server/venues/kamino/idl";
import { jupiterLend } from "../../server/venues/jupiter-lend/descriptor";
import { JUP_LENDING_IDL } from "../../server/venues/jupiter-lend/idl";
import { marginfi } from "../../server/venues/marginfi/descriptor";
import { MARGINFI_IDL } from "../../server/venues/marginfi/idl";
import { save } from "../../server/venues/save/descriptor";
import { saveVenue } from "../../server/venues/save";
import { jupiterLendVenue } from "../../server/venues/jupiter-lend";
import { marginfiVenue } from "../../server/venues/marginfi";
import { SAVE_TAG } from "../../server/venues/save/tags";
import { type AnchorIdl, encodeAnchorAccount } from "../../testing/chains/solana/anchor-idl";
import { kaminoSimulationChain } from "../../testing/chains/solana/kamino-simulation";
import { SolanaLocalChain } from "../../testing/chains/solana/local-chain";
import { fixtureAddress } from "../../testing/chains/solana/venues/encode";
import { jupiterLendingAccount, LENDING_IDL } from "../../testing/chains/solana/venues/jupiter-lend";
import { liquidityVaultOf, MARGINFI, marginfiAccount, mfiRequire, setMarginfiBank } from "../../testing/chains/solana/venues/marginfi";
import { saveFixture, setSaveMarket, setSaveUsdc } from "../../testing/chains/solana/venues/save";
import { KAMINO_CUSDC_MINT } from "../../testing/chains/solana/venues/kamino";
import { appended, redirected, scaled, withoutProgram } from "../support/altered";
import { type FakeRpc, startFakeRpc } from "../support/fake-rpc";

const OWNER = "9B4MhXCsqr2SyQNRw4KoakcwriqN637GhpjxCnaafSmd";
const SPONSOR = "7jaiZR5Sk8hdYN9MxTpczTcwbWpb5WEoxSANuUwveuat";
const USDC = (kamino.onchain as Record<"usdcMint", string>).usdcMint;
const KLEND = (kamino.onchain as Record<"program", string>).program;

async function build(venue: string, action: "deposit" | "withdraw", amountMicros: bigint): Promise<PlanTransaction[]> {
  const b = builderFor(venue, action);
  if (!("build" in b)) throw new Error(b.reason);
  return b.build({ owner: OWNER, amountMicros });
}

async function pda(program: string, ...seeds: (string | Uint8Array)[]): Promise<string> {
  const [a] = await getProgramDerivedAddress({
    programAddress: address(program),
    seeds: seeds.map((x) => (typeof x === "string" ? (x.length >= 32 ? getAddressEncoder().encode(address(x)) : getUtf8Encoder().encode(x)) : x)),
  });
  return a;
}

const ownerChange = (txs: PlanTransaction[], asset: string) =>
  txs.flatMap((t) => t.simulation?.changes?.balanceChanges ?? []).filter((c) => c.owner === OWNER && c.asset.id === asset).reduce((s, c) => s + BigInt(c.amount), 0n);

let rpc: FakeRpc;
beforeAll(async () => {
  rpc = await startFakeRpc();
  process.env.SVC_RPC_SVM = rpc.url;
  resetConfigForTests();
});
afterAll(async () => {
  delete process.env.SVC_RPC_SVM;
  resetConfigForTests();
  await rpc.close();
});
const check = async (venue: VenueDescriptor, action: "deposit" | "withdraw", txs: PlanTransaction[], amount: bigint) => {
  const sim = await simulateTransactions(txs, OWNER);
  expect(sim.blocker).toBeNull();
  expect(sim.transactions.map((t) => t.simulation?.changes?.status)).toEqual(txs.map(() => "ok"));
  return { sim, blocker: checkChanges(sim.transactions, await vaultExpectedChanges(action, venue, OWNER, amount)) };
};

/** The plan of `action` with account `name` of `ix` redirected to `to`: refused simulation_mismatch, the message saying `says`. */
const refusedRedirected = async (venue: VenueDescriptor, action: "deposit" | "withdraw", amount: bigint, at: { program: string; ix: Parameters<typeof redirected>[2]; name: string; to: string }, says: string) => {
  const r = await check(venue, action, redirected(await build(venue.id, action, amount), at.program, at.ix, at.name, at.to), amount);
  expect(r.blocker?.code).toBe("simulation_mismatch");
  expect(r.blocker?.message).toContain(says);
};

/**
 * The USDC of a deposit going elsewhere: the deposit rewritten into a plain transfer of the same 3 USDC to another
 * wallet, and a deposit of 1 USDC with 2 more sent there; both refused, naming the wallet (the venue takes USDC only into
 * its vault, whose owner is its custody).
 */
async function refusesDiverted(venue: VenueDescriptor, program: string, chain: SolanaLocalChain) {
  const other = await chain.setTokenBalance(SPONSOR, USDC, 0n);
  const [from] = await findAssociatedTokenPda({ owner: address(OWNER), mint: address(USDC), tokenProgram: TOKEN_PROGRAM_ADDRESS });
  const transfer = (amount: bigint) => getTransferInstruction({ source: from, destination: address(other), authority: createNoopSigner(address(OWNER)), amount });
  const whole = await check(venue, "deposit", appended(withoutProgram(await build(venue.id, "deposit", 3_000_000n), program), transfer(3_000_000n)), 3_000_000n);
  expect(whole.blocker?.code).toBe("simulation_mismatch");
  expect(whole.blocker?.message).toContain(`3.000000 USDC goes to ${SPONSOR}, which the plan does not name`);
  const part = await check(venue, "deposit", appended(await build(venue.id, "deposit", 1_000_000n), transfer(2_000_000n)), 3_000_000n);
  expect(part.blocker?.code).toBe("simulation_mismatch");
  expect(part.blocker?.message).toContain(`2.000000 USDC goes to ${SPONSOR}, which the plan does not name`);
}

/** Without the chain's simulation (an RPC that has neither simulateBundle nor simulateTransaction): the deposit's and the withdraw's changes unavailable with the reason, never blocked by the checker. */
async function unavailableWithoutSimulation(venue: VenueDescriptor) {
  const built = { deposit: await build(venue.id, "deposit", 3_000_000n), withdraw: await build(venue.id, "withdraw", 3_000_000n) };
  const chain = rpc.solanaChain;
  rpc.solanaChain = null;
  try {
    for (const action of ["deposit", "withdraw"] as const) {
      const sim = await simulateTransactions(built[action], OWNER);
      expect(sim.blocker).toBeNull();
      expect(sim.transactions).toHaveLength(built[action].length);
      for (const t of sim.transactions) {
        expect(t.simulation?.status).toBe("unavailable");
        expect(t.simulation?.error).toMatch(/simulateTransaction did not answer \(.*not found/);
      }
      expect(checkChanges(sim.transactions, await vaultExpectedChanges(action, venue, OWNER, 3_000_000n))).toBeNull();
    }
  } finally {
    rpc.solanaChain = chain;
  }
}

describe("svm-chain balance changes checked against the plan: Kamino (klend's program model: 3,000 USDC for 2,000 cUSDC, 1.5 USDC each)", () => {
  let chain: SolanaLocalChain;
  beforeEach(async () => {
    chain = await kaminoSimulationChain(rpc, SPONSOR);
    chain.lamports.set(OWNER, 1_000_000_000n);
    // The owner holds 100 USDC and 90 cUSDC (enough for ten times either plan).
    rpc.set(OWNER, USDC, 100_000_000n);
    rpc.set(OWNER, KAMINO_CUSDC_MINT, 90_000_000n);
    await chain.setTokenBalance(OWNER, USDC, 100_000_000n);
    await chain.setTokenBalance(OWNER, KAMINO_CUSDC_MINT, 90_000_000n);
  });
  const deposit = KLEND_IDL.instructions.depositReserveLiquidity;
  const redeem = KLEND_IDL.instructions.redeemReserveCollateral;

  it("deposit 3 USDC: exactly 3 USDC leaves the owner, 2 cUSDC arrive; the checker passes; × 10 is refused naming 3 and 30 USDC", async () => {
    const txs = await build("kamino", "deposit", 3_000_000n);
    const { sim, blocker } = await check(kamino, "deposit", txs, 3_000_000n);
    expect([ownerChange(sim.transactions, USDC), ownerChange(sim.transactions, KAMINO_CUSDC_MINT)]).toEqual([-3_000_000n, 2_000_000n]);
    expect(blocker?.message ?? null).toBeNull();
    // liquidityAmount: the only arg (u64) of depositReserveLiquidity.
    expect(deposit.args).toEqual([{ name: "liquidityAmount", type: "u64" }]);
    const ten = await check(kamino, "deposit", scaled(txs, KLEND, deposit.discriminator, 0, 10n), 3_000_000n);
    expect(ten.blocker?.code).toBe("simulation_mismatch");
    expect(ten.blocker?.message).toContain("you send 3.000000 USDC by the plan, the simulation sends 30.000000 USDC");
  });

  it("a deposit whose USDC goes to another wallet (rewritten into a transfer; a third deposited, the rest sent) is refused, naming it", async () => {
    await refusesDiverted(kamino, KLEND, chain);
  });

  it("without the chain's simulation the deposit's and the withdraw's changes are unavailable with the reason, and the checker does not block", async () => {
    await unavailableWithoutSimulation(kamino);
  });

  it("withdraw 3 USDC: 2 cUSDC redeemed, exactly 3 USDC arrives; the checker passes; × 10 the cUSDC is refused naming both", async () => {
    const txs = await build("kamino", "withdraw", 3_000_000n);
    const { sim, blocker } = await check(kamino, "withdraw", txs, 3_000_000n);
    expect([ownerChange(sim.transactions, USDC), ownerChange(sim.transactions, KAMINO_CUSDC_MINT)]).toEqual([3_000_000n, -2_000_000n]);
    expect(blocker?.message ?? null).toBeNull();
    // collateralAmount: the only arg (u64) of redeemReserveCollateral.
    expect(redeem.args).toEqual([{ name: "collateralAmount", type: "u64" }]);
    const ten = await check(kamino, "withdraw", scaled(txs, KLEND, redeem.discriminator, 0, 10n), 3_000_000n);
    expect(ten.blocker?.code).toBe("simulation_mismatch");
    expect(ten.blocker?.message).toContain("20.000000 cUSDC (Kamino) leave your wallet; at the simulation's rate 2.000000 cUSDC (Kamino) pay the 3.000000 USDC the plan withdraws");
  });

  it("the SOL the owner pays is bounded by the network fee the simulation discloses and the rent of accounts it opens: a SOL transfer slipped in is refused", async () => {
    const txs = await build("kamino", "deposit", 3_000_000n);
    const { sim, blocker } = await check(kamino, "deposit", txs, 3_000_000n);
    expect(blocker?.message ?? null).toBeNull();
    const fee = sim.transactions[0]?.simulation?.fee;
    // One signature (5000 lamports) and the priority fee of the offered compute budget (unit limit × price, rounded up).
    const budget = (sim.transactions[0]?.payload as SolanaPayload).computeBudget;
    const priority = (BigInt(budget?.unitLimit ?? 0) * BigInt(budget?.microLamportsPerUnit ?? "0") + 999_999n) / 1_000_000n;
    expect(priority).toBeGreaterThan(0n);
    expect(fee).toEqual({ amount: (5000n + priority).toString(), asset: "SOL", decimals: 9 });
    // The local chain charges the base fee once per transaction, as the chain does (no priority fee charged there).
    expect(ownerChange(sim.transactions, "native")).toBe(-5000n);
    const transfer = getTransferSolInstruction({ source: createNoopSigner(address(OWNER)), destination: address(SPONSOR), amount: 1_000_000n });
    const slipped = await check(kamino, "deposit", appended(txs, transfer), 3_000_000n);
    expect(slipped.blocker?.code).toBe("simulation_mismatch");
    expect(slipped.blocker?.message).toContain("0.001005000 SOL leaves your wallet that the plan does not spend; the plan discloses 0.00000");
    expect(slipped.blocker?.message).toContain("SOL of network fee and rent");
  });

  it("the cUSDC minted, or the USDC paid out, into someone else's account is refused, naming them", async () => {
    const [otherCusdc, otherUsdc] = [await chain.setTokenBalance(SPONSOR, KAMINO_CUSDC_MINT, 0n), await chain.setTokenBalance(SPONSOR, USDC, 0n)];
    const dep = redirected(await build("kamino", "deposit", 3_000_000n), KLEND, deposit, "userDestinationCollateral", otherCusdc);
    const d = await check(kamino, "deposit", dep, 3_000_000n);
    expect(d.blocker?.code).toBe("simulation_mismatch");
    expect(d.blocker?.message).toContain(`2.000000 cUSDC (Kamino) goes to ${SPONSOR}, which the plan does not name`);
    const wd = redirected(await build("kamino", "withdraw", 3_000_000n), KLEND, redeem, "userDestinationLiquidity", otherUsdc);
    const w = await check(kamino, "withdraw", wd, 3_000_000n);
    expect(w.blocker?.code).toBe("simulation_mismatch");
    expect(w.blocker?.message).toContain("you receive 3.000000 USDC by the plan, the simulation gives you 0.000000 USDC");
  });
});

/** A fresh local chain over the RPC's program accounts: the owner and a sponsor with SOL. */
const freshChain = () => {
  const c = new SolanaLocalChain(() => rpc.solanaAccounts);
  c.blockhashes.add(rpc.blockhash);
  c.lamports.set(OWNER, 1_000_000_000n);
  c.lamports.set(SPONSOR, 1_000_000_000n);
  rpc.solanaChain = c;
  return c;
};

describe("svm-chain balance changes checked against the plan: marginfi (the SDK's IDL; 1.25 USDC per share; the model moves the tokens, not the account's shares)", () => {
  let chain: SolanaLocalChain;
  const ids = marginfi.onchain as Record<"program" | "group" | "usdcBank" | "usdcMint", string>;
  const ONE = 1n << 48n; // I80F48 1.0
  beforeEach(async () => {
    setMarginfiBank(rpc, ids.usdcBank, { assetShareValue: (5n * ONE) / 4n, oracle: fixtureAddress("mfi-usdc-pyth-push") });
    const idl = { ...(mfiRequire("@mrgnlabs/marginfi-client-v2") as { MARGINFI_IDL: AnchorIdl }).MARGINFI_IDL, address: MARGINFI };
    rpc.solanaAccounts.set(ids.group, { owner: ids.program, data: encodeAnchorAccount(idl, "MarginfiGroup", { admin: SPONSOR }) });
    // The owner's marginfi account (seeds of MarginfiAccountInitializePda, account_index 0, no third party) with 40 shares (50 USDC).
    const account = await pda(ids.program, "marginfi_account", ids.group, OWNER, Uint8Array.of(0, 0), Uint8Array.of(0, 0));
    rpc.solanaAccounts.set(account, { owner: ids.program, data: marginfiAccount(OWNER, [{ bank: ids.usdcBank, assetShares: 40_000_000n * ONE }]) });
    chain = freshChain();
    chain.addMint(ids.usdcMint, SPONSOR);
    await chain.setTokenBalance(OWNER, ids.usdcMint, 100_000_000n);
    chain.setTokenAccount(liquidityVaultOf(ids.usdcBank), await pda(ids.program, "liquidity_vault_auth", ids.usdcBank), ids.usdcMint, 1_000_000_000n);
  });
  const deposit = MARGINFI_IDL.instructions.lending_account_deposit;
  const withdraw = MARGINFI_IDL.instructions.lending_account_withdraw;

  it("deposit 3 USDC: exactly 3 USDC leaves the owner; the checker passes; × 10 is refused naming 3 and 30 USDC", async () => {
    const txs = await build("marginfi", "deposit", 3_000_000n);
    const { sim, blocker } = await check(marginfi, "deposit", txs, 3_000_000n);
    expect(ownerChange(sim.transactions, USDC)).toBe(-3_000_000n);
    expect(blocker?.message ?? null).toBeNull();
    // amount: the first arg (u64) of lending_account_deposit.
    expect(deposit.args[0]).toEqual({ name: "amount", type: "u64" });
    const ten = await check(marginfi, "deposit", scaled(txs, ids.program, deposit.discriminator, 0, 10n), 3_000_000n);
    expect(ten.blocker?.code).toBe("simulation_mismatch");
    expect(ten.blocker?.message).toContain("you send 3.000000 USDC by the plan, the simulation sends 30.000000 USDC");
  });

  it("a confirmed deposit's receipt: the LendingAccountDepositEvent marginfi's program logs as it runs the deposit; a larger amount, another owner, no event, or the event's bytes logged by another program are none", async () => {
    const txs = await build("marginfi", "deposit", 3_000_000n);
    const ran = await chain.execute((txs.at(-1)?.payload as SolanaPayload).transaction);
    expect(ran.err).toBeNull();
    const effects = (logs: string[]) => ({ assets: new Map(), events: [], logs });
    const receipt = marginfiVenue.receipt;
    expect(await receipt?.deposit(effects(ran.logs), OWNER, 3_000_000n)).toEqual({ state: "shown" });
    expect((await receipt?.deposit(effects(ran.logs), OWNER, 3_000_001n))?.state).toBe("missing");
    expect((await receipt?.deposit(effects(ran.logs), SPONSOR, 3_000_000n))?.state).toBe("missing");
    expect(await receipt?.deposit(effects([]), OWNER, 3_000_000n)).toMatchObject({ state: "missing", reason: expect.stringContaining("no LendingAccountDepositEvent of marginfi's program") });
    // Any program can log any bytes: the same "Program data:" line while another program runs is not marginfi's event.
    const data = ran.logs.filter((l) => l.startsWith("Program data: "));
    expect(data).toHaveLength(1);
    const forged = [`Program ${SPONSOR} invoke [1]`, ...data, `Program ${SPONSOR} success`];
    expect((await receipt?.deposit(effects(forged), OWNER, 3_000_000n))?.state).toBe("missing");
    // A withdraw's receipt is its LendingAccountWithdrawEvent: the deposit's event is none.
    expect((await receipt?.withdraw(effects(ran.logs), OWNER))?.state).toBe("missing");
    const out = await chain.execute(((await build("marginfi", "withdraw", 3_000_000n)).at(-1)?.payload as SolanaPayload).transaction);
    expect(out.err).toBeNull();
    expect(await receipt?.withdraw(effects(out.logs), OWNER)).toEqual({ state: "shown" });
    expect((await receipt?.withdraw(effects(out.logs), SPONSOR))?.state).toBe("missing");
  });

  it("a deposit whose USDC goes to another wallet (rewritten into a transfer; a third deposited, the rest sent) is refused, naming it", async () => {
    await refusesDiverted(marginfi, ids.program, chain);
  });

  it("without the chain's simulation the deposit's and the withdraw's changes are unavailable with the reason, and the checker does not block", async () => {
    await unavailableWithoutSimulation(marginfi);
  });

  it("withdraw 3 USDC: exactly 3 USDC arrives; the checker passes; × 10 is refused naming 3 and 30 USDC", async () => {
    const txs = await build("marginfi", "withdraw", 3_000_000n);
    const { sim, blocker } = await check(marginfi, "withdraw", txs, 3_000_000n);
    expect(ownerChange(sim.transactions, USDC)).toBe(3_000_000n);
    expect(blocker?.message ?? null).toBeNull();
    expect(withdraw.args[0]).toEqual({ name: "amount", type: "u64" });
    const ten = await check(marginfi, "withdraw", scaled(txs, ids.program, withdraw.discriminator, 0, 10n), 3_000_000n);
    expect(ten.blocker?.code).toBe("simulation_mismatch");
    expect(ten.blocker?.message).toContain("you withdraw 3.000000 USDC by the plan, the simulation withdraws 30.000000 USDC");
  });
  it("the USDC withdrawn into someone else's account is refused naming them; a deposit credited to someone else's marginfi account is refused by the program", async () => {
    const otherUsdc = await chain.setTokenBalance(SPONSOR, ids.usdcMint, 0n);
    const w = await check(marginfi, "withdraw", redirected(await build("marginfi", "withdraw", 3_000_000n), ids.program, withdraw, "destination_token_account", otherUsdc), 3_000_000n);
    expect(w.blocker?.code).toBe("simulation_mismatch");
    expect(w.blocker?.message).toContain("you receive 3.000000 USDC by the plan, the simulation gives you 0.000000 USDC");
    expect(w.blocker?.message).toContain(`3.000000 USDC goes to ${SPONSOR}, which the plan does not name`);
    // A marginfi deposit credits the owner's marginfi account, not a token: another wallet's account is the only other
    // recipient, and the program refuses it (is_signer_authorized → Unauthorized), so the plan is blocked simulation_failed.
    const theirs = await pda(ids.program, "marginfi_account", ids.group, SPONSOR, Uint8Array.of(0, 0), Uint8Array.of(0, 0));
    rpc.solanaAccounts.set(theirs, { owner: ids.program, data: marginfiAccount(SPONSOR, []) });
    const d = await simulateTransactions(redirected(await build("marginfi", "deposit", 3_000_000n), ids.program, deposit, "marginfi_account", theirs), OWNER);
    expect(d.blocker?.code).toBe("simulation_failed");
    expect(d.blocker?.message).toContain("Unauthorized");
  });
});

describe("svm-chain balance changes checked against the plan: Save (the SDK's instruction layout; 3,000 USDC for 2,000 collateral, 1.5 USDC each)", () => {
  let chain: SolanaLocalChain;
  const ids = save.onchain as Record<"program" | "mainMarket" | "usdcReserve" | "usdcMint", string>;
  const f = saveFixture();
  beforeEach(async () => {
    setSaveUsdc(rpc, f);
    const authority = setSaveMarket(rpc, SPONSOR, TOKEN_PROGRAM_ADDRESS);
    chain = freshChain();
    chain.addMint(ids.usdcMint, SPONSOR);
    chain.addMint(f.collateralMint, authority);
    await chain.setTokenBalance(OWNER, ids.usdcMint, 100_000_000n);
    await chain.setTokenBalance(OWNER, f.collateralMint, 90_000_000n);
    rpc.set(OWNER, f.collateralMint, 90_000_000n);
    chain.setTokenAccount(f.liquiditySupply, authority, ids.usdcMint, 3_000_000_000n);
  });

  it("deposit 3 USDC: exactly 3 USDC leaves the owner, 2 collateral arrive; the checker passes; × 10 is refused naming 3 and 30 USDC", async () => {
    const txs = await build("save", "deposit", 3_000_000n);
    const { sim, blocker } = await check(save, "deposit", txs, 3_000_000n);
    expect([ownerChange(sim.transactions, USDC), ownerChange(sim.transactions, f.collateralMint)]).toEqual([-3_000_000n, 2_000_000n]);
    expect(blocker?.message ?? null).toBeNull();
    // DepositReserveLiquidity { liquidity_amount: u64 } after its one-byte tag.
    const ten = await check(save, "deposit", scaled(txs, ids.program, [SAVE_TAG.depositReserveLiquidity], 0, 10n), 3_000_000n);
    expect(ten.blocker?.code).toBe("simulation_mismatch");
    expect(ten.blocker?.message).toContain("you send 3.000000 USDC by the plan, the simulation sends 30.000000 USDC");
  });

  it("a deposit whose USDC goes to another wallet (rewritten into a transfer; a third deposited, the rest sent) is refused, naming it", async () => {
    await refusesDiverted(save, ids.program, chain);
  });

  it("without the chain's simulation the deposit's and the withdraw's changes are unavailable with the reason, and the checker does not block", async () => {
    await unavailableWithoutSimulation(save);
  });

  it("withdraw 3 USDC: 2 collateral redeemed, exactly 3 USDC arrives; the checker passes; × 10 the collateral is refused naming both", async () => {
    const txs = await build("save", "withdraw", 3_000_000n);
    const { sim, blocker } = await check(save, "withdraw", txs, 3_000_000n);
    expect([ownerChange(sim.transactions, USDC), ownerChange(sim.transactions, f.collateralMint)]).toEqual([3_000_000n, -2_000_000n]);
    expect(blocker?.message ?? null).toBeNull();
    // RedeemReserveCollateral { collateral_amount: u64 } after its one-byte tag.
    const ten = await check(save, "withdraw", scaled(txs, ids.program, [SAVE_TAG.redeemReserveCollateral], 0, 10n), 3_000_000n);
    expect(ten.blocker?.code).toBe("simulation_mismatch");
    expect(ten.blocker?.message).toContain("20.000000 cUSDC (Save) leave your wallet; at the simulation's rate 2.000000 cUSDC (Save) pay the 3.000000 USDC the plan withdraws");
  });
  it("the collateral minted, or the USDC redeemed, into someone else's account is refused, naming them", async () => {
    // DepositReserveLiquidity and RedeemReserveCollateral (solend token-lending instruction.rs): account 0 the source, 1 the destination.
    const depositIx = { discriminator: [SAVE_TAG.depositReserveLiquidity], accounts: [{ name: "source_liquidity" }, { name: "destination_collateral" }] };
    const redeemIx = { discriminator: [SAVE_TAG.redeemReserveCollateral], accounts: [{ name: "source_collateral" }, { name: "destination_liquidity" }] };
    const [otherCollateral, otherUsdc] = [await chain.setTokenBalance(SPONSOR, f.collateralMint, 0n), await chain.setTokenBalance(SPONSOR, ids.usdcMint, 0n)];
    await refusedRedirected(save, "deposit", 3_000_000n, { program: ids.program, ix: depositIx, name: "destination_collateral", to: otherCollateral }, `2.000000 cUSDC (Save) goes to ${SPONSOR}, which the plan does not name`);
    await refusedRedirected(save, "withdraw", 3_000_000n, { program: ids.program, ix: redeemIx, name: "destination_liquidity", to: otherUsdc }, "you receive 3.000000 USDC by the plan, the simulation gives you 0.000000 USDC");
  });

  it("a confirmed deposit's receipt: the collateral (the reserve's collateral mint, read from it) arriving in the owner's wallet; the USDC leaving alone is none", async () => {
    const receipt = saveVenue.receipt;
    const out = (extra: [string, bigint][] = []) => ({ assets: new Map([[OWNER, new Map<string, bigint>([[USDC, -3_000_000n], ...extra])]]), events: [], logs: [] });
    expect(await receipt?.deposit(out(), OWNER, 3_000_000n)).toMatchObject({ state: "missing", reason: `no Save share token (${f.collateralMint}) arrived in the owner's wallet` });
    expect(await receipt?.deposit(out([[f.collateralMint, 2_000_000n]]), OWNER, 3_000_000n)).toEqual({ state: "shown" });
    // A withdraw's receipt: the collateral leaving the owner (redeemed).
    const back = (extra: [string, bigint][] = []) => ({ assets: new Map([[OWNER, new Map<string, bigint>([[USDC, 3_000_000n], ...extra])]]), events: [], logs: [] });
    expect((await receipt?.withdraw(back(), OWNER))?.state).toBe("missing");
    expect(await receipt?.withdraw(back([[f.collateralMint, -2_000_000n]]), OWNER)).toEqual({ state: "shown" });
  });
});

describe("svm-chain balance changes checked against the plan: Jupiter Lend (the lending IDL @jup-ag/lend ships; 1.25 USDC per jlUSDC)", () => {
  let chain: SolanaLocalChain;
  const ids = jupiterLend.onchain as Record<"lendingProgram" | "liquidityProgram" | "rewardsRateModelProgram" | "jlUsdcMint" | "usdcLending" | "usdcMint", string>;
  const liquidityVault = async () => (await findAssociatedTokenPda({ owner: address(await pda(ids.liquidityProgram, "liquidity")), mint: address(ids.usdcMint), tokenProgram: TOKEN_PROGRAM_ADDRESS }))[0];
  beforeEach(async () => {
    const idl = LENDING_IDL;
    const mint = ids.usdcMint;
    const reserve = await pda(ids.liquidityProgram, "reserve", mint);
    const position = await pda(ids.liquidityProgram, "user_supply_position", mint, ids.usdcLending);
    const rewards = await pda(ids.rewardsRateModelProgram, "lending_rewards_rate_model", mint);
    const admin = await pda(ids.lendingProgram, "lending_admin");
    rpc.solanaAccounts.set(ids.usdcLending, {
      owner: ids.lendingProgram,
      data: jupiterLendingAccount({ mint, fTokenMint: ids.jlUsdcMint, tokenExchangePrice: 1_250_000_000_000n, rewardsRateModel: rewards, tokenReservesLiquidity: reserve, supplyPositionOnLiquidity: position }),
    });
    rpc.solanaAccounts.set(admin, { owner: ids.lendingProgram, data: encodeAnchorAccount(idl, "LendingAdmin", { authority: SPONSOR, liquidity_program: ids.liquidityProgram, rebalancer: SPONSOR, bump: 255 }) });
    rpc.solanaAccounts.set(rewards, { owner: ids.rewardsRateModelProgram, data: encodeAnchorAccount(idl, "LendingRewardsRateModel", { mint }) });
    rpc.solanaAccounts.set(reserve, { owner: ids.liquidityProgram, data: encodeAnchorAccount(idl, "TokenReserve", { mint, vault: await liquidityVault() }) });
    rpc.solanaAccounts.set(position, { owner: ids.liquidityProgram, data: encodeAnchorAccount(idl, "UserSupplyPosition", { protocol: ids.usdcLending, mint }) });
    chain = freshChain();
    chain.addMint(mint, SPONSOR);
    chain.addMint(ids.jlUsdcMint, ids.usdcLending);
    await chain.setTokenBalance(OWNER, mint, 100_000_000n);
    await chain.setTokenBalance(OWNER, ids.jlUsdcMint, 80_000_000n);
    rpc.set(OWNER, ids.jlUsdcMint, 80_000_000n);
    chain.setTokenAccount(await liquidityVault(), await pda(ids.liquidityProgram, "liquidity"), mint, 1_000_000_000n);
  });
  const deposit = JUP_LENDING_IDL.instructions.deposit;
  const withdraw = JUP_LENDING_IDL.instructions.withdraw;

  it("deposit 5 USDC: exactly 5 USDC leaves the owner, 4 jlUSDC arrive; the checker passes; × 10 is refused naming 5 and 50 USDC", async () => {
    const txs = await build("jupiter-lend", "deposit", 5_000_000n);
    const { sim, blocker } = await check(jupiterLend, "deposit", txs, 5_000_000n);
    expect([ownerChange(sim.transactions, USDC), ownerChange(sim.transactions, ids.jlUsdcMint)]).toEqual([-5_000_000n, 4_000_000n]);
    expect(blocker?.message ?? null).toBeNull();
    expect(deposit.args).toEqual([{ name: "assets", type: "u64" }]);
    const ten = await check(jupiterLend, "deposit", scaled(txs, ids.lendingProgram, deposit.discriminator, 0, 10n), 5_000_000n);
    expect(ten.blocker?.code).toBe("simulation_mismatch");
    expect(ten.blocker?.message).toContain("you send 5.000000 USDC by the plan, the simulation sends 50.000000 USDC");
  });

  it("a deposit whose USDC goes to another wallet (rewritten into a transfer; a third deposited, the rest sent) is refused, naming it", async () => {
    await refusesDiverted(jupiterLend, ids.lendingProgram, chain);
  });

  it("without the chain's simulation the deposit's and the withdraw's changes are unavailable with the reason, and the checker does not block", async () => {
    await unavailableWithoutSimulation(jupiterLend);
  });

  it("withdraw 5 USDC: 4 jlUSDC burned, exactly 5 USDC arrives; the checker passes; × 10 is refused naming the jlUSDC", async () => {
    const txs = await build("jupiter-lend", "withdraw", 5_000_000n);
    const { sim, blocker } = await check(jupiterLend, "withdraw", txs, 5_000_000n);
    expect([ownerChange(sim.transactions, USDC), ownerChange(sim.transactions, ids.jlUsdcMint)]).toEqual([5_000_000n, -4_000_000n]);
    expect(blocker?.message ?? null).toBeNull();
    expect(withdraw.args).toEqual([{ name: "amount", type: "u64" }]);
    const ten = await check(jupiterLend, "withdraw", scaled(txs, ids.lendingProgram, withdraw.discriminator, 0, 10n), 5_000_000n);
    expect(ten.blocker?.code).toBe("simulation_mismatch");
    expect(ten.blocker?.message).toContain("40.000000 jlUSDC leave your wallet; at the simulation's rate 4.000000 jlUSDC pay the 5.000000 USDC the plan withdraws");
  });

  it("the jlUSDC minted, or the USDC withdrawn, into someone else's account is refused, naming them", async () => {
    const [otherJl, otherUsdc] = [await chain.setTokenBalance(SPONSOR, ids.jlUsdcMint, 0n), await chain.setTokenBalance(SPONSOR, ids.usdcMint, 0n)];
    await refusedRedirected(jupiterLend, "deposit", 5_000_000n, { program: ids.lendingProgram, ix: deposit, name: "recipient_token_account", to: otherJl }, `4.000000 jlUSDC goes to ${SPONSOR}, which the plan does not name`);
    await refusedRedirected(jupiterLend, "withdraw", 5_000_000n, { program: ids.lendingProgram, ix: withdraw, name: "recipient_token_account", to: otherUsdc }, "you receive 5.000000 USDC by the plan, the simulation gives you 0.000000 USDC");
  });

  it("a confirmed deposit's receipt: jlUSDC arriving in the owner's wallet; the USDC leaving alone is none", async () => {
    const receipt = jupiterLendVenue.receipt;
    const out = (extra: [string, bigint][] = []) => ({ assets: new Map([[OWNER, new Map<string, bigint>([[USDC, -5_000_000n], ...extra])]]), events: [], logs: [] });
    expect((await receipt?.deposit(out(), OWNER, 5_000_000n))?.state).toBe("missing");
    expect(await receipt?.deposit(out([[ids.jlUsdcMint, 4_000_000n]]), OWNER, 5_000_000n)).toEqual({ state: "shown" });
    const back = (extra: [string, bigint][] = []) => ({ assets: new Map([[OWNER, new Map<string, bigint>([[USDC, 5_000_000n], ...extra])]]), events: [], logs: [] });
    expect((await receipt?.withdraw(back(), OWNER))?.state).toBe("missing");
    expect(await receipt?.withdraw(back([[ids.jlUsdcMint, -4_000_000n]]), OWNER)).toEqual({ state: "shown" });
  });
});

// Last in this file: once the service learns the RPC has no simulateBundle it keeps to simulateTransaction for that URL.
describe("svm-chain without simulateBundle: the accounts' states before are the ones at the simulation's slot (Kamino deposit)", () => {
  let chain: SolanaLocalChain;
  const START = 300_000_000;
  beforeEach(async () => {
    chain = await kaminoSimulationChain(rpc, SPONSOR);
    chain.lamports.set(OWNER, 1_000_000_000n);
    rpc.set(OWNER, USDC, 100_000_000n);
    await chain.setTokenBalance(OWNER, USDC, 100_000_000n);
    rpc.solanaJito = false;
    rpc.solanaSlot = START;
  });
  afterEach(() => {
    rpc.solanaJito = true;
    rpc.solanaSlot = START;
    rpc.onSolanaAnswer = null;
  });
  const changesOf = (txs: PlanTransaction[]) => txs[0]?.simulation?.changes;
  /** 27 USDC arrive from another transaction, landing as the chain moves on to the simulation's slot. */
  const landsBeforeSimulation = (slotPerRequest: boolean) => {
    let reads = 0;
    let landed = false;
    rpc.onSolanaAnswer = async (method) => {
      if (slotPerRequest && landed) rpc.solanaSlot += 1;
      if (method === "getMultipleAccounts") reads += 1;
      if (method !== "simulateTransaction" || landed) return;
      // The simulation waits for the first read, so the read is the older one (the order a busy RPC may answer in).
      while (reads === 0) await new Promise((r) => setTimeout(r, 1));
      landed = true;
      rpc.solanaSlot += 1;
      await chain.setTokenBalance(OWNER, USDC, 127_000_000n);
    };
  };

  it("the read and the simulation at one slot: one read, the exact changes, the source naming that slot", async () => {
    const { sim, blocker } = await check(kamino, "deposit", await build("kamino", "deposit", 3_000_000n), 3_000_000n);
    expect(blocker?.message ?? null).toBeNull();
    expect(ownerChange(sim.transactions, USDC)).toBe(-3_000_000n);
    expect(changesOf(sim.transactions)?.source).toMatch(new RegExp(`both at slot ${START}$`));
  });

  it("a chain moving on a slot per request, nothing else landing: read again after the simulation, the same states around it give the exact changes, and the source says so", async () => {
    rpc.onSolanaAnswer = () => {
      rpc.solanaSlot += 1;
    };
    const { sim, blocker } = await check(kamino, "deposit", await build("kamino", "deposit", 3_000_000n), 3_000_000n);
    expect(blocker?.message ?? null).toBeNull();
    expect(ownerChange(sim.transactions, USDC)).toBe(-3_000_000n);
    expect(changesOf(sim.transactions)?.source).toMatch(/simulated at slot \d+; the accounts were the same at slots \d+ and \d+, before and after it$/);
  });

  it("27 USDC landing between the read and the simulation cannot hide a deposit altered to 30 USDC: the accounts are read again at the simulation's slot, and it is refused", async () => {
    landsBeforeSimulation(false);
    const ten = scaled(await build("kamino", "deposit", 3_000_000n), KLEND, KLEND_IDL.instructions.depositReserveLiquidity.discriminator, 0, 10n);
    const { sim, blocker } = await check(kamino, "deposit", ten, 3_000_000n);
    // Against the read before the 27 USDC landed, the simulation's 97 USDC would look like the plan's 3 USDC out.
    expect(ownerChange(sim.transactions, USDC)).toBe(-30_000_000n);
    expect(changesOf(sim.transactions)?.source).toMatch(new RegExp(`both at slot ${START + 1}$`));
    expect(blocker?.code).toBe("simulation_mismatch");
    expect(blocker?.message).toContain("you send 3.000000 USDC by the plan, the simulation sends 30.000000 USDC");
  });

  it("the accounts changing around the simulation with no read at its slot: the changes are unavailable, saying so, never the transfer counted as the plan's", async () => {
    landsBeforeSimulation(true);
    const sim = await simulateTransactions(await build("kamino", "deposit", 3_000_000n), OWNER);
    expect(sim.blocker).toBeNull();
    const changes = changesOf(sim.transactions);
    expect(changes?.status).toBe("unavailable");
    expect(changes?.reason).toMatch(new RegExp(`^The watched accounts changed between slots ${START} and \\d+, around the simulation at slot ${START + 1} \\(another transaction moved them\\)`));
  });
});
