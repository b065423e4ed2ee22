// Decodes what each builder produced with the chains' own SDKs and compares it with the venue's interface.
import { Transaction } from "@mysten/sui/transactions";
import {
  address,
  getAddressEncoder,
  getBase64Encoder,
  getProgramDerivedAddress,
  getUtf8Encoder,
  getCompiledTransactionMessageDecoder,
  getTransactionDecoder,
  getU64Decoder,
} from "@solana/kit";
import { findAssociatedTokenPda, TOKEN_PROGRAM_ADDRESS } from "@solana-program/token";
import { decodeFunctionData, erc20Abi, type Hex } from "viem";
import { beforeAll, describe, expect, it } from "vitest";
import type { EvmCall } from "../../server/chains/evm";
import type { SolanaPayload } from "../../server/chains/solana";
import { AAVE_POOL_ABI } from "../../server/venues/aave-v3/abi";
import { COMET_ABI } from "../../server/venues/compound-v3/abi";
import { builderFor, getAdapter } from "../../server/venues/adapters";
import { JUP_DEPOSIT_DISCRIMINATOR, JUP_LENDING_PROGRAM } from "../../server/venues/jupiter-lend/build";
import { SUILEND_CTOKEN_TYPE, suilendCtokensFor } from "../../server/venues/suilend/build";
import { DISC, KLEND_PROGRAM, kaminoCollateralFor, kaminoMarketAuthority } from "../../server/venues/kamino/build";
import { SCALLOP_MARKET_COIN_TYPE, scallopSharesFor } from "../../server/venues/scallop/build";
import { getVenue, VENUES } from "../../server/venues";
import { type FakeRpc, startFakeRpc } from "../support/fake-rpc";
import { SCALLOP_CURRENT_PACKAGE, setScallopUsdc } from "../../testing/chains/sui/venues/scallop";
import { SUILEND_CURRENT_PACKAGE } from "../../testing/chains/sui/venues/suilend";
import { idleComet } from "../support/venue-fixtures";
import { cometBaseToken } from "../../testing/chains/evm/comet-deployments";
import { jupiterLendingAccount } from "../../testing/chains/solana/venues/jupiter-lend";
import { KAMINO_CUSDC_MINT, KAMINO_USDC_SUPPLY_VAULT, setKaminoUsdc } from "../../testing/chains/solana/venues/kamino";
import { ourBuild as build, ourPlan, useLocalChain } from "../../testing/oracle";

const SUI_OWNER = `0x${"ab".repeat(32)}`;
const SOL_OWNER = "7jaiZR5Sk8hdYN9MxTpczTcwbWpb5WEoxSANuUwveuat";
const EVM_OWNER = "0x1111111111111111111111111111111111111111";

/** Our Sui plan's transaction for SUI_OWNER as the wallet decodes it (Transaction.from), after checking its chain, kind, encoding and sender. */
async function ownerSuiTx(venueId: string, action: "deposit" | "withdraw", amountMicros: bigint) {
  const [tx] = await build(venueId, action, SUI_OWNER, amountMicros);
  expect(tx).toMatchObject({ chain: "move-chain", kind: action, encoding: "sui-transaction-json" });
  const data = Transaction.from(tx?.payload as string).getData();
  expect(data.sender).toBe(SUI_OWNER);
  return data;
}

