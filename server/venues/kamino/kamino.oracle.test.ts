// Kamino's own SDK is the oracle for our Kamino builder (server/venues/kamino/build.ts): from the same chain state,
// served by the local chain (testing/chains/server.ts), @kamino-finance/klend-sdk 8.0.2 builds the deposit
// (KaminoAction.buildDepositReserveLiquidityTxns) and the withdraw (buildRedeemReserveCollateralTxns) and the test
// compares every instruction with ours: program id, account metas (address, signer, writable, in order) and data.
// The chain state itself is written with the SDK's generated account layouts (Reserve, LendingMarket), so our reader's
// byte offsets are checked against them too, and the klend IDL shipped with the SDK checks discriminators and flags.
// Compute-budget instructions are left out of the comparison: the SDK adds its own fixed budget when asked
// (extraComputeBudget, 0 here); ours comes from the simulation.
import { createHash } from "node:crypto";
import { createRequire } from "node:module";
import { address, getAddressEncoder, getProgramDerivedAddress, getUtf8Encoder } from "@solana/kit";
import { findAssociatedTokenPda, TOKEN_PROGRAM_ADDRESS } from "@solana-program/token";
import { describe, expect, it } from "vitest";
import { type FakeRpc, startFakeRpc } from "../../../tests/support/fake-rpc";
import { KAMINO_CUSDC_MINT, KAMINO_USDC_SUPPLY_VAULT, kaminoReserveAccount } from "../../../testing/chains/solana/venues/kamino";
import { expectSameAs, fromKitInstruction, type OracleInstruction, ourInstructions, useLocalChain } from "../../../testing/oracle";
import { DISC, kaminoCollateralFor, SYSVAR_INSTRUCTIONS } from "./build";
import { KAMINO_RESERVE_OFFSETS, readKaminoReserve } from "./read";
import { KLEND_PROGRAM_ERRORS } from "./errors";
import { kamino } from "./descriptor";

// The SDK is CommonJS with its own @solana/kit 2.x nested under it; loaded by require so its types stay its own.
const require = createRequire(import.meta.url);
const sdk = require("@kamino-finance/klend-sdk") as typeof import("@kamino-finance/klend-sdk");
const sdkKit = require("@kamino-finance/klend-sdk/node_modules/@solana/kit") as typeof import("@kamino-finance/klend-sdk/node_modules/@solana/kit");
const idl = require("@kamino-finance/klend-sdk/dist/idl/klend.json") as {
  version: string;
  errors: { code: number; name: string; msg: string }[];
  instructions: { name: string; accounts: { name: string; isMut: boolean; isSigner: boolean }[]; args: { name: string; type: string }[] }[];
};

const OWNER = "9B4MhXCsqr2SyQNRw4KoakcwriqN637GhpjxCnaafSmd";
const ids = kamino.onchain as Record<"program" | "mainMarket" | "usdcReserve" | "usdcMint", string>;
const COMPUTE_BUDGET = "ComputeBudget111111111111111111111111111111";

/** An account of the SDK's generated layout: zeros decoded, `fill` sets fields, encoded back behind the discriminator. */
function sdkAccount(cls: { discriminator: Buffer; layout: { span: number; decode: (b: Buffer) => unknown; encode: (v: unknown, b: Buffer) => number } }, fill: (raw: Record<string, unknown>) => void): Buffer {
  const raw = cls.layout.decode(Buffer.alloc(cls.layout.span)) as Record<string, unknown>;
  fill(raw);
  const body = Buffer.alloc(cls.layout.span);
  cls.layout.encode(raw, body);
  return Buffer.concat([cls.discriminator, body]);
}

const BN = require("bn.js") as new (v: string | number | bigint) => unknown;
const field = (o: Record<string, unknown>, k: string) => o[k] as Record<string, unknown>;

