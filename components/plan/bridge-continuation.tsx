"use client";
// The bridge walk's last step for a cross-chain deposit (issue 23): once the delivery credited the minted USDC (liquid
// on the destination), the delivery answer carries the continuation, a deposit plan of its own (`continuation.planId`,
// `<bridge plan>-deposit`) built and simulated on the destination chain now. "Sign" opens that plan's review, the same
// one every deposit gets (its simulated balance changes, fees, blockers; a simulation_mismatch blocks it and disables
// Sign); the locked destination's wallet signs it and the digest is reported to POST /svc/strategies/deposit/execute,
// which stakes it as leg 2 of the bridge plan. Once executed, the delivery answer names its transaction.
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { ErrorBox } from "@/components/ui/error-box";
import { TxLink } from "@/components/ui/tx-link";
import { UseWalletButton } from "@/components/wallet/use-wallet-button";
import { FAMILY_NAMES, familyOfChain, useWallet } from "@/components/wallet/store";
import { unwrap } from "@svc/client";
import type { ChainId, VaultPlan } from "@/lib/api";
import { chainName } from "@/lib/format";
import { formatTokenAmount } from "@/lib/money";
import { type components, svcClient } from "@/lib/svc";
import { PlanSummary } from "./plan-summary";
import { SignAndFollow } from "./sign-and-follow";

/** The delivery answer's continuation, as the OpenAPI document declares it. */
export type Continuation = NonNullable<components["schemas"]["BridgeDelivery"]["continuation"]>;

const USDC_UNITS = { symbol: "USDC", decimals: 6 };

/** The step's state in the walk's words: done once executed, ready to sign, stopped by a blocker. */
export function continuationState(c: Continuation): "done" | "ready" | "blocked" {
  if (c.depositTxId !== null) return "done";
  return c.blockers.length > 0 || c.transactions.length === 0 ? "blocked" : "ready";
}

const sameAddress = (chain: string, a: string, b: string) => (chain === "svm-chain" ? a === b : a.toLowerCase() === b.toLowerCase());

export function ContinuationDeposit({ continuation: c, destChain, destAddress, apiKey }: { continuation: Continuation; destChain: ChainId; destAddress: string; apiKey: string }) {
  const [open, setOpen] = useState(false);
  const amount = formatTokenAmount(c.amountMicros, USDC_UNITS);
  const where = `${c.strategyId} on ${chainName(destChain)}`;
  if (c.depositTxId !== null)
    return (
      <p data-testid="continuation-done">
        Deposited {amount} into {where}: <TxLink chain={destChain} txId={c.depositTxId} testId="continuation-tx" /> (confirmed on chain and recorded as
        this bridge&apos;s deposit leg).
      </p>
    );
  return (
    <div data-testid="continuation">
      <p>
        <span data-testid="continuation-headline">
          Deposit {amount} into {where}
        </span>{" "}
        —{" "}
        <button type="button" className="btn btn-small btn-primary" data-testid="continuation-open" aria-expanded={open} onClick={() => setOpen(true)}>
          Sign
        </button>
      </p>
      <p className="muted small">
        The bridged USDC is in your wallet at {destAddress} until you sign this deposit; the service built it for that wallet and
        simulated it on {chainName(destChain)} now.
      </p>
      {open && <ContinuationReview planId={c.planId} destChain={destChain} destAddress={destAddress} apiKey={apiKey} />}
    </div>
  );
}

/** The continuation's stored deposit plan (GET /svc/plans/{planId}), reviewed and signed like any deposit plan. */
function ContinuationReview({ planId, destChain, destAddress, apiKey }: { planId: string; destChain: ChainId; destAddress: string; apiKey: string }) {
  const w = useWallet();
  const plan = useQuery({
    queryKey: ["svc", "continuation-plan", planId, apiKey],
    queryFn: ({ signal }) => unwrap(svcClient(apiKey).GET("/api/v1/svc/plans/{planId}", { params: { path: { planId } }, signal })),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
  });
  if (plan.error) return <ErrorBox error={plan.error} title="The service could not read the deposit plan." onRetry={() => void plan.refetch()} />;
  // The record keeps the plan answer as it was served (an open object in the document); the continuation is a deposit
  // plan's answer (svc-vault-plan.v1), and nothing else is reviewed here.
  const stored = plan.data?.plan ?? null;
  const p = stored !== null && stored.schemaVersion === "svc-vault-plan.v1" ? (stored as unknown as VaultPlan) : null;
  if (stored !== null && !p)
    return (
      <p className="small" role="alert">
        The stored plan {planId} is not a deposit plan; it is not offered for signing.
      </p>
    );
  if (!p)
    return (
      <p className="small" role="status">
        Reading the deposit plan from the service…
      </p>
    );
  const needed = familyOfChain(destChain);
  // Only the locked destination can sign it: the deposit spends that wallet's USDC.
  const other = w.account && needed && w.account.family === needed && !sameAddress(destChain, w.account.address, destAddress);
  return (
    <div data-testid="continuation-review">
      <PlanSummary plan={p} />
      {other ? (
        <p className="muted small" data-testid="continuation-sign-reason">
          The deposit is signed by the locked destination {destAddress}; the connected wallet is {w.account?.address}. Connect that{" "}
          {FAMILY_NAMES[needed]} wallet. {needed && <UseWalletButton family={needed} />}
        </p>
      ) : (
        <SignAndFollow plan={p} />
      )}
    </div>
  );
}
