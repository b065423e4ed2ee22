// Scallop (Sui): deposit = `protocol::mint::mint<USDC>(version, market, coin, clock, ctx): Coin<MarketCoin<USDC>>`
// (Scallop's published Move interface), then the market coin is sent back to the owner. The USDC input is a
// `coinWithBalance` intent the owner's wallet resolves from its own coins.
import { coinWithBalance } from "@mysten/sui/transactions";
import { newSuiTransaction, suiPayload } from "../../chains/sui";
import { scallop } from "../scallop";
import type { VenueAdapter } from "./types";

const ids = scallop.onchain as Record<"protocolPackage" | "market" | "version" | "usdcCoinType", string>;
export const SCALLOP_MINT_TARGET = `${ids.protocolPackage}::mint::mint`;

export const scallopAdapter: VenueAdapter = {
  venueId: scallop.id,
  onchainInterface: `${SCALLOP_MINT_TARGET}<USDC>(&Version, &mut Market, Coin<USDC>, &Clock, &mut TxContext): Coin<MarketCoin<USDC>>`,
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
  notBuilt: {
    withdraw:
      "Scallop's redeem takes the market-coin amount; converting a USDC amount needs the market's on-chain exchange rate, which this adapter does not read yet.",
  },
};
