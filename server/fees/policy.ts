// The live fee schedule (spec §1.3). GET /svc/fees serves it; clients must not hard-code rates.
import { config } from "../config";

export const BPS = 10_000n;

/** Profit fee on realized yield at harvest: 1% capped at 10 USD. Currently off (net = gross). */
export const PROFIT_FEE = { bps: 100, capMicros: 10_000_000n, enabled: false } as const;

/** On-chain registry constants on evm-a and evm-b. */
export const EVM_REGISTRY = { yieldFeeBps: 500, depositFeeBps: 0, maxYieldSkimBps: 1000 } as const;

export interface FeePolicy {
  principalFeeBps: 0;
  yieldSkimBps: number;
  profitFee: { bps: number; capMicros: bigint; enabled: boolean };
  swapFeeBps: number;
  bridgeFeeBps: number;
}

export function feePolicy(): FeePolicy {
  const cfg = config();
  return {
    principalFeeBps: 0,
    yieldSkimBps: cfg.SVC_YIELD_SKIM_BPS,
    profitFee: { ...PROFIT_FEE },
    swapFeeBps: cfg.SVC_SWAP_FEE_BPS,
    bridgeFeeBps: cfg.SVC_BRIDGE_FEE_BPS,
  };
}

/** Protocol skim on gross yield only (never on principal). */
export function skimOf(grossMicros: bigint, skimBps: number): bigint {
  if (grossMicros <= 0n) return 0n;
  return (grossMicros * BigInt(skimBps)) / BPS;
}

/** Profit fee on realized yield: bps of gross, capped; 0 while disabled. */
export function profitFeeOf(grossMicros: bigint, fee = PROFIT_FEE): bigint {
  if (!fee.enabled || grossMicros <= 0n) return 0n;
  const f = (grossMicros * BigInt(fee.bps)) / BPS;
  return f > fee.capMicros ? fee.capMicros : f;
}

/** Service fee in micros for an amount at a bps rate (rounded down). */
export function bpsOf(amountMicros: bigint, bps: number): bigint {
  return (amountMicros * BigInt(bps)) / BPS;
}
