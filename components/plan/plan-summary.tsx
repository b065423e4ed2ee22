"use client";
// What a plan will do and what it costs: fee line items, blockers in words, estimates labeled as estimates.
import { OrMissing } from "@/components/ui/missing";
import type { Plan } from "@/lib/api";
import { formatBps } from "@/lib/format";
import { formatMicros } from "@/lib/money";

export function PlanSummary({ plan, token = "USDC" }: { plan: Plan; token?: string }) {
  const risk = plan.riskDisclosure;
  return (
    <div className="plan" data-testid="plan">
      <p>
        Plan <span className="mono">{plan.planId ?? "—"}</span>:{" "}
        <strong data-testid="plan-status">{plan.status === "prepared" ? "prepared — your wallet must sign" : "blocked"}</strong>
        {plan.amountMicros && (
          <>
            {" "}
            for {formatMicros(plan.amountMicros, 6)} {token}
          </>
        )}
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
        {(plan.fees ?? []).map((f) => (
          <li key={f.label}>
            {f.label}: {formatMicros(f.amountMicros, 6)} {token}
            {f.bps != null && <span className="muted"> ({formatBps(f.bps)})</span>}
          </li>
        ))}
        {(plan.fees ?? []).length === 0 && (
          <li>
            Principal fee: {formatMicros(plan.feeMicros ?? "0", 6)} {token}
          </li>
        )}
      </ul>
      {plan.slippageBps != null && <p className="small">Slippage bound: {formatBps(plan.slippageBps)}</p>}
      {plan.estimates && (
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
              <OrMissing value={formatMicros(plan.estimates.estDailyYieldMicros, 6)} reason="No live APY: no estimate." /> {token}
            </dd>
            <dt>Monthly yield (estimate)</dt>
            <dd>
              <OrMissing value={formatMicros(plan.estimates.estMonthlyYieldMicros, 6)} reason="No live APY: no estimate." />{" "}
              {token}
            </dd>
          </dl>
          <p className="estimate-note">Estimates use today’s APY; realized yield comes from the venue and may differ.</p>
        </>
      )}
      {risk && (
        <div className="alert alert-warn" data-testid="risk">
          <div>
            <p>
              <strong>Risk disclosure</strong>
            </p>
            {Array.isArray(risk) ? (
              <ul>
                {risk.map((r) => (
                  <li key={r}>{r}</li>
                ))}
              </ul>
            ) : (
              <p>{risk}</p>
            )}
          </div>
        </div>
      )}
      {plan.transactions && plan.transactions.length > 0 && (
        <>
          <h3 className="small">What you will sign</h3>
          <ol>
            {plan.transactions.map((t, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: legs are ordered and never reordered
              <li key={i}>
                {t.description} <span className="muted small">({t.chain}, {t.kind})</span>
              </li>
            ))}
          </ol>
        </>
      )}
    </div>
  );
}
