// NAVI on the local Sui node: its lending package (the original, then two upgrades; calls go to the newest) and its
// oracle package with one upgrade, a Storage whose reserves Table<u8, ReserveData> holds each reserve as a
// `0x2::dynamic_field::Field<u8, ReserveData>` object (with its suppliers' entries and Storage.user_info), the other
// shared objects its entry functions take, its oracle (./navi-oracle.ts), and the abort of a withdraw or borrow whose
// collateral prices are stale, as its Move code raises it.
import { bcs } from "@mysten/sui/bcs";
import { navi } from "../../../../server/venues/navi/descriptor";
import { normalizeStructTag, normalizeSuiAddress } from "@mysten/sui/utils";
import { type CoinCallResult, type CoinCallSeen, type MoveAbortSeen, type MoveCallContext, type MoveEventSeen, type MoveCallSeen, type SuiObject, sameAddress, sameType } from "../world";
import { moveFixture, moveModuleSignatures, publishedAddress } from "../move-source";
import { abortIn, dynamicField, moveObject, noPrefix, type SuiVenueChain, u64Arg, X_PKG } from "./move";
import { type NaviOracleChainState, naviOracleObjects, naviUpdatePrice, PYTH_PACKAGE_VERSIONS, pythCoinCall, pythModules, pythMoveCall, refreshed } from "./navi-oracle";

export interface NaviReserveState {
  coinType: string;
  /** current_supply_index, ray (1e27). */
  supplyIndex: bigint;
  /** Scaled supply balances (9-decimal amounts ÷ index) by owner: entries of supply_balance.user_state. */
  suppliers?: Map<string, bigint>;
  /**
   * supply_cap_ceiling: the cap on the reserve's supply in 9-decimal amounts, times 1e27 (validation.move
   * validate_deposit compares it with (ray_mul(total_supply, index) + amount) × ray). Default: 1e9 USDC.
   */
  supplyCapCeiling?: bigint;
  /**
   * Owners whose supply entry stays but whose collaterals (Storage.user_info) no longer list this asset: a withdraw of
   * all of it, or one leaving at most NAVI_DUST behind (the dust rule, naviWithdrawWrites), removed it; a deposit puts
   * it back. Otherwise an owner's collaterals are the reserves its entry is above 0 in.
   */
  leftCollaterals?: Set<string>;
  /** treasury_balance, in 9-decimal amounts (unscaled): the dust rule adds the remainder it keeps. Default 0. */
  treasuryBalance?: bigint;
}

export interface NaviStorageState {
  /** Object id of Storage.reserves (Table<u8, ReserveData>). */
  reservesTable: string;
  reserves: Map<number, NaviReserveState>;
}

/** NAVI's part of the local chain's state. */
export interface NaviChainState extends NaviOracleChainState {
  /** Sui objects by id: a NAVI Storage. */
  naviStorages: Map<string, NaviStorageState>;
}

/** Test-only newest version of NAVI's lending package on the local chain (its versions: the original id, then these). */
export const NAVI_PREVIOUS_PACKAGE = `0x${"4b".repeat(32)}`;
export const NAVI_CURRENT_PACKAGE = `0x${"4c".repeat(32)}`;
/** The upgrade of NAVI's oracle package the local chain lists after the original (test-only id). */
export const NAVI_ORACLE_CURRENT_PACKAGE = `0x${"4d".repeat(32)}`;
/**
 * The package NAVI's types carry: the lending package's original id (a version the chain lists for it, as the
 * builders' type proofs require; which version first defined each module no cited source says).
 */
const NAVI_PKG = navi.onchain.lendingPackage ?? "";

/**
 * NAVI's price check as its Move code runs it on a withdraw or borrow (naviprotocol/navi-smart-contracts, commit
 * 473b0934235d6dc1357fa4309308167c6d175fd1): lending_core logic.move `execute_withdraw` asserts `is_health` after the
 * withdrawal, `user_health_factor` values every collateral of the user (`user_health_collateral_value` →
 * `user_collateral_value` → calculator.move `calculate_value`), and `calculate_value` aborts 1502
 * (error.move `invalid_price`) unless oracle.move `get_token_price` finds the price non-zero and at most
 * `update_interval` old at the Clock's time; a price id the oracle does not hold aborts 6011 in `get_token_price`
 * (oracle_error.move `non_existent_oracle`). Collaterals here: the reserves the sender's Storage.user_info lists
 * (naviCollateralOf).
 */
