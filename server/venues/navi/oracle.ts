// NAVI's oracle state at plan time, read from the chain: which prices a withdraw's health check reads, how old they are,
// and the objects `oracle_pro::update_single_price_v2` needs to refresh them, each read where NAVI's own code keeps it.
// Sources (naviprotocol/navi-smart-contracts, commit 473b0934235d6dc1357fa4309308167c6d175fd1):
//   lending_core/sources/storage.move — Storage.user_info: Table<address, UserInfo { collaterals: vector<u8>,
//     loans: vector<u8> }>; ReserveData.oracle_id. logic.move `user_health_factor` values every collateral and loan of
//     the user with calculator.move `calculate_value`, which aborts 1502 when oracle.move `get_token_price` finds the
//     price zero or older than PriceOracle.update_interval (PriceOracle { update_interval, price_oracles: Table<u8,
//     Price { value, decimal, timestamp }> }).
//   oracle/sources/config.move — OracleConfig { vec_feeds: vector<address>, feeds: Table<address, PriceFeed> };
//     PriceFeed { enable, max_timestamp_diff, oracle_id, primary: OracleProvider, secondary: OracleProvider,
//     oracle_provider_configs: Table<OracleProvider, OracleProviderConfig { provider, enable, pair_id }> }.
//   oracle/sources/oracle_provider.move — OracleProvider { name }: "PythOracleProvider", "SwitchboardOracleProvider",
//     "SupraOracleProvider".
//   oracle/sources/oracle_pro.move `get_price_from_adaptor_v2` — for a Pyth provider it asserts the PriceInfoObject's
//     price identifier equals the config's pair_id; for a Switchboard provider it asserts the Aggregator's object id
//     equals the config's pair_id (abort pair_not_match). So the Switchboard Aggregator of a feed that uses Switchboard
//     is on chain: its provider config's pair_id. A feed whose primary and secondary are not Switchboard never reads
//     the Aggregator argument (only its type is checked), and NAVI's SDK passes one aggregator for every feed
//     (@naviprotocol/lending 1.4.6 updateOraclePricesPTB, config.oracle.switchboardAggregator).
//   Pyth's PriceInfoObject of a price identifier: Pyth's State keeps a dynamic object field "price_info", a
//     Table<PriceIdentifier, ID> (how @pythnetwork/pyth-sui-js 2.2.0 lib/client.js getPriceFeedObjectId reads it);
//     the PriceInfoObject's price_info.price_feed.price.timestamp is its publish time in seconds (adaptor_pyth.move
//     multiplies it by 1000).
import { bcs } from "@mysten/sui/bcs";
import { deriveDynamicFieldID, normalizeSuiAddress } from "@mysten/sui/utils";
import { navi } from "./descriptor";
import { fieldsOf, readObjectJson, u, uidOf } from "../../chains/sui/fields";
import { type Early, type Got, lastIds, readEarly, readMany as readObjects, rememberIds, warmed } from "./prefetch";

const ids = navi.onchain as Record<string, string>;

export const PYTH_PROVIDER = "PythOracleProvider";
export const SWITCHBOARD_PROVIDER = "SwitchboardOracleProvider";
export const SUPRA_PROVIDER = "SupraOracleProvider";

/** The Move type tag of oracle_provider::OracleProvider (types keep the oracle package's original id). */
export const oracleProviderType = () => `${normalizeSuiAddress(ids.oraclePackage ?? "")}::oracle_provider::OracleProvider`;
export const oracleProviderKey = (name: string) => bcs.struct("OracleProvider", { name: bcs.string() }).serialize({ name }).toBytes();
/** Key of Pyth State's "price_info" dynamic object field. */
export const PYTH_PRICE_INFO_KEY = { type: "0x2::dynamic_object_field::Wrapper<vector<u8>>", bcs: bcs.vector(bcs.u8()).serialize(new TextEncoder().encode("price_info")).toBytes() };

