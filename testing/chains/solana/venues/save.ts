// Save (Solend's token-lending program) as the local Solana chain sees it. Save has no Anchor IDL: its interface is the
// instruction layout of its SDK, @solendprotocol/solend-sdk 0.14.27, read here from the SDK's own code rather than
// copied: each instruction function in instructions/*.js is called with one distinct placeholder key per parameter (the
// parameter names are the function's own), and what it returns gives the instruction's tag (data[0]), data length,
// and the account list in order with its signer and writable flags, each account named by the parameter it came from
// (a key the SDK fills itself, SPL Token's program id, keeps that address). The same machinery as the Anchor checker
// then checks a transaction's instruction against that description (./anchor-idl.ts ProgramModel), and refuses as the
// chain would where the program itself does not check (a signer or writable flag missing fails in the runtime when the
// program calls SPL Token or writes the reserve).
// What the program checks is its source, solendprotocol/solana-program-library @ 9ffd16ddf0047bb0e500c1bb1b3cb66725581546
// token-lending/program/src/processor.rs (_refresh_reserve, _deposit_reserve_liquidity, _redeem_reserve_collateral):
// owners (InvalidAccountOwner), the reserve's market, supply, collateral mint and oracles (InvalidAccountInput,
// InvalidOracleConfig), the market's token program (InvalidTokenProgram), the market authority =
// create_program_address([market, bump_seed]) (InvalidMarketAuthority), a redeem needs the reserve refreshed in this
// slot (ReserveStale), zero amounts (InvalidAmount); the codes are LendingError's order in token-lending/sdk/src/error.rs
// at that commit. Reserve and LendingMarket accounts are decoded with the SDK's ReserveLayout and LendingMarketLayout.
// Token movements run as SPL Token instructions at the reserve's collateral rate (no interest accrual, no oracle prices).
import { createRequire } from "node:module";
import { getU64Decoder } from "@solana/kit";
import { USDC } from "../../../../lib/tokens";
import { save } from "../../../../server/venues/save/descriptor";
import { type Meta, type ProgramHost, type ProgramModel, ProgramRefusal } from "../anchor-idl";
import { fixtureAddress, type SolanaAccounts, type SolanaVenueChain } from "./encode";

const require = createRequire(import.meta.url);
/** The SDK's own modules, resolved from the SDK's folder (it nests web3.js 1.92.3, spl-token 0.3.11 and bn.js 5.2.0). */
const sdk = createRequire(require.resolve("@solendprotocol/solend-sdk"));

interface KeyLike {
  toBase58(): string;
  equals(o: KeyLike): boolean;
}
type KeyClass = (new (v: Uint8Array | string) => KeyLike & { toBuffer(): Buffer }) & { createProgramAddressSync(seeds: Buffer[], program: KeyLike): KeyLike };
interface SdkIx {
  programId: KeyLike;
  keys: { pubkey: KeyLike; isSigner: boolean; isWritable: boolean }[];
  data: Buffer;
}
interface Layout {
  span: number;
  decode(b: Buffer): Record<string, unknown>;
}
const PublicKey = (sdk("@solana/web3.js") as { PublicKey: KeyClass }).PublicKey;
const { SOLEND_PRODUCTION_PROGRAM_ID, MAIN_POOL_ADDRESS } = sdk("./core/constants") as { SOLEND_PRODUCTION_PROGRAM_ID: KeyLike; MAIN_POOL_ADDRESS: KeyLike & { toBuffer(): Buffer } };
const { ReserveLayout } = sdk("./state/reserve") as { ReserveLayout: Layout };
const { LendingMarketLayout } = sdk("./state/lendingMarket") as { LendingMarketLayout: Layout };

/** Save's program id: the SDK's SOLEND_PRODUCTION_PROGRAM_ID (core/constants.js). */
export const SAVE = SOLEND_PRODUCTION_PROGRAM_ID.toBase58();
/** Save's main lending market: the SDK's MAIN_POOL_ADDRESS (core/constants.js). */
export const SAVE_MAIN_MARKET = MAIN_POOL_ADDRESS.toBase58();

