// Who receives the service's swap and bridge fees on each chain (contract §11: SVC_FEE_RECIPIENT_MOVE, _SVM, _EVM_A,
// _EVM_B). A plan takes a service fee only where a recipient is configured; elsewhere the fee is 0 with the reason.
import { config } from "../config";
import type { ChainId } from "../chains/address";
import { bpsOf } from "./policy";

const VARIABLE: Record<ChainId, "SVC_FEE_RECIPIENT_MOVE" | "SVC_FEE_RECIPIENT_SVM" | "SVC_FEE_RECIPIENT_EVM_A" | "SVC_FEE_RECIPIENT_EVM_B"> = {
  "move-chain": "SVC_FEE_RECIPIENT_MOVE",
  "svm-chain": "SVC_FEE_RECIPIENT_SVM",
  "evm-a": "SVC_FEE_RECIPIENT_EVM_A",
  "evm-b": "SVC_FEE_RECIPIENT_EVM_B",
};

export function feeRecipientVariable(chain: ChainId): string {
  return VARIABLE[chain];
}

/** The configured fee recipient on a chain, or null when the operator set none. */
export function feeRecipient(chain: ChainId): string | null {
  return config()[VARIABLE[chain]] ?? null;
}

export type ServiceFee =
  | { collected: true; recipient: string; bps: number; amount: bigint; reason: null }
  | { collected: false; recipient: null; bps: 0; amount: 0n; reason: string };

/**
 * The service fee a plan on `chain` takes from `amount` at `bps`: collected (to the configured recipient) or 0 with the
 * reason. Every plan that discloses a service fee must take exactly this amount in its own transactions.
 */
export function serviceFeeOn(chain: ChainId, amount: bigint, bps: number): ServiceFee {
  const recipient = feeRecipient(chain);
  if (recipient === null) {
    return { collected: false, recipient: null, bps: 0, amount: 0n, reason: `no fee recipient is configured on ${chain} (${VARIABLE[chain]}), so no service fee is taken` };
  }
  return { collected: true, recipient, bps, amount: bpsOf(amount, bps), reason: null };
}
