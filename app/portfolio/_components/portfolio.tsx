"use client";
// Positions, per-chain balances and the activity log (grouped by plan) for the connected wallet,
// or for any address given as ?wallet= (the portfolio and activity endpoints are public).
import { useInfiniteQuery, useQueries, useQuery } from "@tanstack/react-query";
import { useSearchParams } from "next/navigation";
import type { ReactNode } from "react";
import { ErrorBox, NotYet, errorMessage, isNotFound } from "@/components/ui/error-box";
import { Missing, OrMissing } from "@/components/ui/missing";
import { SkeletonRows } from "@/components/ui/skeleton";
import { type WalletFamily, useWallet, walletStore } from "@/components/wallet/store";
import { unwrap } from "@svc/client";
import type { ActivityRow, BalanceLeg, ChainId, Position } from "@/lib/api";
import { chainName, explorerTxUrl, formatPct } from "@/lib/format";
import { formatMicros, formatTokenAmount, microsToUnits } from "@/lib/money";
import { svcClient } from "@/lib/svc";
import { knownToken } from "@/lib/tokens";
import { TableWrap } from "@/components/ui/table-wrap";

function familyOfAddress(a: string): WalletFamily | null {
  if (/^0x[0-9a-fA-F]{64}$/.test(a)) return "sui";
  if (/^0x[0-9a-fA-F]{40}$/.test(a)) return "evm";
  if (/^[1-9A-HJ-NP-Za-km-z]{32,44}$/.test(a)) return "solana";
  return null;
}

/** GET /svc/{segment}/wallet-balance: one operation per chain. */
const BALANCE_READS = {
  move: (address: string, signal: AbortSignal) => svcClient().GET("/api/v1/svc/move/wallet-balance", { params: { query: { address } }, signal }),
  svm: (address: string, signal: AbortSignal) => svcClient().GET("/api/v1/svc/svm/wallet-balance", { params: { query: { address } }, signal }),
  "evm-a": (address: string, signal: AbortSignal) => svcClient().GET("/api/v1/svc/evm-a/wallet-balance", { params: { query: { address } }, signal }),
  "evm-b": (address: string, signal: AbortSignal) => svcClient().GET("/api/v1/svc/evm-b/wallet-balance", { params: { query: { address } }, signal }),
};

const BALANCE_CHAINS: Record<WalletFamily, { segment: keyof typeof BALANCE_READS; chain: string }[]> = {
  sui: [{ segment: "move", chain: "move-chain" }],
  solana: [{ segment: "svm", chain: "svm-chain" }],
  evm: [
    { segment: "evm-a", chain: "evm-a" },
    { segment: "evm-b", chain: "evm-b" },
  ],
};

/** A balance leg in words: its amount in whole units of the asset (string math from base units), or the asset, "not
 * available" and the API's reason, written out (not only in a tooltip). */
function LegValue({ leg }: { leg: BalanceLeg }) {
  if (leg.status === "N/A" || leg.amount === null)
    return (
      <span data-testid="balance-na">
        <strong>{leg.asset}</strong>: not available{" "}
        <span className="muted small" data-testid="balance-reason">
          {leg.reason ?? "The chain RPC could not be read."}
        </span>
      </span>
    );
  return (
    <>
      {microsToUnits(BigInt(leg.amount), leg.decimals)} {leg.asset}
    </>
  );
}

