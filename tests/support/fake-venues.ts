// Venue state of the local chain (tests/support/fake-rpc.ts) for the harvest readers added after Suilend, Save and
// Aave, answered in each chain's wire format:
// - Sui objects for the local gRPC node (testing/chains/sui/node.ts): a Scallop Market and a NAVI Storage (shared), and
//   their table entries (a `0x2::dynamic_field::Field<K, V>` object at the id the chain derives from the parent and
//   the key: Scallop's BalanceSheet keyed by TypeName, NAVI's ReserveData keyed by u8), in the node's JSON rendering.
// - Solana program accounts (`solanaAccounts`, answered by getAccountInfo through testing/chains/solana/rpc.ts), whose
//   encoders are the local chain's: testing/chains/solana/venues/<venue>.ts.
// - EVM `eth_getBlockByNumber` and `eth_call` of a Comet (Compound v3) that computes getUtilization and
//   getSupplyRate(uint256) as Comet.sol does, with ABI-encoded answers.
import { createHash } from "node:crypto";
import { bcs } from "@mysten/sui/bcs";
import { deriveDynamicFieldID } from "@mysten/sui/utils";
import { type MoveAbortSeen, type MoveCallContext, type MoveCallSeen, type SuiObject, sameAddress } from "../../testing/chains/sui/node";
import { CLOCK } from "../../testing/chains/sui/simulate";
import { parseAccumulatorMessage } from "./fake-hermes";
import type { JsonValue } from "@protobuf-ts/runtime";
import type { ChainAccount } from "../../testing/chains/solana/anchor-idl";
import { decodeFunctionData, encodeFunctionResult, parseAbi } from "viem";
import { navi } from "../../server/venues/navi/descriptor";
import { scallop } from "../../server/venues/scallop/descriptor";

// ---------- Sui ----------

export interface ScallopSheet {
  cash: bigint;
  debt: bigint;
  revenue: bigint;
  marketCoinSupply: bigint;
}

export interface ScallopMarketState {
  /** Object id of the market's vault.balance_sheets table (the dynamic fields' parent). */
  balanceSheetsTable: string;
  /** Balance sheets by coin type (with or without 0x). */
  sheets: Map<string, ScallopSheet>;
}

export interface NaviReserveState {
  coinType: string;
  /** current_supply_index, ray (1e27). */
  supplyIndex: bigint;
  /** Scaled supply balances (9-decimal amounts ÷ index) by owner: entries of supply_balance.user_state. */
  suppliers?: Map<string, bigint>;
}

export interface NaviStorageState {
  /** Object id of Storage.reserves (Table<u8, ReserveData>). */
  reservesTable: string;
  reserves: Map<number, NaviReserveState>;
}

/** NAVI's PriceOracle: `update_interval` (ms) and the price of each oracle id (oracle.move `PriceOracle`, `Price`). */
export interface NaviPriceOracleState {
  updateIntervalMs: bigint;
  prices: Map<number, { value: bigint; decimal: number; timestampMs: bigint }>;
}

/** A price source of a feed as the local chain holds it. */
export type NaviProvider = "PythOracleProvider" | "SwitchboardOracleProvider" | "SupraOracleProvider" | "";

/**
 * A PriceFeed of NAVI's OracleConfig (oracle/sources/config.move) with its provider configs
 * (oracle_provider.move OracleProviderConfig { provider, enable, pair_id }) and the source objects they name: a Pyth
 * PriceInfoObject (pair_id = the price identifier) and a Switchboard Aggregator (pair_id = its object id).
 */
export interface NaviFeedState {
  feed: string;
  oracleId: number;
  enabled: boolean;
  maxTimestampDiffMs: bigint;
  primary: NaviProvider;
  secondary: NaviProvider;
  pyth?: { priceIdentifier: string; priceInfo: string; publishMs: bigint };
  switchboard?: { aggregator: string; updatedMs: bigint };
  supra?: { pairId: number; updatedMs: bigint };
}

/** Time of the local node's Clock (ms). */
const CLOCK_MS = BigInt(String((CLOCK.json as { timestamp_ms: string }).timestamp_ms));

/**
 * A PriceOracle a keeper updated one second before the local Clock: USDC's price (oracle id 10, the id the local
 * Storage gives reserve 10) at 1.0 with 6 decimals; update_interval 30 s, `oracle_constants::default_update_interval()`
 * (naviprotocol/navi-smart-contracts oracle/sources/oracle_constants.move, commit 473b0934235d6dc1357fa4309308167c6d175fd1).
 */
export function freshNaviPrices(): NaviPriceOracleState {
  return { updateIntervalMs: 30_000n, prices: new Map([[10, { value: 1_000_000n, decimal: 6, timestampMs: CLOCK_MS - 1_000n }]]) };
}

/** A Switchboard Aggregator id of the local chain only (NAVI publishes none: docs/decisions.md, navi-oracle). */
export const NAVI_TEST_AGGREGATOR = `0x${"5b".repeat(32)}`;

