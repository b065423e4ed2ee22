"use client";
// "Sign in wallet": hands the plan's transactions to the connected wallet, reports the digest to the service
// (POST /svc/strategies/{deposit,withdraw}/execute { planId, digest }) and follows it until the service confirms it on chain
// (200 done; 202 pending means "post again later"). Then the portfolio and activity views are refreshed.
// On a Map chain (evm-a, evm-b) signing is offered only when the operator listed the chain in SVC_OWNER_SIGNING_CHAINS
// (the plan's `ownerSigning`, spec §1.2's explicit go): the page then shows each transaction's hash with its explorer
// link and says that the service does not record Map-chain deposits in its ledger; the execute endpoint answers
// map_chain_prepare_only there, so it is not asked.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useEffect, useId } from "react";
import { ErrorBox } from "@/components/ui/error-box";
import { useWallet, walletStore } from "@/components/wallet/store";
import { WalletErrorBox } from "@/components/wallet/wallet-error";
import { isSvcApiError, unwrap } from "@svc/client";
import type { ChainId, ExecuteBody, Plan } from "@/lib/api";
import { chainName } from "@/lib/format";
import { TxLink } from "@/components/ui/tx-link";
import { formatMicros, formatTokenAmount } from "@/lib/money";
import { svcClient } from "@/lib/svc";
import { knownToken } from "@/lib/tokens";
import { isMapChain, mapChainSignedNote, planChain, signBlockReason } from "./sign-rules";

const POLL_MS = 2000;

/** Deposits, withdraws and swaps have an execute endpoint (POST /svc/strategies/{action}/execute, /svc/swap/execute); a
 * bridge is followed by its walk, and nothing on a Map chain is reported (the endpoint answers map_chain_prepare_only). */
function reportsTo(plan: Plan): ExecutePath | null {
  if (isMapChain(planChain(plan))) return null;
  if (plan.schemaVersion === "svc-swap-plan.v1") return "/svc/swap/execute";
  return plan.schemaVersion === "svc-vault-plan.v1" ? (`/svc/strategies/${plan.action}/execute` as const) : null;
}

type ExecutePath = "/svc/swap/execute" | "/svc/strategies/deposit/execute" | "/svc/strategies/withdraw/execute";

/** POST { planId, digest } to the plan's execute endpoint through the typed client. */
function postExecute(path: ExecutePath, body: { planId: string; digest: string }): Promise<ExecuteBody> {
  const svc = svcClient();
  if (path === "/svc/swap/execute") return unwrap(svc.POST("/api/v1/svc/swap/execute", { body }));
  if (path === "/svc/strategies/withdraw/execute") return unwrap(svc.POST("/api/v1/svc/strategies/withdraw/execute", { body }));
  return unwrap(svc.POST("/api/v1/svc/strategies/deposit/execute", { body }));
}

/** A settled swap in the tokens' own units (base units with the token id when the dashboard does not know it). */
function swapSettled(chain: string, swap: NonNullable<Extract<ExecuteBody, { status: "done" }>["swap"]>): string {
  const amount = (base: string, id: string) => {
    const t = knownToken(chain as ChainId, id);
    return t ? formatTokenAmount(base, t) : `${base} base units of ${id}`;
  };
  return `Settled: swapped ${amount(swap.amountIn, swap.inputToken)} for ${amount(swap.amountOut, swap.outputToken)} (read from the transaction).`;
}

/** What the signed plan does, for the messages around it. */
const actionOf = (plan: Plan) => (plan.schemaVersion === "svc-vault-plan.v1" ? plan.action : "deposit");

