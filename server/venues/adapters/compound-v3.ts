// Compound v3 (Comet cUSDCv3 on evm-a Base, evm-b Arbitrum): ERC-20 approve of the Comet, then
// `Comet.supply(asset, amount)`; withdraw = `Comet.withdraw(asset, amount)` (to the caller). Prepare only.
import { ERC20_APPROVE_ABI, evmCall, isEvmChain } from "../../chains/evm";
import type { VenueDescriptor } from "../types";
import type { VenueAdapter } from "./types";

export const COMET_ABI = [
  {
    type: "function",
    name: "supply",
    stateMutability: "nonpayable",
    inputs: [
      { name: "asset", type: "address" },
      { name: "amount", type: "uint256" },
    ],
    outputs: [],
  },
  {
    type: "function",
    name: "withdraw",
    stateMutability: "nonpayable",
    inputs: [
      { name: "asset", type: "address" },
      { name: "amount", type: "uint256" },
    ],
    outputs: [],
  },
] as const;

export function compoundV3Adapter(v: VenueDescriptor): VenueAdapter {
  const chain = v.chain;
  if (!isEvmChain(chain)) throw new Error(`${v.id} is not on an EVM chain`);
  const comet = v.onchain.cUSDCv3;
  const usdc = v.onchain.usdc;
  if (!comet || !usdc) throw new Error(`${v.id} has no comet or usdc id`);
  return {
    venueId: v.id,
    onchainInterface: `Compound v3 Comet ${comet}: supply(address,uint256) / withdraw(address,uint256)`,
    deposit: async ({ amountMicros }) => [
      {
        chain,
        kind: "approve",
        description: `Approve the Compound v3 USDC Comet to pull ${amountMicros} micro-USDC`,
        encoding: "evm-call",
        payload: evmCall(chain, usdc, ERC20_APPROVE_ABI, "approve", [comet, amountMicros]),
      },
      {
        chain,
        kind: "deposit",
        description: `Supply ${amountMicros} micro-USDC to Compound v3 (the owner's base balance)`,
        encoding: "evm-call",
        payload: evmCall(chain, comet, COMET_ABI, "supply", [usdc, amountMicros]),
      },
    ],
    withdraw: async ({ amountMicros }) => [
      {
        chain,
        kind: "withdraw",
        description: `Withdraw ${amountMicros} micro-USDC from Compound v3 to the owner`,
        encoding: "evm-call",
        payload: evmCall(chain, comet, COMET_ABI, "withdraw", [usdc, amountMicros]),
      },
    ],
  };
}