describe("Sui: Scallop deposit PTB", () => {
  let rpc: FakeRpc;
  useLocalChain(["SVC_RPC_MOVE"], async () => (rpc = await startFakeRpc()));
  beforeAll(() => {
    rpc.set(SUI_OWNER, SCALLOP_MARKET_COIN_TYPE, 10_000_000n);
    // The market's USDC balance sheet: 1.5 USDC per market coin, the rate the withdraw builder reads.
    setScallopUsdc(rpc, { cash: 2_000_000_000n, debt: 1_000_000_000n, marketCoinSupply: 2_000_000_000n });
  });
  it("decodes with Transaction.from to coinWithBalance → mint::mint<USDC>(version, market, coin, clock) → transfer to owner", async () => {
    const data = await ownerSuiTx("scallop", "deposit", 2_500_000n);
    const kinds = data.commands.map((c) => c.$kind);
    expect(kinds).toEqual(["$Intent", "MoveCall", "TransferObjects"]);
    const intent = data.commands[0]?.$Intent;
    expect(intent?.name).toBe("CoinWithBalance");
    const ids = getVenue("scallop")?.onchain ?? {};
    expect(intent?.data).toMatchObject({ type: ids.usdcCoinType, balance: "2500000" });
    const call = data.commands[1]?.MoveCall;
    // The call goes to the package Scallop's UpgradeCap points at on the chain now, not the original package.
    expect(`${call?.package}::${call?.module}::${call?.function}`).toBe(`${SCALLOP_CURRENT_PACKAGE}::mint::mint`);
    expect(call?.typeArguments).toEqual([ids.usdcCoinType]);
    expect(call?.arguments.map((a) => a.$kind)).toEqual(["Input", "Input", "Result", "Input"]);
    const objectIds = data.inputs.map((i) => i.UnresolvedObject?.objectId ?? i.Object?.SharedObject?.objectId);
    expect(objectIds).toContain(ids.version);
    expect(objectIds).toContain(ids.market);
    expect(objectIds.some((o) => o !== undefined && /^0x0*6$/.test(o))).toBe(true);
  });
  it("withdraw: coinWithBalance of the fewest market coins covering the amount → redeem::redeem<USDC> → USDC to the owner", async () => {
    // The market's rate on the local chain: 1.5 USDC per market coin.
    const data = await ownerSuiTx("scallop", "withdraw", 5_000_000n);
    expect(data.commands.map((c) => c.$kind)).toEqual(["$Intent", "MoveCall", "TransferObjects"]);
    // 3,333,334 × 1.5 = 5,000,001 ≥ 5 USDC; 3,333,333 would pay 4,999,999.
    expect(data.commands[0]?.$Intent?.data).toMatchObject({ type: SCALLOP_MARKET_COIN_TYPE, balance: "3333334" });
    const ids = getVenue("scallop")?.onchain ?? {};
    expect(SCALLOP_MARKET_COIN_TYPE).toBe(`${ids.protocolPackage}::reserve::MarketCoin<${ids.usdcCoinType}>`);
    const call = data.commands[1]?.MoveCall;
    expect(`${call?.package}::${call?.module}::${call?.function}`).toBe(`${SCALLOP_CURRENT_PACKAGE}::redeem::redeem`);
    expect(call?.typeArguments).toEqual([ids.usdcCoinType]);
    expect(call?.arguments.map((a) => a.$kind)).toEqual(["Input", "Input", "Result", "Input"]);
  });
  it("more than the owner's market coins are worth: blocked insufficient_balance with the most that can be withdrawn", async () => {
    const b = builderFor("scallop", "withdraw");
    if (!("build" in b)) throw new Error(b.reason);
    rpc.set(SUI_OWNER, SCALLOP_MARKET_COIN_TYPE, 3_333_333n); // one short of the 3,333,334 that 5 USDC needs at 1.5
    const short = await b.build({ owner: SUI_OWNER, amountMicros: 5_000_000n }).catch((e: unknown) => e);
    expect(short).toMatchObject({ code: "insufficient_balance", message: expect.stringContaining("worth 4999999 micro-USDC") });
    rpc.failing.add("GetBalance");
    const unread = await b.build({ owner: SUI_OWNER, amountMicros: 1_000_000n }).catch((e: unknown) => e);
    expect(unread).toMatchObject({ code: "venue_state_unavailable", message: expect.stringContaining("sUSDC market coin balance") });
    rpc.failing.delete("GetBalance");
    rpc.set(SUI_OWNER, SCALLOP_MARKET_COIN_TYPE, 10_000_000n);
  });
  it("sizes shares so the floored payout covers the amount, and never one share more than needed", () => {
    const WAD = 10n ** 18n;
    for (const [amount, rate] of [
      [5_000_000n, 1_500_000_000_000_000_000n],
      [1n, 1_000_000_000_000_000_001n],
      [1_000_000n, WAD],
      [123_456_789n, 1_087_654_321_987_654_321n],
      [10n ** 15n, 3n * WAD - 1n],
    ] as const) {
      const shares = scallopSharesFor(amount, rate);
      expect((shares * rate) / WAD, `${amount} at ${rate}`).toBeGreaterThanOrEqual(amount);
      expect(((shares - 1n) * rate) / WAD, `${amount} at ${rate}`).toBeLessThan(amount);
    }
  });
});

