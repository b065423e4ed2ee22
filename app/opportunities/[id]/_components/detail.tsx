"use client";
// One opportunity: headline numbers, APY/TVL history, fee schedule, on-chain ids, deposit and withdraw.
import { useQuery } from "@tanstack/react-query";
import dynamic from "next/dynamic";
import Link from "next/link";
import { useState } from "react";
import { StrategyPlanForm } from "@/components/plan/strategy-plan-form";
import { ErrorBox, NotYet, isNotFound, isNotLanded } from "@/components/ui/error-box";
import { Missing, OrMissing } from "@/components/ui/missing";
import { SkeletonBlock } from "@/components/ui/skeleton";
import { unwrap } from "@svc/client";
import { svcClient } from "@/lib/svc";
import { chainName, formatAgo, formatBps, formatUsd } from "@/lib/format";
import { FeeSchedule } from "@/components/fee-schedule";
import { AutopilotOffer } from "./autopilot-offer";
import { ActionReadinessList, ReadinessBadge } from "@/components/readiness";

const ApyChart = dynamic(() => import("@/components/apy-chart").then((m) => m.ApyChart), {
  ssr: false,
  loading: () => <SkeletonBlock height={260} />,
});

export function OpportunityDetail({ id }: { id: string }) {
  const [tab, setTab] = useState<"deposit" | "withdraw">("deposit");
  const detail = useQuery({
    queryKey: ["svc", "strategy", id],
    queryFn: ({ signal }) => unwrap(svcClient().GET("/api/v1/svc/strategies/{id}", { params: { path: { id } }, signal })),
  });
  const chart = useQuery({
    queryKey: ["svc", "strategy", id, "chart"],
    queryFn: ({ signal }) => unwrap(svcClient().GET("/api/v1/svc/strategies/{id}/chart", { params: { path: { id } }, signal })),
  });
  // The venue's published on-chain ids live on GET /svc/venues (`onchain`), not on the strategy row.
  const venues = useQuery({
    queryKey: ["svc", "venues"],
    queryFn: ({ signal }) => unwrap(svcClient().GET("/api/v1/svc/venues", { signal })),
    staleTime: 5 * 60_000,
  });
  const d = detail.data?.strategy;
  const apy = d?.apy;
  const strategyId = d?.strategyId ?? id;
  const venue = d ? venues.data?.venues.find((v) => v.opportunityId === d.opportunityId) : undefined;
  const ids = Object.entries(venue?.onchain ?? {});
  const isStrategy = d?.kind === "strategy";

  return (
    <section>
      <h1>{d ? d.name : "Opportunity"}</h1>
      {detail.error &&
        (isNotLanded(detail.error) ? (
          <NotYet what="The strategy endpoint" />
        ) : isNotFound(detail.error) ? (
          <div className="alert alert-info" role="status" data-testid="unknown-opportunity">
            <p>
              No opportunity has the id <span className="mono">{id}</span>. <Link href="/">Back to the opportunities</Link>
            </p>
          </div>
        ) : (
          <ErrorBox error={detail.error} onRetry={() => void detail.refetch()} />
        ))}
      <div className="detail-grid">
        <div className="card">
          <h2>At a glance</h2>
          {detail.isPending ? (
            <SkeletonBlock height={150} />
          ) : (
            <dl className="kv" data-testid="detail">
              <dt>Protocol</dt>
              <dd>{d?.protocol ?? <Missing />}</dd>
              <dt>Chain</dt>
              <dd>{d ? chainName(d.chain) : <Missing />}</dd>
              <dt>Readiness</dt>
              <dd>
                {d ? <ReadinessBadge row={d} noPick={d.kind === "strategy" && !d.currentPick} /> : <Missing />}
                {d?.actions && <ActionReadinessList actions={d.actions} />}
              </dd>
              <dt>Gross APY</dt>
              <dd>
                <OrMissing value={formatBps(apy?.grossApyBps)} reason={apy?.reason} />
              </dd>
              <dt>Net APY</dt>
              <dd>
                <OrMissing value={formatBps(apy?.netApyBps)} reason={apy?.reason} />
              </dd>
              <dt>30-day APY</dt>
              <dd>
                <OrMissing value={formatBps(apy?.apy30dBps)} reason={apy?.reason} />
              </dd>
              <dt>TVL</dt>
              <dd>
                <OrMissing value={formatUsd(apy?.tvlUsd)} reason={apy?.reason} />
              </dd>
              <dt>Source</dt>
              <dd>
                {apy?.source ?? <Missing reason={apy?.reason} />}
                {apy?.pool && <span className="muted"> · pool {apy.pool}</span>}
                {apy?.asOf && <span className="muted"> · as of {formatAgo(apy.asOf)}</span>}
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
              isNotLanded(chart.error) ? (
                <NotYet what="History" />
              ) : (
                <ErrorBox error={chart.error} onRetry={() => void chart.refetch()} title="Could not load the APY and TVL history." />
              )
            ) : chart.data?.status === "unavailable" || (chart.data?.points.length ?? 0) === 0 ? (
              <p className="empty">No history from the source right now{chart.data?.reason ? `: ${chart.data.reason}` : "."}</p>
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
        {isStrategy && d ? (
          <AutopilotOffer strategy={d} venues={venues.data} />
        ) : (
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
            {d?.actions && !d.actions[tab].ready && (
              <div className="alert alert-warn" role="status" data-testid="action-not-ready">
                <p>
                  A {tab} plan cannot be built for {d.name} yet: {d.actions[tab].reason ?? "no builder."}
                </p>
              </div>
            )}
            <StrategyPlanForm key={tab} kind={tab} strategyId={strategyId} chain={d?.chain ?? null} />
          </div>
        </div>
        )}
        <div className="card">
          <h2>Fee schedule</h2>
          <FeeSchedule />
        </div>
        <div className="card span-all">
          <h2>On-chain ids</h2>
          {ids.length === 0 ? (
            <p className="muted">
              {detail.isPending || venues.isPending
                ? "Loading…"
                : isStrategy
                  ? "The automated strategy holds no contract of its own: it deposits into the current pick's venue."
                  : "No on-chain ids published for this venue yet."}
            </p>
          ) : (
            <dl className="kv" data-testid="onchain-ids">
              {ids.map(([k, v]) => (
                <div key={k} style={{ display: "contents" }}>
                  <dt>{k}</dt>
                  <dd className="mono">{v}</dd>
                </div>
              ))}
            </dl>
          )}
        </div>
      </div>
    </section>
  );
}