/** The main-market USDC reserve as the SDK lays it out: 1.5 USDC per cUSDC, a Scope price feed configured. */
function reserveAccount(scopeFeed: string): Buffer {
  return sdkAccount(sdk.Reserve as never, (r) => {
    r.version = new BN(1); // klend PROGRAM_VERSION (programs/klend/src/utils/consts.rs @ edd5ff5)
    r.lendingMarket = ids.mainMarket;
    const liq = field(r, "liquidity");
    liq.mintPubkey = ids.usdcMint;
    liq.supplyVault = KAMINO_USDC_SUPPLY_VAULT;
    liq.totalAvailableAmount = new BN("3000000000");
    liq.mintDecimals = new BN(6);
    liq.tokenProgram = TOKEN_PROGRAM_ADDRESS;
    const coll = field(r, "collateral");
    coll.mintPubkey = KAMINO_CUSDC_MINT;
    coll.mintTotalSupply = new BN("2000000000");
    const token = field(field(r, "config"), "tokenInfo");
    token.name = [...Buffer.from("USDC".padEnd(32, "\0"))];
    // A Scope chain of one price; unused chain slots hold u16::MAX (the SDK walks each chain up to that marker).
    const scope = field(token, "scopeConfiguration");
    scope.priceFeed = scopeFeed;
    scope.priceChain = [0, 0xffff, 0xffff, 0xffff];
    scope.twapChain = [0xffff, 0xffff, 0xffff, 0xffff];
  });
}

async function marketAccount(): Promise<Buffer> {
  const [, bump] = await getProgramDerivedAddress({ programAddress: address(ids.program), seeds: [getUtf8Encoder().encode("lma"), getAddressEncoder().encode(address(ids.mainMarket))] });
  return sdkAccount(sdk.LendingMarket as never, (m) => {
    m.version = new BN(1);
    m.bumpSeed = new BN(bump);
    m.name = [...Buffer.from("Main".padEnd(32, "\0"))];
  });
}

