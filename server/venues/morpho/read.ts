// Morpho vaults (MetaMorpho, ERC-4626): what the owner's position in the pinned USDC vault is worth now.
//
// `previewRedeem(balanceOf(owner))`: the USDC redeeming all the owner's shares pays now. ERC-4626's previewRedeem "MUST
// return as close to and no more than the exact amount of assets that would be withdrawn in a redeem call in the same
// transaction" and "MUST be inclusive of withdrawal fees" (`@openzeppelin/contracts` 5.0.0 interfaces/IERC4626.sol,
// quoting EIP-4626); in MetaMorpho (morpho-org/metamorpho
// 163eb2ae022629d4c35e598a668a30451af25f44 src/MetaMorpho.sol) it is OpenZeppelin 5.0.0's ERC4626 `previewRedeem` =
// `_convertToAssets(shares, Floor)`, which MetaMorpho overrides to count the interest accrued in its markets and the fee
// shares not yet minted (`_convertToAssets`, `_accruedFeeShares`), and `redeem` pays exactly that
// (`_convertToAssetsWithTotals(shares, totalSupply(), newTotalAssets, Floor)` after `_accrueFee`). Our withdraw plan is
// a `redeem` (./build.ts), so this is what our withdrawals pay per share.
//
// Not `maxWithdraw(owner)`: MetaMorpho's `_maxWithdraw` is that same figure minus what its markets cannot pay out now
// (`_simulateWithdrawMorpho`: liquidity lent to borrowers). That caps how much can leave at this moment, not what the
// position is worth; using it would show a loss (and a drift from the ledger) whenever borrowers use the liquidity. The
// withdraw builder still refuses above maxWithdraw (./build.ts).
import { getAddress } from "viem";
import { evmRpc } from "../../chains/clients";
import { evmVenueIds } from "../shared/evm";
import type { VenueWorth } from "../shared/read";
import type { VenueDescriptor } from "../types";
import { ERC4626_ABI } from "./abi";
import { proveMorphoVault } from "./build";

/** The USDC the owner's vault shares redeem for now; the vault proven the cited USDC MetaMorpho vault first. */
export function morphoVaultWorth(v: VenueDescriptor): VenueWorth {
  const { chain, contract } = evmVenueIds(v, "vault", "vault");
  const vault = getAddress(contract);
  const redeemable = async (owner: string): Promise<bigint> => {
    // The client of the RPC configured now (not at load).
    const client = evmRpc(chain);
    const shares = await client.readContract({ address: vault, abi: ERC4626_ABI, functionName: "balanceOf", args: [getAddress(owner)] });
    if (shares === 0n) return 0n;
    return client.readContract({ address: vault, abi: ERC4626_ABI, functionName: "previewRedeem", args: [shares] });
  };
  return {
    venueId: v.id,
    what: "Morpho vault previewRedeem(balanceOf) (the USDC the owner's shares redeem for)",
    readWorth: async (owner) => {
      // The proof (remembered once it holds) and the share reads are independent: read at once.
      const [, assets] = await Promise.all([proveMorphoVault(v), redeemable(owner)]);
      return assets;
    },
  };
}