/**
 * NAVI's USDC feed on the local chain: feed address, oracle id, Pyth price identifier and PriceInfoObject from navi-sdk
 * src/address.ts PriceFeedConfig.NUSDC (commit 2e0914a90330c8aeac51b7ded159bc8e0b5f6778), max_timestamp_diff 30 s
 * (NUSDC.maxTimestampDiff there); Pyth primary, Switchboard secondary with a local aggregator, both published one
 * second before the Clock.
 */
export function naviUsdcFeed(): NaviFeedState {
  return {
    feed: "0xe120611435395f144b4bcc4466a00b6b26d7a27318f96e148648852a9dd6b31c",
    oracleId: 10,
    enabled: true,
    maxTimestampDiffMs: 30_000n,
    primary: "PythOracleProvider",
    secondary: "SwitchboardOracleProvider",
    pyth: {
      priceIdentifier: "0xeaa020c61cc479712813461ce153894a96a6c00b21ed0cfc2798d1f9a9e9c94a",
      priceInfo: "0x5dec622733a204ca27f5a90d8c2fad453cc6665186fd5dff13a83d0b6c9027ab",
      publishMs: CLOCK_MS - 1_000n,
    },
    switchboard: { aggregator: NAVI_TEST_AGGREGATOR, updatedMs: CLOCK_MS - 1_000n },
  };
}

/** Scratch keys: the Pyth price updates the transaction's accumulator carries, and a PriceInfoObject's new publish time. */
const PYTH_PENDING = "pyth-pending";
const pythPublished = (priceInfo: string) => `pyth-price:${priceInfo.toLowerCase()}`;

/**
 * Pyth's push as its Sui contracts run it (pyth-crosschain target_chains/sui/contracts/sources/pyth.move, as found by
 * code search, commit not pinned): `create_authenticated_price_infos_using_accumulator` parses the accumulator message's
 * price feed messages (accumulator.move parse_price_feed_message) into a hot potato; `update_single_price_feed` finds the
 * PriceInfoObject's price identifier in it (else abort 5, E_PRICE_UPDATE_NOT_FOUND_FOR_PRICE_INFO_OBJECT) and keeps the
 * newer publish time; the PriceInfoObject then reads the new time for the rest of the transaction (scratch).
 * Not modelled: Wormhole's guardian signatures (`vaa::parse_and_verify` passes any version-1 VAA), the Merkle proofs,
 * the fee coin's value (it is an earlier result, not visible to the model), `hot_potato_vector::destroy`.
 */
function pythMoveCall(v: FakeVenues, call: MoveCallSeen, ctx: MoveCallContext): MoveAbortSeen | undefined {
  if (call.module !== "pyth") return undefined;
  if (call.function === "create_authenticated_price_infos_using_accumulator") {
    const bytes = call.args?.[1];
    const parsed = bytes && "pure" in bytes ? parseAccumulatorMessage(Uint8Array.from(bcs.vector(bcs.u8()).parse(bytes.pure))) : null;
    ctx.scratch.set(PYTH_PENDING, parsed ?? new Map<string, bigint>());
    return undefined;
  }
  if (call.function === "update_single_price_feed") {
    const objArg = call.args?.[2];
    const obj = objArg && "object" in objArg ? objArg.object : "";
    const held = v.naviOracleFeeds.find((f) => f.pyth && sameAddress(f.pyth.priceInfo, obj))?.pyth;
    const pending = ctx.scratch.get(PYTH_PENDING) as Map<string, bigint> | undefined;
    const at = held ? pending?.get(held.priceIdentifier.replace(/^0x/, "").toLowerCase()) : undefined;
    if (!held || at === undefined) {
      return { package: call.package, module: "pyth", functionName: "update_single_price_feed", code: 5n, description: `MoveAbort in ${call.package}::pyth::update_single_price_feed, abort code: 5` };
    }
    const before = (ctx.scratch.get(pythPublished(held.priceInfo)) as bigint | undefined) ?? held.publishMs;
    if (at * 1000n > before) ctx.scratch.set(pythPublished(held.priceInfo), at * 1000n);
  }
  return undefined;
}

/** Key in a simulation's scratch state: the time a price update in the same transaction wrote for an oracle id. */
const refreshed = (oracleId: number) => `navi-price:${oracleId}`;

/**
 * oracle_pro::update_single_price_v2 as oracle/sources/oracle_pro.move runs it (commit 473b0934): version and pause
 * checks aside, the feed must exist (config.move get_price_feed_mut, abort 6000 price_feed_not_found); a disabled feed
 * or an empty primary returns; each of primary and secondary is read with get_price_from_adaptor_v2, which asserts the
 * Pyth PriceInfoObject's identifier, or the Aggregator's id, equals the provider config's pair_id (abort 6007
 * pair_not_match); a source is fresh when younger than max_timestamp_diff (strategy.move is_oracle_price_fresh); with
 * no fresh source it returns without updating; otherwise oracle::update_price stamps the Clock's time on the oracle id.
 * Not modelled: the price-difference, range and history checks (the local sources all carry the PriceOracle's price).
 */
