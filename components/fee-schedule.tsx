"use client";
// The live fee schedule (GET /svc/fees): clients never hard-code rates.
import { useQuery } from "@tanstack/react-query";
import { ErrorBox } from "@/components/ui/error-box";
import { SkeletonBlock } from "@/components/ui/skeleton";
import { unwrap } from "@svc/client";
import { formatBps } from "@/lib/format";
import { formatMicros } from "@/lib/money";
import { svcClient } from "@/lib/svc";

export function FeeSchedule() {
  const q = useQuery({ queryKey: ["svc", "fees"], queryFn: ({ signal }) => unwrap(svcClient().GET("/api/v1/svc/fees", { signal })) });
  if (q.isPending) return <SkeletonBlock height={120} />;
  if (q.error) return <ErrorBox error={q.error} onRetry={() => void q.refetch()} />;
  const f = q.data;
  return (
    <dl className="kv" data-testid="fee-schedule">
      <dt>Deposit / withdraw principal</dt>
      <dd>
        {formatBps(f.principal.deposit)} / {formatBps(f.principal.withdraw)}
      </dd>
      <dt>Yield skim</dt>
      <dd>
        {formatBps(f.yieldSkim.bps)} of {f.yieldSkim.appliesTo}; never on {f.yieldSkim.neverOn.join(", ")}
      </dd>
      <dt>Profit fee</dt>
      <dd>
        {formatBps(f.profitFee.bps)} capped at {formatMicros(f.profitFee.capMicros)} USD ({f.profitFee.enabled ? "on" : "currently off"})
      </dd>
      <dt>Swap</dt>
      <dd>
        {formatBps(f.swap.serviceFeeBps)} service fee + {f.swap.poolFee}
      </dd>
      <dt>Bridge</dt>
      <dd>
        {formatBps(f.bridge.serviceFeeBps)} service fee + {f.bridge.railFee}
      </dd>
    </dl>
  );
}
