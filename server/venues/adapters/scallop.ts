// Scallop (Sui): deposit = `protocol::mint::mint<USDC>(version, market, coin, clock, ctx): Coin<MarketCoin<USDC>>`
// (Scallop's published Move interface), then the market coin is sent back to the owner. The USDC input is a
// `coinWithBalance` intent the owner's wallet resolves from its own coins.
// Withdraw = `protocol::redeem::redeem<USDC>(version, market, Coin<MarketCoin<USDC>>, clock, ctx): Coin<USDC>`, paying
// market coins × (cash + debt − revenue) / market-coin supply (floored). The plan redeems the fewest market coins that
// cover the amount at the rate read at plan time (server/venues/readers/scallop.ts); the rate only grows, so the owner
// receives at least the amount. MarketCoin's type is defined at the protocol's original package id.
import { coinWithBalance } from "@mysten/sui/transactions";
import { suiCoinBalance } from "../../chains/balances";
import { newSuiTransaction, suiPayload } from "../../chains/sui";
import { scallop } from "../scallop";
import { readForPlan, requireShares, venueRate } from "./plan-reads";
import type { VenueAdapter } from "./types";

const ids = scallop.onchain as Record<"protocolPackage" | "market" | "version" | "usdcCoinType", string>;
export const SCALLOP_MINT_TARGET = `${ids.protocolPackage}::mint::mint`;
export const SCALLOP_REDEEM_TARGET = `${ids.protocolPackage}::redeem::redeem`;
export const SCALLOP_MARKET_COIN_TYPE = `${ids.protocolPackage}::reserve::MarketCoin<${ids.usdcCoinType}>`;
const WAD = 10n ** 18n;

/** The fewest market coins whose redeem pays at least `amountMicros` at `rate` (underlying per market coin, 1e18). */
export function scallopSharesFor(amountMicros: bigint, rate: bigint): bigint {
  return (amountMicros * WAD + rate - 1n) / rate;
}

export const scallopAdapter: VenueAdapter = {
  venueId: scallop.id,
  onchainInterface: `${SCALLOP_MINT_TARGET}<USDC>(&Version, &mut Market, Coin<USDC>, &Clock, &mut TxContext): Coin<MarketCoin<USDC>>; ${SCALLOP_REDEEM_TARGET}<USDC>(&Version, &mut Market, Coin<MarketCoin<USDC>>, &Clock, &mut TxContext): Coin<USDC>`,
  deposit: async ({ owner, amountMicros }) => {
    const tx = newSuiTransaction(owner);
    const usdc = tx.add(coinWithBalance({ type: ids.usdcCoinType, balance: amountMicros }));
    const [marketCoin] = tx.moveCall({
      target: SCALLOP_MINT_TARGET,
      typeArguments: [ids.usdcCoinType],
      arguments: [tx.object(ids.version), tx.object(ids.market), usdc, tx.object.clock()],
    });
    if (!marketCoin) throw new Error("mint returned no coin");
    tx.transferObjects([marketCoin], owner);
    return [
      {
        chain: "move-chain",
        kind: "deposit",
        description: `Supply ${amountMicros} micro-USDC to Scallop (mint::mint) and receive the sUSDC market coin in the owner's wallet`,
        encoding: "sui-transaction-json",
        payload: await suiPayload(tx),
      },
    ];
  },
  withdraw: async ({ owner, amountMicros }) => {
    const index = await venueRate(scallop.id);
    const shares = scallopSharesFor(amountMicros, index);
    const held = await readForPlan("The owner's sUSDC market coin balance", (signal) => suiCoinBalance(owner, SCALLOP_MARKET_COIN_TYPE, signal));
    requireShares("sUSDC market coins", shares, held, (held * index) / WAD);
    const tx = newSuiTransaction(owner);
    const marketCoin = tx.add(coinWithBalance({ type: SCALLOP_MARKET_COIN_TYPE, balance: shares }));
    const [usdc] = tx.moveCall({
      target: SCALLOP_REDEEM_TARGET,
      typeArguments: [ids.usdcCoinType],
      arguments: [tx.object(ids.version), tx.object(ids.market), marketCoin, tx.object.clock()],
    });
    if (!usdc) throw new Error("redeem returned no coin");
    tx.transferObjects([usdc], owner);
    return [
      {
        chain: "move-chain",
        kind: "withdraw",
        description: `Redeem ${shares} sUSDC market coins on Scallop (redeem::redeem) for at least ${amountMicros} micro-USDC at the market's rate now`,
        encoding: "sui-transaction-json",
        payload: await suiPayload(tx),
      },
    ];
  },
};
