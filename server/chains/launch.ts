// Which chains the service executes on (launch homes) and which it only maps (spec §1.2), and what the configuration
// lets the server and the owner's wallet do on each: below every domain, so venues, rails and plans all read one answer.
import type { ChainId } from "./address";
import { config } from "../config";

export const LAUNCH_HOMES: readonly ChainId[] = ["move-chain", "svm-chain"];
export const MAP_CHAINS: readonly ChainId[] = ["evm-a", "evm-b"];

export function chainLabelOf(chain: ChainId): "Executable" | "Map" {
  return LAUNCH_HOMES.includes(chain) ? "Executable" : "Map";
}

/** Whether the server may submit on a chain: only in broadcast mode, and never on a Map chain. */
export function broadcastEnabled(chain: ChainId): boolean {
  return config().SVC_EXECUTION_MODE === "broadcast" && chainLabelOf(chain) === "Executable";
}

/**
 * Whether the dashboard offers a prepared plan on `chain` to the owner's wallet: on an Executable chain always; on a Map
 * chain only with the operator's explicit go (SVC_OWNER_SIGNING_CHAINS, spec §1.2). Never while the execution mode is
 * disabled (nothing is offered for signing then). It says nothing about the server: it never broadcasts on a Map chain.
 */
export function ownerSigningEnabled(chain: ChainId): boolean {
  const cfg = config();
  if (cfg.SVC_EXECUTION_MODE === "disabled") return false;
  return chainLabelOf(chain) === "Executable" || cfg.SVC_OWNER_SIGNING_CHAINS.includes(chain as "evm-a" | "evm-b");
}