function Balances({ address, family }: { address: string; family: WalletFamily }) {
  const chains = BALANCE_CHAINS[family];
  const results = useQueries({
    queries: chains.map((c) => ({
      queryKey: ["svc", "balance", c.segment, address],
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        unwrap(BALANCE_READS[c.segment](address, signal)),
    })),
  });
  return (
    <div className="card">
      <h2>Balances</h2>
      <dl className="kv" data-testid="balances">
        {chains.map((c, i) => {
          const r = results[i];
          let body: ReactNode;
          if (!r || r.isPending) body = <span className="skeleton" />;
          else if (r.error)
            body = isNotFound(r.error) ? (
              <Missing reason="Balances are not available on this server yet." />
            ) : (
              <span data-testid="balance-error">Not available: {errorMessage(r.error)}</span>
            );
          else
            body = (
              <ul className="plain">
                {r.data.legs.map((leg) => (
                  <li key={leg.asset}>
                    <LegValue leg={leg} />
                  </li>
                ))}
              </ul>
            );
          return (
            <div key={c.chain} style={{ display: "contents" }}>
              <dt>{chainName(c.chain)}</dt>
              <dd data-testid={`balance-chain-${c.chain}`}>{body}</dd>
            </div>
          );
        })}
      </dl>
    </div>
  );
}

/** The last reconciliation's finding when it was a drift: a badge with the amount, and beside it what that check read
 * from the chain, what the ledger expected and when. Independent of the current read: an unreadable chain now does
 * not undo what the last check found. */
function DriftBadge({ drift }: { drift: NonNullable<Position["drift"]> }) {
  const checked = new Date(drift.checkedAt);
  return (
    <>
      <br />
      <span className="badge badge-warn" data-testid="position-drift" title={`Checked ${drift.checkedAt}: the ledger expects ${formatMicros(drift.expectedMicros)} USDC`}>
        differs from chain by {formatMicros(drift.driftMicros)} USDC
      </span>
      <span className="small muted" data-testid="position-drift-check">
        <br />
        drift on record since <time dateTime={drift.since}>{new Date(drift.since).toLocaleString()}</time> (last check{" "}
        <time dateTime={drift.checkedAt}>{checked.toLocaleString()}</time>): chain {formatMicros(drift.chainMicros)} USDC,
        ledger expects {formatMicros(drift.expectedMicros)} USDC
      </span>
    </>
  );
}

/** The chain's figure for a position, when it was read and from what; "—" with the reason when unreadable; and, either
 * way, a badge when the last reconciliation found the chain differing from the ledger. */
function OnChain({ p }: { p: Position }) {
  const drift = p.drift ? <DriftBadge drift={p.drift} /> : null;
  if (p.currentMicros === null)
    return (
      <>
        <span data-testid="position-current-missing">
          <Missing reason={`Not read from the chain: ${p.currentReason ?? "unknown reason"}.`} />
          <span className="small muted">
            <br />
            {p.currentReason}
          </span>
        </span>
        {drift}
      </>
    );
  return (
    <>
      <span title={p.currentSource ?? undefined}>{formatMicros(p.currentMicros)} USDC</span>
      <span className="small muted">
        <br />
        from the chain, {p.currentAsOf ? new Date(p.currentAsOf).toLocaleTimeString() : ""}
      </span>
      {drift}
    </>
  );
}