function naviUpdatePrice(v: FakeVenues, call: MoveCallSeen, ctx: MoveCallContext): MoveAbortSeen | undefined {
  const abort = (module: string, functionName: string, code: bigint) => ({ package: call.package, module, functionName, code, description: `MoveAbort in ${call.package}::${module}::${functionName}, abort code: ${code}` });
  const [, , , , pythArg, aggArg, feedArg] = call.args ?? [];
  const feedAddress = feedArg && "pure" in feedArg ? `0x${Buffer.from(feedArg.pure).toString("hex")}` : "";
  const f = v.naviOracleFeeds.find((x) => sameAddress(x.feed, feedAddress || "0x0"));
  if (!f) return abort("config", "get_price_feed_mut", 6000n);
  if (!f.enabled || f.primary === "") return undefined;
  const pythObject = pythArg && "object" in pythArg ? pythArg.object : "";
  const aggregator = aggArg && "object" in aggArg ? aggArg.object : "";
  const read = (p: NaviProvider): bigint | MoveAbortSeen | null => {
    if (p === "PythOracleProvider") {
      const held = v.naviOracleFeeds.find((x) => x.pyth && sameAddress(x.pyth.priceInfo, pythObject))?.pyth;
      if (!held || !f.pyth || !sameAddress(held.priceIdentifier, f.pyth.priceIdentifier)) return abort("oracle_pro", "get_price_from_adaptor_v2", 6007n);
      // A Pyth update earlier in the same transaction (pythMoveCall) is what the PriceInfoObject holds now.
      return (ctx.scratch.get(pythPublished(held.priceInfo)) as bigint | undefined) ?? held.publishMs;
    }
    if (p === "SwitchboardOracleProvider") {
      if (!f.switchboard || !sameAddress(f.switchboard.aggregator, aggregator)) return abort("oracle_pro", "get_price_from_adaptor_v2", 6007n);
      return f.switchboard.updatedMs;
    }
    if (p === "SupraOracleProvider") return f.supra?.updatedMs ?? 0n;
    return null;
  };
  let fresh = false;
  for (const p of [f.primary, f.secondary]) {
    const at = read(p);
    if (at !== null && typeof at === "object") return at;
    if (typeof at === "bigint" && ctx.clockMs >= at && ctx.clockMs - at < f.maxTimestampDiffMs) fresh = true;
  }
  if (fresh) ctx.scratch.set(refreshed(f.oracleId), ctx.clockMs);
  return undefined;
}

/**
 * NAVI's price check as its Move code runs it on a withdraw or borrow (naviprotocol/navi-smart-contracts, commit
 * 473b0934235d6dc1357fa4309308167c6d175fd1): lending_core logic.move `execute_withdraw` asserts `is_health` after the
 * withdrawal, `user_health_factor` values every collateral of the user (`user_health_collateral_value` →
 * `user_collateral_value` → calculator.move `calculate_value`), and `calculate_value` aborts 1502
 * (error.move `invalid_price`) unless oracle.move `get_token_price` finds the price non-zero and at most
 * `update_interval` old at the Clock's time; a price id the oracle does not hold aborts 6011 in `get_token_price`
 * (oracle_error.move `non_existent_oracle`). Collaterals here: every reserve the sender has a supply entry in.
 */