describe("Sui: Suilend deposit and withdraw PTBs, from the LendingMarket read at build time", () => {
  let rpc: FakeRpc;
  const ids = getVenue("suilend")?.onchain ?? {};
  const WAD = 10n ** 18n;
  const u64Base64 = (v: bigint) => Buffer.from(new BigUint64Array([v]).buffer).toString("base64");
  useLocalChain(["SVC_RPC_MOVE"], async () => (rpc = await startFakeRpc()));
  beforeAll(() => {
    // USDC is the reserve in slot 2; its cToken is worth 1.25 USDC (1,000 available + 250 borrowed per 1,000 cTokens).
    rpc.suilendMarkets.set(ids.lendingMarket ?? "", [
      { coinType: "0x2::sui::SUI", available: 5n, ctokens: 5n, borrowedWad: 0n, unclaimedWad: 0n },
      { coinType: `0x${"ee".repeat(32)}::x::X`, available: 5n, ctokens: 5n, borrowedWad: 0n, unclaimedWad: 0n },
      { coinType: ids.usdcCoinType ?? "", available: 1_000_000_000n, ctokens: 1_000_000_000n, borrowedWad: 250_000_000n * WAD, unclaimedWad: 0n },
    ]);
    rpc.set(SUI_OWNER, SUILEND_CTOKEN_TYPE, 4_000_000n); // exactly what 5 USDC needs at 1.25
  });

  it("deposit: coinWithBalance(USDC) → deposit_liquidity_and_mint_ctokens<MAIN_POOL, USDC>(market, slot, clock, coin) → cTokens to the owner", async () => {
    const data = await ownerSuiTx("suilend", "deposit", 3_000_000n);
    expect(data.commands.map((c) => c.$kind)).toEqual(["$Intent", "MoveCall", "TransferObjects"]);
    expect(data.commands[0]?.$Intent?.data).toMatchObject({ type: ids.usdcCoinType, balance: "3000000" });
    const call = data.commands[1]?.MoveCall;
    expect(`${call?.package}::${call?.module}::${call?.function}`).toBe(`${SUILEND_CURRENT_PACKAGE}::lending_market::deposit_liquidity_and_mint_ctokens`);
    // Types keep the original (defining) package.
    expect(call?.typeArguments[0]).toBe(`${ids.package}::suilend::MAIN_POOL`);
    expect(call?.typeArguments).toEqual([ids.lendingMarketType, ids.usdcCoinType]);
    const args = call?.arguments ?? [];
    expect(args.map((a) => a.$kind)).toEqual(["Input", "Input", "Input", "Result"]);
    const slot = data.inputs[(args[1] as { Input: number }).Input];
    expect(slot?.Pure?.bytes).toBe(u64Base64(2n)); // the USDC reserve's slot, as read
    const market = data.inputs[(args[0] as { Input: number }).Input];
    expect(market?.UnresolvedObject?.objectId ?? market?.Object?.SharedObject?.objectId).toBe(ids.lendingMarket);
  });

  it("withdraw: the fewest cTokens covering the amount → redeem_ctokens_and_withdraw_liquidity_request(…, option::none()) → fulfill_liquidity_request → USDC to the owner", async () => {
    const [tx] = await build("suilend", "withdraw", SUI_OWNER, 5_000_000n);
    expect(tx).toMatchObject({ chain: "move-chain", kind: "withdraw" });
    const data = Transaction.from(tx?.payload as string).getData();
    expect(data.commands.map((c) => c.$kind)).toEqual(["$Intent", "MoveCall", "MoveCall", "MoveCall", "TransferObjects"]);
    // 5 USDC / 1.25 = exactly 4,000,000 cTokens
    expect(data.commands[0]?.$Intent?.data).toMatchObject({ type: SUILEND_CTOKEN_TYPE, balance: "4000000" });
    expect(data.commands[1]?.MoveCall).toMatchObject({ package: expect.stringMatching(/^0x0*1$/), module: "option", function: "none" });
    const redeem = data.commands[2]?.MoveCall;
    expect(`${redeem?.package}::${redeem?.module}::${redeem?.function}`).toBe(`${SUILEND_CURRENT_PACKAGE}::lending_market::redeem_ctokens_and_withdraw_liquidity_request`);
    expect(SUILEND_CTOKEN_TYPE.startsWith(`${ids.package}::reserve::CToken<`)).toBe(true);
    expect(redeem?.arguments.map((a) => a.$kind)).toEqual(["Input", "Input", "Input", "Result", "NestedResult"]);
    const fulfill = data.commands[3]?.MoveCall;
    expect(`${fulfill?.package}::${fulfill?.module}::${fulfill?.function}`).toBe(`${SUILEND_CURRENT_PACKAGE}::lending_market::fulfill_liquidity_request`);
    expect(fulfill?.arguments.map((a) => a.$kind)).toEqual(["Input", "Input", "NestedResult"]);
    for (const [amount, rate] of [
      [5_000_000n, 1_250_000_000_000_000_000n],
      [1n, WAD + 1n],
      [777_777_777n, 1_033_333_333_333_333_333n],
    ] as const) {
      const c = suilendCtokensFor(amount, rate);
      expect((c * rate) / WAD).toBeGreaterThanOrEqual(amount);
      expect(((c - 1n) * rate) / WAD).toBeLessThan(amount);
    }
  });

  it("a LendingMarket that cannot be read blocks the plan with venue_state_unavailable and the reason, never a guessed slot", async () => {
    const saved = rpc.suilendMarkets.get(ids.lendingMarket ?? "");
    rpc.suilendMarkets.delete(ids.lendingMarket ?? "");
    const r = await ourPlan("suilend", "deposit", SUI_OWNER, 1_000_000n);
    expect(r).toMatchObject({ ok: false, blocker: { code: "venue_state_unavailable", message: expect.stringContaining("LendingMarket") } });
    rpc.suilendMarkets.set(ids.lendingMarket ?? "", [{ coinType: "0x2::sui::SUI", available: 5n, ctokens: 5n, borrowedWad: 0n, unclaimedWad: 0n }]);
    const noUsdc = await ourPlan("suilend", "withdraw", SUI_OWNER, 1_000_000n);
    expect(noUsdc).toMatchObject({ ok: false, blocker: { code: "venue_state_unavailable", message: expect.stringContaining("USDC reserve is not in the LendingMarket") } });
    if (saved) rpc.suilendMarkets.set(ids.lendingMarket ?? "", saved);
  });
});

