// Suilend on the local Sui node: its package (the original, then the upgrade its UpgradeCap points at) and
// LendingMarket objects holding reserves (available amount, cToken supply, borrowed and unclaimed fees as Decimals).
import { suilend } from "../../../../server/venues/suilend/descriptor";
import { moveFixture, moveModuleSignatures, publishedAddress } from "../move-source";
import type { SuiObject } from "../world";
import { rendered, type SuiVenueChain } from "./move";

export interface SuilendReserveState {
  coinType: string;
  available: bigint;
  ctokens: bigint;
  /** Decimal values, scaled by 1e18. */
  borrowedWad: bigint;
  unclaimedWad: bigint;
}

/** Suilend's part of the local chain's state. */
export interface SuilendChainState {
  /** Sui objects by id: a Suilend LendingMarket holding these reserves. */
  suilendMarkets: Map<string, SuilendReserveState[]>;
}

/** Test-only "current upgrade" package id the local chain's UpgradeCap points at (never the original id). */
export const SUILEND_CURRENT_PACKAGE = `0x${"51".repeat(32)}`;

const PKG = "0xf95b06141ed4a174f239417323bde3f209b972f5930d8521ea38a52aff3a6ddf";
const decimal = (v: bigint) => ({ type: `${PKG}::decimal::Decimal`, fields: { value: v.toString() } });

function suilendMarket(id: string, reserves: SuilendReserveState[]): SuiObject {
  return {
    id,
    type: `${PKG}::lending_market::LendingMarket<${PKG}::suilend::MAIN_POOL>`,
    owner: { kind: "shared", initialVersion: 38698012n },
    version: 42n,
    json: rendered({
      id: { id },
      version: "7",
      reserves: reserves.map((r, i) => ({
        type: `${PKG}::reserve::Reserve<${PKG}::suilend::MAIN_POOL>`,
        fields: {
          array_index: String(i),
          coin_type: { type: "0x1::type_name::TypeName", fields: { name: r.coinType.replace(/^0x/, "") } },
          mint_decimals: 6,
          available_amount: r.available.toString(),
          ctoken_supply: r.ctokens.toString(),
          borrowed_amount: decimal(r.borrowedWad),
          unclaimed_spread_fees: decimal(r.unclaimedWad),
          cumulative_borrow_rate: decimal(10n ** 18n),
        },
      })),
    }),
  };
}

const original = suilend.onchain.package ?? "";

/**
 * The module Suilend's plans call, parsed from suilend/suilend @ d5ba83a617bb0778b48b0c3b1e77a87be81258ca
 * contracts/suilend/sources/lending_market.move, the package's id its contracts/suilend/Published.toml
 * `[published.mainnet] original-id` (tests/fixtures/suilend/).
 */
const suilendModules = () => {
  const addresses = { suilend: publishedAddress(moveFixture("suilend", "Published.toml"), { publishedEnv: "mainnet" }) };
  return [moveModuleSignatures(moveFixture("suilend", "lending_market.move"), addresses)];
};

export const suilendChain: SuiVenueChain<SuilendChainState> = {
  venue: "suilend",
  // The original package, then the upgrade its UpgradeCap points at.
  packageVersions: [[original, [original, SUILEND_CURRENT_PACKAGE]]],
  upgradeCaps: [[suilend.onchain.upgradeCap ?? "", SUILEND_CURRENT_PACKAGE]],
  objects: (v) => [...v.suilendMarkets].map(([id, r]) => suilendMarket(id, r)),
  moveModules: suilendModules(),
  entryObjects: [{ id: suilend.onchain.lendingMarket ?? "", type: `${original}::lending_market::LendingMarket<${suilend.onchain.lendingMarketType}>` }],
};