export interface NaviFeedState {
  feed: string;
  oracleId: number;
  enabled: boolean;
  maxTimestampDiffMs: bigint;
  primary: string;
  secondary: string;
  /** The feed's Pyth price identifier (hex), its PriceInfoObject and that object's publish time (ms). */
  pyth?: { priceId: string; priceInfo: string; publishMs: bigint };
  /** The Aggregator its Switchboard provider config names, and that aggregator's last result time (ms). */
  switchboard?: { aggregator: string; updatedMs: bigint | null };
}

export interface NaviOracleState {
  clockMs: bigint;
  updateIntervalMs: bigint;
  /** Oracle ids the owner's health check reads after the withdrawal (collaterals, loans, the withdrawn asset), ascending. */
  oracleIds: number[];
  /** PriceOracle entries of those ids (absent: the oracle holds none). */
  prices: Map<number, { value: bigint; timestampMs: bigint }>;
  /** The enabled feed of each of those ids, in OracleConfig.vec_feeds order. */
  feeds: Map<number, NaviFeedState>;
  /** An Aggregator named by any feed's Switchboard config (for feeds that do not read it), or null when none does. */
  anyAggregator: string | null;
  /** A PriceInfoObject named by any of the needed feeds' Pyth configs (for feeds that do not read it). */
  anyPriceInfo: string | null;
}

const field = (parent: string, type: string, key: Uint8Array) => deriveDynamicFieldID(parent, type, key);
const addressKey = (a: string) => bcs.Address.serialize(a).toBytes();
const bytesOf = (v: unknown): Uint8Array => {
  if (typeof v === "string") return Uint8Array.from(Buffer.from(v, "base64"));
  if (Array.isArray(v)) return Uint8Array.from(v.map(Number));
  throw new Error("expected vector<u8>");
};
const hex = (b: Uint8Array) => `0x${Buffer.from(b).toString("hex")}`;
const nameOf = (v: unknown) => String(fieldsOf(v).name ?? "");

/**
 * The walk's first step (Storage, PriceOracle, OracleConfig, Pyth State's price_info field) with the ids this walk
 * asked last time (and the owner's entry in the user-info table seen then) asked beside it (./prefetch.ts), and the
 * reader of its later steps: each early answer used only where this read's own data leads to its id.
 */
async function startWalk(owner: string, signal: AbortSignal) {
  // Before this process's first walk: the start-up warm-up's ids, when it is still walking (./warmup.ts).
  if (lastIds("oracle").length === 0) await warmed(signal);
  const [lastUserTable] = lastIds("oracle-user-table");
  const earlyRead = readEarly([...lastIds("oracle"), ...(lastUserTable ? [field(lastUserTable, "address", addressKey(owner))] : [])], signal);
  const roots = await readObjects(
    [ids.storage ?? "", ids.priceOracle ?? "", ids.oracleConfig ?? "", field(ids.pythState ?? "", PYTH_PRICE_INFO_KEY.type, PYTH_PRICE_INFO_KEY.bcs)],
    signal,
  );
  const early: Early = await earlyRead;
  const asked: string[] = [];
  const readMany = (objectIds: string[], s: AbortSignal): Promise<(Got | undefined)[]> => {
    asked.push(...objectIds);
    return readObjects(objectIds, s, early);
  };
  return { roots, readMany, asked };
}

/** The PriceOracle's entries of `oracleIds` (in that order; absent where the oracle holds none). */
function pricesOf(entries: (Got | undefined)[], oracleIds: number[]): Map<number, { value: bigint; timestampMs: bigint }> {
  const prices = new Map<number, { value: bigint; timestampMs: bigint }>();
  entries.forEach((e, i) => {
    const id = oracleIds[i];
    if (e && id !== undefined) {
      const p = fieldsOf(e.value);
      prices.set(id, { value: u(p.value), timestampMs: u(p.timestamp) });
    }
  });
  return prices;
}

/**
 * NAVI's oracle state for a withdrawal by `owner` of reserve `assetId`. `onPythIds` is told the Pyth price identifiers
 * (hex) of the feeds the health check reads as soon as they are known, before their objects are read.
 */
