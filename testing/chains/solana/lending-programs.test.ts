// marginfi, Jupiter Lend and Save on the local Solana chain: our deposit and withdraw plans (built by our builders, as
// the service builds them) pass its checked simulation, and the chain refuses, with an error naming the problem, the
// same plan with one account swapped, the owner's signer flag dropped, and the bank / reserve owned by another program.
// The chain checks marginfi and Jupiter Lend against the Anchor IDLs their SDKs ship (one checker: ./anchor-idl.ts) and
// Save against its SDK's own instruction layout (./save.ts); the program accounts here are encoded with the same IDLs
// and the SDK's layouts, not with our readers' offsets.
import { address, getAddressEncoder, getProgramDerivedAddress, getUtf8Encoder } from "@solana/kit";
import { findAssociatedTokenPda, TOKEN_PROGRAM_ADDRESS } from "@solana-program/token";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SolanaPayload } from "../../../server/chains/solana";
import { simulateSolana } from "../../../server/chains/solana/simulate";
import { resetConfigForTests } from "../../../server/config";
import { builderFor } from "../../../server/venues/adapters";
import type { PlanTransaction } from "../../../server/venues/shared/build";
import { jupiterLend } from "../../../server/venues/jupiter-lend/descriptor";
import { kamino } from "../../../server/venues/kamino/descriptor";
import { marginfi } from "../../../server/venues/marginfi/descriptor";
import { save } from "../../../server/venues/save/descriptor";
import { type FakeRpc, startFakeRpc } from "../../../tests/support/fake-rpc";
import { type AnchorIdl, encodeAnchorAccount } from "./anchor-idl";
import { SolanaLocalChain } from "./local-chain";
import { fixtureAddress } from "./venues/encode";
import { JUP_LENDING, JUP_LIQUIDITY, JUP_REWARDS, jupiterLendingAccount, jupiterLendingProgram, LENDING_IDL } from "./venues/jupiter-lend";
import { liquidityVaultOf, MARGINFI, marginfiAccount, marginfiProgram, mfiRequire, setMarginfiBank } from "./venues/marginfi";
import { marginfiWorth } from "../../../server/venues/marginfi/worth";
import { SAVE, SAVE_LAYOUTS, saveFixture, setSaveMarket, setSaveUsdc } from "./venues/save";
import { unsigned, variant } from "./variants";

const OWNER = "9B4MhXCsqr2SyQNRw4KoakcwriqN637GhpjxCnaafSmd";
/** Another wallet that pays the fee in the dropped-signer variants. */
const SPONSOR = "7jaiZR5Sk8hdYN9MxTpczTcwbWpb5WEoxSANuUwveuat";
const KLEND = kamino.onchain.program ?? "";
const USDC = 1_000_000n;
const CHECKED = { encoding: "base64" as const, sigVerify: false, replaceRecentBlockhash: true };

async function build(venue: string, action: "deposit" | "withdraw", amountMicros: bigint): Promise<PlanTransaction> {
  const b = builderFor(venue, action);
  if (!("build" in b)) throw new Error(b.reason);
  const [tx] = await b.build({ owner: OWNER, amountMicros });
  if (!tx) throw new Error("no transaction");
  return tx;
}
const payloadOf = (tx: PlanTransaction) => tx.payload as SolanaPayload;

async function pda(program: string, ...seeds: (string | Uint8Array)[]): Promise<string> {
  const [a] = await getProgramDerivedAddress({
    programAddress: address(program),
    seeds: seeds.map((s) => (typeof s === "string" ? (s.length >= 32 ? getAddressEncoder().encode(address(s)) : getUtf8Encoder().encode(s)) : s)),
  });
  return a;
}

let rpc: FakeRpc;
let chain: SolanaLocalChain;
const sim = (p: SolanaPayload) => chain.simulate(p.transaction, CHECKED);
/** A fresh chain: the owner and a sponsor with SOL, over the RPC's program accounts. */
function freshChain(): SolanaLocalChain {
  const c = new SolanaLocalChain(() => rpc.solanaAccounts);
  c.blockhashes.add(rpc.blockhash);
  c.lamports.set(OWNER, 1_000_000_000n);
  c.lamports.set(SPONSOR, 1_000_000_000n);
  rpc.solanaChain = c;
  return c;
}

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