function naviMoveCallAbort(v: NaviChainState, call: MoveCallSeen, ctx: MoveCallContext): MoveAbortSeen | undefined {
  if (call.module === "oracle_pro" && call.function === "update_single_price_v2") return naviUpdatePrice(v, call, ctx);
  if (call.module === "pyth") return pythMoveCall(v, call, ctx);
  if (call.module !== "incentive_v3" || !/^(withdraw|borrow)/.test(call.function)) return undefined;
  for (const st of v.naviStorages.values()) {
    for (const [assetId, reserve] of st.reserves) {
      // The collaterals before this call: logic.move execute_withdraw checks the health (line 93) before it removes any.
      if (!naviCollateralOf(reserve).some((owner) => sameAddress(owner, ctx.sender))) continue;
      // The local Storage renders oracle_id = asset id (naviReserveData).
      const price = v.naviPriceOracle.prices.get(assetId);
      if (!price) {
        return { package: X_PKG, module: "oracle", functionName: "get_token_price", code: 6011n, description: `MoveAbort in ${X_PKG}::oracle::get_token_price, abort code: 6011` };
      }
      // A price update earlier in the same transaction stamped the Clock's time (naviUpdatePrice).
      const at = (ctx.scratch.get(refreshed(assetId)) as bigint | undefined) ?? price.timestampMs;
      if (price.value === 0n || ctx.clockMs - at > v.naviPriceOracle.updateIntervalMs) {
        return { package: call.package, module: "calculator", functionName: "calculate_value", code: 1502n, description: `MoveAbort in ${call.package}::calculator::calculate_value, abort code: 1502` };
      }
    }
  }
  return undefined;
}

function naviStorage(id: string, s: NaviStorageState) {
  return moveObject(
    id,
    `${NAVI_PKG}::storage::Storage`,
    {
      id: { id },
      version: "13",
      paused: false,
      reserves: { type: `0x2::table::Table<u8, ${NAVI_PKG}::storage::ReserveData>`, fields: { id: { id: s.reservesTable }, size: String(s.reserves.size) } },
      reserves_count: s.reserves.size,
      users: [],
      user_info: { type: `0x2::table::Table<address, ${NAVI_PKG}::storage::UserInfo>`, fields: { id: { id: NAVI_USER_INFO }, size: "0" } },
    },
    { kind: "shared", initialVersion: 8202844n },
  );
}

/**
 * The owners whose Storage.user_info collaterals list this reserve: those with a supply entry above 0 that no full
 * withdraw or dust rule has removed it for (leftCollaterals).
 */
const naviCollateralOf = (r: NaviReserveState): string[] =>
  [...(r.suppliers ?? [])].filter(([owner, scaled]) => scaled > 0n && !r.leftCollaterals?.has(owner)).map(([owner]) => owner);

/**
 * supply_balance.total_supply: the sum of the suppliers' scaled balances (storage.move increase_balance /
 * decrease_balance move it with each user's entry; the local reserve's suppliers are all it has).
 */
const naviTotalScaled = (r: NaviReserveState) => [...(r.suppliers ?? new Map<string, bigint>()).values()].reduce((a, b) => a + b, 0n);

/** Object id of a NAVI reserve's supply_balance.user_state table in this local chain. */
export const naviSupplyUserState = (assetId: number) => `0x${"c1".repeat(31)}${assetId.toString(16).padStart(2, "0")}`;

