"use client";
// "Sign in wallet": hands the plan's transaction to the connected wallet, reports the digest to the service,
// then follows the plan in the wallet's activity log until it settles or fails.
import { useMutation, useQuery } from "@tanstack/react-query";
import { useId } from "react";
import { ErrorBox } from "@/components/ui/error-box";
import { FAMILY_NAMES, familyOfChain, useWallet, walletStore } from "@/components/wallet/store";
import { type ActivityBody, EXECUTABLE_CHAINS, type Plan, api } from "@/lib/api";
import { chainName, explorerTxUrl } from "@/lib/format";

const FINAL = ["settled", "confirmed", "done", "failed", "reverted"];

/** Why signing is not possible right now, in words; null when it is. */
export function signBlockReason(plan: Plan, family: string | null): string | null {
  if (plan.status !== "prepared") return "The plan is blocked; fix what is listed above first.";
  const tx = plan.transactions?.[0];
  if (!tx) return "The service prepared no transaction to sign for this plan.";
  if (!EXECUTABLE_CHAINS.includes(tx.chain))
    return `${chainName(tx.chain)} is a Map chain: plans are prepared for review only and signing is disabled until its adapters go live.`;
  const needed = familyOfChain(tx.chain);
  if (!family) return `Connect a ${needed ? FAMILY_NAMES[needed] : ""} wallet to sign.`;
  if (needed && needed !== family) return `This plan runs on ${chainName(tx.chain)}: connect a ${FAMILY_NAMES[needed]} wallet to sign it.`;
  return null;
}

export function SignAndFollow({ plan, executePath }: { plan: Plan; executePath: string | null }) {
  const w = useWallet();
  const hintId = useId();
  const reason = signBlockReason(plan, w.account?.family ?? null);
  const tx = plan.transactions?.[0];

  const sign = useMutation({
    mutationFn: async () => {
      if (!tx || !w.signer) throw new Error("No wallet is ready to sign.");
      const digest = await w.signer.signAndSend(tx);
      let reported = false;
      if (executePath && plan.planId) {
        await api(executePath, { method: "POST", body: { planId: plan.planId, chain: tx.chain, digest } });
        reported = true;
      }
      return { digest, chain: tx.chain, reported };
    },
  });

  const wallet = w.account?.address;
  const follow = useQuery({
    queryKey: ["svc", "activity", wallet, "follow", plan.planId],
    enabled: sign.isSuccess && !!wallet && !!plan.planId,
    queryFn: ({ signal }) => api<ActivityBody>(`/svc/activity?wallet=${encodeURIComponent(wallet ?? "")}`, { signal }),
    refetchInterval: (q) => {
      const legs = q.state.data?.activity.filter((a) => a.planId === plan.planId) ?? [];
      return legs.length > 0 && legs.every((l) => FINAL.includes(l.status)) ? false : 3000;
    },
  });
  const legs = follow.data?.activity.filter((a) => a.planId === plan.planId) ?? [];

  return (
    <div className="sign">
      {!w.account && (
        <button type="button" className="btn" onClick={() => walletStore.openDialog()}>
          Connect wallet
        </button>
      )}{" "}
      <button
        type="button"
        className="btn btn-primary"
        disabled={reason !== null || sign.isPending || sign.isSuccess}
        aria-describedby={reason ? hintId : undefined}
        onClick={() => sign.mutate()}
        data-testid="sign"
      >
        {sign.isPending ? "Waiting for your wallet…" : "Sign in wallet"}
      </button>
      {reason && (
        <p id={hintId} className="muted small" data-testid="sign-disabled-reason">
          {reason}
        </p>
      )}
      {sign.error && <ErrorBox error={sign.error} title="Signing did not complete." onRetry={() => sign.reset()} />}
      {sign.data && (
        <div role="status" className="alert alert-info" data-testid="signed">
          <p>
            Signed and sent:{" "}
            {explorerTxUrl(sign.data.chain, sign.data.digest) ? (
              <a href={explorerTxUrl(sign.data.chain, sign.data.digest) ?? undefined} target="_blank" rel="noreferrer" className="mono">
                {sign.data.digest}
              </a>
            ) : (
              <span className="mono">{sign.data.digest}</span>
            )}
            .{" "}
            {legs.length === 0
              ? "Waiting for the service to see it on chain…"
              : legs.map((l) => `${l.kind}: ${l.status}`).join(", ")}
          </p>
        </div>
      )}
    </div>
  );
}
