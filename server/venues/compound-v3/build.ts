// Compound v3 (Comet cUSDCv3 on evm-a Base, evm-b Arbitrum): ERC-20 approve of the Comet, then
// `Comet.supply(asset, amount)`; withdraw = `Comet.withdraw(asset, amount)` (to the caller). Prepare only.
//
// A base-asset withdraw above the supplied balance BORROWS the shortfall when the account has collateral posted
// (compound-finance/comet d5a30b0aaeff7755f1431e87f818990902237b03, contracts/Comet.sol `withdrawBase`: srcBalance =
// presentValue(principal) − amount, negative = a borrow, checked only by borrowMin and isBorrowCollateralized). So the
// withdraw builder reads `balanceOf(owner)` (the positive base balance at the accrued supply index, Comet.sol
// `balanceOf`) when the plan is built and refuses more: the supply index only grows, so that balance is still there
// when the owner signs and the withdraw never leaves a borrow.
//
// Before either is built the Comet is proven from the chain (issue 24): its `baseToken()` is the cited USDC, and the
// cited Configurator (the market's registry, roots.json "configurator") configures it for USDC
// (`getConfiguration(comet).baseToken`; a Comet it does not configure reads all zero). Another real Comet (another
// base, or one the registry does not list) blocks the plan `venue_state_unavailable` naming the Comet.
import { getAddress, isAddressEqual } from "viem";
import { evmRpc } from "../../chains/clients";
import { approveTransaction, type EvmChain, evmCall, evmTransaction } from "../../chains/evm";
import { evmVenueIds } from "../shared/evm";
import type { VenueDescriptor } from "../types";
import { readForPlan } from "../shared/plan-reads";
import { BuildBlocked, type VenueAdapter } from "../shared/build";
import { besideProof, proveIds } from "../shared/prove";
import { COMET_ABI, CONFIGURATOR_ABI } from "./abi";

/** Proves the Comet's base token is the cited USDC and the cited Configurator configures it for USDC (cached). */
export function proveCometIds(v: VenueDescriptor, chain: EvmChain): Promise<void> {
  const comet = getAddress(v.onchain.cUSDCv3 ?? "");
  const usdc = getAddress(v.onchain.usdc ?? "");
  const configurator = getAddress(v.onchain.configurator ?? "");
  return proveIds([
    {
      key: `compound-v3|${chain}|base|${comet}|${usdc}`,
      what: `Compound v3 Comet ${comet}'s baseToken() is USDC ${usdc}`,
      check: async () => {
        const base = await evmRpc(chain).readContract({ address: comet, abi: COMET_ABI, functionName: "baseToken" });
        return isAddressEqual(base, usdc) ? null : `its baseToken() is ${base}`;
      },
    },
    {
      key: `compound-v3|${chain}|configurator|${configurator}|${comet}|${usdc}`,
      what: `Compound v3 Comet ${comet} is the USDC market Configurator ${configurator} lists (getConfiguration(comet).baseToken is USDC ${usdc})`,
      check: async () => {
        const c = await evmRpc(chain).readContract({ address: configurator, abi: CONFIGURATOR_ABI, functionName: "getConfiguration", args: [comet] });
        return isAddressEqual(c.baseToken, usdc) ? null : `the Configurator's baseToken for it is ${c.baseToken}`;
      },
    },
  ]);
}

/**
 * The owner's supplied base balance (micro-USDC) now: Comet `balanceOf(owner)`, the principal's present value at the
 * supply index accrued to the block, 0 for a borrower (compound-finance/comet d5a30b0aaeff7755f1431e87f818990902237b03,
 * contracts/Comet.sol `balanceOf`); exactly what `withdraw(usdc, type(uint256).max)` takes (`withdrawInternal`). Read
 * by the withdraw builder (its cap) and the worth reader (./read.ts); throws when the chain cannot answer.
 */
export function cometBalanceOf(v: VenueDescriptor, owner: string): Promise<bigint> {
  const comet = getAddress(v.onchain.cUSDCv3 ?? "");
  return evmRpc(v.chain).readContract({ address: comet, abi: COMET_ABI, functionName: "balanceOf", args: [getAddress(owner)] });
}

/** The owner's supplied base balance (micro-USDC) now, read through the chain's RPC; unreadable blocks the plan. */
export async function cometSuppliedBalance(v: VenueDescriptor, owner: string): Promise<bigint> {
  const comet = getAddress(v.onchain.cUSDCv3 ?? "");
  return readForPlan(`The owner's Compound v3 supplied balance (Comet ${comet} balanceOf)`, () => cometBalanceOf(v, owner));
}

export function compoundV3Adapter(v: VenueDescriptor): VenueAdapter {
  const { chain, contract: comet, usdc } = evmVenueIds(v, "cUSDCv3", "comet");
  if (!v.onchain.configurator) throw new Error(`${v.id} has no configurator id`);
  return {
    venueId: v.id,
    onchainInterface: `Compound v3 Comet ${comet}: supply(address,uint256) / withdraw(address,uint256)`,
    deposit: async ({ amountMicros }) => {
      await proveCometIds(v, chain);
      return [
        approveTransaction(chain, usdc, comet, amountMicros, `Approve the Compound v3 USDC Comet to pull ${amountMicros} micro-USDC`),
        evmTransaction(chain, "deposit", `Supply ${amountMicros} micro-USDC to Compound v3 (the owner's base balance)`, evmCall(chain, comet, COMET_ABI, "supply", [usdc, amountMicros])),
      ];
    },
    withdraw: async ({ owner, amountMicros }) => {
      const supplied = await besideProof(proveCometIds(v, chain), cometSuppliedBalance(v, owner));
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