/** One instruction as the SDK lays it out. */
export interface SaveLayout {
  name: string;
  tag: number;
  dataLength: number;
  accounts: { name: string; signer: boolean; writable: boolean; address?: string }[];
  /** Accounts the processor requires (the rest are optional: next_account_info(..).ok()). */
  required: number;
}

/** The layout an SDK instruction function produces, from its own parameter names and output. */
function layoutOf(file: string, fn: string, required?: number): SaveLayout {
  const f = (sdk(`./instructions/${file}`) as Record<string, (...a: unknown[]) => SdkIx>)[fn];
  if (!f) throw new Error(`no ${fn} in @solendprotocol/solend-sdk instructions/${file}`);
  const params = (/^\(([^)]*)\)/.exec(f.toString())?.[1] ?? "").split(",").map((p) => p.trim());
  const placeholder = (i: number) => new PublicKey(Uint8Array.from({ length: 32 }, (_, j) => (j === 0 ? 0xee : j === 1 ? i + 1 : 7)));
  const args = params.map((p, i) => (/amount/i.test(p) ? 1 : placeholder(i)));
  const ix = f(...args);
  const accounts = ix.keys.map((k) => {
    const i = args.findIndex((a) => typeof a === "object" && (a as KeyLike).equals(k.pubkey));
    const name = i >= 0 ? (params[i] ?? "") : k.pubkey.toBase58();
    return { name, signer: k.isSigner, writable: k.isWritable, ...(i >= 0 ? {} : { address: k.pubkey.toBase58() }) };
  });
  return { name: fn.replace(/Instruction$/, ""), tag: ix.data[0] ?? -1, dataLength: ix.data.length, accounts, required: required ?? accounts.length };
}

export const SAVE_LAYOUTS: SaveLayout[] = [
  // process_refresh_reserve: reserve, pyth, switchboard required; the extra oracle is `.ok()`.
  layoutOf("refreshReserve", "refreshReserveInstruction", 3),
  layoutOf("depositReserveLiquidity", "depositReserveLiquidityInstruction"),
  layoutOf("redeemReserveCollateral", "redeemReserveCollateralInstruction"),
];

/** LendingError codes and messages (token-lending/sdk/src/error.rs @ 9ffd16d: the enum's order is the custom code). */
const LENDING_ERROR = {
  InstructionUnpackError: [0, "Failed to unpack instruction data"],
  InvalidMarketAuthority: [3, "Market authority is invalid"],
  InvalidAccountOwner: [5, "Input account owner is not the program address"],
  InvalidTokenProgram: [9, "Input token program account is not valid"],
  InvalidAmount: [10, "Input amount is invalid"],
  InvalidAccountInput: [13, "Invalid account input"],
  ReserveStale: [22, "Reserve state needs to be refreshed"],
  InvalidOracleConfig: [42, "Oracle config is invalid"],
} as const;

function lendingError(kind: keyof typeof LENDING_ERROR, why: string): never {
  const [code, text] = LENDING_ERROR[kind];
  // msg!(why) in the processor, then the entrypoint's error.print(): msg!(&self.to_string()), the error's text.
  throw new ProgramRefusal({ Custom: code }, [`Program log: ${why}`, `Program log: ${text}`]);
}

const key = (v: unknown) => (v as KeyLike).toBase58();
const big = (v: unknown) => BigInt(String(v));
const WAD = 10n ** 18n;

