// What the dashboard allows an owner to sign, in words (no React here, so it is testable as a unit: tests/unit).
// Map chains (evm-a, evm-b) are prepare-only for the service (spec §1.2); the owner may sign there only when the
// operator gave the go for that chain (SVC_OWNER_SIGNING_CHAINS → the plan's `ownerSigning`).
import { A_FAMILY, familyOfChain } from "@/components/wallet/store";
import { EXECUTABLE_CHAINS, type Plan } from "@/lib/api";
import { chainName } from "@/lib/format";

export function planChain(plan: Plan): string {
  return plan.schemaVersion === "svc-bridge-plan.v1" ? plan.sourceChain : plan.chain;
}

/** A Map chain (evm-a, evm-b): prepare-only for the service, whatever the owner may sign. */
export function isMapChain(chain: string): boolean {
  return !EXECUTABLE_CHAINS.includes(chain);
}

/** Why signing is not possible right now, in words; null when it is. */
export function signBlockReason(plan: Plan, family: string | null): string | null {
  const chain = planChain(plan);
  if (isMapChain(chain) && plan.ownerSigning !== true)
    return `${chainName(chain)} is a Map chain: plans are prepared for review only and signing is disabled until its adapters go live.`;
  if (plan.status !== "prepared") return "The plan is blocked; fix what is listed above first.";
  const needed = familyOfChain(chain);
  if (!family) return `Connect ${needed ? A_FAMILY[needed] : "a"} wallet to sign.`;
  if (needed && needed !== family) return `This plan runs on ${chainName(chain)}: connect ${A_FAMILY[needed]} wallet to sign it.`;
  if (plan.transactions.length === 0) return "The service prepared no transaction to sign for this plan.";
  return null;
}

/** What the page says once a Map-chain plan is signed: the ledger does not follow it. */
export function mapChainSignedNote(plan: Plan): string {
  const what = plan.schemaVersion === "svc-vault-plan.v1" ? `${plan.action}s` : "transactions";
  return `${chainName(planChain(plan))} is a Map chain: the service does not record Map-chain ${what} in its ledger yet, so this will not appear in your portfolio or activity here. The transactions are on chain: follow them with the explorer links above.`;
}
