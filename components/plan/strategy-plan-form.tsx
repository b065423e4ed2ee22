"use client";
// Deposit or withdraw: amount → plan (POST /svc/strategies/{kind}/plan) → review → sign → follow.
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { ErrorBox, NotYet, isNotFound } from "@/components/ui/error-box";
import { useWallet } from "@/components/wallet/store";
import { type VaultPlan, api } from "@/lib/api";
import { AmountInput, parseAmount } from "./amount-input";
import { PlanSummary } from "./plan-summary";
import { SignAndFollow } from "./sign-and-follow";

export function StrategyPlanForm({ kind, strategyId }: { kind: "deposit" | "withdraw"; strategyId: string }) {
  const [units, setUnits] = useState("");
  const w = useWallet();
  const { micros } = parseAmount(units);
  const plan = useMutation({
    mutationFn: (amountMicros: bigint) =>
      api<VaultPlan>(`/svc/strategies/${kind}/plan`, {
        method: "POST",
        body: { strategyId, amountMicros: amountMicros.toString(), ...(w.account ? { owner: w.account.address } : {}) },
      }),
  });
  return (
    <div data-testid={`${kind}-form`}>
      <form
        className="form-row"
        onSubmit={(e) => {
          e.preventDefault();
          if (micros !== null) plan.mutate(micros);
        }}
      >
        <AmountInput value={units} onChange={setUnits} label={kind === "deposit" ? "Deposit amount" : "Withdraw amount"} />
        <button type="submit" className="btn btn-primary" disabled={micros === null || plan.isPending}>
          {plan.isPending ? "Preparing…" : `Review ${kind} plan`}
        </button>
      </form>
      {plan.error &&
        (isNotFound(plan.error) ? (
          <NotYet what={`Preparing ${kind} plans`} />
        ) : (
          <ErrorBox error={plan.error} title="The plan could not be prepared." onRetry={() => micros !== null && plan.mutate(micros)} />
        ))}
      {plan.data && (
        <>
          <PlanSummary plan={plan.data} />
          <SignAndFollow plan={plan.data} />
        </>
      )}
    </div>
  );
}