export async function readNaviOracleState(owner: string, assetId: number, signal: AbortSignal, onPythIds?: (priceIds: string[]) => void): Promise<NaviOracleState> {
  const clockJson = readObjectJson("0x6", signal);
  // Awaited below; a walk that fails before then must not leave its rejection unhandled.
  clockJson.catch(() => undefined);
  const { roots, readMany, asked } = await startWalk(owner, signal);
  const [storage, oracle, config, pythField] = roots;
  if (!storage || !oracle || !config) throw new Error("NAVI's Storage, PriceOracle or OracleConfig is not on chain");
  const clockMs = u((await clockJson).timestamp_ms);
  const userInfoTable = uidOf(fieldsOf(storage.user_info).id);
  const ownerInfo = field(userInfoTable, "address", addressKey(owner));
  const reservesTable = uidOf(fieldsOf(storage.reserves).id);
  const feedsTable = uidOf(fieldsOf(config.feeds).id);
  const vecFeeds = (config.vec_feeds as unknown[]).map(String);
  const pythTableId = pythField ? uidOf(pythField.value) : null;

  // The owner's assets and every feed, then the reserves' oracle ids and each feed's Pyth and Switchboard configs.
  const [userInfo, pythTable, ...feedObjs] = await readMany(
    [ownerInfo, pythTableId ?? normalizeSuiAddress("0x0"), ...vecFeeds.map((f) => field(feedsTable, "address", addressKey(f)))],
    signal,
  );
  const assets = new Set<number>([assetId]);
  if (userInfo) {
    const info = fieldsOf(userInfo.value);
    for (const a of [...bytesOf(info.collaterals), ...bytesOf(info.loans)]) assets.add(a);
  }
  const assetList = [...assets].sort((a, b) => a - b);
  const feedValues = feedObjs.map((o, i) => {
    if (!o) throw new Error(`feed ${vecFeeds[i]} listed in OracleConfig.vec_feeds has no entry`);
    return fieldsOf(o.value);
  });
  const providerType = oracleProviderType();
  const configIds = feedValues.flatMap((f) => {
    const table = uidOf(fieldsOf(f.oracle_provider_configs).id);
    return [PYTH_PROVIDER, SWITCHBOARD_PROVIDER].map((p) => field(table, providerType, oracleProviderKey(p)));
  });
  const [reserves, providerConfigs] = await Promise.all([
    readMany(assetList.map((a) => field(reservesTable, "u8", bcs.u8().serialize(a).toBytes())), signal),
    readMany(configIds, signal),
  ]);
  const oracleIds = [
    ...new Set(
      reserves.map((r, i) => {
        if (!r) throw new Error(`NAVI reserve ${assetList[i]} is not in Storage`);
        return Number(fieldsOf(r.value).oracle_id);
      }),
    ),
  ].sort((a, b) => a - b);

  const pairOf = (i: number, p: number) => {
    const c = providerConfigs[i * 2 + p];
    return c ? bytesOf(fieldsOf(c.value).pair_id) : null;
  };
  let anyAggregator: string | null = null;
  feedValues.forEach((_, i) => {
    const sb = pairOf(i, 1);
    if (!anyAggregator && sb && sb.length === 32) anyAggregator = normalizeSuiAddress(hex(sb));
  });
  const needed = feedValues
    .map((f, i) => ({ f, i }))
    .filter(({ f }) => oracleIds.includes(Number(f.oracle_id)) && f.enable === true);

  // Per needed feed: its PriceInfoObject (Pyth table entry), its aggregator; the PriceOracle entries.
  const pythTypePkg = pythTable ? /::table::Table<(0x[0-9a-fA-F]+)::price_identifier::PriceIdentifier/.exec(pythTable.__type)?.[1] : undefined;
  const pythKey = (id: Uint8Array) => bcs.struct("PriceIdentifier", { bytes: bcs.vector(bcs.u8()) }).serialize({ bytes: id }).toBytes();
  const pythIds = needed.map(({ i }) => pairOf(i, 0));
  onPythIds?.([...new Set(pythIds.filter((p): p is Uint8Array => !!p).map(hex))]);
  const priceTable = uidOf(fieldsOf(oracle.price_oracles).id);
  const [pythEntries, priceEntries] = await Promise.all([
    readMany(
      pythIds.map((p) => (p && pythTypePkg && pythTableId ? field(pythTableId, `${pythTypePkg}::price_identifier::PriceIdentifier`, pythKey(p)) : normalizeSuiAddress("0x0"))),
      signal,
    ),
    readMany(oracleIds.map((id) => field(priceTable, "u8", bcs.u8().serialize(id).toBytes())), signal),
  ]);
  const priceInfoIds = pythEntries.map((e) => (e ? normalizeSuiAddress(String(e.value)) : null));
  const aggregators = needed.map(({ i }) => {
    const sb = pairOf(i, 1);
    return sb && sb.length === 32 ? normalizeSuiAddress(hex(sb)) : null;
  });
  const sources = await readMany([...priceInfoIds.map((p) => p ?? normalizeSuiAddress("0x0")), ...aggregators.map((a) => a ?? normalizeSuiAddress("0x0"))], signal);

  const feeds = new Map<number, NaviFeedState>();
  needed.forEach(({ f }, k) => {
    const oracleId = Number(f.oracle_id);
    if (feeds.has(oracleId)) return;
    const pi = priceInfoIds[k];
    const pObj = sources[k];
    const agg = aggregators[k];
    const aObj = sources[needed.length + k];
    let pyth: NaviFeedState["pyth"];
    const pid = pythIds[k];
    if (pi && pObj && pid) {
      const price = fieldsOf(fieldsOf(fieldsOf(pObj.price_info).price_feed).price);
      pyth = { priceId: hex(pid), priceInfo: pi, publishMs: u(price.timestamp) * 1000n };
    }
    let switchboard: NaviFeedState["switchboard"];
    if (agg && aObj) {
      const current = aObj.current_result ? fieldsOf(aObj.current_result) : undefined;
      switchboard = { aggregator: agg, updatedMs: current ? u(current.timestamp_ms) : null };
    }
    feeds.set(oracleId, {
      feed: normalizeSuiAddress(vecFeeds[needed[k]?.i ?? 0] ?? ""),
      oracleId,
      enabled: true,
      maxTimestampDiffMs: u(f.max_timestamp_diff),
      primary: nameOf(f.primary),
      secondary: nameOf(f.secondary),
      pyth,
      switchboard,
    });
  });
  const prices = pricesOf(priceEntries, oracleIds);
  // What the next walk asks early: every id but this owner's entry (it asks its own owner's, under this table).
  rememberIds("oracle", asked.filter((id) => id !== ownerInfo));
  rememberIds("oracle-user-table", [userInfoTable]);
  const anyPriceInfo = [...feeds.values()].find((f) => f.pyth)?.pyth?.priceInfo ?? null;
  return { clockMs, updateIntervalMs: u(oracle.update_interval), oracleIds, prices, feeds, anyAggregator, anyPriceInfo };
}