/** Save's model: a ProgramModel over SAVE_LAYOUTS with the processor's checks and SPL Token movements. */
function saveModel(): ProgramModel {
  const refreshed = new WeakMap<ProgramHost, Set<string>>();
  return {
    name: "Save (token-lending)",
    programId: SAVE,
    units: 40_000n,
    async run(host, data, metas) {
      const layout = SAVE_LAYOUTS.find((l) => l.tag === data[0]);
      if (!layout) {
        if ((data[0] ?? 255) <= 24) throw new ProgramRefusal({ Custom: 101 }, [`Program log: The local chain does not model Save's instruction ${data[0]}.`]);
        lendingError("InstructionUnpackError", "Instruction tag is not a LendingInstruction");
      }
      if (data.length < layout.dataLength) lendingError("InstructionUnpackError", `${layout.name}: instruction data is ${data.length} bytes, the layout's ${layout.dataLength}`);
      if (metas.length < layout.required) throw new ProgramRefusal("NotEnoughAccountKeys", [`Program log: ${layout.name} needs ${layout.required} accounts, got ${metas.length}`]);
      const acc: Record<string, Meta> = {};
      layout.accounts.forEach((a, i) => {
        const m = metas[i];
        if (m) acc[a.name] = m;
      });
      const at = (name: string) => acc[name]?.address ?? "";
      const amount = layout.dataLength >= 9 ? getU64Decoder().decode(data.subarray(1, 9)) : 0n;
      if (layout.dataLength >= 9 && amount === 0n) lendingError("InvalidAmount", "Amount provided cannot be zero");
      const reserveData = (name: string) => {
        const a = host.account(at(name));
        if (!a || a.data.length < ReserveLayout.span) throw new ProgramRefusal("InvalidAccountData", [`Program log: ${name} is not a Reserve`]);
        if (a.owner !== SAVE) lendingError("InvalidAccountOwner", "Reserve provided is not owned by the lending program");
        return ReserveLayout.decode(Buffer.from(a.data));
      };
      // Where the program writes an account it was given read-only, the runtime refuses the write (ReadonlyDataModified);
      // where it hands SPL Token a signer or writable account the transaction did not mark so, the CPI is refused
      // (PrivilegeEscalation): the flags of the SDK's layout are what the chain needs.
      const writesOwn = new Set(["reserve", "lendingMarket"]);
      for (const a of layout.accounts) {
        const m = acc[a.name];
        if (!m) continue;
        // (The reserve and the market are checked when the program stores them back, after its own checks: packBack.)
        if (a.writable && !m.writable && !writesOwn.has(a.name)) {
          throw new ProgramRefusal("PrivilegeEscalation", [`${m.address}'s writable privilege escalated`]);
        }
        if (a.signer && !m.signer) throw new ProgramRefusal("PrivilegeEscalation", [`${m.address}'s signer privilege escalated`]);
      }
      const packBack = (name: string) => {
        if (!acc[name]?.writable) throw new ProgramRefusal("ReadonlyDataModified", [`Program log: ${name} ${at(name)} is read-only: the program cannot store it`]);
      };

      if (layout.name === "refreshReserve") {
        const r = reserveData("reserve");
        if (key(r.liquidityPythOracle) !== at("oracle")) lendingError("InvalidAccountInput", "Reserve liquidity pyth oracle does not match the reserve liquidity pyth oracle provided");
        if (key(r.liquiditySwitchboardOracle) !== at("switchboardFeedAddress")) {
          lendingError("InvalidOracleConfig", "Reserve liquidity switchboard oracle does not match the reserve liquidity switchboard oracle provided");
        }
        const extra = key(r.extraOracle);
        if (extra !== "11111111111111111111111111111111") {
          if (!acc.extraOracle) lendingError("InvalidAccountInput", "Reserve extra oracle account info missing");
          if (at("extraOracle") !== extra) lendingError("InvalidAccountInput", "Reserve extra oracle does not match the reserve extra oracle provided");
        }
        packBack("reserve");
        const set = refreshed.get(host) ?? new Set<string>();
        set.add(at("reserve"));
        refreshed.set(host, set);
        return ["Program log: Instruction: Refresh Reserve"];
      }

      const market = host.account(at("lendingMarket"));
      if (!market || market.data.length < LendingMarketLayout.span) throw new ProgramRefusal("InvalidAccountData", ["Program log: lending market is not a LendingMarket"]);
      if (market.owner !== SAVE) lendingError("InvalidAccountOwner", "Lending market provided is not owned by the lending program");
      const m = LendingMarketLayout.decode(Buffer.from(market.data));
      const tokenProgram = layout.accounts.find((a) => a.address)?.address ?? "";
      if (key(m.tokenProgramId) !== at(tokenProgram)) lendingError("InvalidTokenProgram", "Lending market token program does not match the token program provided");
      const r = reserveData("reserve");
      if (key(r.lendingMarket) !== at("lendingMarket")) lendingError("InvalidAccountInput", "Reserve lending market does not match the lending market provided");
      const deposit = layout.name === "depositReserveLiquidity";
      const supply = key(r.liquiditySupplyPubkey);
      const cMint = key(r.collateralMintPubkey);
      if (deposit) {
        if (supply !== at("reserveLiquiditySupply")) lendingError("InvalidAccountInput", "Reserve liquidity supply does not match the reserve liquidity supply provided");
        if (cMint !== at("reserveCollateralMint")) lendingError("InvalidAccountInput", "Reserve collateral mint does not match the reserve collateral mint provided");
        if (supply === at("sourceLiquidity")) lendingError("InvalidAccountInput", "Reserve liquidity supply cannot be used as the source liquidity provided");
        if (key(r.collateralSupplyPubkey) === at("destinationCollateral")) lendingError("InvalidAccountInput", "Reserve collateral supply cannot be used as the destination collateral provided");
      } else {
        if (cMint !== at("reserveCollateralMint")) lendingError("InvalidAccountInput", "Reserve collateral mint does not match the reserve collateral mint provided");
        if (key(r.collateralSupplyPubkey) === at("sourceCollateral")) lendingError("InvalidAccountInput", "Reserve collateral supply cannot be used as the source collateral provided");
        if (supply !== at("reserveLiquiditySupply")) lendingError("InvalidAccountInput", "Reserve liquidity supply does not match the reserve liquidity supply provided");
        if (supply === at("destinationLiquidity")) lendingError("InvalidAccountInput", "Reserve liquidity supply cannot be used as the destination liquidity provided");
        if (!refreshed.get(host)?.has(at("reserve"))) lendingError("ReserveStale", "Reserve is stale and must be refreshed in the current slot");
      }
      const bump = Number(m.bumpSeed);
      let authority: string;
      try {
        // Pubkey::create_program_address([market, bump_seed], program_id), as the processor derives it.
        authority = PublicKey.createProgramAddressSync([new PublicKey(at("lendingMarket")).toBuffer(), Buffer.of(bump)], SOLEND_PRODUCTION_PROGRAM_ID).toBase58();
      } catch {
        throw new ProgramRefusal("InvalidSeeds", ["Program log: the market's bump seed gives no program address"]);
      }
      if (authority !== at("lendingMarketAuthority")) lendingError("InvalidMarketAuthority", "Derived lending market authority does not match the lending market authority provided");
      packBack("reserve");
      if (!deposit) packBack("lendingMarket"); // the market's rate limiter is updated and stored
      // Total liquidity = available + borrowed - protocol fees (Decimal wads); collateral rate = cToken supply / total.
      const total = big(r.liquidityAvailableAmount) + (big(r.liquidityBorrowedAmountWads) - big(r.accumulatedProtocolFeesWads)) / WAD;
      const cSupply = big(r.collateralMintTotalSupply);
      if (deposit) {
        const minted = total === 0n || cSupply === 0n ? amount : (amount * cSupply) / total;
        host.transfer(at("sourceLiquidity"), supply, at("transferAuthority"), amount);
        host.mintTo(cMint, at("destinationCollateral"), authority, minted);
        return ["Program log: Instruction: Deposit Reserve Liquidity", `Program log: minted ${minted} collateral for ${amount} liquidity`];
      }
      const paid = cSupply === 0n ? 0n : (amount * total) / cSupply;
      host.burn(at("sourceCollateral"), cMint, at("transferAuthority"), amount);
      host.transfer(supply, at("destinationLiquidity"), authority, paid);
      return ["Program log: Instruction: Redeem Reserve Collateral", `Program log: redeemed ${amount} collateral for ${paid} liquidity`];
    },
  };
}

