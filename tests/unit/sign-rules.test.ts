// The dashboard's signing rule (components/plan/sign-rules.ts): Map chains are review-only unless the operator gave the
// go for owner signing there (the plan's `ownerSigning`, from SVC_OWNER_SIGNING_CHAINS); Executable chains unchanged.
import { describe, expect, it } from "vitest";
import { mapChainSignedNote, signBlockReason } from "../../components/plan/sign-rules";
import type { PlanTransaction, VaultPlan } from "../../lib/api";

const evmLeg = (chain: "evm-a" | "evm-b", kind: "approve" | "deposit"): PlanTransaction => ({
  chain,
  kind,
  description: kind,
  encoding: "evm-call",
  payload: { chainId: chain === "evm-a" ? 8453 : 42161, to: `0x${"11".repeat(20)}`, data: "0x", value: "0" },
});

function plan(chain: VaultPlan["chain"], patch: Partial<VaultPlan> = {}): VaultPlan {
  const legs = chain === "evm-a" || chain === "evm-b" ? [evmLeg(chain, "approve"), evmLeg(chain, "deposit")] : [];
  // `as`: ownerSigning may be left out (a server older than the field), which the rule reads as false.
  return {
    schemaVersion: "svc-vault-plan.v1",
    action: "deposit",
    status: "prepared",
    planId: "pln_test",
    submitted: false,
    ownerMustSign: true,
    fees: [],
    transactions: legs,
    broadcastEnabled: false,
    executionMode: "owner_sign_prepare",
    feeMicros: "0",
    strategyId: "aave-v3-arbitrum",
    opportunityId: "opp_test",
    chain,
    amountMicros: "25500000",
    owner: "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266",
    estimates: { estimate: true, grossApyBps: null, netApyBps: null, estDailyYieldMicros: null, estMonthlyYieldMicros: null },
    onchainInterface: null,
    ...patch,
  } as VaultPlan;
}

describe("signBlockReason on Map chains", () => {
  it("without the operator's go (ownerSigning false or absent): the Map chain's text, whatever wallet is connected", () => {
    for (const p of [plan("evm-a", { ownerSigning: false }), plan("evm-a"), plan("evm-b", { ownerSigning: false })]) {
      const reason = signBlockReason(p, "evm");
      expect(reason).toContain("is a Map chain");
      expect(reason).toContain("signing is disabled until its adapters go live");
    }
    expect(signBlockReason(plan("evm-a"), "evm")).toMatch(/^Base \(evm-a\) is a Map chain/);
  });

  it("with the go (ownerSigning true): an EVM wallet may sign a prepared plan", () => {
    expect(signBlockReason(plan("evm-b", { ownerSigning: true }), "evm")).toBeNull();
  });

  it("with the go, the other rules still hold: blocked plans, no wallet, the wrong family, no transaction", () => {
    expect(signBlockReason(plan("evm-b", { ownerSigning: true, status: "blocked" }), "evm")).toBe("The plan is blocked; fix what is listed above first.");
    expect(signBlockReason(plan("evm-b", { ownerSigning: true }), null)).toMatch(/^Connect an EVM wallet to sign\.$/);
    expect(signBlockReason(plan("evm-b", { ownerSigning: true }), "solana")).toMatch(/connect an EVM wallet to sign it/);
    expect(signBlockReason(plan("evm-b", { ownerSigning: true, transactions: [] }), "evm")).toBe("The service prepared no transaction to sign for this plan.");
  });

  it("after signing on a Map chain the page says plainly that the ledger does not record it", () => {
    expect(mapChainSignedNote(plan("evm-b", { ownerSigning: true }))).toMatch(
      /^Arbitrum \(evm-b\) is a Map chain: the service does not record Map-chain deposits in its ledger yet/,
    );
  });
});

describe("signBlockReason on Executable chains is unchanged", () => {
  it("a prepared Solana plan with a Solana wallet signs; ownerSigning is not consulted there", () => {
    const p = plan("svm-chain", { transactions: [{ chain: "svm-chain", kind: "deposit", description: "d", encoding: "sui-transaction-json", payload: "{}" }] });
    expect(signBlockReason(p, "solana")).toBeNull();
    expect(signBlockReason({ ...p, ownerSigning: false }, "solana")).toBeNull();
    expect(signBlockReason(p, "evm")).toContain("connect a Solana wallet");
  });
});
