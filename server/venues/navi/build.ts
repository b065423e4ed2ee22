// NAVI (Sui), main market, USDC pool. The calls @naviprotocol/lending 1.4.6 builds (src/pool.ts depositCoinPTB and
// withdrawCoinPTB, no account cap, config version 2), against NAVI's published Move interface
// (naviprotocol/navi-smart-contracts lending_core/sources/incentive_v3.move, commit 473b0934235d6dc1357fa4309308167c6d175fd1):
//   entry_deposit<T>(&Clock, &mut Storage, &mut Pool<T>, asset: u8, Coin<T>, amount: u64, &mut IncentiveV2,
//     &mut Incentive, &mut TxContext)
//   withdraw_v2<T>(&Clock, &PriceOracle, &mut Storage, &mut Pool<T>, asset: u8, amount: u64, &mut IncentiveV2,
//     &mut Incentive, &mut SuiSystemState, &mut TxContext): Balance<T>, then 0x2::coin::from_balance<T> and the coin
//     goes to the owner.
// Both go to the newest version of NAVI's lending package, listed by the chain at plan time: every NAVI release bumps
// the version its Storage accepts (lending_core/sources/constants.move version(), storage.move version_verification),
// so a call to an older version aborts. NAVI's own SDK takes that package id from NAVI's web API
// (open-api.naviprotocol.io/api/navi/config `package`); we read the chain instead (docs/decisions.md).
// A deposit is credited to the sender; the supplied balance stays in NAVI's Storage (no token in the wallet), so a
// withdrawal is checked against that balance, read at plan time.
// Oracle prices: withdraw_v2 checks the owner's health with the prices in NAVI's PriceOracle and aborts 1502
// (calculator.move calculate_value, invalid_price) when a price the check reads is older than the oracle's
// update_interval. NAVI's app first pushes prices (@naviprotocol/lending updateOraclePriceBeforeUserOperationPTB: Pyth
// updates from Hermes, then oracle_pro::update_single_price_v2 per feed of the owner's positions). We add the
// update_single_price_v2 calls with every object read from the chain (../readers/navi-oracle.ts: the feed, its Pyth
// PriceInfoObject through Pyth's State, the Switchboard Aggregator its provider config names). Before them, as NAVI's
// updateOraclePricesPTB does with updatePythPriceFeeds, a PriceInfoObject older than 30 s (its `expiration: 30`) gets
// Pyth's update from Hermes (SVC_PYTH_HERMES_URL; ../readers/pyth.ts builds SuiPythClient.updatePriceFeeds's calls).
// The plan is blocked before simulation when a price would still be stale after them: `rpc_unavailable` naming Hermes
// when Hermes did not answer, `venue_state_unavailable` when no source would be fresh. See docs/decisions.md
// (navi-oracle, navi-hermes).
// Before either plan the shared objects it takes are proven NAVI's by their Move type (../shared/sui-types.ts):
// Storage, Pool<USDC>, the two Incentive objects (lending_core/sources/storage.move, pool.move, incentive_v2.move,
// incentive_v3.move at 473b0934…) and, for a withdraw, the PriceOracle and OracleConfig (oracle/sources/oracle.move,
// config.move), each a struct of some version of the cited lending or oracle package (the chain lists the versions).
import { coinWithBalance } from "@mysten/sui/transactions";
import { newSuiTransaction, suiPlanTransaction } from "../../chains/sui";
import { startCoinReads } from "../../chains/sui/coin-reads";
import { latestPackageVersion } from "../../chains/sui/package-versions";
import { navi } from "./descriptor";
import { readNaviSuppliedMicros } from "./read";
import { type NaviOracleState, naviPriceFresh, naviSourceFresh, readNaviOracleState } from "./oracle";
import { addPythUpdate, fetchHermesUpdate, type HermesUpdate, type PythSuiState, readPythSuiState } from "./pyth";
import { errorLine, withRpcTimeout } from "../../chains/clients";
import { readForPlan } from "../shared/plan-reads";
import { BuildBlocked, type VenueAdapter } from "../shared/build";
import { afterSuiObjectTypes, type SuiObjectType } from "../shared/sui-types";

const ids = navi.onchain as Record<
  | "lendingPackage"
  | "storage"
  | "priceOracle"
  | "incentiveV2"
  | "incentiveV3"
  | "usdcCoinType"
  | "usdcPool"
  | "usdcAssetId"
  | "oraclePackage"
  | "oracleConfig"
  | "supraOracleHolder"
  | "pythState"
  | "wormholeState",
  string
>;
const ASSET_ID = Number(ids.usdcAssetId);

