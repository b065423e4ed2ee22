// What a bridge's two legs must do, in the one checker's terms (server/chains/check-changes.ts): the burn the owner
// signs on the source chain and the receive the owner-locked destination signs on the destination chain. The plan
// (server/plans/bridge.ts) checks the burn's simulation with burnExpectation, the rescue (server/execute/bridge.ts) the
// receive's with receiveExpectation.
import type { ChainId } from "../chains/address";
import { USDC } from "../chains/balances";
import type { ExpectedChanges } from "../chains/check-changes";
import type { ServiceFee } from "../fees/recipient";

export interface BurnLeg {
  source: ChainId;
  owner: string;
  /** What leaves the owner: the burn plus the service fee. */
  amount: bigint;
  burnAmount: bigint;
  serviceFee: ServiceFee;
  destinationDomain: number;
  /** The owner-locked destination as the burn message carries it (bytes32). */
  mintRecipient: string;
  /** The contract the burn approves (EVM TokenMessenger), or null. */
  burner: string | null;
}

/**
 * The burn: exactly `amount` USDC leaves the owner (the burn and the disclosed service fee, which only its recipient
 * receives); the one burn message burns `burnAmount` minted to the owner-locked destination on its domain; an EVM
 * approval is exactly the burn, to the TokenMessenger; nothing else leaves but the network fee.
 */
export function burnExpectation(leg: BurnLeg): ExpectedChanges {
  const usdc = USDC[leg.source];
  const { serviceFee } = leg;
  return {
    chain: leg.source,
    owner: leg.owner,
    spends: [{ asset: usdc, amount: leg.amount }],
    pays: serviceFee.collected && serviceFee.amount > 0n ? [{ to: serviceFee.recipient, asset: usdc, amount: serviceFee.amount }] : [],
    venues: leg.burner ? [leg.burner] : [],
    burn: { asset: usdc, amount: leg.burnAmount, destinationDomain: leg.destinationDomain, mintRecipient: leg.mintRecipient },
  };
}

/**
 * The receive: the owner-locked destination receives exactly what the attested message mints to it (the burned amount
 * less the executed fee), the rail's fee recipient exactly the executed fee, and nothing leaves the destination but the
 * network fee.
 */
export function receiveExpectation(dest: ChainId, destAddress: string, mint: { amount: bigint; fee: bigint }): ExpectedChanges {
  const usdc = USDC[dest];
  return { chain: dest, owner: destAddress, spends: [], receives: [{ asset: usdc, atLeast: mint.amount }], receivesExactly: true, railFee: { asset: usdc, amount: mint.fee } };
}