export function SignAndFollow({
  plan,
  onSigned,
  onBusy,
}: {
  plan: Plan;
  /** Called once the wallet has sent the plan's last transaction. */
  onSigned?: (digest: string, chain: string) => void;
  /** Told whether the wallet is signing or the service is still confirming: the form keeps its inputs meanwhile. */
  onBusy?: (busy: boolean) => void;
}) {
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
      const legs: { kind: string; chain: string; digest: string }[] = [];
      // A bridge's owner signs the source chain's transactions only: a cross-chain deposit's destination deposit is signed
      // by the locked destination after the delivery (the bridge walk's last step), rebuilt then.
      const mine = plan.schemaVersion === "svc-bridge-plan.v1" ? plan.transactions.filter((t) => t.chain === plan.sourceChain) : plan.transactions;
      for (const tx of mine) legs.push({ kind: tx.kind, chain: tx.chain, digest: await signer.signAndSend(tx) });
      return { legs, digest: legs.at(-1)?.digest ?? "", chain: mine.at(-1)?.chain ?? planChain(plan) };
    },
    onSuccess: (r) => onSigned?.(r.digest, r.chain),
  });

  const digest = sign.data?.digest ?? null;
  const execute = useExecute(plan.planId, digest, executePath);
  const done = execute.data?.status === "done" ? execute.data : null;
  const confirming = digest !== null && executePath !== null && !execute.isError && (execute.data === undefined || execute.data.status === "pending");
  const busy = sign.isPending || confirming;
  useEffect(() => {
    onBusy?.(busy);
  }, [busy, onBusy]);
  useEffect(() => () => onBusy?.(false), [onBusy]);

  useEffect(() => {
    if (!done) return;
    void qc.invalidateQueries({ queryKey: ["svc", "portfolio"] });
    void qc.invalidateQueries({ queryKey: ["svc", "activity"] });
  }, [done, qc]);

  const mapChain = isMapChain(planChain(plan));
  const notLanded = isSvcApiError(execute.error) && execute.error.status === 404 && /^No route /.test(execute.error.message);

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
      {mapChain && !reason && !sign.data && (
        <p className="muted small" data-testid="map-sign-note">
          {chainName(planChain(plan))} is a Map chain: the operator lets owners sign here, but the service does not broadcast
          or record these transactions; your wallet sends them.
        </p>
      )}
      {sign.error && <WalletErrorBox error={sign.error} title="Signing did not complete." onRetry={() => sign.reset()} />}
      {sign.data && (
        <Signed signed={sign.data} outcome={settlement(plan, sign.data.chain, mapChain, executePath, done, execute)} done={done !== null} />
      )}
      {execute.error &&
        (notLanded ? (
          <p className="error-text small" data-testid="execute-missing">
            The transaction is on chain, but this server cannot confirm signed {actionOf(plan)}s yet (no execute endpoint).
          </p>
        ) : (
          <ErrorBox error={execute.error} title={`The service did not record this ${actionOf(plan)}.`} onRetry={() => void execute.refetch()} />
        ))}
    </div>
  );
}

interface SignedPlan {
  legs: { kind: string; chain: string; digest: string }[];
  digest: string;
  chain: string;
}

/** POST the signed digest to the execute endpoint (when the plan has one) and follow it while it is pending. */
function useExecute(planId: string, digest: string | null, executePath: ExecutePath | null) {
  return useQuery({
    queryKey: ["svc", "execute", planId, digest],
    enabled: executePath !== null && digest !== null,
    // enabled only with both: the fallbacks are never sent.
    queryFn: () => postExecute(executePath ?? "/svc/strategies/deposit/execute", { planId, digest: digest ?? "" }),
    refetchInterval: (q) => (q.state.data?.status === "pending" ? POLL_MS : false),
    retry: (n, e) => !(isSvcApiError(e) && e.status >= 400 && e.status < 500) && n < 5,
    retryDelay: POLL_MS,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
  });
}

/** What became of the signed transactions: a Map chain's note, the bridge's next steps, or the service's confirmation. */
function settlement(
  plan: Plan,
  signedChain: string,
  mapChain: boolean,
  executePath: string | null,
  done: Extract<ExecuteBody, { status: "done" }> | null,
  execute: ReturnType<typeof useExecute>,
): string | null {
  return mapChain
    ? mapChainSignedNote(plan)
    : executePath === null && plan.schemaVersion === "svc-bridge-plan.v1"
      ? "The burn is sent. Follow the attestation, the receive and the delivery below."
      : executePath === null
        ? "This server confirms signed deposits, withdraws and swaps only: this transaction is on chain, but it will not appear in your portfolio or activity here until the service can confirm it."
        : done
          ? done.swap
            ? swapSettled(done.chain, done.swap)
            : actionOf(plan) === "withdraw"
            ? `Settled: ${formatMicros(done.settledMicros ?? done.amountMicros, 6)} USDC arrived in your wallet from ${done.strategyId ?? "the venue"} (read from the transaction).`
            : `Settled: ${formatMicros(done.amountMicros, 6)} USDC deposited into ${done.strategyId ?? "the venue"}.`
          : execute.data && execute.data.status !== "done"
            ? `Waiting for ${chainName(signedChain)} to confirm it: ${execute.data.reason}`
            : execute.isError
              ? null
              : "Reporting the transaction to the service…";
}

/** The signed transactions (each leg's digest with its explorer link), what became of them, and the portfolio link once settled. */
function Signed({ signed, outcome, done }: { signed: SignedPlan; outcome: string | null; done: boolean }) {
  return (
    <div role="status" className="alert alert-info" data-testid="signed">
      <div>
        {signed.legs.length > 1 ? (
          <>
            <p>Signed and sent, in order:</p>
            <ol data-testid="digests">
              {signed.legs.map((leg) => (
                <li key={leg.digest}>
                  {leg.kind}: <TxLink chain={leg.chain} txId={leg.digest} testId="digest" />
                </li>
              ))}
            </ol>
          </>
        ) : (
          <p>
            Signed and sent: <TxLink chain={signed.chain} txId={signed.digest} testId="digest" />
          </p>
        )}
        <p data-testid="settlement">{outcome}</p>
        {done && (
          <p>
            <Link href="/portfolio">
              See the position and activity in your portfolio
            </Link>
          </p>
        )}
      </div>
    </div>
  );
}
