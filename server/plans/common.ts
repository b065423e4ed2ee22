// Pieces every plan shares: the blockers of the execution mode and the stored record.
import type { ChainId } from "../chains/address";
import { config } from "../config";
import { type Blocker, blocker } from "../http/codes";
import { broadcastEnabled, ownerSigningEnabled } from "../chains/launch";

export function executionBlockers(): Blocker[] {
  return config().SVC_EXECUTION_MODE === "disabled"
    ? [blocker("execution_disabled", "SVC_EXECUTION_MODE is disabled: the plan is computed and stored, but nothing is offered for signing.")]
    : [];
}

export function executionFlags(chain: ChainId) {
  return { broadcastEnabled: broadcastEnabled(chain), ownerSigning: ownerSigningEnabled(chain), executionMode: config().SVC_EXECUTION_MODE };
}

export const NETWORK_FEE = {
  // Sized by POST /svc/gas-sponsor/plan (said in the OpenAPI document, not in a label users read).
  label: "Network fee (gas), paid by the owner's wallet",
  kind: "network" as const,
  amountMicros: null,
  bps: null,
  estimate: true,
  asset: null,
};