export const saveProgram = saveModel();

// ---------- Save's accounts on the local chain ----------
// Save (Solend) Reserve accounts for the local Solana RPC, written with the protocol's own layout:
// @solendprotocol/solend-sdk 0.14.27 state/reserve.js `ReserveLayout` (the Rust Reserve pack order, 619 bytes), so the
// builder's offsets are checked against the SDK's, not against themselves. The account is served
// from `solanaAccounts` (getAccountInfo, base64).

interface BnLike {
  toString(base?: number): string;
}
interface BufferStruct {
  span: number;
  decode(b: Buffer): Record<string, unknown>;
  encode(v: Record<string, unknown>, b: Buffer): number;
}
type Bn = new (v: string) => BnLike;
type Key = new (v: string | Uint8Array) => KeyLike & { toBuffer(): Buffer };

export const SolendBN = sdk("bn.js") as Bn;
export const SolendPublicKey = (sdk("@solana/web3.js") as { PublicKey: Key }).PublicKey;
const ReserveStruct = (sdk("./state/reserve") as { ReserveLayout: BufferStruct }).ReserveLayout;

export interface SaveReserveFixture {
  lendingMarket?: string;
  liquidityMint?: string;
  liquiditySupply: string;
  collateralMint: string;
  collateralSupplyAccount: string;
  pythOracle: string;
  switchboardOracle: string;
  /** Absent: all zero, which the program reads as no extra oracle. */
  extraOracle?: string;
  available: bigint;
  borrowedWads: bigint;
  protocolFeesWads: bigint;
  collateralSupply: bigint;
}

