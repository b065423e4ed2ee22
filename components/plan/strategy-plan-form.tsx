"use client";
// Deposit or withdraw: amount → plan (POST /svc/strategies/{kind}/plan) → review → sign → follow.
import { useMutation } from "@tanstack/react-query";
import { ErrorBox, NotYet, isNotFound } from "@/components/ui/error-box";
import { useWallet } from "@/components/wallet/store";
import { type VaultPlan, api } from "@/lib/api";
import { AmountInput, useAmount } from "./amount-input";
import { PlanSummary } from "./plan-summary";
import { SignAndFollow } from "./sign-and-follow";

/** Deposit and withdraw plans are in USDC (6 decimals): amountMicros. */
const USDC_UNITS = { symbol: "USDC", decimals: 6 };

export function StrategyPlanForm({ kind, strategyId }: { kind: "deposit" | "withdraw"; strategyId: string }) {
  const amount = useAmount(USDC_UNITS);
  const micros = amount.baseUnits;
  const w = useWallet();
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
        <AmountInput amount={amount} token={USDC_UNITS} label={kind === "deposit" ? "Deposit amount" : "Withdraw amount"} />
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