describe("Solana: Kamino deposit v0 message", () => {
  let rpc: FakeRpc;
  useLocalChain(["SVC_RPC_SVM"], async () => (rpc = await startFakeRpc()));

  it("compiles with the RPC's blockhash, the owner as fee payer and only signer, and klend's instruction layout", async () => {
    // The reserve on the local chain (its vault, cUSDC mint and token program are what the builder passes).
    setKaminoUsdc(rpc, 3_000_000_000n, 2_000_000_000n);
    const [tx] = await build("kamino", "deposit", SOL_OWNER, 7_000_000n);
    const p = tx?.payload as SolanaPayload;
    expect(p.transaction).not.toBeNull();
    expect(p.recentBlockhash).toBe(rpc.blockhash);
    const wire = getTransactionDecoder().decode(getBase64Encoder().encode(p.transaction ?? ""));
    expect(Object.keys(wire.signatures)).toEqual([SOL_OWNER]);
    const msg = getCompiledTransactionMessageDecoder().decode(wire.messageBytes);
    if (msg.version !== 0) throw new Error(`expected a v0 message, got version ${msg.version}`);
    expect(msg.header.numSignerAccounts).toBe(1);
    expect(msg.staticAccounts[0]).toBe(SOL_OWNER);
    expect(msg.lifetimeToken).toBe(rpc.blockhash);
    const programs = (msg.instructions ?? []).map((i) => msg.staticAccounts[i.programAddressIndex]);
    expect(programs).toEqual(["ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL", "ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL", KLEND_PROGRAM]);
    const deposit = msg.instructions?.[2];
    const data = deposit?.data ?? new Uint8Array();
    expect([...data.slice(0, 8)]).toEqual([...DISC.depositReserveLiquidity]);
    expect(getU64Decoder().decode(data.slice(8))).toBe(7_000_000n);
    const accounts = (deposit?.accountIndices ?? []).map((i) => msg.staticAccounts[i]);
    const k = getVenue("kamino")?.onchain ?? {};
    const authority = await kaminoMarketAuthority();
    expect(accounts.slice(0, 7)).toEqual([SOL_OWNER, k.usdcReserve, k.mainMarket, authority, k.usdcMint, KAMINO_USDC_SUPPLY_VAULT, KAMINO_CUSDC_MINT]);
    expect(accounts.slice(9)).toEqual([TOKEN_PROGRAM_ADDRESS, TOKEN_PROGRAM_ADDRESS, "Sysvar1nstructions1111111111111111111111111"]);
    // The published lending market authority of the main market.
    expect(authority).toBe("9DrvZvyWh1HuAoZxvYWMvkf2XCzryCpGgHqrMjyDWpmo");
    // the instruction list matches the compiled message
    expect(p.instructions.map((i) => i.programAddress)).toEqual(programs);
    expect(p.message).not.toBeNull();
  });

  it("withdraw: create the owner's USDC account, then redeemReserveCollateral of the fewest cUSDC covering the amount", async () => {
    const rateSf = 3n << 59n; // 1.5 USDC per cUSDC, 60 fractional bits
    // The reserve on the local chain: 3,000 USDC for 2,000 cUSDC = 1.5, the rate the withdraw builder reads.
    setKaminoUsdc(rpc, 3_000_000_000n, 2_000_000_000n);
    rpc.set(SOL_OWNER, KAMINO_CUSDC_MINT, 1_333_334n);
    const [tx] = await build("kamino", "withdraw", SOL_OWNER, 2_000_000n);
    expect(tx).toMatchObject({ chain: "svm-chain", kind: "withdraw", encoding: "solana-v0-message-base64" });
    const p = tx?.payload as SolanaPayload;
    const wire = getTransactionDecoder().decode(getBase64Encoder().encode(p.transaction ?? ""));
    expect(Object.keys(wire.signatures)).toEqual([SOL_OWNER]);
    const msg = getCompiledTransactionMessageDecoder().decode(wire.messageBytes);
    if (msg.version !== 0) throw new Error(`expected a v0 message, got version ${msg.version}`);
    const programs = (msg.instructions ?? []).map((i) => msg.staticAccounts[i.programAddressIndex]);
    expect(programs).toEqual(["ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL", KLEND_PROGRAM]);
    const redeem = msg.instructions?.[1];
    const data = redeem?.data ?? new Uint8Array();
    expect([...data.slice(0, 8)]).toEqual([...DISC.redeemReserveCollateral]);
    // ceil(2,000,000 / 1.5) = 1,333,334 cUSDC pays 2,000,001; one fewer would pay 1,999,999.
    expect(getU64Decoder().decode(data.slice(8))).toBe(1_333_334n);
    const k = getVenue("kamino")?.onchain ?? {};
    const accounts = (redeem?.accountIndices ?? []).map((i) => msg.staticAccounts[i]);
    expect(accounts.slice(0, 7)).toEqual([SOL_OWNER, k.mainMarket, k.usdcReserve, await kaminoMarketAuthority(), k.usdcMint, KAMINO_CUSDC_MINT, KAMINO_USDC_SUPPLY_VAULT]);
    expect(accounts.slice(9)).toEqual([TOKEN_PROGRAM_ADDRESS, TOKEN_PROGRAM_ADDRESS, "Sysvar1nstructions1111111111111111111111111"]);
    // user cUSDC (source) and user USDC (destination) are the owner's associated token accounts: the USDC one is what
    // the first instruction creates.
    const createAta = msg.instructions?.[0];
    const created = (createAta?.accountIndices ?? []).map((i) => msg.staticAccounts[i]);
    expect(created[1]).toBe(accounts[8]);
    expect(created[3]).toBe(k.usdcMint);
    // One cUSDC fewer than needed: blocked, with what the held cUSDC are worth.
    rpc.set(SOL_OWNER, KAMINO_CUSDC_MINT, 1_333_333n);
    const short = await build("kamino", "withdraw", SOL_OWNER, 2_000_000n).catch((e: unknown) => e);
    expect(short).toMatchObject({ code: "insufficient_balance", message: expect.stringContaining("holds 1333333, worth 1999999 micro-USDC") });
    for (const [amount, rate] of [
      [1n, (1n << 60n) + 1n],
      [2_000_000n, rateSf],
      [987_654_321n, 1_234_567_890_123_456_789n],
    ] as const) {
      const c = kaminoCollateralFor(amount, rate);
      expect((c * rate) >> 60n).toBeGreaterThanOrEqual(amount);
      expect(((c - 1n) * rate) >> 60n).toBeLessThan(amount);
    }
  });

  it("Jupiter Lend deposit: jlUSDC account, then deposit(assets) with the 17 accounts, the liquidity layer read from chain and checked", async () => {
    const j = getVenue("jupiter-lend")?.onchain ?? {};
    const utf8 = getUtf8Encoder();
    const enc = getAddressEncoder();
    const pda = async (program: string, seed: string, ...keys: string[]) =>
      (await getProgramDerivedAddress({ programAddress: address(program), seeds: [utf8.encode(seed), ...keys.map((k) => enc.encode(address(k)))] }))[0];
    // The pinned jlUSDC mint and lending are the lending program's PDAs.
    expect(await pda(j.lendingProgram ?? "", "f_token_mint", j.usdcMint ?? "")).toBe(j.jlUsdcMint);
    expect(await pda(j.lendingProgram ?? "", "lending", j.usdcMint ?? "", j.jlUsdcMint ?? "")).toBe(j.usdcLending);
    // The local chain's liquidity layer and rewards rate model (the SDK's derivations; server/venues/jupiter-lend/jupiter-lend.oracle.test.ts).
    const LIQ = j.liquidityProgram ?? "";
    const REWARDS = await pda(j.rewardsRateModelProgram ?? "", "lending_rewards_rate_model", j.usdcMint ?? "");
    const reserve = await pda(LIQ, "reserve", j.usdcMint ?? "");
    const position = await pda(LIQ, "user_supply_position", j.usdcMint ?? "", j.usdcLending ?? "");
    const lending = (positionAt: string) =>
      jupiterLendingAccount({
        mint: j.usdcMint ?? "",
        fTokenMint: j.jlUsdcMint ?? "",
        tokenExchangePrice: 1_000_000_000_000n,
        rewardsRateModel: REWARDS,
        tokenReservesLiquidity: reserve,
        supplyPositionOnLiquidity: positionAt,
      });
    rpc.solanaAccounts.set(j.usdcLending ?? "", { owner: j.lendingProgram ?? "", data: lending(position) });
    rpc.solanaAccounts.set(position, { owner: LIQ, data: new Uint8Array(64) });

    const [tx] = await build("jupiter-lend", "deposit", SOL_OWNER, 4_000_000n);
    expect(tx).toMatchObject({ chain: "svm-chain", kind: "deposit", encoding: "solana-v0-message-base64" });
    const wire = getTransactionDecoder().decode(getBase64Encoder().encode((tx?.payload as SolanaPayload).transaction ?? ""));
    expect(Object.keys(wire.signatures)).toEqual([SOL_OWNER]);
    const msg = getCompiledTransactionMessageDecoder().decode(wire.messageBytes);
    if (msg.version !== 0) throw new Error(`expected a v0 message, got version ${msg.version}`);
    const ixs = msg.instructions ?? [];
    expect(ixs.map((i) => msg.staticAccounts[i.programAddressIndex])).toEqual(["ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL", JUP_LENDING_PROGRAM]);
    const dep = ixs[1];
    expect([...(dep?.data ?? []).slice(0, 8)]).toEqual([...JUP_DEPOSIT_DISCRIMINATOR]);
    expect(getU64Decoder().decode((dep?.data ?? new Uint8Array()).slice(8))).toBe(4_000_000n);
    const [userUsdc] = await findAssociatedTokenPda({ owner: address(SOL_OWNER), mint: address(j.usdcMint ?? ""), tokenProgram: TOKEN_PROGRAM_ADDRESS });
    const [userJl] = await findAssociatedTokenPda({ owner: address(SOL_OWNER), mint: address(j.jlUsdcMint ?? ""), tokenProgram: TOKEN_PROGRAM_ADDRESS });
    const liquidity = await pda(LIQ, "liquidity");
    const [vault] = await findAssociatedTokenPda({ owner: liquidity, mint: address(j.usdcMint ?? ""), tokenProgram: TOKEN_PROGRAM_ADDRESS });
    expect((dep?.accountIndices ?? []).map((i) => msg.staticAccounts[i])).toEqual([
      SOL_OWNER,
      userUsdc,
      userJl,
      j.usdcMint,
      await pda(j.lendingProgram ?? "", "lending_admin"),
      j.usdcLending,
      j.jlUsdcMint,
      reserve,
      position,
      await pda(LIQ, "rate_model", j.usdcMint ?? ""),
      vault,
      liquidity,
      LIQ,
      REWARDS,
      TOKEN_PROGRAM_ADDRESS,
      "ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL",
      "11111111111111111111111111111111",
    ]);

    // A lending whose stored position is not the liquidity program's PDA: blocked, nothing built.
    const elsewhere = await pda(LIQ, "user_supply_position", j.usdcMint ?? "", SOL_OWNER);
    rpc.solanaAccounts.set(j.usdcLending ?? "", { owner: j.lendingProgram ?? "", data: lending(elsewhere) });
    rpc.solanaAccounts.set(elsewhere, { owner: LIQ, data: new Uint8Array(64) });
    const blocked = await ourPlan("jupiter-lend", "deposit", SOL_OWNER, 4_000_000n);
    expect(blocked).toMatchObject({ ok: false, blocker: { code: "venue_state_unavailable", message: expect.stringContaining("user_supply_position") } });
    expect("build" in builderFor("jupiter-lend", "withdraw")).toBe(true);
    // The local chain's lending back to its real position, for the tests after this one.
    rpc.solanaAccounts.set(j.usdcLending ?? "", { owner: j.lendingProgram ?? "", data: lending(position) });
  });

  it("never returns a Solana transaction without a blockhash: every Solana builder is blocked rpc_unavailable instead", async () => {
    // The chain state every builder reads is there (Jupiter Lend's from the test above, Kamino's rate and the owner's
    // cUSDC here); only the recent blockhash is refused, as a node that is behind would.
    setKaminoUsdc(rpc, 3_000_000_000n, 2_000_000_000n);
    rpc.set(SOL_OWNER, KAMINO_CUSDC_MINT, 10_000_000n);
    const builders = [["kamino", "deposit"], ["kamino", "withdraw"], ["jupiter-lend", "deposit"]] as const;
    for (const [venue, action] of builders) expect((await build(venue, action, SOL_OWNER, 1_000_000n)).length).toBeGreaterThan(0);
    rpc.failing.add("getLatestBlockhash");
    try {
      for (const [venue, action] of builders) {
        const r = await ourPlan(venue, action, SOL_OWNER, 1_000_000n);
        expect(r, `${venue} ${action}`).toMatchObject({ ok: false, blocker: { code: "rpc_unavailable", message: expect.stringContaining("blockhash") } });
      }
    } finally {
      rpc.failing.delete("getLatestBlockhash");
    }
  });

});