function Positions({ address }: { address: string }) {
  const q = useQuery({
    queryKey: ["svc", "portfolio", address],
    queryFn: ({ signal }) => unwrap(svcClient().GET("/api/v1/svc/portfolio", { params: { query: { wallet: address } }, signal })),
    refetchInterval: 15_000,
  });
  if (q.error && isNotFound(q.error)) return <NotYet what="The portfolio" />;
  return (
    <div className="card">
      <h2>Positions</h2>
      {q.error && <ErrorBox error={q.error} onRetry={() => void q.refetch()} />}
      <TableWrap label="Positions table">
        <table className="data-table" data-testid="positions">
          <thead>
            <tr>
              <th scope="col">Protocol</th>
              <th scope="col">Chain</th>
              <th scope="col" className="num">Deposited</th>
              <th scope="col" className="num">Recorded</th>
              <th scope="col" className="num">On chain now</th>
              <th scope="col" className="num">ROI</th>
              <th scope="col">Proof</th>
            </tr>
          </thead>
          <tbody>
            {q.isPending && <SkeletonRows rows={2} cols={7} />}
            {q.data?.positions.map((p) => (
              <tr key={`${p.opportunityId}-${p.txId}`} data-testid="position-row">
                <td>{p.protocol}</td>
                <td>{chainName(p.chain)}</td>
                <td className="num">{formatMicros(p.depositedMicros)} USDC</td>
                <td className="num" data-testid="position-recorded">
                  {formatMicros(p.recordedMicros)} USDC
                  {!p.proof.confirmed && (
                    <span className="small muted" data-testid="position-unconfirmed">
                      <br />
                      {p.proof.note}
                    </span>
                  )}
                </td>
                <td className="num" data-testid="position-current">
                  <OnChain p={p} />
                </td>
                <td className="num" data-testid="position-roi">
                  <OrMissing
                    value={formatPct(p.roiPct)}
                    reason={p.currentMicros === null ? `Unknown: the position's worth was not read from the chain (${p.currentReason}).` : "Unknown: no cost basis yet."}
                  />
                </td>
                <td className="small">
                  {explorerTxUrl(p.chain, p.txId) ? (
                    <a href={explorerTxUrl(p.chain, p.txId) ?? undefined} target="_blank" rel="noreferrer" className="mono">
                      {p.txId.slice(0, 10)}…<span className="sr-only"> (deposit transaction, opens the chain explorer)</span>
                    </a>
                  ) : (
                    <span className="mono">{p.txId}</span>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableWrap>
      {q.data && q.data.positions.length === 0 && <p className="empty">No positions for this wallet yet.</p>}
      {q.data && q.data.positions.length > 0 && (
        <p className="small" data-testid="portfolio-totals">
          Deposited {q.data.totalDepositedUsd} USD · recorded {q.data.totalRecordedUsd} USD · on chain now{" "}
          <OrMissing value={q.data.totalCurrentUsd === null ? null : `${q.data.totalCurrentUsd} USD`} reason={q.data.totalCurrentReason} />
        </p>
      )}
    </div>
  );
}

/** A leg's amount: USDC micros as before; a swap's other token in its own units, or base units with its id when unknown. */
function legAmount(chain: string, token: string, amount: string | null): string | null {
  if (amount === null) return null;
  if (token === "USDC") return formatMicros(amount);
  const t = knownToken(chain as ChainId, token);
  return t ? formatTokenAmount(amount, t) : `${amount} base units of ${token}`;
}

/**
 * Where a leg's amounts come from (issue 23), said under them unless the chain's: the plan's figure, the request's (a
 * ledger write with no transaction), or not recorded (a leg written before the service stated it).
 */
const AMOUNT_SOURCE_NOTES = {
  plan: "from the plan: no chain stated it",
  request: "from the request: no transaction read",
  none: "source not recorded",
} as const;

function AmountSource({ source }: { source: ActivityRow["amountInSource"] }) {
  if (source === "chain") return null;
  const key = source ?? "none";
  return (
    <span className="small muted" data-testid="activity-amount-source" data-source={key}>
      <br />
      {AMOUNT_SOURCE_NOTES[key]}
    </span>
  );
}

function groupByPlan(rows: ActivityRow[]): [string, ActivityRow[]][] {
  const groups = new Map<string, ActivityRow[]>();
  for (const r of rows) {
    // A row without a plan is its own group.
    const key = r.planId ?? r.id;
    const g = groups.get(key) ?? [];
    g.push(r);
    groups.set(key, g);
  }
  return [...groups.entries()].map(([id, legs]) => [id, legs.sort((a, b) => a.legIndex - b.legIndex)]);
}

function Activity({ address }: { address: string }) {
  const q = useInfiniteQuery({
    queryKey: ["svc", "activity", address],
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      unwrap(svcClient().GET("/api/v1/svc/activity", { params: { query: { wallet: address, ...(pageParam ? { cursor: pageParam } : {}) } }, signal })),
    getNextPageParam: (last) => last.nextCursor ?? null,
    refetchInterval: 15_000,
  });
  if (q.error && isNotFound(q.error)) return <NotYet what="The activity log" />;
  const rows = q.data?.pages.flatMap((p) => p.activity) ?? [];
  const groups = groupByPlan(rows);
  return (
    <div className="card">
      <h2>Activity</h2>
      {q.error && <ErrorBox error={q.error} onRetry={() => void q.refetch()} />}
      {q.isPending && <p className="muted">Loading…</p>}
      {groups.map(([planId, legs]) => (
        <div key={planId} className="group" data-testid="activity-group">
          <h3 className="small">
            Plan <span className="mono">{planId}</span>
          </h3>
          <TableWrap label="Plan legs table">
            <table className="data-table">
              <thead>
                <tr>
                  <th scope="col">Leg</th>
                  <th scope="col">Kind</th>
                  <th scope="col">Chain</th>
                  <th scope="col" className="num">In</th>
                  <th scope="col" className="num">Quoted out</th>
                  <th scope="col" className="num">Settled out</th>
                  <th scope="col">Status</th>
                  <th scope="col">Transaction</th>
                </tr>
              </thead>
              <tbody>
                {legs.map((l) => {
                  const url = l.txId ? explorerTxUrl(l.chain, l.txId) : null;
                  return (
                    <tr key={l.id} data-testid="activity-row">
                      <td>{l.legIndex + 1}</td>
                      <td>{l.kind}</td>
                      <td>
                        {chainName(l.chain)}
                        {l.destChain && ` → ${chainName(l.destChain)}`}
                      </td>
                      <td className="num">
                        <OrMissing value={legAmount(l.chain, l.token, l.amountIn)} />
                        <AmountSource source={l.amountInSource} />
                      </td>
                      <td className="num">
                        <OrMissing value={legAmount(l.chain, l.outToken ?? l.token, l.quotedAmountOut)} reason="No quote for this leg." />
                      </td>
                      <td className="num">
                        <OrMissing value={legAmount(l.chain, l.outToken ?? l.token, l.amountOut)} reason="Not settled yet." />
                      </td>
                      <td>
                        {l.status}
                        {l.error && <div className="error-text small">{l.error}</div>}
                      </td>
                      <td className="small">
                        {l.txId ? (
                          url ? (
                            <a href={url} target="_blank" rel="noreferrer" className="mono">
                              {l.txId.slice(0, 10)}…<span className="sr-only"> (opens the chain explorer)</span>
                            </a>
                          ) : (
                            <span className="mono">{l.txId}</span>
                          )
                        ) : (
                          <Missing reason="No transaction yet." />
                        )}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </TableWrap>
        </div>
      ))}
      {q.data && rows.length === 0 && <p className="empty">No activity for this wallet yet.</p>}
      {q.hasNextPage && (
        <button type="button" className="btn" onClick={() => void q.fetchNextPage()} disabled={q.isFetchingNextPage}>
          {q.isFetchingNextPage ? "Loading…" : "Load older activity"}
        </button>
      )}
    </div>
  );
}

export function PortfolioView() {
  const w = useWallet();
  const params = useSearchParams();
  const given = params.get("wallet");
  const address = given ?? w.account?.address ?? null;
  const family = address ? (given ? familyOfAddress(address) : (w.account?.family ?? null)) : null;
  if (!address) {
    return (
      <div className="card">
        <p>Connect a wallet to see its positions, balances and activity.</p>
        <button type="button" className="btn btn-primary" onClick={() => walletStore.openDialog()}>
          Connect wallet
        </button>
      </div>
    );
  }
  return (
    <>
      <p className="muted">
        Wallet <span className="mono" data-testid="portfolio-wallet">{address}</span>
      </p>
      <div className="grid-2">
        <Positions address={address} />
        {family ? <Balances address={address} family={family} /> : <p className="muted">Unrecognised address format.</p>}
      </div>
      <Activity address={address} />
    </>
  );
}
