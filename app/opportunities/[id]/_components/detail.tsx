"use client";
// One opportunity: headline numbers, APY/TVL history, fee schedule, on-chain ids, deposit and withdraw.
import { useQuery } from "@tanstack/react-query";
import dynamic from "next/dynamic";
import { useState } from "react";
import { StrategyPlanForm } from "@/components/plan/strategy-plan-form";
import { ErrorBox, NotYet, isNotFound } from "@/components/ui/error-box";
import { Missing, OrMissing } from "@/components/ui/missing";
import { SkeletonBlock } from "@/components/ui/skeleton";
import { type ChartBody, type StrategyDetail, api } from "@/lib/api";
import { chainName, formatAgo, formatBps, formatUsd } from "@/lib/format";
import { FeeSchedule } from "@/components/fee-schedule";

const ApyChart = dynamic(() => import("@/components/apy-chart").then((m) => m.ApyChart), {
  ssr: false,
  loading: () => <SkeletonBlock height={260} />,
});

/** On-chain ids in whatever shape the strategy carries them: nested objects flattened to "a.b" keys. */
function onchainIds(d: StrategyDetail): [string, string][] {
  const out: [string, string][] = [];
  const walk = (prefix: string, v: unknown) => {
    if (typeof v === "string" && v) out.push([prefix, v]);
    else if (v && typeof v === "object" && !Array.isArray(v))
      for (const [k, x] of Object.entries(v)) walk(prefix ? `${prefix}.${k}` : k, x);
  };
  for (const key of ["onchain", "onChain", "onchainIds", "ids", "packages", "venue"]) if (key in d) walk(key, d[key]);
  for (const [k, v] of Object.entries(d))
    if (typeof v === "string" && /(packageId|programId|registry|address|objectId|poolId|vault|market)$/i.test(k)) out.push([k, v]);
  return out;
}

export function OpportunityDetail({ id }: { id: string }) {
  const [tab, setTab] = useState<"deposit" | "withdraw">("deposit");
  const detail = useQuery({
    queryKey: ["svc", "strategy", id],
    queryFn: ({ signal }) => api<StrategyDetail>(`/svc/strategies/${encodeURIComponent(id)}`, { signal }),
  });
  const chart = useQuery({
    queryKey: ["svc", "strategy", id, "chart"],
    queryFn: ({ signal }) => api<ChartBody>(`/svc/strategies/${encodeURIComponent(id)}/chart`, { signal }),
  });
  const d = detail.data;
  const strategyId = typeof d?.strategyId === "string" ? d.strategyId : id;
  const ids = d ? onchainIds(d) : [];

  return (
    <section>
      <h1>{d ? String(d.name ?? d.protocol ?? id) : "Opportunity"}</h1>
      {detail.error &&
        (isNotFound(detail.error) ? (
          <NotYet what="This opportunity (or the strategy endpoint)" />
        ) : (
          <ErrorBox error={detail.error} onRetry={() => void detail.refetch()} />
        ))}
      <div className="grid-2">
        <div className="card">
          <h2>At a glance</h2>
          {detail.isPending ? (
            <SkeletonBlock height={150} />
          ) : (
            <dl className="kv" data-testid="detail">
              <dt>Protocol</dt>
              <dd>{d?.protocol ?? <Missing />}</dd>
              <dt>Chain</dt>
              <dd>{d?.chain ? chainName(d.chain) : <Missing />}</dd>
              <dt>Readiness</dt>
              <dd>{d?.label ?? <Missing />}</dd>
              <dt>Gross APY</dt>
              <dd>
                <OrMissing value={formatBps(d?.grossApyBps)} reason={d?.reason} />
              </dd>
              <dt>Net APY</dt>
              <dd>
                <OrMissing value={formatBps(d?.netApyBps)} reason={d?.reason} />
              </dd>
              <dt>30-day APY</dt>
              <dd>
                <OrMissing value={formatBps(d?.apy30dBps)} reason={d?.reason} />
              </dd>
              <dt>TVL</dt>
              <dd>
                <OrMissing value={formatUsd(d?.tvlUsd)} reason={d?.reason} />
              </dd>
              <dt>Source</dt>
              <dd>
                {d?.source ?? <Missing reason={d?.reason} />}
                {d?.asOf && <span className="muted"> · as of {formatAgo(d.asOf)}</span>}
              </dd>
            </dl>
          )}
        </div>
        <div className="card">
          <h2>APY and TVL history</h2>
          <div className="chart-box" data-testid="chart">
            {chart.isPending ? (
              <SkeletonBlock height={260} />
            ) : chart.error ? (
              isNotFound(chart.error) ? (
                <NotYet what="History" />
              ) : (
                <ErrorBox error={chart.error} onRetry={() => void chart.refetch()} />
              )
            ) : chart.data?.status === "unavailable" || (chart.data?.points.length ?? 0) === 0 ? (
              <p className="empty">No history from the source right now.</p>
            ) : (
              <ApyChart points={chart.data?.points ?? []} />
            )}
          </div>
          {chart.data?.asOf && (
            <p className="muted small">
              {chart.data.source} · as of {formatAgo(chart.data.asOf)}
            </p>
          )}
        </div>
        <div className="card">
          <h2>Deposit or withdraw</h2>
          <div className="tabs" role="tablist" aria-label="Action">
            {(["deposit", "withdraw"] as const).map((t) => (
              <button
                key={t}
                type="button"
                role="tab"
                id={`tab-${t}`}
                aria-selected={tab === t}
                aria-controls="plan-panel"
                className="btn btn-small"
                onClick={() => setTab(t)}
              >
                {t === "deposit" ? "Deposit" : "Withdraw"}
              </button>
            ))}
          </div>
          <div role="tabpanel" id="plan-panel" aria-labelledby={`tab-${tab}`}>
            <StrategyPlanForm key={tab} kind={tab} strategyId={strategyId} />
          </div>
        </div>
        <div className="card">
          <h2>On-chain ids</h2>
          {ids.length === 0 ? (
            <p className="muted">{detail.isPending ? "Loading…" : "No on-chain ids published for this venue yet."}</p>
          ) : (
            <dl className="kv">
              {ids.map(([k, v]) => (
                <div key={k} style={{ display: "contents" }}>
                  <dt>{k}</dt>
                  <dd className="mono">{v}</dd>
                </div>
              ))}
            </dl>
          )}
          <h2>Fee schedule</h2>
          <FeeSchedule />
        </div>
      </div>
    </section>
  );
}