const keyOf = (a: string) => new SolendPublicKey(a);
const bn = (v: bigint) => new SolendBN(v.toString());

/** A Reserve account encoded by the SDK's ReserveLayout (version 1; every field not given is zero). */
export function saveReserveAccount(f: SaveReserveFixture): Uint8Array {
  const v = ReserveStruct.decode(Buffer.alloc(ReserveStruct.span));
  Object.assign(v, {
    version: 1,
    lendingMarket: keyOf(f.lendingMarket ?? save.onchain.mainMarket ?? ""),
    liquidityMintPubkey: keyOf(f.liquidityMint ?? save.onchain.usdcMint ?? ""),
    liquidityMintDecimals: 6,
    liquiditySupplyPubkey: keyOf(f.liquiditySupply),
    liquidityPythOracle: keyOf(f.pythOracle),
    liquiditySwitchboardOracle: keyOf(f.switchboardOracle),
    liquidityAvailableAmount: bn(f.available),
    liquidityBorrowedAmountWads: bn(f.borrowedWads),
    liquidityCumulativeBorrowRateWads: bn(10n ** 18n),
    collateralMintPubkey: keyOf(f.collateralMint),
    collateralMintTotalSupply: bn(f.collateralSupply),
    collateralSupplyPubkey: keyOf(f.collateralSupplyAccount),
    accumulatedProtocolFeesWads: bn(f.protocolFeesWads),
    extraOracle: f.extraOracle ? keyOf(f.extraOracle) : new SolendPublicKey(new Uint8Array(32)),
  });
  const out = Buffer.alloc(ReserveStruct.span);
  ReserveStruct.encode(v, out);
  return out;
}

/** Save's USDC reserve (server/venues/save/descriptor.ts) on the local chain, owned by the Save program unless `owner` says otherwise. */
export function setSaveUsdc(v: SolanaAccounts, f: SaveReserveFixture, owner = save.onchain.program ?? ""): void {
  v.solanaAccounts.set(save.onchain.usdcReserve ?? "", { owner, data: saveReserveAccount(f) });
}

