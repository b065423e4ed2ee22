"use client";
// What a plan will do and what it costs: fee line items, blockers in words, estimates labeled as estimates.
import { Missing, OrMissing } from "@/components/ui/missing";
import type { Plan, PlanFee } from "@/lib/api";
import { chainName, formatBps } from "@/lib/format";
import { formatMicros } from "@/lib/money";

const USDC = /^usdc$/i;

/** A fee amount in words: USDC (the plan's token) as units, other assets as their base units. */
function FeeAmount({ fee, token }: { fee: PlanFee; token: string }) {
  if (fee.amountMicros === null)
    return <Missing reason={fee.kind === "pool" ? "Included in the quoted price." : "Not known before signing."} />;
  if (fee.asset === undefined || (fee.asset !== null && USDC.test(fee.asset)) || (fee.asset !== null && USDC.test(token) && fee.asset === token))
    return (
      <>
        {formatMicros(fee.amountMicros, 6)} {token}
      </>
    );
  if (fee.asset === null) return <>{fee.amountMicros} base units of the chain’s native asset</>;
  return (
    <>
      {fee.amountMicros} base units of <span className="mono">{fee.asset}</span>
    </>
  );
}

function headline(plan: Plan): { amountMicros: string; token: string; what: string } {
  switch (plan.schemaVersion) {
    case "svc-vault-plan.v1":
      return { amountMicros: plan.amountMicros, token: "USDC", what: `${plan.action} on ${chainName(plan.chain)} (${plan.strategyId})` };
    case "svc-swap-plan.v1":
      return { amountMicros: plan.amountIn, token: plan.inputToken, what: `swap on ${chainName(plan.chain)}` };
    case "svc-bridge-plan.v1":
      return { amountMicros: plan.amountMicros, token: "USDC", what: `bridge ${chainName(plan.sourceChain)} → ${chainName(plan.destChain)}` };
  }
}

export function PlanSummary({ plan }: { plan: Plan }) {
  const h = headline(plan);
  const usdc = USDC.test(h.token);
  return (
    <div className="plan" data-testid="plan">
      <p>
        Plan <span className="mono">{plan.planId}</span> ({h.what}):{" "}
        <strong data-testid="plan-status">{plan.status === "prepared" ? "prepared — your wallet must sign" : "blocked"}</strong> for{" "}
        {usdc ? formatMicros(h.amountMicros, 6) : `${h.amountMicros} base units of`} {h.token}
      </p>
      {plan.blockers && plan.blockers.length > 0 && (
        <div role="alert" className="alert alert-error">
          <div>
            <p>
              <strong>This plan cannot go ahead:</strong>
            </p>
            <ul data-testid="blockers">
              {plan.blockers.map((b) => (
                <li key={b.code}>
                  {b.message} <span className="muted small">({b.code})</span>
                </li>
              ))}
            </ul>
          </div>
        </div>
      )}
      <h3 className="small">Fees</h3>
      <ul className="fee-list" data-testid="fees">
        {plan.schemaVersion === "svc-vault-plan.v1" && (
          <li data-testid="fee-line">
            Principal fee: {formatMicros(plan.feeMicros, 6)} USDC
          </li>
        )}
        {plan.fees.map((f) => (
          <li key={`${f.kind}-${f.label}`} data-testid="fee-line">
            {f.label}: <FeeAmount fee={f} token={h.token} />
            {f.bps != null && <span className="muted"> ({formatBps(f.bps)})</span>}
            {f.estimate && <span className="muted"> — estimate</span>}
          </li>
        ))}
      </ul>
      {plan.schemaVersion === "svc-swap-plan.v1" && (
        <dl className="kv" data-testid="swap-quote">
          <dt>Slippage bound</dt>
          <dd>{formatBps(plan.slippageBps)}</dd>
          <dt>Quoted output (estimate)</dt>
          <dd>
            <OrMissing value={plan.quote ? `${plan.quote.outAmount} base units of ${plan.outputToken}` : null} reason="No quote." />
          </dd>
          <dt>Minimum output</dt>
          <dd>
            <OrMissing value={plan.minAmountOut ? `${plan.minAmountOut} base units of ${plan.outputToken}` : null} reason="No quote." />
          </dd>
          {plan.quote && (
            <>
              <dt>Quote source</dt>
              <dd>
                {plan.quote.source} · {plan.quote.route.join(" → ") || "direct"}
              </dd>
            </>
          )}
        </dl>
      )}
      {plan.schemaVersion === "svc-bridge-plan.v1" && (
        <>
          <dl className="kv">
            <dt>Rail</dt>
            <dd>{plan.rail}</dd>
            <dt>Expected to receive (estimate)</dt>
            <dd>{formatMicros(plan.expectedReceivedMicros, 6)} USDC</dd>
            <dt>Destination (locked to you)</dt>
            <dd className="mono">{plan.destAddress}</dd>
          </dl>
          <div className="alert alert-warn" data-testid="risk">
            <div>
              <p>
                <strong>Risk disclosure:</strong> {plan.risk.summary}
              </p>
              <ul>
                {plan.risk.items.map((r) => (
                  <li key={r}>{r}</li>
                ))}
              </ul>
            </div>
          </div>
        </>
      )}
      {plan.schemaVersion === "svc-vault-plan.v1" && (
        <>
          <h3 className="small">Estimates (not guarantees)</h3>
          <dl className="kv" data-testid="estimates">
            <dt>Gross APY (estimate)</dt>
            <dd>
              <OrMissing value={formatBps(plan.estimates.grossApyBps)} reason="No live APY: no estimate." />
            </dd>
            <dt>Net APY (estimate)</dt>
            <dd>
              <OrMissing value={formatBps(plan.estimates.netApyBps)} reason="No live APY: no estimate." />
            </dd>
            <dt>Daily yield (estimate)</dt>
            <dd>
              <OrMissing value={formatMicros(plan.estimates.estDailyYieldMicros, 6)} reason="No live APY: no estimate." /> USDC
            </dd>
            <dt>Monthly yield (estimate)</dt>
            <dd>
              <OrMissing value={formatMicros(plan.estimates.estMonthlyYieldMicros, 6)} reason="No live APY: no estimate." /> USDC
            </dd>
          </dl>
          <p className="estimate-note">Estimates use today’s APY; realized yield comes from the venue and may differ.</p>
        </>
      )}
      {plan.transactions.length > 0 && (
        <>
          <h3 className="small">What you will sign</h3>
          <ol data-testid="transactions">
            {plan.transactions.map((t, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: legs are ordered and never reordered
              <li key={i}>
                {t.description} <span className="muted small">({chainName(t.chain)}, {t.kind})</span>
              </li>
            ))}
          </ol>
        </>
      )}
      {plan.status === "prepared" && plan.transactions.length === 0 && (
        <p className="muted small">This plan is a priced quote: connect a wallet and prepare it again to get a transaction to sign.</p>
      )}
    </div>
  );
}