function naviReserveData(assetId: number, r: NaviReserveState) {
  const ray = (10n ** 27n).toString();
  const balance = (tableId: string, size: number, total = 0n) => ({
    type: `${NAVI_PKG}::storage::TokenBalance`,
    fields: { user_state: { type: "0x2::table::Table<address, u256>", fields: { id: { id: tableId }, size: String(size) } }, total_supply: total.toString() },
  });
  return {
    type: `${NAVI_PKG}::storage::ReserveData`,
    fields: {
      id: assetId,
      oracle_id: assetId,
      coin_type: noPrefix(r.coinType),
      is_isolated: false,
      supply_cap_ceiling: (r.supplyCapCeiling ?? DEFAULT_SUPPLY_CAP).toString(),
      borrow_cap_ceiling: "0",
      current_supply_rate: "0",
      current_borrow_rate: "0",
      current_supply_index: r.supplyIndex.toString(),
      current_borrow_index: ray,
      supply_balance: balance(naviSupplyUserState(assetId), r.suppliers?.size ?? 0, naviTotalScaled(r)),
      borrow_balance: balance(`0x${"c2".repeat(32)}`, 0),
      last_update_timestamp: "1760000000000",
      ltv: "0",
      treasury_factor: "0",
      treasury_balance: (r.treasuryBalance ?? 0n).toString(),
      borrow_rate_factors: { type: `${NAVI_PKG}::storage::BorrowRateFactors`, fields: { base_rate: "0", multiplier: "0", jump_rate_multiplier: "0", reserve_factor: "0", optimal_utilization: "0" } },
      liquidation_factors: { type: `${NAVI_PKG}::storage::LiquidationFactors`, fields: { ratio: "0", bonus: "0", threshold: "0" } },
      reserve_field_a: "0",
      reserve_field_b: "0",
      reserve_field_c: "0",
    },
  };
}

/** Object id of NAVI Storage.user_info (Table<address, UserInfo>) in this local chain. */
const NAVI_USER_INFO = `0x${"b1".repeat(32)}`;

/**
 * NAVI's objects on the local chain: with a Storage, the other shared objects its entry functions take (the USDC Pool,
 * the incentive objects, the oracle's, and the Sui system state (0x5, shared since genesis) its v2 withdraw takes);
 * each Storage, its reserves and their suppliers' entries, and Storage.user_info.
 */
function naviObjects(v: NaviChainState): SuiObject[] {
  const out: SuiObject[] = [];
  if (v.naviStorages.size > 0) {
    const o = navi.onchain;
    const shared = (id: string, type: string, initialVersion: bigint) => moveObject(id, type, { id: { id } }, { kind: "shared", initialVersion });
    out.push(shared(o.usdcPool ?? "", `${NAVI_PKG}::pool::Pool<${o.usdcCoinType}>`, 8202844n));
    out.push(shared(o.incentiveV2 ?? "", `${NAVI_PKG}::incentive_v2::Incentive`, 38232222n));
    out.push(shared(o.incentiveV3 ?? "", `${NAVI_PKG}::incentive_v3::Incentive`, 496060062n));
    out.push(...naviOracleObjects(v));
    out.push(shared("0x0000000000000000000000000000000000000000000000000000000000000005", "0x3::sui_system::SuiSystemState", 1n));
  }
  for (const [id, st] of v.naviStorages) out.push(...naviStorageObjects(id, st));
  return out;
}

/** A Storage, its reserves (ReserveData by u8), their suppliers' entries, and Storage.user_info. */
function naviStorageObjects(id: string, st: NaviStorageState): SuiObject[] {
  const out: SuiObject[] = [naviStorage(id, st)];
  for (const [assetId, reserve] of st.reserves) {
    out.push(dynamicField(st.reservesTable, "u8", bcs.u8().serialize(assetId).toBytes(), assetId, naviReserveData(assetId, reserve)));
    for (const [owner, scaled] of reserve.suppliers ?? []) {
      const value = { type: "u256", fields: scaled.toString() };
      out.push(dynamicField(naviSupplyUserState(assetId), "address", bcs.Address.serialize(owner).toBytes(), owner, value));
    }
  }
  // Storage.user_info: each supplier's collaterals (naviCollateralOf), no loans; an owner a withdraw removed every
  // collateral of keeps its entry, empty (storage.move remove_user_collaterals removes from the vector, not the entry).
  const collaterals = new Map<string, number[]>();
  for (const [assetId, reserve] of st.reserves) {
    for (const owner of reserve.leftCollaterals ?? []) collaterals.set(owner, collaterals.get(owner) ?? []);
    for (const owner of naviCollateralOf(reserve)) collaterals.set(owner, [...(collaterals.get(owner) ?? []), assetId]);
  }
  for (const [owner, assets] of collaterals) {
    const value = { type: `${NAVI_PKG}::storage::UserInfo`, fields: { collaterals: Buffer.from(assets).toString("base64"), loans: "" } };
    out.push(dynamicField(NAVI_USER_INFO, "address", bcs.Address.serialize(owner).toBytes(), owner, value));
  }
  return out;
}

const lending = navi.onchain.lendingPackage ?? "";
const oracle = navi.onchain.oraclePackage ?? "";