/**
 * Save's main lending market (server/venues/save/descriptor.ts) on the local chain as the SDK's LendingMarketLayout
 * encodes it (version 1, its bump seed, `owner`, the token program), owned by the Save program. Returns the market's
 * authority (the PDA of the market under the program), which the collateral mint names as its mint authority.
 */
export function setSaveMarket(v: SolanaAccounts, owner: string, tokenProgram: string): string {
  const { LendingMarketLayout } = sdk("./state/lendingMarket") as { LendingMarketLayout: Layout & { encode(v: unknown, b: Buffer): number } };
  const Key = sdk("@solana/web3.js").PublicKey as KeyClass & { findProgramAddressSync(s: Buffer[], p: unknown): [KeyLike, number] };
  const program = new Key(save.onchain.program ?? "");
  const [authority, bumpSeed] = Key.findProgramAddressSync([new Key(save.onchain.mainMarket ?? "").toBuffer()], program);
  const m = LendingMarketLayout.decode(Buffer.alloc(LendingMarketLayout.span));
  Object.assign(m, { version: 1, bumpSeed, owner: new Key(owner), tokenProgramId: new Key(tokenProgram) });
  const data = Buffer.alloc(LendingMarketLayout.span);
  LendingMarketLayout.encode(m, data);
  v.solanaAccounts.set(save.onchain.mainMarket ?? "", { owner: program.toBase58(), data });
  return authority.toBase58();
}

/** A fixture with distinct supply, mint and oracle accounts and the given balances. */
export function saveFixture(over: Partial<SaveReserveFixture> = {}): SaveReserveFixture {
  return {
    liquiditySupply: fixtureAddress("save-liquidity-supply"),
    collateralMint: fixtureAddress("save-collateral-mint"),
    collateralSupplyAccount: fixtureAddress("save-collateral-supply"),
    pythOracle: fixtureAddress("save-pyth"),
    switchboardOracle: fixtureAddress("save-switchboard"),
    available: 3_000_000_000n,
    borrowedWads: 0n,
    protocolFeesWads: 0n,
    collateralSupply: 2_000_000_000n,
    ...over,
  };
}

/**
 * A Save reserve given by its amounts only (the harvest reader's tests: tests/unit/ledger.test.ts): version 1 and the
 * available liquidity, borrowed wads, collateral supply and protocol-fee wads written at their offsets in the 619-byte
 * Reserve (those of the SDK's ReserveLayout above), the SDK's main market and USDC (or those given), every other byte zero. Served from the local chain's `saveReserves`.
 */
export interface SaveReserveState {
  owner: string;
  /** Default: the SDK's main market and Circle's USDC (lib/tokens.ts). */
  lendingMarket?: string;
  liquidityMint?: string;
  available: bigint;
  borrowedWads: bigint;
  collateralSupply: bigint;
  protocolFeesWads: bigint;
}

export function saveReserveAmounts(r: SaveReserveState): Uint8Array {
  const b = Buffer.alloc(619);
  b.writeUInt8(1, 0);
  new SolendPublicKey(r.lendingMarket ?? SAVE_MAIN_MARKET).toBuffer().copy(b, 10);
  new SolendPublicKey(r.liquidityMint ?? USDC["svm-chain"]).toBuffer().copy(b, 42);
  b.writeBigUInt64LE(r.available, 171);
  b.writeBigUInt64LE(r.borrowedWads & ((1n << 64n) - 1n), 179);
  b.writeBigUInt64LE(r.borrowedWads >> 64n, 187);
  b.writeBigUInt64LE(r.collateralSupply, 259);
  b.writeBigUInt64LE(r.protocolFeesWads & ((1n << 64n) - 1n), 373);
  b.writeBigUInt64LE(r.protocolFeesWads >> 64n, 381);
  return b;
}

/** Save's part of the local chain: the token-lending program. */
export const saveChain: SolanaVenueChain = { venue: "save", programs: [saveProgram] };
