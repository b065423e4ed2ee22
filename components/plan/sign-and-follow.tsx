"use client";
// "Sign in wallet": hands the plan's transactions to the connected wallet, reports the digest to the service
// (POST /svc/strategies/deposit/execute { planId, digest }) and follows it until the service confirms it on chain
// (200 done; 202 pending means "post again later"). Then the portfolio and activity views are refreshed.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useEffect, useId } from "react";
import { ErrorBox } from "@/components/ui/error-box";
import { FAMILY_NAMES, familyOfChain, useWallet, walletStore } from "@/components/wallet/store";
import { ApiError, EXECUTABLE_CHAINS, type ExecuteBody, type Plan, api } from "@/lib/api";
import { chainName, explorerTxUrl } from "@/lib/format";
import { formatMicros } from "@/lib/money";

const EXECUTE_PATH = "/svc/strategies/deposit/execute";
const POLL_MS = 2000;

function planChain(plan: Plan): string {
  return plan.schemaVersion === "svc-bridge-plan.v1" ? plan.sourceChain : plan.chain;
}

/** Why signing is not possible right now, in words; null when it is. */
export function signBlockReason(plan: Plan, family: string | null): string | null {
  const chain = planChain(plan);
  if (!EXECUTABLE_CHAINS.includes(chain))
    return `${chainName(chain)} is a Map chain: plans are prepared for review only and signing is disabled until its adapters go live.`;
  if (plan.status !== "prepared") return "The plan is blocked; fix what is listed above first.";
  const needed = familyOfChain(chain);
  if (!family) return `Connect a ${needed ? FAMILY_NAMES[needed] : ""} wallet to sign.`;
  if (needed && needed !== family) return `This plan runs on ${chainName(chain)}: connect a ${FAMILY_NAMES[needed]} wallet to sign it.`;
  if (plan.transactions.length === 0) return "The service prepared no transaction to sign for this plan.";
  return null;
}

/** Only deposits have an execute endpoint (POST /svc/strategies/deposit/execute); other signed plans are not followed. */
function reportsTo(plan: Plan): string | null {
  return plan.schemaVersion === "svc-vault-plan.v1" && plan.action === "deposit" ? EXECUTE_PATH : null;
}

export function SignAndFollow({ plan, onSigned }: { plan: Plan; /** Called once the wallet has sent the plan's last transaction. */ onSigned?: (digest: string, chain: string) => void }) {
  const w = useWallet();
  const qc = useQueryClient();
  const hintId = useId();
  const reason = signBlockReason(plan, w.account?.family ?? null);
  const executePath = reportsTo(plan);

  const sign = useMutation({
    mutationFn: async () => {
      const signer = w.signer;
      if (!signer) throw new Error("No wallet is ready to sign.");
      // Legs run in order (an EVM approve before its deposit); the last digest is the plan's proof.
      let digest = "";
      for (const tx of plan.transactions) digest = await signer.signAndSend(tx);
      return { digest, chain: plan.transactions.at(-1)?.chain ?? planChain(plan) };
    },
    onSuccess: (r) => onSigned?.(r.digest, r.chain),
  });

  const digest = sign.data?.digest ?? null;
  const execute = useQuery({
    queryKey: ["svc", "execute", plan.planId, digest],
    enabled: executePath !== null && digest !== null,
    queryFn: () => api<ExecuteBody>(executePath ?? EXECUTE_PATH, { method: "POST", body: { planId: plan.planId, digest } }),
    refetchInterval: (q) => (q.state.data?.status === "pending" ? POLL_MS : false),
    retry: (n, e) => !(e instanceof ApiError && e.status >= 400 && e.status < 500) && n < 5,
    retryDelay: POLL_MS,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
  });
  const done = execute.data?.status === "done" ? execute.data : null;

  useEffect(() => {
    if (!done) return;
    void qc.invalidateQueries({ queryKey: ["svc", "portfolio"] });
    void qc.invalidateQueries({ queryKey: ["svc", "activity"] });
  }, [done, qc]);

  const explorer = sign.data ? explorerTxUrl(sign.data.chain, sign.data.digest) : null;
  const notLanded = execute.error instanceof ApiError && execute.error.status === 404 && /^No route /.test(execute.error.message);

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
          <div>
            <p>
              Signed and sent:{" "}
              {explorer ? (
                <a href={explorer} target="_blank" rel="noreferrer" className="mono" data-testid="digest">
                  {sign.data.digest}
                  <span className="sr-only"> (opens the chain explorer)</span>
                </a>
              ) : (
                <span className="mono" data-testid="digest">
                  {sign.data.digest}
                </span>
              )}
            </p>
            <p data-testid="settlement">
              {executePath === null && plan.schemaVersion === "svc-bridge-plan.v1"
                ? "The burn is sent. Follow the attestation, the receive and the delivery below."
                : executePath === null
                ? "This server confirms signed deposits only: this transaction is on chain, but it will not appear in your portfolio or activity here until the service can confirm it."
                : done
                  ? `Settled: ${formatMicros(done.amountMicros, 6)} USDC deposited into ${done.strategyId ?? "the venue"}.`
                  : execute.data && execute.data.status !== "done"
                    ? `Waiting for ${chainName(sign.data.chain)} to confirm it: ${execute.data.reason}`
                    : execute.isError
                      ? null
                      : "Reporting the transaction to the service…"}
            </p>
            {done && (
              <p>
                <Link href="/portfolio">
                  See the position and activity in your portfolio
                </Link>
              </p>
            )}
          </div>
        </div>
      )}
      {execute.error &&
        (notLanded ? (
          <p className="error-text small" data-testid="execute-missing">
            The transaction is on chain, but this server cannot confirm signed deposits yet (no execute endpoint).
          </p>
        ) : (
          <ErrorBox error={execute.error} title="The service did not record this deposit." onRetry={() => void execute.refetch()} />
        ))}
    </div>
  );
}