/**
 * The modules NAVI's plans call, parsed from naviprotocol/navi-smart-contracts @ 473b0934235d6dc1357fa4309308167c6d175fd1
 * lending_core/sources/incentive_v3.move and oracle/sources/oracle_pro.move, the packages' ids their Published.toml
 * `[published.mainnet] original-id` (tests/fixtures/navi/).
 */
const naviModules = () => {
  const mainnet = { publishedEnv: "mainnet" };
  const addresses = { lending_core: publishedAddress(moveFixture("navi", "lending_core.Published.toml"), mainnet), oracle: publishedAddress(moveFixture("navi", "oracle.Published.toml"), mainnet) };
  return [...["incentive_v3.move", "oracle_pro.move"].map((f) => moveModuleSignatures(moveFixture("navi", f), addresses)), ...pythModules()];
};

const RAY = 10n ** 27n;
/** NAVI's amounts have 9 decimals (pool.move normal_amount / unnormal_amount, convert_amount by powers of ten); USDC 6. */
const USDC_TO_NORMAL = 1000n;
/** The local reserves' supply cap unless a test sets one: 1e9 USDC in 9-decimal amounts, times 1e27. */
const DEFAULT_SUPPLY_CAP = 10n ** 9n * 10n ** 9n * RAY;

/**
 * NAVI's deposit and withdraw as its published source runs them (naviprotocol/navi-smart-contracts @
 * 473b0934235d6dc1357fa4309308167c6d175fd1, lending_core/sources):
 * - incentive_v3.move entry_deposit<T>(clock, storage, pool, asset, deposit_coin, amount, …) → lending.move deposit_coin
 *   → utils.move split_coin_to_balance: the coin (argument 4) is taken, `amount` of it goes into the Pool (a shared
 *   object: no address's balance) and the rest is transferred back to the sender; abort 46000 for a zero amount, 46001
 *   when the coin holds less (UTILS_AMOUNT_ZERO, UTILS_INSUFFICIENT_FUNDS). Nothing comes back: the supply is kept in
 *   Storage for the sender. Then lending.move base_deposit → logic.move execute_deposit: validation.move
 *   validate_deposit aborts 1505 (error.move invalid_coin_type) when T is not the reserve's coin type, and 1604
 *   (exceeded_maximum_deposit_cap) unless supply_cap_ceiling ≥ (ray_mul(total_supply, current_supply_index) +
 *   normal_amount) × ray; logic.move
 *   increase_supply_balance adds ray_math::ray_div(normal_amount(amount), current_supply_index) (half up) to the
 *   sender's entry of supply_balance.user_state and to its total_supply (storage.move increase_balance), and the asset
 *   joins the sender's collaterals (storage.move update_user_collaterals; the local Storage derives them from the entries).
 * - incentive_v3.move withdraw_v2<T>(clock, oracle, storage, pool, asset, amount, …) → lending.move base_withdraw_v2 →
 *   logic.move execute_withdraw: abort 1601 (error.move user_have_no_collateral) without a supply; validation.move
 *   validate_withdraw aborts 1505 for another coin type, 1503 (invalid_amount) for a zero amount and 1506
 *   (insufficient_balance) when the reserve's supply (ray_mul(total_supply, index)) is below the amount asked; pays
 *   actual = min(normal_amount(amount), user_collateral_balance) with user_collateral_balance = ray_mul(scaled,
 *   current_supply_index) (half up), back in the coin's decimals (pool.move unnormal_amount, floored): a `Balance<T>`;
 *   logic.move decrease_supply_balance takes ray_div(actual, index) off the sender's entry and the total, aborting 1506
 *   in storage.move decrease_balance when the entry holds less.
 * Executed, the calls write the entries (`writes`), which the readers read (server/venues/navi/read.ts). The local
 * reserve's index is as served (no interest model on the local chain: update_state_of_all leaves it). What the withdraw
 * does to the owner's collaterals and the treasury after paying: naviWithdrawWrites (execute_withdraw's dust rule).
 */
