// Morpho vaults (MetaMorpho, ERC-4626, one USDC vault pinned per chain: server/venues/morpho-*.ts): ERC-20 approve of
// the vault, then `deposit(assets, receiver = owner)`; withdraw = `redeem(shares, receiver = owner, owner)` with the
// share amount from `previewWithdraw(assets)` read when the plan is built. Prepare only (Map chains).
//
// Why redeem and not withdraw: the plan names an exact share amount the owner signs for, so the wallet burns no more
// shares than the plan says. previewWithdraw rounds up (ERC-4626: the shares `withdraw(assets)` would burn), so
// redeeming them pays at least `assets`. The request is refused above `maxWithdraw(owner)` (MetaMorpho caps it at the
// owner's shares' worth and at the liquidity its markets hold: morpho-org/metamorpho
// 163eb2ae022629d4c35e598a668a30451af25f44 src/MetaMorpho.sol `maxWithdraw` / `_maxWithdraw`), read at plan time.
//
// Before either plan the vault is proven from the chain (../shared/prove.ts): its `asset()` is the cited USDC, and a
// cited MetaMorpho factory's `isMetaMorpho(vault)` is true (the factory indexes every vault it created; on Base, as in
// Morpho's SDK, the v1.1 factory or else the v1.0 one). Another real vault (another asset's, or a look-alike no factory
// made) is blocked venue_state_unavailable naming it.
import { getAddress } from "viem";
import { evmRpc } from "../../chains/clients";
import { approveTransaction, evmCall, evmTransaction } from "../../chains/evm";
import { evmVenueIds } from "../shared/evm";
import type { VenueDescriptor } from "../types";
import { readForPlan } from "../shared/plan-reads";
import { BuildBlocked, type VenueAdapter } from "../shared/build";
import { ERC4626_ABI, METAMORPHO_FACTORY_ABI } from "./abi";
import { besideProof, proveIds } from "../shared/prove";

/** What the owner can withdraw now and the shares `assets` costs, both read through the chain's RPC at once. */
export async function vaultWithdrawReads(v: VenueDescriptor, owner: string, assets: bigint): Promise<{ maxAssets: bigint; shares: bigint }> {
  const vault = getAddress(v.onchain.vault ?? "");
  const client = evmRpc(v.chain);
  const [maxAssets, shares] = await readForPlan(`The Morpho vault ${vault} maxWithdraw and previewWithdraw`, () =>
    Promise.all([
      client.readContract({ address: vault, abi: ERC4626_ABI, functionName: "maxWithdraw", args: [getAddress(owner)] }),
      client.readContract({ address: vault, abi: ERC4626_ABI, functionName: "previewWithdraw", args: [assets] }),
    ]),
  );
  return { maxAssets, shares };
}

/** The vault is the cited USDC's MetaMorpho vault: asset() is USDC, and a cited factory created it. */
export function proveMorphoVault(v: VenueDescriptor): Promise<void> {
  const { chain, contract, usdc } = evmVenueIds(v, "vault", "vault");
  const vault = getAddress(contract);
  const factories = [v.onchain.metaMorphoFactory, v.onchain.metaMorphoFactoryV1_0].filter((f): f is string => !!f).map((f) => getAddress(f));
  if (!factories.length) throw new Error(`${v.id} has no metaMorphoFactory id`);
  const client = evmRpc(chain);
  return proveIds([
    {
      key: `morpho-asset|${chain}|${vault}|${getAddress(usdc)}`,
      what: `The Morpho vault ${vault}'s asset() is USDC ${getAddress(usdc)}`,
      check: async () => {
        const asset = await client.readContract({ address: vault, abi: ERC4626_ABI, functionName: "asset" });
        return getAddress(asset) === getAddress(usdc) ? null : `its asset() is ${getAddress(asset)}`;
      },
    },
    {
      key: `morpho-factory|${chain}|${vault}|${factories.join(",")}`,
      what: `The Morpho vault ${vault} was created by the MetaMorpho factory ${factories.join(" or ")}`,
      check: async () => {
        // Every cited factory asked at once (one round trip, not one per factory); any one that made the vault proves it.
        const made = await Promise.all(factories.map((factory) => client.readContract({ address: factory, abi: METAMORPHO_FACTORY_ABI, functionName: "isMetaMorpho", args: [vault] })));
        if (made.some(Boolean)) return null;
        return `isMetaMorpho(${vault}) is false on ${factories.join(" and ")}`;
      },
    },
  ]);
}

export function morphoVaultAdapter(v: VenueDescriptor): VenueAdapter {
  const { chain, contract: vault, usdc } = evmVenueIds(v, "vault", "vault");
  return {
    venueId: v.id,
    onchainInterface: `Morpho vault (MetaMorpho, ERC-4626) ${vault}: deposit(uint256,address) / redeem(uint256,address,address)`,
    deposit: async ({ owner, amountMicros }) => {
      await proveMorphoVault(v);
      return [
        approveTransaction(chain, usdc, vault, amountMicros, `Approve the Morpho USDC vault to pull ${amountMicros} micro-USDC`),
        evmTransaction(chain, "deposit", `Deposit ${amountMicros} micro-USDC into the Morpho vault; the vault shares go to the owner`, evmCall(chain, vault, ERC4626_ABI, "deposit", [amountMicros, getAddress(owner)])),
      ];
    },
    withdraw: async ({ owner, amountMicros }) => {
      const { maxAssets, shares } = await besideProof(proveMorphoVault(v), vaultWithdrawReads(v, owner, amountMicros));
      if (amountMicros > maxAssets) {
        throw new BuildBlocked(
          "insufficient_balance",
          `The Morpho vault ${vault} lets the owner withdraw at most ${maxAssets} micro-USDC now (maxWithdraw: the owner's shares' worth, capped by the vault's liquidity): withdraw at most ${maxAssets}.`,
        );
      }
      const o = getAddress(owner);
      return [
        evmTransaction(chain, "withdraw", `Redeem ${shares} Morpho vault shares (previewWithdraw of ${amountMicros} micro-USDC now) for at least ${amountMicros} micro-USDC to the owner`, evmCall(chain, vault, ERC4626_ABI, "redeem", [shares, o, o])),
      ];
    },
  };
}
