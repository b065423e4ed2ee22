// GET /svc/packages (schema svc-packages.v1) and GET /svc/evm-a|evm-b/enablement. Our own ids come
// from configuration; an id that is not configured is null (not deployed), never a placeholder.
import type { ChainId } from "../chains/address";
import { config } from "../config";
import { blocker } from "../http/codes";
import { broadcastEnabled, chainLabelOf } from "../chains/launch";
import { venuesOn } from "../venues";

export const NETWORK: Record<ChainId, string> = {
  "move-chain": "Sui",
  "svm-chain": "Solana",
  "evm-a": "Base",
  "evm-b": "Arbitrum",
};

const UNSET = "Not deployed yet: set by configuration when published.";

export function packagesBody() {
  const cfg = config();
  const entry = (name: string, kind: "package" | "program" | "registry", id: string | undefined, network: "mainnet" | "testnet" = "mainnet") => ({
    name,
    kind,
    network,
    id: id ?? null,
    upgradeAuthority: "held" as const,
    note: id ? null : UNSET,
  });
  const chain = (c: ChainId, entries: ReturnType<typeof entry>[]) => ({ chain: c, network: NETWORK[c], label: chainLabelOf(c), entries });
  return {
    schemaVersion: "svc-packages.v1" as const,
    upgradeAuthority: "held" as const,
    chains: [
      chain("move-chain", [
        entry("svc vault package", "package", cfg.SVC_PACKAGE_MOVE),
        entry("svc vault package (testnet)", "package", undefined, "testnet"),
      ]),
      chain("svm-chain", [entry("svc vault program", "program", cfg.SVC_PROGRAM_SVM)]),
      chain("evm-a", [entry("svc registry", "registry", cfg.SVC_REGISTRY_EVM_A)]),
      chain("evm-b", [entry("svc registry", "registry", cfg.SVC_REGISTRY_EVM_B)]),
    ],
  };
}

export function enablementBody(chain: "evm-a" | "evm-b") {
  const cfg = config();
  const registryId = (chain === "evm-a" ? cfg.SVC_REGISTRY_EVM_A : cfg.SVC_REGISTRY_EVM_B) ?? null;
  const venues = venuesOn(chain);
  const writeReady = venues.some((v) => v.writeReady);
  return {
    schemaVersion: "svc-enablement.v1" as const,
    chain,
    network: NETWORK[chain],
    label: chainLabelOf(chain),
    executionMode: cfg.SVC_EXECUTION_MODE,
    // Spec §1.2: a deployed registry does not mean live deposits; Map chains stay discovery + prepare.
    enabled: false,
    writeReady,
    liveMoneyPath: venues.some((v) => v.liveMoneyPath),
    broadcastEnabled: broadcastEnabled(chain),
    registry: { id: registryId, deployed: registryId !== null },
    venues: venues.map((v) => ({ id: v.id, protocol: v.protocol, ready: v.ready, writeReady: v.writeReady })),
    requires: ["write adapters ready for the chain's venues", "an explicit go to leave Map mode"],
    blockers: [blocker("map_chain_prepare_only")],
  };
}