type NaviIds = Record<"lendingPackage" | "oraclePackage" | "storage" | "usdcPool" | "usdcCoinType" | "incentiveV2" | "incentiveV3" | "priceOracle" | "oracleConfig", string>;

/** The shared objects NAVI's deposit (and, with the oracle's, its withdraw) takes, and the type each must have. */
export function naviObjectTypes(o: NaviIds, action: "deposit" | "withdraw"): SuiObjectType[] {
  const lending = (id: string, name: string, type: string) => ({ id, name, type: `${o.lendingPackage}::${type}`, anyVersionOf: o.lendingPackage });
  const oracle = (id: string, name: string, type: string) => ({ id, name, type: `${o.oraclePackage}::${type}`, anyVersionOf: o.oraclePackage });
  return [
    lending(o.storage, "Storage", "storage::Storage"),
    lending(o.usdcPool, "USDC Pool", `pool::Pool<${o.usdcCoinType}>`),
    lending(o.incentiveV2, "IncentiveV2", "incentive_v2::Incentive"),
    lending(o.incentiveV3, "Incentive (v3)", "incentive_v3::Incentive"),
    ...(action === "withdraw" ? [oracle(o.priceOracle, "PriceOracle", "oracle::PriceOracle"), oracle(o.oracleConfig, "OracleConfig", "config::OracleConfig")] : []),
  ];
}

/** NAVI's call package: the newest version of its lending package, as the chain lists it. */
export const naviCallPackage = () => readForPlan("NAVI's current lending package (the chain's list of its versions)", (signal) => latestPackageVersion(ids.lendingPackage, signal));

/** NAVI's oracle call package: the newest version of its oracle package, as the chain lists it. */
export const naviOraclePackage = () => readForPlan("NAVI's current oracle package (the chain's list of its versions)", (signal) => latestPackageVersion(ids.oraclePackage, signal));

/** The prices the owner's health check reads and what refreshes them, read from the chain now. */
export const naviOracle = (owner: string, onPythIds?: (priceIds: string[]) => void) =>
  readForPlan("NAVI's oracle state for the owner's positions (PriceOracle, OracleConfig feeds, Pyth and Switchboard sources)", (signal) => readNaviOracleState(owner, ASSET_ID, signal, onPythIds));

const ageS = (s: NaviOracleState, atMs: bigint) => `${(Number(s.clockMs - atMs) / 1000).toFixed(0)} s`;

/**
 * Age over which NAVI's app pushes a Pyth price first: @naviprotocol/lending 1.4.6 updateOraclePricesPTB gives each
 * feed `expiration: 30` and getPythStalePriceFeedIdV2 counts it stale when `now - publishTime > expiration` (s).
 */
const PYTH_PUSH_AGE_MS = 30_000n;

interface PythPush {
  state: PythSuiState;
  hermes: HermesUpdate;
  /** PriceInfoObjects updated, in order, and their price identifiers. */
  feeds: { priceId: string; priceInfo: string }[];
}

/**
 * The Pyth push NAVI's app adds for the feeds of `oracleIds` whose PriceInfoObject is older than 30 s at the chain's
 * Clock: the update data from Hermes, the Pyth and Wormhole packages from chain. `{ unavailable }` when Hermes did not
 * answer (or answered without data), null when no push is due.
 */
async function pythPush(s: NaviOracleState, early: EarlyPyth): Promise<PythPush | { unavailable: string } | null> {
  const feeds: { priceId: string; priceInfo: string }[] = [];
  for (const id of s.oracleIds) {
    const p = s.feeds.get(id)?.pyth;
    if (!p || s.clockMs - p.publishMs <= PYTH_PUSH_AGE_MS) continue;
    // One update per PriceInfoObject, as the SDK reads them (multiGetObjects of the unique objects).
    if (!feeds.some((f) => f.priceInfo === p.priceInfo)) feeds.push({ priceId: p.priceId, priceInfo: p.priceInfo });
  }
  const priceIds = feeds.map((f) => f.priceId);
  pythHolder.__svcNaviPythPushed = priceIds;
  if (feeds.length === 0) return null;
  const state = await early.state;
  let hermes: HermesUpdate;
  try {
    const fetchNow = () => withRpcTimeout((signal) => fetchHermesUpdate(priceIds, signal));
    // The update asked early serves when it is for exactly these feeds; else (or when it failed) it is asked now.
    hermes = early.hermes && sameIds(early.hermes.priceIds, priceIds) ? await early.hermes.update.catch(fetchNow) : await fetchNow();
  } catch (e) {
    return { unavailable: errorLine(e) };
  }
  // pyth-sui-js 2.2.0 updatePriceFeeds takes one accumulator message ("SDK does not support sending multiple
  // accumulator messages in a single transaction").
  if (hermes.updates.length !== 1) return { unavailable: `Pyth's Hermes answered ${hermes.updates.length} update messages for one request; Pyth's Sui update takes one` };
  return { state, hermes, feeds };
}