function naviCoinCall(v: NaviChainState, call: CoinCallSeen): CoinCallResult | undefined {
  const pyth = pythCoinCall(call);
  if (pyth) return pyth;
  if (!sameAddress(call.package, NAVI_PKG) || call.module !== "incentive_v3") return undefined;
  const [t] = call.typeArguments;
  if (!t) return undefined;
  const deposit = call.function === "entry_deposit";
  if (!deposit && call.function !== "withdraw_v2") return undefined;
  // entry_deposit(clock, storage, pool, asset, coin, amount, …); withdraw_v2(clock, oracle, storage, pool, asset, amount, …).
  const [storage, asset, amountArg] = deposit ? [call.args[1], call.args[3], call.args[5]] : [call.args[2], call.args[4], call.args[5]];
  const amount = u64Arg(amountArg);
  const st = storage && "object" in storage ? [...v.naviStorages].find(([id]) => sameAddress(id, storage.object))?.[1] : undefined;
  const assetId = asset && "pure" in asset && asset.pure.length === 1 ? (asset.pure[0] ?? -1) : -1;
  const reserve = st?.reserves.get(assetId);
  if (!reserve || amount === null) return undefined;
  const suppliers = reserve.suppliers ?? new Map<string, bigint>();
  const key = [...suppliers.keys()].find((owner) => sameAddress(owner, call.sender)) ?? normalizeSuiAddress(call.sender);
  const scaled = suppliers.get(key) ?? 0n;
  const deposited = (next: bigint) => () => {
    suppliers.set(key, next);
    reserve.suppliers = suppliers;
    // logic.move execute_deposit (lines 58-60): `if (!is_collateral(storage, asset, user))
    // storage::update_user_collaterals(storage, asset, user)` — a deposit lists the asset again.
    reserve.leftCollaterals?.delete(key);
  };
  if (deposit) {
    const coin = call.args[4];
    if (!coin || !("held" in coin) || coin.held.kind !== "coin") return undefined;
    if (amount === 0n) return abortIn(call.package, "utils", "split_coin", 46000n);
    if (coin.held.value < amount) return abortIn(call.package, "utils", "split_coin", 46001n);
    if (!sameType(reserve.coinType, t)) return abortIn(call.package, "validation", "validate_deposit", 1505n);
    const supplied = rayMul(naviTotalScaled(reserve), reserve.supplyIndex);
    if ((reserve.supplyCapCeiling ?? DEFAULT_SUPPLY_CAP) < (supplied + amount * USDC_TO_NORMAL) * RAY) return abortIn(call.package, "validation", "validate_deposit", 1604n);
    const rest = coin.held.value - amount;
    const added = rayDiv(amount * USDC_TO_NORMAL, reserve.supplyIndex);
    const emits = [naviEvent("DepositEvent", { reserve: assetId, sender: normalizeSuiAddress(call.sender), amount })];
    return { takes: [4], returns: [], toSender: rest > 0n ? [{ kind: "coin", coinType: coin.held.coinType, value: rest }] : [], emits, writes: deposited(scaled + added) };
  }
  const collateral = rayMul(scaled, reserve.supplyIndex);
  if (collateral === 0n) return abortIn(call.package, "logic", "execute_withdraw", 1601n);
  if (!sameType(reserve.coinType, t)) return abortIn(call.package, "validation", "validate_withdraw", 1505n);
  const normal = amount * USDC_TO_NORMAL;
  if (normal === 0n) return abortIn(call.package, "validation", "validate_withdraw", 1503n);
  if (rayMul(naviTotalScaled(reserve), reserve.supplyIndex) < normal) return abortIn(call.package, "validation", "validate_withdraw", 1506n);
  const actual = normal < collateral ? normal : collateral;
  const taken = rayDiv(actual, reserve.supplyIndex);
  if (taken > scaled) return abortIn(call.package, "storage", "decrease_supply_balance", 1506n);
  const paid = actual / USDC_TO_NORMAL;
  const emits = [naviEvent("WithdrawEvent", { reserve: assetId, sender: normalizeSuiAddress(call.sender), to: normalizeSuiAddress(call.sender), amount: paid })];
  return { takes: [], returns: [{ kind: "balance", coinType: normalizeStructTag(t), value: paid }], emits, writes: naviWithdrawWrites(reserve, key, scaled - taken, collateral, actual) };
}

/** The remainder execute_withdraw gives the treasury: at most 1000 in 9-decimal amounts (for USDC, one micro). */
export const NAVI_DUST = 1000n;

