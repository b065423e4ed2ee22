"use client";
// The featured strategy, and the connected wallet's autopilot state (owner or agent key).
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useId, useState } from "react";
import { ApiKeyField, useApiKey } from "@/components/api-key";
import { ErrorBox, NotYet, isNotFound } from "@/components/ui/error-box";
import { OrMissing } from "@/components/ui/missing";
import { SkeletonBlock } from "@/components/ui/skeleton";
import { type WalletFamily, useWallet, walletStore } from "@/components/wallet/store";
import { unwrap } from "@svc/client";
import type { ChainId, WalletAutopilot } from "@/lib/api";
import { chainName, clause, formatBps, formatLocalTime } from "@/lib/format";
import { svcClient } from "@/lib/svc";
import { TableWrap } from "@/components/ui/table-wrap";

const CHAINS_OF: Record<WalletFamily, string[]> = { sui: ["move-chain"], solana: ["svm-chain"], evm: ["evm-a", "evm-b"] };

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
        <OrMissing value={formatLocalTime(a.nextTickDueAt)} reason="Autopilot is off." />
      </dd>
    </dl>
  );
}

/** Enable or disable (owner key), and a dry-run preview of the monthly re-rank (owner or agent key). */
function Controls({ address, family, apiKey, state }: { address: string; family: WalletFamily; apiKey: string; state: WalletAutopilot }) {
  const id = useId();
  const qc = useQueryClient();
  const chains = CHAINS_OF[family];
  const [picked, setChain] = useState<string | null>(null);
  // The pick, else the wallet's autopilot chain, else its family's first chain (a newly connected wallet of another
  // family never keeps a chain it cannot use).
  const chain = [picked, state.chain, chains[0]].find((c): c is string => !!c && chains.includes(c)) ?? "";
  // The service refuses a chain the wallet's family cannot use (400), as it did before the typed client.
  const opts = { params: { path: { address } }, body: { chain: chain as ChainId } };
  const toggle = useMutation({
    mutationFn: (on: boolean) =>
      unwrap(on ? svcClient(apiKey).POST("/api/v1/wallets/{address}/autopilot/enable", opts) : svcClient(apiKey).POST("/api/v1/wallets/{address}/autopilot/disable", opts)),
    onSuccess: (next) => {
      qc.setQueryData(["wallet", address, "autopilot", apiKey], next);
      void qc.invalidateQueries({ queryKey: ["wallet", address, "autopilot-history"] });
    },
  });
  const preview = useMutation({
    mutationFn: () => unwrap(svcClient(apiKey).POST("/api/v1/wallets/{address}/autopilot/preview", opts)),
  });
  const onHere = state.enabled && state.chain === chain;
  const p = preview.data;
  return (
    <div className="stack" data-testid="autopilot-controls">
      <div className="field">
        <label htmlFor={`${id}-chain`}>Chain</label>
        <select id={`${id}-chain`} value={chain} onChange={(e) => setChain(e.target.value)}>
          {chains.map((c) => (
            <option key={c} value={c}>
              {chainName(c)}
            </option>
          ))}
        </select>
      </div>
      <div className="btn-row">
        <button type="button" className="btn btn-primary" disabled={toggle.isPending} onClick={() => toggle.mutate(!onHere)}>
          {toggle.isPending ? "Saving…" : onHere ? "Turn autopilot off" : `Turn autopilot on for ${chainName(chain)}`}
        </button>
        <button type="button" className="btn" disabled={preview.isPending} onClick={() => preview.mutate()}>
          {preview.isPending ? "Checking…" : "Preview the monthly re-rank"}
        </button>
      </div>
      <p className="muted small">
        Turning it on or off changes a policy only: nothing is staked, unstaked or moved. A switch is a rebalance plan the owner signs.
      </p>
      {toggle.error && <ErrorBox title="Not changed." error={toggle.error} />}
      {preview.error && <ErrorBox title="No preview." error={preview.error} />}
      {p && (
        <div className="alert alert-info" role="status" data-testid="autopilot-preview">
          <p>
            <strong>Dry run on {chainName(p.chain)}, nothing recorded:</strong>{" "}
            {p.decision ? `${p.decision.action} — ${p.decision.reason}` : "no decision."}
          </p>
          {p.blockers.length > 0 && (
            <ul>
              {p.blockers.map((b) => (
                <li key={b.code}>
                  {b.message} <span className="muted">({b.code})</span>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </div>
  );
}

/** Recorded decisions, newest first, a page at a time. */
function History({ address, apiKey }: { address: string; apiKey: string }) {
  const h = useInfiniteQuery({
    queryKey: ["wallet", address, "autopilot-history", apiKey],
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      unwrap(
        svcClient(apiKey).GET("/api/v1/wallets/{address}/autopilot/history", {
          params: { path: { address }, query: { limit: "20", ...(pageParam ? { cursor: pageParam } : {}) } },
          signal,
        }),
      ),
    getNextPageParam: (last) => last.nextCursor,
  });
  if (h.isPending) return <SkeletonBlock height={60} />;
  if (h.error) return isNotFound(h.error) ? <NotYet what="Autopilot history" /> : <ErrorBox error={h.error} onRetry={() => void h.refetch()} />;
  const rows = h.data.pages.flatMap((pg) => pg.decisions);
  if (rows.length === 0) return <p className="muted">No decision recorded yet: the first monthly re-rank records one.</p>;
  return (
    <>
      <TableWrap label="Autopilot decisions table">
      <table className="data-table" data-testid="autopilot-history">
        <thead>
          <tr>
            <th scope="col">Decided</th>
            <th scope="col">Action</th>
            <th scope="col">Reason</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((d, i) => (
            <tr key={d.id ?? `${d.decidedAt}-${i}`}>
              <td>
                <time dateTime={d.decidedAt}>{formatLocalTime(d.decidedAt) ?? d.decidedAt}</time>
              </td>
              <td>{d.action}</td>
              <td>{d.reason}</td>
            </tr>
          ))}
        </tbody>
      </table>
      </TableWrap>
      {h.hasNextPage && (
        <button type="button" className="btn" disabled={h.isFetchingNextPage} onClick={() => void h.fetchNextPage()}>
          {h.isFetchingNextPage ? "Loading…" : "Load older decisions"}
        </button>
      )}
    </>
  );
}

export function AutopilotView() {
  const w = useWallet();
  const [key, setKey] = useApiKey();
  const featured = useQuery({
    queryKey: ["svc", "strategy", FEATURED_ID],
    queryFn: ({ signal }) => unwrap(svcClient().GET("/api/v1/svc/strategies/{id}", { params: { path: { id: FEATURED_ID } }, signal })),
  });
  const address = w.account?.address;
  const mine = useQuery({
    queryKey: ["wallet", address, "autopilot", key],
    enabled: !!address && !!key,
    queryFn: ({ signal }) => unwrap(svcClient(key).GET("/api/v1/wallets/{address}/autopilot", { params: { path: { address: address ?? "" } }, signal })),
  });
  const f = featured.data?.strategy;
  return (
    <div className="grid-2">
      <div className="card" data-testid="featured-strategy">
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
              <OrMissing value={f.currentPick ? f.currentPick.venueId : null} reason={f.apy.reason ?? "No ready venue has a live 30-day APY yet."} />
            </dd>
            <dt>30-day APY</dt>
            <dd>
              <OrMissing value={formatBps(f.apy.apy30dBps)} reason={f.apy.reason} />
            </dd>
            <dt>Net APY (live gross after the skim)</dt>
            <dd>
              <OrMissing value={formatBps(f.apy.netApyBps)} reason={f.apy.reason} />
            </dd>
          </dl>
        )}
        {f && !f.currentPick && (
          <p className="muted small" data-testid="no-pick-reason">
            No current pick: {clause(f.apy.reason ?? "no ready venue has a live 30-day APY yet")}. Autopilot can still be turned on; it
            picks once a venue has one.
          </p>
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
            {mine.isPending && !!key && <SkeletonBlock height={120} />}
            {mine.data !== undefined && w.account && (
              <>
                <Mine a={mine.data} />
                <Controls address={w.account.address} family={w.account.family} apiKey={key} state={mine.data} />
                <h3>Recorded decisions</h3>
                <History address={w.account.address} apiKey={key} />
              </>
            )}
          </>
        )}
      </div>
    </div>
  );
}