const pythHolder = globalThis as unknown as { __svcNaviPythPushed?: string[] };
const sameIds = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x, i) => x.toLowerCase() === b[i]?.toLowerCase());

interface EarlyPyth {
  /** Pyth's and Wormhole's States, read beside NAVI's oracle (they depend on nothing it says); used only if a push is due. */
  state: Promise<PythSuiState>;
  /**
   * Hermes's update for the feeds the last withdraw of this process pushed, asked beside the chain reads; or else, once
   * the oracle read knows the feeds' Pyth ids, for those (beside the reads of their objects, which say whether a push is due).
   */
  hermes: { priceIds: string[]; update: Promise<HermesUpdate> } | null;
  /** Starts Hermes's update for `priceIds` unless one for them is under way. */
  askHermes: (priceIds: string[]) => void;
}

/** The Pyth reads a withdraw's push may need, started before NAVI's oracle state is read (one round trip, not two). */
function startPythReads(): EarlyPyth {
  const state = readForPlan("Pyth's and Wormhole's States (their packages, Pyth's update fee)", (signal) => readPythSuiState(ids.pythState, ids.wormholeState, signal));
  state.catch(() => undefined);
  const early: EarlyPyth = {
    state,
    hermes: null,
    askHermes: (priceIds) => {
      if (priceIds.length === 0 || (early.hermes && sameIds(early.hermes.priceIds, priceIds))) return;
      const update = withRpcTimeout((signal) => fetchHermesUpdate(priceIds, signal));
      update.catch(() => undefined);
      early.hermes = { priceIds, update };
    },
  };
  early.askHermes(pythHolder.__svcNaviPythPushed ?? []);
  return early;
}

/** `s` with the Pyth publish times the push brings (the newer of the object's and Hermes's). */
function afterPush(s: NaviOracleState, push: PythPush): NaviOracleState {
  const feeds = new Map(s.feeds);
  for (const [id, f] of feeds) {
    if (!f.pyth) continue;
    const at = push.hermes.publishMs.get(f.pyth.priceId.replace(/^0x/, "").toLowerCase());
    if (at !== undefined && push.feeds.some((p) => p.priceInfo === f.pyth?.priceInfo) && at > f.pyth.publishMs) feeds.set(id, { ...f, pyth: { ...f.pyth, publishMs: at } });
  }
  return { ...s, feeds };
}

/**
 * The update_single_price_v2 calls for the oracle ids the health check reads, each with the objects the chain names for
 * its feed, or why they cannot be built. Unless `callsOnly`, blocks when a price would be stale after them (the withdraw
 * would abort 1502): `rpc_unavailable` naming Hermes when `hermesDown` says why the Pyth push could not be fetched.
 */
function priceUpdates(s: NaviOracleState, hermesDown: string | null, callsOnly = false): { feed: string; priceInfo: string; aggregator: string }[] | { notBuilt: string } {
  const missing: string[] = [];
  const calls: { feed: string; priceInfo: string; aggregator: string }[] = [];
  for (const id of s.oracleIds) {
    const f = s.feeds.get(id);
    const priceInfo = f?.pyth?.priceInfo ?? s.anyPriceInfo;
    const aggregator = f?.switchboard?.aggregator ?? s.anyAggregator;
    if (!f) missing.push(`oracle id ${id} has no enabled feed in NAVI's OracleConfig`);
    else if (!priceInfo) missing.push(`no Pyth PriceInfoObject is named on chain for feed ${f.feed}`);
    else if (!aggregator) missing.push(`no feed of NAVI's OracleConfig names a Switchboard Aggregator (update_single_price_v2 takes one)`);
    else calls.push({ feed: f.feed, priceInfo, aggregator });
  }
  if (missing.length > 0) return { notBuilt: missing.join("; ") };
  if (callsOnly) return calls;
  for (const id of s.oracleIds) {
    if (naviPriceFresh(s, id, s.clockMs) || naviSourceFresh(s, id) !== "no") continue;
    const f = s.feeds.get(id);
    const p = s.prices.get(id);
    const sources = [f?.pyth ? `Pyth published ${ageS(s, f.pyth.publishMs)} ago` : null, f?.switchboard?.updatedMs != null ? `Switchboard updated ${ageS(s, f.switchboard.updatedMs)} ago` : null]
      .filter(Boolean)
      .join(", ");
    const why = `NAVI's price for oracle id ${id} (read by the owner's health check) is ${p ? `${ageS(s, p.timestampMs)} old` : "missing"}, over its update interval of ${s.updateIntervalMs / 1000n} s, and its sources on chain are older than the feed's max_timestamp_diff of ${(f?.maxTimestampDiffMs ?? 0n) / 1000n} s (${sources || "none readable"})`;
    if (hermesDown) {
      throw new BuildBlocked(
        "rpc_unavailable",
        `${why}; the fresh Pyth price NAVI's app pushes first could not be fetched: ${hermesDown}. Without it oracle_pro::update_single_price_v2 would not refresh the price and withdraw_v2 would abort 1502 (invalid_price); nothing was built. Try again when Pyth's Hermes (SVC_PYTH_HERMES_URL) answers.`,
      );
    }
    throw new BuildBlocked(
      "venue_state_unavailable",
      `${why}${f?.pyth ? ", even with the Pyth update Hermes serves now" : ""}, so oracle_pro::update_single_price_v2 would not refresh it and withdraw_v2 would abort 1502 (invalid_price). Try again once NAVI's oracle sources are updated.`,
    );
  }
  return calls;
}