describe("Kamino: our builder against @kamino-finance/klend-sdk 8.0.2 on the same chain state", () => {
  let rpc: FakeRpc;
  // Kamino's Scope oracle prices account (@kamino-finance/scope-sdk, a klend-sdk dependency: constants/index.js
  // `oraclePrices`); only the SDK's market model reads it here: deposit and redeem take no oracle account.
  const SCOPE_FEED = "3t4JZcueEzTbVP6kLxXrL3VpWx45jDer4eqysweBchNH";

  useLocalChain(["SVC_RPC_SVM"], async () => {
    rpc = await startFakeRpc();
    rpc.solanaAccounts.set(ids.usdcReserve, { owner: ids.program, data: reserveAccount(SCOPE_FEED) });
    rpc.solanaAccounts.set(ids.mainMarket, { owner: ids.program, data: await marketAccount() });
    return rpc;
  });

  /** The SDK's market model, read from the local RPC with the SDK's own client (no CDN, no oracle reads). */
  async function sdkMarket() {
    const c = sdkKit.createSolanaRpc(rpc.url);
    const market = await sdk.LendingMarket.fetch(c, sdkKit.address(ids.mainMarket));
    const state = await sdk.Reserve.fetch(c, sdkKit.address(ids.usdcReserve));
    if (!market || !state) throw new Error("the local RPC did not serve the market and reserve");
    // No oracle price is read (the SDK would read Scope's account); deposit and redeem do not use one.
    const reserve = new sdk.KaminoReserve(state, sdkKit.address(ids.usdcReserve), {} as never, c, 400);
    return { c, market: sdk.KaminoMarket.loadWithReserves(c, market, new Map([[sdkKit.address(ids.usdcReserve), reserve]]), sdkKit.address(ids.mainMarket), 400), state };
  }

  const sdkOwner = () => sdkKit.createNoopSigner(sdkKit.address(OWNER));

  /** The SDK's deposit or redeem of `amount` on the local chain's market (no compute budget, ATAs included), and its labels. */
  async function sdkAction(kind: "deposit" | "redeem", amount: bigint) {
    const { market } = await sdkMarket();
    const args = {
      kaminoMarket: market,
      amount: amount.toString(),
      reserveAddress: sdkKit.address(ids.usdcReserve),
      owner: sdkOwner(),
      obligation: new sdk.VanillaObligation(sdk.PROGRAM_ID),
      extraComputeBudget: 0,
      includeAtaIxs: true,
      requestElevationGroup: false,
      referrer: sdkKit.none(),
      currentSlot: 300_000_000n,
    } as never;
    const axn = await (kind === "deposit" ? sdk.KaminoAction.buildDepositReserveLiquidityTxns(args) : sdk.KaminoAction.buildRedeemReserveCollateralTxns(args));
    return { labels: sdk.KaminoAction.actionToIxLabels(axn), instructions: sdk.KaminoAction.actionToIxs(axn).map((ix) => fromKitInstruction(ix as never)) };
  }

  const build = async (action: "deposit" | "withdraw", amountMicros: bigint): Promise<OracleInstruction[]> =>
    (await ourInstructions("kamino", action, OWNER, amountMicros, [COMPUTE_BUDGET])).instructions;

  it("our reader reads the SDK's Reserve layout: rate, supply vault, cUSDC mint, token program", async () => {
    const { state } = await sdkMarket();
    const read = await readKaminoReserve(AbortSignal.timeout(5000));
    expect(read).toEqual({
      rate: 3n << 59n, // 3,000 USDC / 2,000 cUSDC = 1.5, 60 fractional bits
      liquiditySupplyVault: state.liquidity.supplyVault,
      collateralMint: state.collateral.mintPubkey,
      liquidityTokenProgram: state.liquidity.tokenProgram,
    });
    // The local chain's hand-written reserve (testing/chains/solana/venues/kamino.ts) decodes with the SDK to what it says.
    const fake = sdk.Reserve.decode(
      Buffer.from(
        kaminoReserveAccount({ lendingMarket: ids.mainMarket, liquidityMint: ids.usdcMint, available: 5n, borrowedSf: 7n << 60n, protocolFeesSf: 1n, referrerFeesSf: 2n, pendingReferrerFeesSf: 3n, collateralSupply: 11n }),
      ),
    );
    expect([fake.lendingMarket, fake.liquidity.mintPubkey, fake.liquidity.supplyVault, fake.collateral.mintPubkey, fake.liquidity.tokenProgram]).toEqual([
      ids.mainMarket,
      ids.usdcMint,
      KAMINO_USDC_SUPPLY_VAULT,
      KAMINO_CUSDC_MINT,
      TOKEN_PROGRAM_ADDRESS,
    ]);
    expect([fake.liquidity.totalAvailableAmount.toString(), fake.liquidity.borrowedAmountSf.toString(), fake.collateral.mintTotalSupply.toString()]).toEqual(["5", String(7n << 60n), "11"]);
    expect(KAMINO_RESERVE_OFFSETS.minLength).toBeLessThanOrEqual(sdk.Reserve.layout.span + 8);
  });

  it("deposit: the same instructions as KaminoAction.buildDepositReserveLiquidityTxns", async () => {
    const { labels, instructions: theirs } = await sdkAction("deposit", 7_000_000n);
    expect(labels).toEqual([`CreateCollateralUserAta[${await ata(OWNER, KAMINO_CUSDC_MINT)}]`, `CreateUserAta[${await ata(OWNER, ids.usdcMint)}]`, "depositReserveLiquidity"]);
    expectSameAs("KaminoAction.buildDepositReserveLiquidityTxns", await build("deposit", 7_000_000n), theirs);
  });

  it("withdraw: the same instructions as KaminoAction.buildRedeemReserveCollateralTxns for the cUSDC our plan redeems", async () => {
    rpc.set(OWNER, KAMINO_CUSDC_MINT, 10_000_000n);
    const collateral = kaminoCollateralFor(2_000_000n, 3n << 59n);
    const { labels, instructions: theirs } = await sdkAction("redeem", collateral);
    expect(labels).toEqual([`CreateLiquidityUserAta[${await ata(OWNER, ids.usdcMint)}]`, "redeemReserveCollateral"]);
    expectSameAs("KaminoAction.buildRedeemReserveCollateralTxns", await build("withdraw", 2_000_000n), theirs);
  });

  it("a reserve whose vault and cUSDC mint are the current seeds' PDAs: ours follows the account, as the SDK does", async () => {
    // Reserves initialised since klend 1.1 have [seed, reserve] PDAs (handler_init_reserve.rs @ edd5ff5); a builder
    // deriving [seed, market, mint] would pass the wrong vault for them.
    const pda = async (seed: string) =>
      (await getProgramDerivedAddress({ programAddress: address(ids.program), seeds: [getUtf8Encoder().encode(seed), getAddressEncoder().encode(address(ids.usdcReserve))] }))[0];
    const vault = await pda("reserve_liq_supply");
    const mint = await pda("reserve_coll_mint");
    const saved = rpc.solanaAccounts.get(ids.usdcReserve);
    rpc.solanaAccounts.set(ids.usdcReserve, {
      owner: ids.program,
      data: sdkAccount(sdk.Reserve as never, (r) => {
        const base = sdk.Reserve.layout.decode(reserveAccount(SCOPE_FEED).subarray(8)) as Record<string, unknown>;
        Object.assign(r, base);
        field(r, "liquidity").supplyVault = vault;
        field(r, "collateral").mintPubkey = mint;
      }),
    });
    try {
      const { instructions: theirs } = await sdkAction("deposit", 1_000_000n);
      const mine = await build("deposit", 1_000_000n);
      expectSameAs("KaminoAction.buildDepositReserveLiquidityTxns", mine, theirs);
      expect(mine.at(-1)?.accounts.map((a) => a.address)).toEqual(expect.arrayContaining([vault, mint]));
    } finally {
      if (saved) rpc.solanaAccounts.set(ids.usdcReserve, saved);
    }
  });

  it("program id, discriminators, account flags and error codes agree with the SDK and the klend IDL shipped in it", async () => {
    expect(sdk.PROGRAM_ID).toBe(ids.program);
    // The table that decodes a failed simulation (server/chains/solana/program-errors.ts) is the IDL's.
    expect(KLEND_PROGRAM_ERRORS.map(([code, name, msg]) => ({ code, name, msg }))).toEqual(idl.errors);
    const disc = (name: string) => [...createHash("sha256").update(`global:${name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)}`).digest().subarray(0, 8)];
    const mine = { depositReserveLiquidity: await build("deposit", 1_000_000n), redeemReserveCollateral: await build("withdraw", 1_000_000n) };
    for (const name of ["depositReserveLiquidity", "redeemReserveCollateral"] as const) {
      const ix = idl.instructions.find((i) => i.name === name);
      if (!ix) throw new Error(`${name} is not in the klend IDL ${idl.version}`);
      expect([...DISC[name]]).toEqual(disc(name));
      expect(ix.args).toEqual([{ name: name === "depositReserveLiquidity" ? "liquidityAmount" : "collateralAmount", type: "u64" }]);
      const call = mine[name].at(-1);
      expect(call?.accounts.map((a) => ({ isMut: a.writable, isSigner: a.signer }))).toEqual(ix.accounts.map((a) => ({ isMut: a.isMut, isSigner: a.isSigner })));
      const sysvar = ix.accounts.findIndex((a) => a.name === "instructionSysvarAccount");
      expect(call?.accounts[sysvar]?.address).toBe(SYSVAR_INSTRUCTIONS);
    }
  });
});

/** The owner's associated token account of an SPL Token mint. */
async function ata(owner: string, mint: string): Promise<string> {
  return (await findAssociatedTokenPda({ owner: address(owner), mint: address(mint), tokenProgram: TOKEN_PROGRAM_ADDRESS }))[0];
}