/** Whether the PriceOracle's price of `oracleId` passes oracle.move get_token_price at `atMs`. */
export function naviPriceFresh(s: NaviOracleState, oracleId: number, atMs: bigint): boolean {
  const p = s.prices.get(oracleId);
  return !!p && p.value > 0n && atMs - p.timestampMs <= s.updateIntervalMs;
}

/**
 * Whether update_single_price_v2 can refresh `oracleId` now, from what this service can read: a primary or secondary
 * source younger than max_timestamp_diff (strategy.move is_oracle_price_fresh: current - oracle time < max_timestamp_diff). "unknown" when a source is Supra (its
 * holder's prices are not read here), "no" when every source is read and stale.
 */
export function naviSourceFresh(s: NaviOracleState, oracleId: number): "yes" | "no" | "unknown" {
  const f = s.feeds.get(oracleId);
  if (!f) return "no";
  let unknown = false;
  const fresh = (at: bigint) => s.clockMs >= at && s.clockMs - at < f.maxTimestampDiffMs;
  for (const p of [f.primary, f.secondary]) {
    if (p === PYTH_PROVIDER && f.pyth && fresh(f.pyth.publishMs)) return "yes";
    if (p === SWITCHBOARD_PROVIDER && f.switchboard?.updatedMs != null && fresh(f.switchboard.updatedMs)) return "yes";
    if (p === SUPRA_PROVIDER) unknown = true;
  }
  return unknown ? "unknown" : "no";
}
