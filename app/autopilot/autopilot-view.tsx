"use client";
// The featured strategy, and the connected wallet's autopilot state (owner or agent key).
import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { ApiKeyField, useApiKey } from "@/components/api-key";
import { ErrorBox, NotYet, isNotFound } from "@/components/ui/error-box";
import { OrMissing } from "@/components/ui/missing";
import { SkeletonBlock } from "@/components/ui/skeleton";
import { useWallet, walletStore } from "@/components/wallet/store";
import { type StrategyDetail, type WalletAutopilot, api } from "@/lib/api";
import { chainName, formatBps } from "@/lib/format";

export const FEATURED_ID = "svc-autopilot-top-30d-monthly";

function Mine({ a }: { a: WalletAutopilot }) {
  const d = a.lastDecision;
  return (
    <dl className="kv" data-testid="wallet-autopilot">
      <dt>Autopilot</dt>
      <dd>{a.enabled ? "On" : "Off"}</dd>
      <dt>Chain</dt>
      <dd>
        <OrMissing value={a.chain ? chainName(a.chain) : null} reason="Never enabled." />
      </dd>
      <dt>Current venue</dt>
      <dd>
        <OrMissing value={a.currentVenueId} reason="Nothing staked on this chain yet." />
      </dd>
      <dt>Current pick (30-day APY)</dt>
      <dd>
        <OrMissing
          value={a.currentPick ? `${a.currentPick.venueId} · ${formatBps(a.currentPick.apy30dBps) ?? "—"}` : null}
          reason={a.pickReason}
        />
      </dd>
      <dt>Last decision</dt>
      <dd>
        <OrMissing value={d ? `${d.action} — ${d.reason}` : null} reason="No decision recorded yet." />
      </dd>
      {d?.plan && (
        <>
          <dt>Owner must sign</dt>
          <dd>
            Rebalance {d.plan.fromStrategyId} → {d.plan.toStrategyId}
          </dd>
        </>
      )}
      <dt>Next monthly re-rank</dt>
      <dd>
        <OrMissing value={a.nextTickDueAt} reason="Autopilot is off." />
      </dd>
    </dl>
  );
}

export function AutopilotView() {
  const w = useWallet();
  const [key, setKey] = useApiKey();
  const featured = useQuery({
    queryKey: ["svc", "strategy", FEATURED_ID],
    queryFn: ({ signal }) => api<StrategyDetail>(`/svc/strategies/${FEATURED_ID}`, { signal }),
  });
  const address = w.account?.address;
  const mine = useQuery({
    queryKey: ["wallet", address, "autopilot", key],
    enabled: !!address && !!key,
    queryFn: ({ signal }) => api<WalletAutopilot>(`/wallets/${encodeURIComponent(address ?? "")}/autopilot`, { apiKey: key, signal }),
  });
  const f = featured.data?.strategy;
  return (
    <div className="grid-2">
      <div className="card">
        <h2>Featured strategy</h2>
        {featured.isPending && <SkeletonBlock height={120} />}
        {featured.error &&
          (isNotFound(featured.error) ? <NotYet what="The featured strategy" /> : <ErrorBox error={featured.error} onRetry={() => void featured.refetch()} />)}
        {f && (
          <dl className="kv">
            <dt>Name</dt>
            <dd>
              <Link href={`/opportunities/${encodeURIComponent(f.opportunityId)}`}>{f.name}</Link>
            </dd>
            <dt>Chain</dt>
            <dd>{chainName(f.chain)}</dd>
            <dt>Current pick</dt>
            <dd>
              <OrMissing value={f.currentPick ? f.currentPick.venueId : null} reason="No ready venue has a live 30-day APY yet." />
            </dd>
            <dt>30-day APY</dt>
            <dd>
              <OrMissing value={formatBps(f.apy.apy30dBps)} reason={f.apy.reason} />
            </dd>
            <dt>Net APY</dt>
            <dd>
              <OrMissing value={formatBps(f.apy.netApyBps)} reason={f.apy.reason} />
            </dd>
          </dl>
        )}
      </div>
      <div className="card">
        <h2>Your autopilot</h2>
        {!address ? (
          <button type="button" className="btn btn-primary" onClick={() => walletStore.openDialog()}>
            Connect wallet
          </button>
        ) : (
          <>
            <ApiKeyField value={key} onChange={setKey} />
            {!key && <p className="muted small">Reading a wallet’s autopilot needs its owner or agent key.</p>}
            {mine.error &&
              (isNotFound(mine.error) ? <NotYet what="Wallet autopilot" /> : <ErrorBox error={mine.error} onRetry={() => void mine.refetch()} />)}
            {mine.data !== undefined && <Mine a={mine.data} />}
          </>
        )}
      </div>
    </div>
  );
}