describe("EVM: Aave v3 and Compound v3 calldata", () => {
  // The builders prove their ids from the chain first (the Aave markets and Comet Configurators the answered EVM holds
  // from Aave's address book and Comet's deployment files; the Comets' base tokens likewise).
  useLocalChain(["SVC_RPC_EVM_A", "SVC_RPC_EVM_B"], async () => {
    const rpc = await startFakeRpc();
    for (const id of ["compound-v3-base", "compound-v3-arbitrum"]) {
      const comet = (getVenue(id)?.onchain.cUSDCv3 ?? "").toLowerCase();
      rpc.comets.set(comet, idleComet(EVM_OWNER, 0n, cometBaseToken(comet)));
    }
    return rpc;
  });
  it.each(["aave-v3-base", "aave-v3-arbitrum"])("%s: approve(pool) then supply(usdc, amount, owner, 0); withdraw(usdc, amount, owner)", async (id) => {
    const v = getVenue(id);
    const [approve, supply] = await build(id, "deposit", EVM_OWNER, 3_000_000n);
    const a = approve?.payload as EvmCall;
    expect(a.to.toLowerCase()).toBe(v?.onchain.usdc?.toLowerCase());
    const da = decodeFunctionData({ abi: erc20Abi, data: a.data as Hex });
    expect(da.functionName).toBe("approve");
    expect((da.args?.[0] as string).toLowerCase()).toBe(v?.onchain.pool?.toLowerCase());
    expect(da.args?.[1]).toBe(3_000_000n);
    const s = supply?.payload as EvmCall;
    expect(s.to.toLowerCase()).toBe(v?.onchain.pool?.toLowerCase());
    expect(s.value).toBe("0");
    const ds = decodeFunctionData({ abi: AAVE_POOL_ABI, data: s.data });
    expect(ds.functionName).toBe("supply");
    expect(ds.args.map((x) => (typeof x === "string" ? x.toLowerCase() : x))).toEqual([v?.onchain.usdc?.toLowerCase(), 3_000_000n, EVM_OWNER, 0]);
    expect(s.data.slice(0, 10)).toBe("0x617ba037"); // supply(address,uint256,address,uint16)
    const [w] = await build(id, "withdraw", EVM_OWNER, 1_000_000n);
    const dw = decodeFunctionData({ abi: AAVE_POOL_ABI, data: (w?.payload as EvmCall).data });
    expect(dw.functionName).toBe("withdraw");
    expect((w?.payload as EvmCall).data.slice(0, 10)).toBe("0x69328dec"); // withdraw(address,uint256,address)
  });

  it.each(["compound-v3-base", "compound-v3-arbitrum"])("%s: approve(comet) then Comet.supply(usdc, amount)", async (id) => {
    const v = getVenue(id);
    const [, supply] = await build(id, "deposit", EVM_OWNER, 5_000_000n);
    const s = supply?.payload as EvmCall;
    expect(s.to.toLowerCase()).toBe(v?.onchain.cUSDCv3?.toLowerCase());
    expect(s.data.slice(0, 10)).toBe("0xf2b9fdb8"); // supply(address,uint256)
    const ds = decodeFunctionData({ abi: COMET_ABI, data: s.data });
    expect(ds.args).toEqual([expect.stringMatching(/^0x/i), 5_000_000n]);
    expect(s.chainId).toBe(v?.chain === "evm-a" ? 8453 : 42161);
  });
});