describe("marginfi on the local chain (the SDK's IDL)", () => {
  const ids = marginfi.onchain as Record<"program" | "group" | "usdcBank" | "usdcMint", string>;
  const ONE = 1n << 48n; // I80F48 1.0
  const ORACLE = fixtureAddress("mfi-usdc-pyth-push");
  const mfiIdl = () => ({ ...(mfiRequire("@mrgnlabs/marginfi-client-v2") as { MARGINFI_IDL: AnchorIdl }).MARGINFI_IDL, address: MARGINFI });
  let ownerAccount: string;
  const coderOf = () => new (mfiRequire("@coral-xyz/anchor") as { BorshAccountsCoder: new (idl: unknown) => { decode(name: string, b: Buffer): Record<string, unknown> } }).BorshAccountsCoder(mfiIdl());

  const setup = async (withAccount: boolean) => {
    setMarginfiBank(rpc, ids.usdcBank, { assetShareValue: (5n * ONE) / 4n, oracle: ORACLE }); // 1.25 USDC per share
    rpc.solanaAccounts.set(ids.group, { owner: ids.program, data: encodeAnchorAccount(mfiIdl(), "MarginfiGroup", { admin: SPONSOR }) });
    ownerAccount = await pda(ids.program, "marginfi_account", ids.group, OWNER, Uint8Array.of(0, 0), Uint8Array.of(0, 0));
    if (withAccount) rpc.solanaAccounts.set(ownerAccount, { owner: ids.program, data: marginfiAccount(OWNER, [{ bank: ids.usdcBank, assetShares: 4n * USDC * ONE }]) });
    else rpc.solanaAccounts.delete(ownerAccount);
    chain = freshChain();
    chain.addMint(ids.usdcMint, SPONSOR);
    await chain.setTokenBalance(OWNER, ids.usdcMint, 10n * USDC);
    chain.setTokenAccount(liquidityVaultOf(ids.usdcBank), await pda(ids.program, "liquidity_vault_auth", ids.usdcBank), ids.usdcMint, 1_000n * USDC);
  };

  it("the chain checks marginfi at the SDK's production program id, from its IDL", () => {
    expect(marginfiProgram.programId).toBe(ids.program);
  });

  it("a deposit plan that creates the owner's marginfi account simulates ok: the account's PDA seeds, the deposit's checks, the USDC moved", async () => {
    await setup(false);
    const tx = await build("marginfi", "deposit", 2n * USDC);
    expect(payloadOf(tx).instructions.map((i) => i.programAddress)).toEqual([ids.program, ids.program]);
    const [r] = await simulateSolana([tx]);
    expect(r?.simulation).toMatchObject({ status: "ok", error: null });
    expect(r?.simulation.logs).toEqual(expect.arrayContaining(["Program log: Instruction: MarginfiAccountInitializePda", "Program log: Instruction: LendingAccountDeposit"]));
    const again = await sim(r?.payload as SolanaPayload);
    expect(again.err).toBeNull();
    expect(again.logs.filter((l) => l === `Program ${TOKEN_PROGRAM_ADDRESS} success`)).toHaveLength(1); // owner → liquidity vault
    // More USDC than the owner holds: SPL Token's own refusal, from the transfer marginfi makes.
    const [poor] = await simulateSolana([await build("marginfi", "deposit", 11n * USDC)]);
    expect(poor?.simulation.error).toMatch(/failed in SPL Token: INSUFFICIENT_FUNDS/);
  });

  it("a withdraw plan from the owner's account simulates ok (the vault authority PDA from the IDL's seeds signs the payout)", async () => {
    await setup(true);
    const [r] = await simulateSolana([await build("marginfi", "withdraw", 3n * USDC)]);
    expect(r?.simulation).toMatchObject({ status: "ok", error: null });
    expect(r?.simulation.logs).toEqual(expect.arrayContaining(["Program log: Instruction: LendingAccountWithdraw"]));
  });

  it("deposits and withdraws landed on the chain move the shares as the program does: the worth reader and the next withdraw read them", async () => {
    await setup(true); // 4 USDC of shares at 1.25 USDC per share: worth 5 USDC
    const worth = () => marginfiWorth.readWorth(OWNER, AbortSignal.timeout(5_000));
    const bankShares = () => coderOf().decode("Bank", Buffer.from(rpc.solanaAccounts.get(ids.usdcBank)?.data ?? [])).total_asset_shares as { value: number[] };
    const bits = (w: { value: number[] }) => Buffer.from(w.value).readBigUInt64LE(0) | (Buffer.from(w.value).readBigUInt64LE(8) << 64n);
    expect(await worth()).toBe(5n * USDC);
    const land = async (action: "deposit" | "withdraw", amount: bigint) => (await chain.execute(payloadOf(await build("marginfi", action, amount)).transaction)).err;
    expect(await land("deposit", 2n * USDC)).toBeNull();
    // 2 USDC ÷ 1.25 = 1.6 shares per micro-unit added to the account's balance and to the bank's total_asset_shares.
    expect(await worth()).toBe(7n * USDC);
    expect(bits(bankShares())).toBe(((2n * USDC) << 48n << 48n) / ((5n << 48n) / 4n));
    expect(await land("withdraw", 3n * USDC)).toBeNull();
    expect(await worth()).toBe(4n * USDC);
    // The builder reads the landed shares: 5 USDC is more than the 4 the balance is worth.
    await expect(build("marginfi", "withdraw", 5n * USDC)).rejects.toThrow(/holds 4000000 micro-USDC/);
    // A 4 USDC withdraw built now, signed after 1 USDC left: the program refuses it (OperationWithdrawOnly, 6020).
    const stale = payloadOf(await build("marginfi", "withdraw", 4n * USDC)).transaction;
    expect(await land("withdraw", USDC)).toBeNull();
    expect((await chain.simulate(stale, CHECKED)).err).toEqual({ InstructionError: [expect.any(Number), { Custom: 6020 }] });
    expect(await worth()).toBe(3n * USDC);
  });

  it("refuses one account swapped, the owner's signature dropped, a bank owned by another program, a marginfi account off its PDA seeds", async () => {
    await setup(true);
    const p = payloadOf(await build("marginfi", "deposit", USDC));
    const at = p.instructions.length - 1;
    const error = (code: number) => ({ InstructionError: [at, { Custom: code }] });
    const logOf = async (q: SolanaPayload) => (await sim(q)).logs.join("\n");
    // The bank's liquidity vault swapped for the owner's own USDC account: the has_one the IDL's relations give.
    const swapped = variant(p, (ixs) => {
      const a = ixs[at]?.accounts ?? [];
      [a[4], a[5]] = [a[5] as (typeof a)[number], a[4] as (typeof a)[number]];
    });
    expect((await sim(swapped)).err).toEqual(error(6094));
    expect(await logOf(swapped)).toMatch(/AnchorError caused by account: bank\. Error Code: InvalidLiquidityVault\. Error Number: 6094/);
    // The owner's signer flag dropped while the sponsor pays: the IDL's `authority` signer.
    const noSigner = unsigned(p, OWNER, SPONSOR);
    expect((await sim(noSigner)).err).toEqual(error(3010));
    expect(await logOf(noSigner)).toMatch(/caused by account: authority\. Error Code: AccountNotSigner/);
    // The bank owned by klend (the plan was built while it was marginfi's).
    const bank = rpc.solanaAccounts.get(ids.usdcBank);
    if (bank) rpc.solanaAccounts.set(ids.usdcBank, { ...bank, owner: KLEND });
    expect((await sim(p)).err).toEqual(error(3007));
    expect(await logOf(p)).toMatch(/caused by account: bank\. Error Code: AccountOwnedByWrongProgram/);
    const [failed] = await simulateSolana([{ chain: "svm-chain", kind: "deposit", description: "", encoding: "solana-v0-message-base64", payload: p }]);
    expect(failed?.simulation).toMatchObject({ status: "failed", gasEstimate: null });
    expect(failed?.simulation.error).toMatch(/Instruction 0 \(marginfi\) failed: custom program error 3007 \(AnchorError caused by account: bank\. Error Code: AccountOwnedByWrongProgram/);
    if (bank) rpc.solanaAccounts.set(ids.usdcBank, bank);
    expect((await sim(p)).err).toBeNull(); // each refusal above is the change, not the chain
    // A marginfi account created off the IDL's seeds (account_index 1 while the argument says 0): ConstraintSeeds.
    rpc.solanaAccounts.delete(ownerAccount);
    const create = payloadOf(await build("marginfi", "deposit", USDC));
    const other = await pda(ids.program, "marginfi_account", ids.group, OWNER, Uint8Array.of(1, 0), Uint8Array.of(0, 0));
    const offSeeds = variant(create, (ixs) => {
      for (const ix of ixs) for (const a of ix.accounts) if (a.address === ownerAccount) a.address = other;
    });
    expect((await sim(offSeeds)).err).toEqual({ InstructionError: [0, { Custom: 2006 }] });
    expect(await logOf(offSeeds)).toMatch(/caused by account: marginfi_account\. Error Code: ConstraintSeeds/);
  });
});

describe("Jupiter Lend on the local chain (the lending IDL @jup-ag/lend ships)", () => {
  const ids = jupiterLend.onchain as Record<"lendingProgram" | "liquidityProgram" | "rewardsRateModelProgram" | "jlUsdcMint" | "usdcLending" | "usdcMint", string>;
  const PRICE = 1_250_000_000_000n; // 1.25 USDC per jlUSDC (1e12 scale)
  let reserve: string;

  const setup = async () => {
    const idl = LENDING_IDL;
    const mint = ids.usdcMint;
    reserve = await pda(ids.liquidityProgram, "reserve", mint);
    const position = await pda(ids.liquidityProgram, "user_supply_position", mint, ids.usdcLending);
    const rewards = await pda(ids.rewardsRateModelProgram, "lending_rewards_rate_model", mint);
    const admin = await pda(ids.lendingProgram, "lending_admin");
    rpc.solanaAccounts.set(ids.usdcLending, {
      owner: ids.lendingProgram,
      data: jupiterLendingAccount({ mint, fTokenMint: ids.jlUsdcMint, tokenExchangePrice: PRICE, rewardsRateModel: rewards, tokenReservesLiquidity: reserve, supplyPositionOnLiquidity: position }),
    });
    rpc.solanaAccounts.set(admin, { owner: ids.lendingProgram, data: encodeAnchorAccount(idl, "LendingAdmin", { authority: SPONSOR, liquidity_program: ids.liquidityProgram, rebalancer: SPONSOR, bump: 255 }) });
    rpc.solanaAccounts.set(rewards, { owner: ids.rewardsRateModelProgram, data: encodeAnchorAccount(idl, "LendingRewardsRateModel", { mint }) });
    rpc.solanaAccounts.set(reserve, { owner: ids.liquidityProgram, data: encodeAnchorAccount(idl, "TokenReserve", { mint, vault: await liquidityVault() }) });
    rpc.solanaAccounts.set(position, { owner: ids.liquidityProgram, data: encodeAnchorAccount(idl, "UserSupplyPosition", { protocol: ids.usdcLending, mint }) });
    chain = freshChain();
    chain.addMint(mint, SPONSOR);
    chain.addMint(ids.jlUsdcMint, ids.usdcLending);
    await chain.setTokenBalance(OWNER, mint, 10n * USDC);
    await chain.setTokenBalance(OWNER, ids.jlUsdcMint, 4n * USDC);
    rpc.set(OWNER, ids.jlUsdcMint, 4n * USDC);
    chain.setTokenAccount(await liquidityVault(), await pda(ids.liquidityProgram, "liquidity"), mint, 1_000n * USDC);
  };
  const liquidityVault = async () => (await findAssociatedTokenPda({ owner: address(await pda(ids.liquidityProgram, "liquidity")), mint: address(ids.usdcMint), tokenProgram: TOKEN_PROGRAM_ADDRESS }))[0];

  it("the chain checks the lending program at the IDL's address; liquidity and rewards programs are the registry's", () => {
    expect(JUP_LENDING).toBe(ids.lendingProgram);
    expect(jupiterLendingProgram.programId).toBe(ids.lendingProgram);
    expect(JUP_LIQUIDITY).toBe(ids.liquidityProgram);
    expect(JUP_REWARDS).toBe(ids.rewardsRateModelProgram);
  });

  it("deposit and withdraw plans simulate ok: IDL relations, the lending's seeds, typed accounts of three programs, the tokens moved", async () => {
    await setup();
    const [d] = await simulateSolana([await build("jupiter-lend", "deposit", 5n * USDC)]);
    expect(d?.simulation).toMatchObject({ status: "ok", error: null });
    expect(d?.simulation.logs).toEqual(expect.arrayContaining(["Program log: Instruction: Deposit", "Program log: deposit 5000000 → 4000000 fTokens"]));
    const [w] = await simulateSolana([await build("jupiter-lend", "withdraw", 5n * USDC)]);
    expect(w?.simulation).toMatchObject({ status: "ok", error: null });
    expect(w?.simulation.logs).toEqual(expect.arrayContaining(["Program log: Instruction: Withdraw", "Program log: withdraw 5000000 ← 4000000 fTokens"]));
  });

  it("refuses one account swapped, the owner's signature dropped, a token reserve owned by another program", async () => {
    await setup();
    const p = payloadOf(await build("jupiter-lend", "deposit", USDC));
    const at = p.instructions.length - 1;
    const error = (code: number) => ({ InstructionError: [at, { Custom: code }] });
    const logOf = async (q: SolanaPayload) => (await sim(q)).logs.join("\n");
    // The `mint` account swapped for jlUSDC: lending.mint (the IDL's relations) no longer holds.
    const swapped = variant(p, (ixs) => {
      const a = ixs[at]?.accounts[3];
      if (a) a.address = ids.jlUsdcMint;
    });
    expect((await sim(swapped)).err).toEqual(error(2001));
    expect(await logOf(swapped)).toMatch(/caused by account: lending\. Error Code: ConstraintHasOne/);
    // The lending account swapped for another Lending at an address off the IDL's seeds ["lending", mint, f_token_mint].
    const stray = fixtureAddress("stray-lending");
    const lendingData = rpc.solanaAccounts.get(ids.usdcLending);
    if (lendingData) rpc.solanaAccounts.set(stray, lendingData);
    const offSeeds = variant(p, (ixs) => {
      for (const a of ixs[at]?.accounts ?? []) if (a.address === ids.usdcLending) a.address = stray;
    });
    expect((await sim(offSeeds)).err).toEqual(error(2006));
    expect(await logOf(offSeeds)).toMatch(/caused by account: lending\. Error Code: ConstraintSeeds/);
    const noSigner = unsigned(p, OWNER, SPONSOR);
    expect((await sim(noSigner)).err).toEqual(error(3010));
    expect(await logOf(noSigner)).toMatch(/caused by account: signer\. Error Code: AccountNotSigner/);
    const saved = rpc.solanaAccounts.get(reserve);
    if (saved) rpc.solanaAccounts.set(reserve, { ...saved, owner: ids.lendingProgram });
    expect((await sim(p)).err).toEqual(error(3007));
    expect(await logOf(p)).toMatch(/caused by account: supply_token_reserves_liquidity\. Error Code: AccountOwnedByWrongProgram/);
    if (saved) rpc.solanaAccounts.set(reserve, saved);
    expect((await sim(p)).err).toBeNull();
  });
});

describe("Save on the local chain (the SDK's own instruction layout)", () => {
  const ids = save.onchain as Record<"program" | "mainMarket" | "usdcReserve" | "usdcMint", string>;
  const f = saveFixture();

  const setup = async () => {
    setSaveUsdc(rpc, f);
    const authority = setSaveMarket(rpc, SPONSOR, TOKEN_PROGRAM_ADDRESS);
    chain = freshChain();
    chain.addMint(ids.usdcMint, SPONSOR);
    chain.addMint(f.collateralMint, authority);
    await chain.setTokenBalance(OWNER, ids.usdcMint, 10n * USDC);
    await chain.setTokenBalance(OWNER, f.collateralMint, 5n * USDC);
    rpc.set(OWNER, f.collateralMint, 5n * USDC);
    chain.setTokenAccount(f.liquiditySupply, authority, ids.usdcMint, 3_000n * USDC);
  };

  it("the layouts are the SDK's: tags 3, 4, 5, account flags from its instruction functions; the program id is its production id", () => {
    expect(SAVE).toBe(ids.program);
    const byName = Object.fromEntries(SAVE_LAYOUTS.map((l) => [l.name, l]));
    expect(byName.depositReserveLiquidity?.tag).toBe(4);
    expect(byName.depositReserveLiquidity?.accounts.map((a) => `${a.name}${a.signer ? "!" : ""}${a.writable ? "*" : ""}`)).toEqual([
      "sourceLiquidity*",
      "destinationCollateral*",
      "reserve*",
      "reserveLiquiditySupply*",
      "reserveCollateralMint*",
      "lendingMarket",
      "lendingMarketAuthority",
      "transferAuthority!",
      TOKEN_PROGRAM_ADDRESS,
    ]);
    expect(byName.redeemReserveCollateral?.tag).toBe(5);
    expect(byName.refreshReserve).toMatchObject({ tag: 3, required: 3 });
  });

  it("deposit and withdraw (refresh, then redeem) plans simulate ok", async () => {
    await setup();
    const [d] = await simulateSolana([await build("save", "deposit", 3n * USDC)]);
    expect(d?.simulation).toMatchObject({ status: "ok", error: null });
    expect(d?.simulation.logs).toEqual(expect.arrayContaining(["Program log: minted 2000000 collateral for 3000000 liquidity"]));
    const [w] = await simulateSolana([await build("save", "withdraw", 3n * USDC)]);
    expect(w?.simulation).toMatchObject({ status: "ok", error: null });
    expect(w?.simulation.logs).toEqual(expect.arrayContaining(["Program log: Instruction: Refresh Reserve", "Program log: redeemed 2000000 collateral for 3000000 liquidity"]));
  });

  it("refuses one account swapped, the owner's signature dropped, a reserve owned by another program, a redeem without its refresh", async () => {
    await setup();
    const p = payloadOf(await build("save", "deposit", USDC));
    const at = p.instructions.length - 1;
    const logOf = async (q: SolanaPayload) => (await sim(q)).logs.join("\n");
    // The reserve's liquidity supply and collateral mint swapped.
    const swapped = variant(p, (ixs) => {
      const a = ixs[at]?.accounts ?? [];
      [a[3], a[4]] = [a[4] as (typeof a)[number], a[3] as (typeof a)[number]];
    });
    expect((await sim(swapped)).err).toEqual({ InstructionError: [at, { Custom: 13 }] });
    expect(await logOf(swapped)).toMatch(/Reserve liquidity supply does not match the reserve liquidity supply provided/);
    // The owner no longer signs: the SPL Token transfer Save makes with its authority escalates a signer privilege.
    const noSigner = unsigned(p, OWNER, SPONSOR);
    expect((await sim(noSigner)).err).toEqual({ InstructionError: [at, "PrivilegeEscalation"] });
    expect(await logOf(noSigner)).toContain(`${OWNER}'s signer privilege escalated`);
    const saved = rpc.solanaAccounts.get(ids.usdcReserve);
    if (saved) rpc.solanaAccounts.set(ids.usdcReserve, { ...saved, owner: KLEND });
    expect((await sim(p)).err).toEqual({ InstructionError: [at, { Custom: 5 }] });
    expect(await logOf(p)).toMatch(/Reserve provided is not owned by the lending program/);
    const [failed] = await simulateSolana([{ chain: "svm-chain", kind: "deposit", description: "", encoding: "solana-v0-message-base64", payload: p }]);
    expect(failed?.simulation).toMatchObject({ status: "failed" });
    expect(failed?.simulation.error).toMatch(/\(Save\) failed: custom program error 5 \(Input account owner is not the program address\)/);
    if (saved) rpc.solanaAccounts.set(ids.usdcReserve, saved);
    expect((await sim(p)).err).toBeNull();
    // A redeem whose refresh was left out: ReserveStale, as _redeem_reserve_collateral refuses a reserve not refreshed.
    const w = payloadOf(await build("save", "withdraw", USDC));
    const noRefresh = variant(w, (ixs) => {
      ixs.splice(1, 1);
    });
    expect((await sim(noRefresh)).err).toEqual({ InstructionError: [1, { Custom: 22 }] });
    expect(await logOf(noRefresh)).toMatch(/Reserve is stale and must be refreshed in the current slot/);
  });
});