/** The owner's supplied USDC on NAVI now, in micros (floored). */
export const naviSupplied = (owner: string) => readForPlan("The owner's NAVI USDC supply balance", (signal) => readNaviSuppliedMicros(owner, signal));

export const naviAdapter: VenueAdapter = {
  venueId: navi.id,
  onchainInterface: `<newest version of package ${ids.lendingPackage}>::incentive_v3::entry_deposit<USDC>(&Clock, &mut Storage, &mut Pool<USDC>, u8, Coin<USDC>, u64, &mut IncentiveV2, &mut Incentive); <newest version>::incentive_v3::withdraw_v2<USDC>(&Clock, &PriceOracle, &mut Storage, &mut Pool<USDC>, u8, u64, &mut IncentiveV2, &mut Incentive, &mut SuiSystemState): Balance<USDC>, after <newest version of package ${ids.oraclePackage}>::oracle_pro::update_single_price_v2(&Clock, &mut OracleConfig, &mut PriceOracle, &OracleHolder, &PriceInfoObject, &Aggregator, feed: address) per feed the owner's health check reads, preceded for a Pyth PriceInfoObject older than 30 s by <Wormhole State's upgrade_cap.package>::vaa::parse_and_verify, <Pyth State's upgrade_cap.package>::pyth::create_authenticated_price_infos_using_accumulator, pyth::update_single_price_feed per object (fee coin split from gas), hot_potato_vector::destroy<PriceInfo> with update data from Hermes (SVC_PYTH_HERMES_URL)`,
  deposit: async ({ owner, amountMicros }) => {
    // The owner's USDC coins the simulation selects, read beside the package (one round trip, not two).
    startCoinReads(owner, ids.usdcCoinType);
    const pkg = await afterSuiObjectTypes("NAVI", naviObjectTypes(ids, "deposit"), naviCallPackage());
    const tx = newSuiTransaction(owner);
    const usdc = tx.add(coinWithBalance({ type: ids.usdcCoinType, balance: amountMicros }));
    tx.moveCall({
      target: `${pkg}::incentive_v3::entry_deposit`,
      typeArguments: [ids.usdcCoinType],
      arguments: [
        tx.object.clock(),
        tx.object(ids.storage),
        tx.object(ids.usdcPool),
        tx.pure.u8(ASSET_ID),
        usdc,
        tx.pure.u64(amountMicros),
        tx.object(ids.incentiveV2),
        tx.object(ids.incentiveV3),
      ],
    });
    return suiPlanTransaction("deposit", `Supply ${amountMicros} micro-USDC to NAVI's main market (USDC pool, asset ${ASSET_ID}); the supplied balance is kept for the owner in NAVI's Storage`, tx);
  },
  withdraw: async ({ owner, amountMicros }) => {
    const pyth = startPythReads();
    const reads = Promise.all([naviCallPackage(), naviSupplied(owner), naviOraclePackage(), naviOracle(owner, pyth.askHermes)]);
    const [pkg, supplied, oraclePkg, oracle] = await afterSuiObjectTypes("NAVI", naviObjectTypes(ids, "withdraw"), reads);
    if (amountMicros > supplied) {
      throw new BuildBlocked(
        "insufficient_balance",
        `This withdrawal asks for ${amountMicros} micro-USDC but the owner has ${supplied} micro-USDC supplied to NAVI's USDC pool now: withdraw at most that.`,
      );
    }
    // The Pyth push first (only with the NAVI update it feeds: without update_single_price_v2 it would change nothing).
    const canUpdate = !("notBuilt" in priceUpdates(oracle, null, true));
    const push = canUpdate ? await pythPush(oracle, pyth) : null;
    const pushed = push && "state" in push ? push : null;
    const updates = priceUpdates(pushed ? afterPush(oracle, pushed) : oracle, push && "unavailable" in push ? push.unavailable : null);
    let pricesNote: string;
    const tx = newSuiTransaction(owner);
    if ("notBuilt" in updates) {
      // Without the update the withdraw only passes while the PriceOracle's prices are fresh: block if one is not.
      const stale = oracle.oracleIds.filter((id) => !naviPriceFresh(oracle, id, oracle.clockMs));
      if (stale.length > 0) {
        throw new BuildBlocked(
          "venue_state_unavailable",
          `NAVI's prices for oracle id ${stale.join(", ")} (read by the owner's health check) are older than its update interval of ${oracle.updateIntervalMs / 1000n} s, so withdraw_v2 would abort 1502 (invalid_price); the price update cannot be built from the chain: ${updates.notBuilt}.`,
        );
      }
      pricesNote = `NAVI's prices are fresh now but this transaction does not update them (${updates.notBuilt}), so it aborts (1502, invalid_price) if they are older than ${oracle.updateIntervalMs / 1000n} s when it runs`;
    } else {
      // NAVI's app pushes stale Pyth prices first (updateOraclePricesPTB → SuiPythClient.updatePriceFeeds), then
      // refreshes every price the health check reads (oracle_pro::update_single_price_v2 per feed).
      if (pushed) {
        addPythUpdate(tx, pushed.state, { pythState: ids.pythState, wormholeState: ids.wormholeState }, pushed.hermes.updates[0] ?? new Uint8Array(), pushed.feeds.map((f) => f.priceInfo));
      }
      for (const u of updates) {
        tx.moveCall({
          target: `${oraclePkg}::oracle_pro::update_single_price_v2`,
          arguments: [
            tx.object.clock(),
            tx.object(ids.oracleConfig),
            tx.object(ids.priceOracle),
            tx.object(ids.supraOracleHolder),
            tx.object(u.priceInfo),
            tx.object(u.aggregator),
            tx.pure.address(u.feed),
          ],
        });
      }
      const pythNote = pushed
        ? `after pushing Pyth's latest price from Hermes for ${pushed.feeds.length} PriceInfoObject${pushed.feeds.length === 1 ? "" : "s"} older than 30 s (Wormhole vaa::parse_and_verify, pyth create_authenticated_price_infos_using_accumulator, update_single_price_feed with a ${pushed.state.baseUpdateFee}-MIST fee each, hot_potato_vector::destroy)`
        : push && "unavailable" in push
          ? `without a Pyth push (Hermes did not answer: ${push.unavailable}; the prices pass without it)`
          : "no Pyth push needed (its objects are at most 30 s old)";
      pricesNote = `It first refreshes NAVI's prices for the owner's positions (oracle_pro::update_single_price_v2 for oracle id ${oracle.oracleIds.join(", ")}, from the Pyth, Supra and Switchboard objects NAVI's OracleConfig names on chain), ${pythNote}`;
    }
    const [balance] = tx.moveCall({
      target: `${pkg}::incentive_v3::withdraw_v2`,
      typeArguments: [ids.usdcCoinType],
      arguments: [
        tx.object.clock(),
        tx.object(ids.priceOracle),
        tx.object(ids.storage),
        tx.object(ids.usdcPool),
        tx.pure.u8(ASSET_ID),
        tx.pure.u64(amountMicros),
        tx.object(ids.incentiveV2),
        tx.object(ids.incentiveV3),
        tx.object.system({ mutable: true }),
      ],
    });
    if (!balance) throw new Error("withdraw_v2 returned nothing");
    // The whole result of from_balance (its one Coin), as the SDK passes it on.
    const usdc = tx.moveCall({ target: "0x2::coin::from_balance", typeArguments: [ids.usdcCoinType], arguments: [balance] });
    tx.transferObjects([usdc], owner);
    return suiPlanTransaction("withdraw", `Withdraw ${amountMicros} micro-USDC of the owner's ${supplied} supplied to NAVI's USDC pool (asset ${ASSET_ID}) back to the owner's wallet. ${pricesNote}; the simulation shows whether the withdraw passes NAVI's health check now`, tx);
  },
};
