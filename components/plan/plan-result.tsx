"use client";
// What a plan form shows under its inputs: the plan for the inputs on screen (summary, then "Sign in wallet"), why it
// could not be prepared, or that the plan of earlier inputs was discarded (use-plan.ts). The one view of the deposit,
// withdraw, swap and bridge forms, so none of them can offer a stale plan for signing.
import type { ReactNode } from "react";
import { ErrorBox, NotYet, isNotFound } from "@/components/ui/error-box";
import { PlanSummary } from "./plan-summary";
import { SignAndFollow } from "./sign-and-follow";
import type { PlanState } from "./use-plan";

export function PlanResult({
  state,
  label,
  onSigned,
}: {
  state: PlanState;
  /** What is not available when the plan endpoint has not landed ("Swap plans"). */
  label: string;
  onSigned?: (planId: string, digest: string) => void;
}) {
  if (state.error)
    return isNotFound(state.error) ? (
      <NotYet what={label} />
    ) : (
      <ErrorBox error={state.error} title="The plan could not be prepared." onRetry={state.review} />
    );
  if (state.discarded)
    return (
      <p className="muted small" role="status" data-testid="plan-discarded">
        The inputs changed after the review, so that plan was discarded. Review again to get a plan for what is on screen.
      </p>
    );
  const plan = state.plan;
  if (!plan) return null;
  return (
    <>
      <PlanSummary plan={plan} />
      {/* One signing state per plan: a new plan never inherits the last one's "signed". */}
      <SignAndFollow key={plan.planId} plan={plan} onBusy={state.setLocked} onSigned={onSigned ? (digest) => onSigned(plan.planId, digest) : undefined} />
    </>
  );
}

/** A plan form: submitting it asks for the plan (Review); its inputs are locked while the wallet signs the plan or the
 * service confirms it (use-plan.ts). */
export function PlanForm({ state, children }: { state: PlanState; children: ReactNode }) {
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        state.review();
      }}
    >
      <fieldset className="plan-inputs" disabled={state.locked}>
        {children}
        {state.locked && (
          <p className="muted small" data-testid="plan-inputs-locked">
            The inputs stay as they are while your wallet signs this plan and the service confirms it.
          </p>
        )}
      </fieldset>
    </form>
  );
}
