// Compound v3 (Comet cUSDCv3 on evm-a Base, evm-b Arbitrum): ERC-20 approve of the Comet, then
// `Comet.supply(asset, amount)`; withdraw = `Comet.withdraw(asset, amount)` (to the caller). Prepare only.
//
// A base-asset withdraw above the supplied balance BORROWS the shortfall when the account has collateral posted
// (compound-finance/comet d5a30b0aaeff7755f1431e87f818990902237b03, contracts/Comet.sol `withdrawBase`: srcBalance =
// presentValue(principal) − amount, negative = a borrow, checked only by borrowMin and isBorrowCollateralized). So the
// withdraw builder reads `balanceOf(owner)` (the positive base balance at the accrued supply index, Comet.sol
// `balanceOf`) when the plan is built and refuses more: the supply index only grows, so that balance is still there
// when the owner signs and the withdraw never leaves a borrow.
import { getAddress } from "viem";
import { evmRpc } from "../../chains/clients";
import { approveTransaction, evmCall, evmTransaction } from "../../chains/evm";
import { evmVenueIds } from "../shared/evm";
import type { VenueDescriptor } from "../types";
import { readForPlan } from "../shared/plan-reads";
import { BuildBlocked, type VenueAdapter } from "../shared/build";
import { COMET_ABI } from "./abi";

/** The owner's supplied base balance (micro-USDC) now, read through the chain's RPC; unreadable blocks the plan. */
export async function cometSuppliedBalance(v: VenueDescriptor, owner: string): Promise<bigint> {
  const comet = getAddress(v.onchain.cUSDCv3 ?? "");
  return readForPlan(`The owner's Compound v3 supplied balance (Comet ${comet} balanceOf)`, () =>
    evmRpc(v.chain).readContract({ address: comet, abi: COMET_ABI, functionName: "balanceOf", args: [getAddress(owner)] }),
  );
}

export function compoundV3Adapter(v: VenueDescriptor): VenueAdapter {
  const { chain, contract: comet, usdc } = evmVenueIds(v, "cUSDCv3", "comet");
  return {
    venueId: v.id,
    onchainInterface: `Compound v3 Comet ${comet}: supply(address,uint256) / withdraw(address,uint256)`,
    deposit: async ({ amountMicros }) => [
      approveTransaction(chain, usdc, comet, amountMicros, `Approve the Compound v3 USDC Comet to pull ${amountMicros} micro-USDC`),
      evmTransaction(chain, "deposit", `Supply ${amountMicros} micro-USDC to Compound v3 (the owner's base balance)`, evmCall(chain, comet, COMET_ABI, "supply", [usdc, amountMicros])),
    ],
    withdraw: async ({ owner, amountMicros }) => {
      const supplied = await cometSuppliedBalance(v, owner);
      if (amountMicros > supplied) {
        throw new BuildBlocked(
          "insufficient_balance",
          `The owner has ${supplied} micro-USDC supplied to Compound v3 (Comet ${comet} balanceOf); a withdraw above it would borrow the rest: withdraw at most ${supplied}.`,
        );
      }
      return [
        evmTransaction(chain, "withdraw", `Withdraw ${amountMicros} micro-USDC from Compound v3 to the owner (at most the supplied ${supplied}: no borrow)`, evmCall(chain, comet, COMET_ABI, "withdraw", [usdc, amountMicros])),
      ];
    },
  };
}