export function naviMoveCallAbort(v: FakeVenues, call: MoveCallSeen, ctx: MoveCallContext): MoveAbortSeen | undefined {
  if (call.module === "oracle_pro" && call.function === "update_single_price_v2") return naviUpdatePrice(v, call, ctx);
  if (call.module === "pyth") return pythMoveCall(v, call, ctx);
  if (call.module !== "incentive_v3" || !/^(withdraw|borrow)/.test(call.function)) return undefined;
  for (const st of v.naviStorages.values()) {
    for (const [assetId, reserve] of st.reserves) {
      const supplied = [...(reserve.suppliers ?? [])].some(([owner, scaled]) => scaled > 0n && sameAddress(owner, ctx.sender));
      if (!supplied) continue;
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

/** Scallop protocol package (server/venues/scallop/descriptor.ts), used in the Move type strings. */
const SCALLOP_PKG = "0xefe8b36d5b2e43728cc323298626b83177803521d195cfb11e15b910e892fddf";
/** A test-only package id for NAVI's type strings (the reader does not depend on it). */
const NAVI_PKG = `0x${"4e".repeat(32)}`;
const X_PKG = `0x${"77".repeat(32)}`;

const noPrefix = (t: string) => t.replace(/^0x/, "");

/**
 * The node's JSON rendering of a Move value written in the annotated `{ type, fields }` form used below (so each
 * struct's type stays beside its fields in this file): structs become plain objects, a UID `{ id: "0x…" }` its id.
 */
export function rendered(v: unknown): JsonValue {
  if (Array.isArray(v)) return v.map(rendered);
  if (v && typeof v === "object") {
    const o = v as Record<string, unknown>;
    const keys = Object.keys(o);
    if (keys.length === 2 && "type" in o && "fields" in o) return rendered(o.fields);
    if (keys.length === 1 && typeof o.id === "string") return o.id;
    return Object.fromEntries(keys.map((k) => [k, rendered(o[k])]));
  }
  return v as JsonValue;
}

function moveObject(id: string, type: string, fields: Record<string, unknown>, owner: SuiObject["owner"]): SuiObject {
  return { id, type, owner, version: 42n, json: rendered(fields) };
}

function scallopMarket(id: string, m: ScallopMarketState) {
  const sheetType = `${SCALLOP_PKG}::reserve::BalanceSheet`;
  const keys = [...m.sheets.keys()].map((k) => ({ type: "0x1::type_name::TypeName", fields: { name: noPrefix(k) } }));
  return moveObject(
    id,
    `${SCALLOP_PKG}::market::Market`,
    {
      id: { id },
      vault: {
        type: `${SCALLOP_PKG}::reserve::Reserve`,
        fields: {
          id: { id: `0x${"a1".repeat(32)}` },
          balance_sheets: {
            type: `${X_PKG}::wit_table::WitTable<${SCALLOP_PKG}::reserve::BalanceSheets, 0x1::type_name::TypeName, ${sheetType}>`,
            fields: {
              id: { id: `0x${"a2".repeat(32)}` },
              table: { type: `0x2::table::Table<0x1::type_name::TypeName, ${sheetType}>`, fields: { id: { id: m.balanceSheetsTable }, size: String(m.sheets.size) } },
              keys: { type: "0x2::vec_set::VecSet<0x1::type_name::TypeName>", fields: { contents: keys } },
              with_keys: true,
            },
          },
        },
      },
    },
    { kind: "shared", initialVersion: 7765848n },
  );
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

/** Object id of a NAVI reserve's supply_balance.user_state table in this local chain. */
export const naviSupplyUserState = (assetId: number) => `0x${"c1".repeat(31)}${assetId.toString(16).padStart(2, "0")}`;

function naviReserveData(assetId: number, r: NaviReserveState) {
  const ray = (10n ** 27n).toString();
  const balance = (tableId: string, size: number) => ({
    type: `${NAVI_PKG}::storage::TokenBalance`,
    fields: { user_state: { type: "0x2::table::Table<address, u256>", fields: { id: { id: tableId }, size: String(size) } }, total_supply: "0" },
  });
  return {
    type: `${NAVI_PKG}::storage::ReserveData`,
    fields: {
      id: assetId,
      oracle_id: assetId,
      coin_type: noPrefix(r.coinType),
      is_isolated: false,
      supply_cap_ceiling: "0",
      borrow_cap_ceiling: "0",
      current_supply_rate: "0",
      current_borrow_rate: "0",
      current_supply_index: r.supplyIndex.toString(),
      current_borrow_index: ray,
      supply_balance: balance(naviSupplyUserState(assetId), r.suppliers?.size ?? 0),
      borrow_balance: balance(`0x${"c2".repeat(32)}`, 0),
      last_update_timestamp: "1760000000000",
      ltv: "0",
      treasury_factor: "0",
      treasury_balance: "0",
      borrow_rate_factors: { type: `${NAVI_PKG}::storage::BorrowRateFactors`, fields: { base_rate: "0", multiplier: "0", jump_rate_multiplier: "0", reserve_factor: "0", optimal_utilization: "0" } },
      liquidation_factors: { type: `${NAVI_PKG}::storage::LiquidationFactors`, fields: { ratio: "0", bonus: "0", threshold: "0" } },
      reserve_field_a: "0",
      reserve_field_b: "0",
      reserve_field_c: "0",
    },
  };
}

/** A `0x2::dynamic_field::Field<K, V>` at the id the chain derives from its parent, key type and key BCS. */
function dynamicField(parent: string, keyType: string, keyBcs: Uint8Array, name: unknown, value: { type: string; fields: unknown }): SuiObject {
  const id = deriveDynamicFieldID(parent, keyType, keyBcs);
  const type = `0x2::dynamic_field::Field<${keyType}, ${value.type}>`;
  return moveObject(id, type, { id: { id }, name, value }, { kind: "object", address: parent });
}

/** Object id of NAVI Storage.user_info (Table<address, UserInfo>) in this local chain. */
const NAVI_USER_INFO = `0x${"b1".repeat(32)}`;
/** Test-only ids of this local chain: tables, and the packages of Pyth, Switchboard and Supra in type strings. */
const NAVI_PRICE_TABLE = `0x${"b2".repeat(32)}`;
const NAVI_FEEDS_TABLE = `0x${"b3".repeat(32)}`;
const naviProviderTable = (i: number) => `0x${"b4".repeat(31)}${i.toString(16).padStart(2, "0")}`;
const naviFeedUid = (i: number) => `0x${"b5".repeat(31)}${i.toString(16).padStart(2, "0")}`;
const PYTH_PRICE_TABLE = `0x${"b6".repeat(32)}`;
const PYTH_PKG = `0x${"8d".repeat(32)}`;
/**
 * Pyth's and Wormhole's packages on the local chain (test-only ids): the original (Pyth's types keep it) and the upgrade
 * each State's upgrade_cap.package names, where calls go (pyth-sui-js 2.2.0 getPackageId).
 */
export const PYTH_PACKAGE_VERSIONS: [string, string[]][] = [
  [PYTH_PKG, [PYTH_PKG, `0x${"8c".repeat(32)}`]],
  [`0x${"9a".repeat(32)}`, [`0x${"9a".repeat(32)}`, `0x${"9b".repeat(32)}`]],
];
export const PYTH_CURRENT_PACKAGE = `0x${"8c".repeat(32)}`;
export const WORMHOLE_CURRENT_PACKAGE = `0x${"9b".repeat(32)}`;
const WORMHOLE_PKG = `0x${"9a".repeat(32)}`;
const SWITCHBOARD_PKG = `0x${"8e".repeat(32)}`;
const SUPRA_PKG = `0x${"8f".repeat(32)}`;

/**
 * NAVI's oracle objects, in the node's JSON rendering of their Move structs: PriceOracle (oracle.move) with its
 * price_oracles table; OracleConfig (config.move) with its feeds table, each PriceFeed with its oracle_provider_configs
 * table (keys oracle_provider::OracleProvider { name }); Pyth's State with its "price_info" dynamic object field, a
 * Table<PriceIdentifier, ID> (pyth-crosschain target_chains/sui/contracts price_info.move, as @pythnetwork/pyth-sui-js
 * 2.2.0 reads it); the PriceInfoObjects and Aggregators the feeds name; Supra's OracleHolder.
 */
function naviOracleObjects(v: FakeVenues): SuiObject[] {
  const o = navi.onchain;
  const ORACLE = o.oraclePackage ?? "";
  const shared = (id: string, type: string, fields: Record<string, unknown>, initialVersion: bigint) => moveObject(id, type, { id: { id }, ...fields }, { kind: "shared", initialVersion });
  const table = (id: string, k: string, val: string, size: number) => ({ type: `0x2::table::Table<${k}, ${val}>`, fields: { id: { id }, size: String(size) } });
  const out: SuiObject[] = [];
  const p = v.naviPriceOracle;
  out.push(shared(o.priceOracle ?? "", `${ORACLE}::oracle::PriceOracle`, { version: "2", update_interval: p.updateIntervalMs.toString(), price_oracles: table(NAVI_PRICE_TABLE, "u8", `${ORACLE}::oracle::Price`, p.prices.size) }, 8202835n));
  for (const [id, price] of p.prices) {
    const value = { type: `${ORACLE}::oracle::Price`, fields: { value: price.value.toString(), decimal: price.decimal, timestamp: price.timestampMs.toString() } };
    out.push(dynamicField(NAVI_PRICE_TABLE, "u8", bcs.u8().serialize(id).toBytes(), id, value));
  }
  const feeds = v.naviOracleFeeds;
  const providerType = `${ORACLE}::oracle_provider::OracleProvider`;
  const provider = (name: string) => ({ type: providerType, fields: { name } });
  out.push(
    shared(o.oracleConfig ?? "", `${ORACLE}::config::OracleConfig`, { version: "2", paused: false, vec_feeds: feeds.map((f) => f.feed), feeds: table(NAVI_FEEDS_TABLE, "address", `${ORACLE}::config::PriceFeed`, feeds.length) }, 191138371n),
  );
  feeds.forEach((f, i) => {
    const configs: [string, Uint8Array][] = [];
    if (f.pyth) configs.push(["PythOracleProvider", Buffer.from(f.pyth.priceIdentifier.slice(2), "hex")]);
    if (f.switchboard) configs.push(["SwitchboardOracleProvider", bcs.Address.serialize(f.switchboard.aggregator).toBytes()]);
    if (f.supra) configs.push(["SupraOracleProvider", bcs.u32().serialize(f.supra.pairId).toBytes()]);
    const value = {
      type: `${ORACLE}::config::PriceFeed`,
      fields: {
        id: { id: naviFeedUid(i) },
        enable: f.enabled,
        max_timestamp_diff: f.maxTimestampDiffMs.toString(),
        price_diff_threshold1: "80",
        price_diff_threshold2: "150",
        max_duration_within_thresholds: "30000",
        diff_threshold2_timer: "0",
        maximum_allowed_span_percentage: "700",
        maximum_effective_price: "2000000",
        minimum_effective_price: "100000",
        oracle_id: f.oracleId,
        coin_type: "",
        primary: provider(f.primary),
        secondary: provider(f.secondary),
        oracle_provider_configs: table(naviProviderTable(i), providerType, `${ORACLE}::oracle_provider::OracleProviderConfig`, configs.length),
        historical_price_ttl: "300000",
        history: { type: `${ORACLE}::config::History`, fields: { price: "1000000", updated_time: "0" } },
      },
    };
    out.push(dynamicField(NAVI_FEEDS_TABLE, "address", bcs.Address.serialize(f.feed).toBytes(), f.feed, value));
    for (const [name, pair] of configs) {
      const key = bcs.struct("OracleProvider", { name: bcs.string() }).serialize({ name }).toBytes();
      const cfg = { type: `${ORACLE}::oracle_provider::OracleProviderConfig`, fields: { provider: provider(name), enable: true, pair_id: Buffer.from(pair).toString("base64") } };
      out.push(dynamicField(naviProviderTable(i), providerType, key, provider(name), cfg));
    }
  });
  // Pyth: State → dynamic object field "price_info" → Table<PriceIdentifier, ID> → each PriceInfoObject.
  const pythState = o.pythState ?? "";
  const idType = `${PYTH_PKG}::price_identifier::PriceIdentifier`;
  // upgrade_cap as the node renders pyth::state::State's UpgradeCap (flat: id, package, version, policy).
  const upgradeCap = (id: string, pkg: string) => ({ id, package: pkg, version: "2", policy: 0 });
  out.push(shared(pythState, `${PYTH_PKG}::state::State`, { base_update_fee: "1", upgrade_cap: upgradeCap(`0x${"8b".repeat(32)}`, PYTH_CURRENT_PACKAGE) }, 64n));
  out.push(shared(o.wormholeState ?? "", `${WORMHOLE_PKG}::state::State`, { upgrade_cap: upgradeCap(`0x${"9c".repeat(32)}`, WORMHOLE_CURRENT_PACKAGE), message_fee: "0" }, 64n));
  const wrapper = "0x2::dynamic_object_field::Wrapper<vector<u8>>";
  const key = bcs.vector(bcs.u8()).serialize(new TextEncoder().encode("price_info")).toBytes();
  out.push(dynamicField(pythState, wrapper, key, { type: wrapper, fields: { name: Buffer.from("price_info").toString("base64") } }, { type: "0x2::object::ID", fields: PYTH_PRICE_TABLE }));
  const pythFeeds = feeds.flatMap((f) => (f.pyth ? [f.pyth] : []));
  out.push(moveObject(PYTH_PRICE_TABLE, `0x2::table::Table<${idType}, 0x2::object::ID>`, { id: { id: PYTH_PRICE_TABLE }, size: String(pythFeeds.length) }, { kind: "object", address: pythState }));
  for (const py of pythFeeds) {
    const bytes = Buffer.from(py.priceIdentifier.slice(2), "hex");
    const k = bcs.struct("PriceIdentifier", { bytes: bcs.vector(bcs.u8()) }).serialize({ bytes }).toBytes();
    out.push(dynamicField(PYTH_PRICE_TABLE, idType, k, { type: idType, fields: { bytes: bytes.toString("base64") } }, { type: "0x2::object::ID", fields: py.priceInfo }));
    const price = (ts: bigint) => ({ price: { negative: false, magnitude: "100000000" }, conf: "10000", expo: { negative: true, magnitude: "8" }, timestamp: (ts / 1000n).toString() });
    out.push(
      shared(
        py.priceInfo,
        `${PYTH_PKG}::price_info::PriceInfoObject`,
        { price_info: { attestation_time: (py.publishMs / 1000n).toString(), arrival_time: (py.publishMs / 1000n).toString(), price_feed: { price_identifier: { bytes: bytes.toString("base64") }, price: price(py.publishMs), ema_price: price(py.publishMs) } } },
        8202840n,
      ),
    );
  }
  for (const f of feeds) {
    if (!f.switchboard) continue;
    const at = f.switchboard.updatedMs.toString();
    out.push(shared(f.switchboard.aggregator, `${SWITCHBOARD_PKG}::aggregator::Aggregator`, { current_result: { result: { value: "1000000000000000000", neg: false }, timestamp_ms: at } }, 400000000n));
  }
  out.push(shared(o.supraOracleHolder ?? "", `${SUPRA_PKG}::SupraSValueFeed::OracleHolder`, {}, 5963053n));
  return out;
}

const typeNameBcs = (name: string) => bcs.struct("TypeName", { name: bcs.string() }).serialize({ name }).toBytes();

/** The Sui venue objects of the local chain, by id (markets, storages and their table entries). */
export function suiVenueObjects(v: FakeVenues): SuiObject[] {
  const out: SuiObject[] = [];
  // Scallop's Version object (shared; every protocol call takes it), present with the market.
  if (v.scallopMarkets.size > 0) {
    const id = scallop.onchain.version ?? "";
    out.push(moveObject(id, `${SCALLOP_PKG}::version::Version`, { id: { id }, value: "9" }, { kind: "shared", initialVersion: 7765848n }));
  }
  for (const [id, m] of v.scallopMarkets) {
    out.push(scallopMarket(id, m));
    for (const [coinType, sheet] of m.sheets) {
      const key = noPrefix(coinType);
      const value = {
        type: `${SCALLOP_PKG}::reserve::BalanceSheet`,
        fields: { cash: sheet.cash.toString(), debt: sheet.debt.toString(), revenue: sheet.revenue.toString(), market_coin_supply: sheet.marketCoinSupply.toString() },
      };
      out.push(dynamicField(m.balanceSheetsTable, "0x1::type_name::TypeName", typeNameBcs(key), { type: "0x1::type_name::TypeName", fields: { name: key } }, value));
    }
  }
  // The other shared objects NAVI's entry functions take, present with its Storage: the USDC Pool, the incentive
  // objects, the PriceOracle, and the Sui system state (0x5, shared since genesis) its v2 withdraw takes.
  if (v.naviStorages.size > 0) {
    const o = navi.onchain;
    const shared = (id: string, type: string, initialVersion: bigint) => moveObject(id, type, { id: { id } }, { kind: "shared", initialVersion });
    out.push(shared(o.usdcPool ?? "", `${NAVI_PKG}::pool::Pool<${o.usdcCoinType}>`, 8202844n));
    out.push(shared(o.incentiveV2 ?? "", `${NAVI_PKG}::incentive_v2::Incentive`, 38232222n));
    out.push(shared(o.incentiveV3 ?? "", `${NAVI_PKG}::incentive_v3::Incentive`, 496060062n));
    out.push(...naviOracleObjects(v));
    out.push(shared("0x0000000000000000000000000000000000000000000000000000000000000005", "0x3::sui_system::SuiSystemState", 1n));
  }
  for (const [id, st] of v.naviStorages) {
    out.push(naviStorage(id, st));
    for (const [assetId, reserve] of st.reserves) {
      out.push(dynamicField(st.reservesTable, "u8", bcs.u8().serialize(assetId).toBytes(), assetId, naviReserveData(assetId, reserve)));
      for (const [owner, scaled] of reserve.suppliers ?? []) {
        const value = { type: "u256", fields: scaled.toString() };
        out.push(dynamicField(naviSupplyUserState(assetId), "address", bcs.Address.serialize(owner).toBytes(), owner, value));
      }
    }
    // Storage.user_info: each supplier's collaterals (the reserves it has a supply entry in), no loans.
    const collaterals = new Map<string, number[]>();
    for (const [assetId, reserve] of st.reserves) {
      for (const [owner, scaled] of reserve.suppliers ?? []) {
        if (scaled > 0n) collaterals.set(owner, [...(collaterals.get(owner) ?? []), assetId]);
      }
    }
    for (const [owner, assets] of collaterals) {
      const value = { type: `${NAVI_PKG}::storage::UserInfo`, fields: { collaterals: Buffer.from(assets).toString("base64"), loans: "" } };
      out.push(dynamicField(NAVI_USER_INFO, "address", bcs.Address.serialize(owner).toBytes(), owner, value));
    }
  }
  return out;
}

// ---------- Solana ----------
// The Solana venues' accounts are the local chain's: testing/chains/solana/venues/<venue>.ts. Re-exported here for the
// SDK-oracle tests that still import them from this file.
export type SolanaAccount = ChainAccount;
export { jupiterLendingAccount } from "../../testing/chains/solana/venues/jupiter-lend";
export { KAMINO_CUSDC_MINT, KAMINO_USDC_SUPPLY_VAULT, kaminoReserveAccount } from "../../testing/chains/solana/venues/kamino";

// ---------- EVM ----------

export interface CometState {
  baseSupplyIndex: bigint;
  baseBorrowIndex: bigint;
  totalSupplyBase: bigint;
  totalBorrowBase: bigint;
  lastAccrualTime: bigint;
  /** Per-second supply rate model (FACTOR_SCALE 1e18), as Comet's constructor stores it. */
  supplyKink: bigint;
  supplyRateBase: bigint;
  supplySlopeLow: bigint;
  supplySlopeHigh: bigint;
  /** balanceOf(account) answers (lower-case address → micro-USDC supplied); an account not here has 0. */
  supplied?: Map<string, bigint>;
}

const COMET = parseAbi([
  "struct TotalsBasic { uint64 baseSupplyIndex; uint64 baseBorrowIndex; uint64 trackingSupplyIndex; uint64 trackingBorrowIndex; uint104 totalSupplyBase; uint104 totalBorrowBase; uint40 lastAccrualTime; uint8 pauseFlags; }",
  "function totalsBasic() view returns (TotalsBasic)",
  "function getUtilization() view returns (uint256)",
  "function getSupplyRate(uint256 utilization) view returns (uint64)",
  "function balanceOf(address account) view returns (uint256)",
]);
const FACTOR = 10n ** 18n;
const BASE_INDEX_SCALE = 10n ** 15n;

/** Comet.getUtilization(): borrow / supply at the stored (unaccrued) indices, 1e18 scale. */
export function cometUtilization(c: CometState): bigint {
  const supply = (c.totalSupplyBase * c.baseSupplyIndex) / BASE_INDEX_SCALE;
  const borrow = (c.totalBorrowBase * c.baseBorrowIndex) / BASE_INDEX_SCALE;
  return supply === 0n ? 0n : (borrow * FACTOR) / supply;
}

/** Comet.getSupplyRate(utilization). */
export function cometSupplyRate(c: CometState, u: bigint): bigint {
  if (u <= c.supplyKink) return c.supplyRateBase + (c.supplySlopeLow * u) / FACTOR;
  return c.supplyRateBase + (c.supplySlopeLow * c.supplyKink) / FACTOR + (c.supplySlopeHigh * (u - c.supplyKink)) / FACTOR;
}

// ---------- state and answers ----------

export interface FakeVenues {
  /** Sui objects by id: a Scallop Market. */
  scallopMarkets: Map<string, ScallopMarketState>;
  /** Sui objects by id: a NAVI Storage. */
  naviStorages: Map<string, NaviStorageState>;
  /** NAVI's PriceOracle (the object at navi.onchain.priceOracle): what a withdraw's health check reads. */
  naviPriceOracle: NaviPriceOracleState;
  /** NAVI's OracleConfig feeds (oracle.onchain.oracleConfig), in vec_feeds order, and the sources they name. */
  naviOracleFeeds: NaviFeedState[];
  /** Solana program accounts by address (raw data). */
  solanaAccounts: Map<string, SolanaAccount>;
  /** Comets by address (lower-case). */
  comets: Map<string, CometState>;
  /** The EVM head block (`latest`). */
  evmBlock: { number: bigint; timestamp: bigint };
  /** Block tag of every eth_call answered for a Comet. */
  cometCallBlocks: string[];
}

export function fakeVenues(): FakeVenues {
  return {
    scallopMarkets: new Map(),
    naviStorages: new Map(),
    naviPriceOracle: freshNaviPrices(),
    naviOracleFeeds: [naviUsdcFeed()],
    solanaAccounts: new Map(),
    comets: new Map(),
    evmBlock: { number: 30_000_000n, timestamp: 1_760_000_000n },
    cometCallBlocks: [],
  };
}

const hex = (v: bigint) => `0x${v.toString(16)}`;
const NOT_MINE = Symbol("not a venue request");
export const notMine = NOT_MINE;

/** The answer for a venue request, or `notMine` when another part of the local chain answers it. */
export function answerVenue(v: FakeVenues, method: string, params: unknown[]): unknown {
  switch (method) {
    case "eth_getBlockByNumber": {
      const b = v.evmBlock;
      return {
        number: hex(b.number),
        hash: `0x${createHash("sha256").update(`block${b.number}`).digest("hex")}`,
        parentHash: `0x${"0".repeat(63)}1`,
        nonce: "0x0000000000000000",
        sha3Uncles: "0x1dcc4de8dec75d7aab85b567b6ccd41ad312451b948a7413f0a142fd40d49347",
        logsBloom: `0x${"0".repeat(512)}`,
        transactionsRoot: `0x${"0".repeat(64)}`,
        stateRoot: `0x${"0".repeat(64)}`,
        receiptsRoot: `0x${"0".repeat(64)}`,
        miner: "0x4200000000000000000000000000000000000011",
        difficulty: "0x0",
        totalDifficulty: "0x1",
        extraData: "0x",
        size: "0x300",
        gasLimit: "0x8f0d180",
        gasUsed: "0x0",
        timestamp: hex(b.timestamp),
        baseFeePerGas: "0xf4240",
        mixHash: `0x${"0".repeat(64)}`,
        transactions: [],
        uncles: [],
      };
    }
    case "eth_call": {
      const [call, block] = params as [{ to: string; data?: string; input?: string }, string | undefined];
      const comet = v.comets.get(call.to.toLowerCase());
      if (!comet) return NOT_MINE;
      v.cometCallBlocks.push(block ?? "latest");
      const { functionName, args } = decodeFunctionData({ abi: COMET, data: (call.data ?? call.input ?? "0x") as `0x${string}` });
      if (functionName === "totalsBasic") {
        return encodeFunctionResult({
          abi: COMET,
          functionName,
          result: {
            baseSupplyIndex: comet.baseSupplyIndex,
            baseBorrowIndex: comet.baseBorrowIndex,
            trackingSupplyIndex: 0n,
            trackingBorrowIndex: 0n,
            totalSupplyBase: comet.totalSupplyBase,
            totalBorrowBase: comet.totalBorrowBase,
            lastAccrualTime: Number(comet.lastAccrualTime),
            pauseFlags: 0,
          },
        });
      }
      if (functionName === "getUtilization") return encodeFunctionResult({ abi: COMET, functionName, result: cometUtilization(comet) });
      if (functionName === "balanceOf") {
        const [account] = args as readonly [string];
        return encodeFunctionResult({ abi: COMET, functionName, result: comet.supplied?.get(account.toLowerCase()) ?? 0n });
      }
      return encodeFunctionResult({ abi: COMET, functionName, result: cometSupplyRate(comet, (args as readonly [bigint])[0]) });
    }
    default:
      return NOT_MINE;
  }
}

// ---------- the registry's venues on the local chain ----------

/** Scallop's market (server/venues/scallop/descriptor.ts) with one USDC balance sheet: rate = (cash + debt) / market coins. */
export function setScallopUsdc(v: FakeVenues, sheet: { cash: bigint; debt?: bigint; marketCoinSupply: bigint }): void {
  v.scallopMarkets.set(scallop.onchain.market ?? "", {
    balanceSheetsTable: `0x${"5c".repeat(32)}`,
    sheets: new Map([[scallop.onchain.usdcCoinType ?? "", { cash: sheet.cash, debt: sheet.debt ?? 0n, revenue: 0n, marketCoinSupply: sheet.marketCoinSupply }]]),
  });
}
