"use client";
// One plan per form, tied to the exact request it was built from (issue 22 item 1). A plan is offered (summary and
// "Sign in wallet") only while that request equals the request the inputs on screen describe (plan-request.ts
// `sameRequest`); any other input discards it, and the form needs a new Review. While the wallet signs the plan, or
// the service is still confirming it, the inputs are locked instead, so what was signed stays on screen.
import { useMutation } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { unwrap } from "@svc/client";
import type { BridgePlanRequest, EvmSwapRequest, MoveSwapRequest, Plan, SvmSwapRequest, VaultPlanRequest } from "@/lib/api";
import { svcClient } from "@/lib/svc";
import { type PlanRequest, sameRequest } from "./plan-request";

/** POSTs the form's request to its plan endpoint through the typed client. The body is the form's own (the service
 * checks it: a bad one is a 400 in words); the answer is the document's plan, its transactions' payloads narrowed. */
async function postPlan(r: PlanRequest): Promise<Plan> {
  const svc = svcClient();
  switch (r.path) {
    case "/svc/strategies/deposit/plan":
      return (await unwrap(svc.POST("/api/v1/svc/strategies/deposit/plan", { body: r.body as VaultPlanRequest }))) as Plan;
    case "/svc/strategies/withdraw/plan":
      return (await unwrap(svc.POST("/api/v1/svc/strategies/withdraw/plan", { body: r.body as VaultPlanRequest }))) as Plan;
    case "/svc/swap-svm/plan":
      return (await unwrap(svc.POST("/api/v1/svc/swap-svm/plan", { body: r.body as SvmSwapRequest }))) as Plan;
    case "/svc/swap-move/plan":
      return (await unwrap(svc.POST("/api/v1/svc/swap-move/plan", { body: r.body as MoveSwapRequest }))) as Plan;
    case "/svc/evm/swap/plan":
      return (await unwrap(svc.POST("/api/v1/svc/evm/swap/plan", { body: r.body as EvmSwapRequest }))) as Plan;
    case "/svc/bridge/plan":
      return (await unwrap(svc.POST("/api/v1/svc/bridge/plan", { body: r.body as BridgePlanRequest }))) as Plan;
    default:
      throw new Error(`No plan endpoint ${r.path}.`);
  }
}

export interface PlanState {
  /** The plan for the inputs on screen; null when none was asked for them, it is being prepared, or it failed. */
  plan: Plan | null;
  /** Why the plan for the inputs on screen could not be prepared. */
  error: Error | null;
  pending: boolean;
  /** A plan (or its error) prepared for other inputs was discarded; a new Review is needed. */
  discarded: boolean;
  /** The wallet is signing the plan or the service is confirming it: the inputs must not change meanwhile. */
  locked: boolean;
  /** Asks for a plan of the inputs on screen (nothing when they do not make a request). */
  review: () => void;
  setLocked: (locked: boolean) => void;
}

/** `request` is what the inputs on screen describe now, or null when they do not make a complete request. */
export function usePlan(request: PlanRequest | null): PlanState {
  const [locked, setLocked] = useState(false);
  const [discarded, setDiscarded] = useState(false);
  const m = useMutation<Plan, Error, PlanRequest>({ mutationFn: postPlan });
  const { variables, isPending, reset, mutate } = m;
  const current = sameRequest(variables, request);

  // Discard the answer to a request the inputs no longer describe (also one that arrives after they changed).
  useEffect(() => {
    if (variables === undefined || isPending || locked || sameRequest(variables, request)) return;
    reset();
    setDiscarded(true);
  }, [variables, isPending, locked, request, reset]);

  // While locked the plan being signed stays as it is (its Sign button is already disabled while the wallet works).
  const shown = current || locked;
  return {
    plan: shown ? (m.data ?? null) : null,
    error: current ? m.error : null,
    pending: isPending,
    discarded: discarded && variables === undefined,
    locked,
    review: () => {
      if (request === null) return;
      setDiscarded(false);
      mutate(request);
    },
    setLocked,
  };
}