describe("EVM: Compound v3 withdraw is capped at the supplied balance read at plan time (never a borrow)", () => {
  let rpc: FakeRpc;
  const cometOf = (id: string) => (getVenue(id)?.onchain.cUSDCv3 ?? "").toLowerCase();
  const comet = (id: string, supplied: bigint) => idleComet(EVM_OWNER, supplied, cometBaseToken(cometOf(id)));
  useLocalChain(["SVC_RPC_EVM_A", "SVC_RPC_EVM_B"], async () => (rpc = await startFakeRpc()));
  it.each(["compound-v3-base", "compound-v3-arbitrum"])("%s: up to balanceOf(owner) builds withdraw(usdc, amount); one micro above is insufficient_balance with the most", async (id) => {
    rpc.comets.set(cometOf(id), comet(id, 4_000_000n));
    const [w] = await build(id, "withdraw", EVM_OWNER, 4_000_000n);
    const p = w?.payload as EvmCall;
    expect(p.to.toLowerCase()).toBe(cometOf(id));
    const d = decodeFunctionData({ abi: COMET_ABI, data: p.data });
    expect(d.functionName).toBe("withdraw");
    expect(d.args).toEqual([getVenue(id)?.onchain.usdc, 4_000_000n]);
    const above = await build(id, "withdraw", EVM_OWNER, 4_000_001n).catch((e: unknown) => e);
    expect(above).toMatchObject({ code: "insufficient_balance", message: expect.stringContaining("withdraw at most 4000000") });
    // Nothing supplied (a borrower's balanceOf is 0 too): any withdraw would be a borrow.
    rpc.comets.set(cometOf(id), comet(id, 0n));
    expect(await build(id, "withdraw", EVM_OWNER, 1n).catch((e: unknown) => e)).toMatchObject({ code: "insufficient_balance" });
  });
  it("an unreadable balance (the RPC answers an error) blocks venue_state_unavailable, nothing built", async () => {
    rpc.comets.set(cometOf("compound-v3-base"), comet("compound-v3-base", 4_000_000n));
    // The Comet's ids are proven (and remembered) by a plan built while the RPC answers, so the read that fails next is
    // the owner's balance, whatever ran before this test.
    expect(await build("compound-v3-base", "withdraw", EVM_OWNER, 1n)).not.toHaveLength(0);
    rpc.failing.add("eth_call");
    try {
      expect(await build("compound-v3-base", "withdraw", EVM_OWNER, 1n).catch((e: unknown) => e)).toMatchObject({
        code: "venue_state_unavailable",
        message: expect.stringContaining("Compound v3 supplied balance"),
      });
    } finally {
      rpc.failing.delete("eth_call");
    }
  });
});

describe("adapter registry", () => {
  it("every venue has either a builder or a stated reason for each action", () => {
    for (const v of VENUES) {
      for (const action of ["deposit", "withdraw"] as const) {
        const b = builderFor(v.id, action);
        if ("reason" in b) expect(b.reason.length, `${v.id} ${action}`).toBeGreaterThan(10);
      }
    }
    expect(getAdapter("scallop")?.deposit).toBeTypeOf("function");
    expect(getAdapter("navi")?.withdraw).toBeTypeOf("function");
    expect(getAdapter("marginfi")?.withdraw).toBeTypeOf("function");
    expect(getAdapter("morpho-base")?.withdraw).toBeTypeOf("function");
  });
});
