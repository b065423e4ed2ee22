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
// (calculator.move calculate_value, invalid_price) when one of the owner's collaterals has a price older than the
// oracle's update_interval. NAVI's app first pushes prices (@naviprotocol/lending updateOraclePriceBeforeUserOperationPTB:
// Pyth updates from Hermes, then oracle_pro::update_single_price_v2 per feed); that call needs a Switchboard Aggregator
// object whose id only NAVI's web API serves, so this plan does not push prices. It says so, and the simulation run
// before the plan is returned shows the abort when prices are stale (docs/decisions.md).
import { coinWithBalance } from "@mysten/sui/transactions";
import { newSuiTransaction, suiPayload } from "../../chains/sui";
import { startCoinReads } from "../../chains/sui/coin-reads";
import { latestPackageVersion } from "../../chains/sui/package-versions";
import { navi } from "../navi";
import { naviSuppliedMicros, readNaviScaledSupply, readNaviUsdcReserve } from "../readers/navi";
import { readForPlan } from "./plan-reads";
import { BuildBlocked, type VenueAdapter } from "./types";

const ids = navi.onchain as Record<
  "lendingPackage" | "storage" | "priceOracle" | "incentiveV2" | "incentiveV3" | "usdcCoinType" | "usdcPool" | "usdcAssetId",
  string
>;
const ASSET_ID = Number(ids.usdcAssetId);

/** NAVI's call package: the newest version of its lending package, as the chain lists it. */
export const naviCallPackage = () => readForPlan("NAVI's current lending package (the chain's list of its versions)", (signal) => latestPackageVersion(ids.lendingPackage, signal));

/** The owner's supplied USDC on NAVI now, in micros (floored). */
export const naviSupplied = (owner: string) =>
  readForPlan("The owner's NAVI USDC supply balance", async (signal) => {
    const reserve = await readNaviUsdcReserve(signal);
    return naviSuppliedMicros(await readNaviScaledSupply(reserve, owner, signal), reserve.supplyIndex);
  });

export const naviAdapter: VenueAdapter = {
  venueId: navi.id,
  onchainInterface: `<newest version of package ${ids.lendingPackage}>::incentive_v3::entry_deposit<USDC>(&Clock, &mut Storage, &mut Pool<USDC>, u8, Coin<USDC>, u64, &mut IncentiveV2, &mut Incentive); <newest version>::incentive_v3::withdraw_v2<USDC>(&Clock, &PriceOracle, &mut Storage, &mut Pool<USDC>, u8, u64, &mut IncentiveV2, &mut Incentive, &mut SuiSystemState): Balance<USDC>`,
  deposit: async ({ owner, amountMicros }) => {
    // The owner's USDC coins the simulation selects, read beside the package (one round trip, not two).
    startCoinReads(owner, ids.usdcCoinType);
    const pkg = await naviCallPackage();
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
    return [
      {
        chain: "move-chain",
        kind: "deposit",
        description: `Supply ${amountMicros} micro-USDC to NAVI's main market (USDC pool, asset ${ASSET_ID}); the supplied balance is kept for the owner in NAVI's Storage`,
        encoding: "sui-transaction-json",
        payload: await suiPayload(tx),
      },
    ];
  },
  withdraw: async ({ owner, amountMicros }) => {
    const [pkg, supplied] = await Promise.all([naviCallPackage(), naviSupplied(owner)]);
    if (amountMicros > supplied) {
      throw new BuildBlocked(
        "insufficient_balance",
        `This withdrawal asks for ${amountMicros} micro-USDC but the owner has ${supplied} micro-USDC supplied to NAVI's USDC pool now: withdraw at most that.`,
      );
    }
    const tx = newSuiTransaction(owner);
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
    return [
      {
        chain: "move-chain",
        kind: "withdraw",
        description: `Withdraw ${amountMicros} micro-USDC of the owner's ${supplied} supplied to NAVI's USDC pool (asset ${ASSET_ID}) back to the owner's wallet. NAVI checks the owner's health with its oracle prices: this transaction does not update them, so it aborts (1502, invalid_price) if NAVI's prices for the owner's collateral are older than its update interval when it runs; the simulation shows whether they are fresh now`,
        encoding: "sui-transaction-json",
        payload: await suiPayload(tx),
      },
    ];
  },
};
