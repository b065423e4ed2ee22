// Status and fee schedule of the service.
import { CHAIN_IDS } from "../chains/address";
import { broadcastEnabled, chainLabelOf, LAUNCH_HOMES, MAP_CHAINS, ownerSigningEnabled } from "../chains/launch";
import { config } from "../config";
import { EVM_REGISTRY, PROFIT_FEE, feePolicy } from "../fees/policy";
import { feeRecipient, feeRecipientVariable } from "../fees/recipient";

export function statusBody(database: "pglite" | "postgres") {
  const cfg = config();
  const fees = feePolicy();
  return {
    schemaVersion: "svc-status.v1" as const,
    service: "svc" as const,
    apiVersion: "v1" as const,
    phase: "phase-1" as const,
    executionMode: cfg.SVC_EXECUTION_MODE,
    launchHomes: [...LAUNCH_HOMES],
    mapChains: [...MAP_CHAINS],
    execution: {
      ownerMustSign: true as const,
      serverHoldsKeys: false as const,
      serverMayBroadcast: cfg.SVC_EXECUTION_MODE === "broadcast",
      chains: CHAIN_IDS.map((chain) => ({
        chain,
        label: chainLabelOf(chain),
        broadcastEnabled: broadcastEnabled(chain),
        ownerSigning: ownerSigningEnabled(chain),
        writeReady: chainLabelOf(chain) === "Executable",
      })),
    },
    fees: {
      principalFeeBps: fees.principalFeeBps,
      yieldSkimBps: fees.yieldSkimBps,
      profitFeeBps: fees.profitFee.bps,
      profitFeeEnabled: fees.profitFee.enabled,
      swapFeeBps: fees.swapFeeBps,
      bridgeFeeBps: fees.bridgeFeeBps,
    },
    database,
    time: new Date().toISOString(),
  };
}

export function feesBody() {
  const fees = feePolicy();
  return {
    schemaVersion: "svc-fees.v1" as const,
    principal: { deposit: 0, route: 0, withdraw: 0 },
    profitFee: {
      bps: PROFIT_FEE.bps,
      capMicros: PROFIT_FEE.capMicros.toString(),
      enabled: PROFIT_FEE.enabled,
      note: "1% of realized yield capped at 10 USD; currently off, so net equals gross.",
    },
    yieldSkim: {
      bps: fees.yieldSkimBps,
      defaultBps: 500,
      maxBps: EVM_REGISTRY.maxYieldSkimBps,
      appliesTo: "gross realized yield at harvest" as const,
      neverOn: ["deposits", "top-ups", "withdrawals", "principal"],
    },
    swap: { serviceFeeBps: fees.swapFeeBps, poolFee: "disclosed per plan from the quote" as const },
    bridge: { serviceFeeBps: fees.bridgeFeeBps, railFee: "disclosed per plan from the rail" as const },
    recipients: CHAIN_IDS.map((chain) => {
      const recipient = feeRecipient(chain);
      return {
        chain,
        recipient,
        collected: recipient !== null,
        reason: recipient === null ? `no fee recipient is configured (${feeRecipientVariable(chain)}): swap and bridge plans on ${chain} take no service fee` : null,
      };
    }),
    evmRegistry: { ...EVM_REGISTRY },
  };
}