/**
 * What an executed withdraw writes (naviprotocol/navi-smart-contracts @ 473b0934235d6dc1357fa4309308167c6d175fd1
 * lending_core/sources/logic.move execute_withdraw, lines 90-110): the owner's entry loses ray_div(actual, index)
 * (decrease_supply_balance, line 92); then, with token_amount the owner's balance before (`collateral`):
 *   `if (actual_amount == token_amount) { if (is_collateral(..)) storage::remove_user_collaterals(..) }` (lines 95-100)
 *   `if (token_amount > actual_amount) { if (token_amount - actual_amount <= 1000) {
 *      storage::increase_treasury_balance(storage, asset, token_amount - actual_amount);
 *      if (is_collateral(..)) storage::remove_user_collaterals(..) } }` (lines 102-110).
 * storage.move increase_treasury_balance (lines 672-675) adds the unscaled remainder to reserve.treasury_balance;
 * remove_user_collaterals (lines 728-734) takes the asset out of Storage.user_info's collaterals vector. Neither
 * touches the owner's supply entry nor total_supply: the dust stays in the entry (user_collateral_balance still reads
 * it, so execute_withdraw's `> 0` assert, line 78, lets the owner withdraw it later) while the treasury counts it too.
 */
function naviWithdrawWrites(reserve: NaviReserveState, key: string, next: bigint, collateral: bigint, actual: bigint): () => void {
  return () => {
    const suppliers = reserve.suppliers ?? new Map<string, bigint>();
    suppliers.set(key, next);
    reserve.suppliers = suppliers;
    const rest = collateral - actual;
    if (rest > 0n && rest <= NAVI_DUST) reserve.treasuryBalance = (reserve.treasuryBalance ?? 0n) + rest;
    // Both branches: all of it withdrawn (rest 0) or dust left (rest ≤ 1000; rest never negative, actual = min(..)).
    if (rest <= NAVI_DUST) reserve.leftCollaterals = new Set([...(reserve.leftCollaterals ?? []), key]);
  };
}

/**
 * lending_core/sources/event.move (same commit): `DepositEvent { reserve: u8, sender: address, amount: u64, market_id:
 * u64 }` and `WithdrawEvent { reserve, sender, to, amount, market_id }`, emitted by lending.move base_deposit and
 * base_withdraw_v2 with the coin amount; market_id 0, the main market's. The local node types them with the lending
 * package's original id (which version first defined `event` no cited source says).
 */
function naviEvent(name: "DepositEvent" | "WithdrawEvent", f: { reserve: number; sender: string; to?: string; amount: bigint }): MoveEventSeen {
  const json = { reserve: f.reserve, sender: f.sender, ...(f.to ? { to: f.to } : {}), amount: f.amount.toString(), market_id: "0" };
  const bytes =
    f.to === undefined
      ? bcs.struct(name, { reserve: bcs.u8(), sender: bcs.Address, amount: bcs.u64(), market_id: bcs.u64() }).serialize({ reserve: f.reserve, sender: f.sender, amount: f.amount, market_id: 0n })
      : bcs.struct(name, { reserve: bcs.u8(), sender: bcs.Address, to: bcs.Address, amount: bcs.u64(), market_id: bcs.u64() }).serialize({ reserve: f.reserve, sender: f.sender, to: f.to, amount: f.amount, market_id: 0n });
  return { type: `${NAVI_PKG}::event::${name}`, bcs: bytes.toBytes(), json };
}

/** lending_core/sources/ray_math.move (same commit): ray_mul (a × b + RAY/2) / RAY, 0 when either is 0; ray_div (a × RAY + b/2) / b. */
const rayMul = (a: bigint, b: bigint) => (a === 0n || b === 0n ? 0n : (a * b + RAY / 2n) / RAY);
const rayDiv = (a: bigint, b: bigint) => (a * RAY + b / 2n) / b;

export const naviChain: SuiVenueChain<NaviChainState> = {
  venue: "navi",
  packageVersions: [
    [lending, [lending, NAVI_PREVIOUS_PACKAGE, NAVI_CURRENT_PACKAGE]],
    [oracle, [oracle, NAVI_ORACLE_CURRENT_PACKAGE]],
    // Pyth's and Wormhole's packages: a NAVI withdraw's Pyth push calls the upgrades their States' upgrade caps name.
    ...PYTH_PACKAGE_VERSIONS,
  ],
  upgradeCaps: [],
  objects: naviObjects,
  moveModules: naviModules(),
  coinCall: naviCoinCall,
  entryObjects: [],
  moveCallAbort: naviMoveCallAbort,
};
