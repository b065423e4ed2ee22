"use client";
// The opportunities table of `/`: one fetch of /svc/home, then sort, filter and search in the browser
// (instant, and the featured autopilot strategy stays pinned on top whatever the order).
import Link from "next/link";
import { useCallback, useEffect, useMemo, useState } from "react";
import { ErrorBox, NotYet, isNotFound } from "@/components/ui/error-box";
import { type ReadinessKind, ReadinessBadge, readinessOf } from "@/components/readiness";
import { Missing, OrMissing } from "@/components/ui/missing";
import { SkeletonRows } from "@/components/ui/skeleton";
import { unwrap } from "@svc/client";
import { CHAIN_IDS, type HomeBody, type Opportunity, retryUnlessClientError } from "@/lib/api";
import { svcClient } from "@/lib/svc";
import { chainName, formatAgo, formatBps, formatUsd } from "@/lib/format";
import { TableWrap } from "@/components/ui/table-wrap";

type SortKey = "protocol" | "chain" | "grossApyBps" | "netApyBps" | "apy30dBps" | "tvlUsd" | "asOf";
type Order = "asc" | "desc";

const COLUMNS: { key: SortKey; label: string; numeric: boolean }[] = [
  { key: "protocol", label: "Protocol", numeric: false },
  { key: "chain", label: "Chain", numeric: false },
  { key: "grossApyBps", label: "Gross APY", numeric: true },
  { key: "netApyBps", label: "Net APY", numeric: true },
  { key: "apy30dBps", label: "30-day APY", numeric: true },
  { key: "tvlUsd", label: "TVL", numeric: true },
  { key: "asOf", label: "Freshness", numeric: false },
];

function compare(a: Opportunity, b: Opportunity, key: SortKey, order: Order): number {
  const va = a[key];
  const vb = b[key];
  // Missing values always sort last, whatever the direction.
  if (va == null && vb == null) return 0;
  if (va == null) return 1;
  if (vb == null) return -1;
  const d = typeof va === "number" && typeof vb === "number" ? va - vb : String(va).localeCompare(String(vb));
  return order === "asc" ? d : -d;
}

function useNow(intervalMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(t);
  }, [intervalMs]);
  return now;
}

/** The last answer in this tab and when it came: a return to `/` within STALE_MS shows it without asking again. */
let lastHome: { body: HomeBody; at: number } | null = null;
const STALE_MS = 30_000;

/** `/`'s one read, without TanStack Query (kept out of the first load of `/`, issue 28 item 5) but with its rules
 * here: fresh for 30 s, retried twice after 1 s and 2 s unless the answer is a 4xx (retryUnlessClientError). */
function useHome() {
  // The server renders the skeleton (it has no answer of this tab's); the browser starts from its last answer, if any.
  const [state, setState] = useState<{ data: HomeBody | undefined; error: Error | null }>(() => ({
    data: typeof window === "undefined" ? undefined : lastHome?.body,
    error: null,
  }));
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (attempt === 0 && lastHome && Date.now() - lastHome.at < STALE_MS) return;
    const ctl = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const read = (failures: number) => {
      unwrap(svcClient().GET("/api/v1/svc/home", { signal: ctl.signal })).then(
        (body) => {
          lastHome = { body, at: Date.now() };
          setState({ data: body, error: null });
        },
        (error: unknown) => {
          if (ctl.signal.aborted) return;
          if (retryUnlessClientError(failures, error)) timer = setTimeout(() => read(failures + 1), 1000 * 2 ** failures);
          else setState((s) => ({ data: s.data, error: error instanceof Error ? error : new Error(String(error)) }));
        },
      );
    };
    read(0);
    return () => {
      ctl.abort();
      clearTimeout(timer);
    };
  }, [attempt]);
  const refetch = useCallback(() => setAttempt((n) => n + 1), []);
  const { data, error } = state;
  // As TanStack Query's: pending until the first answer or final error; success while an answer stands and no error.
  return { data, error, refetch, isPending: data === undefined && !error, isSuccess: data !== undefined && !error };
}

/** A table cell of one figure (APY, TVL), or why it is missing. */
function FigureCell({ col, value, reason }: { col: string; value: string | null; reason: string | null }) {
  return (
    <td className="num" data-col={col}>
      <OrMissing value={value} reason={reason} />
    </td>
  );
}

export function OpportunitiesView() {
  const q = useHome();
  const [sort, setSort] = useState<{ key: SortKey; order: Order }>({ key: "tvlUsd", order: "desc" });
  const [chain, setChain] = useState<string>("");
  const [ready, setReady] = useState<"" | ReadinessKind>("");
  const [search, setSearch] = useState("");
  const now = useNow(30_000);

  const rows = useMemo(() => {
    const all = q.data?.opportunities ?? [];
    const needle = search.trim().toLowerCase();
    const filtered = all.filter(
      (o) =>
        (!chain || o.chain === chain) &&
        (ready === "" || readinessOf(o) === ready) &&
        (!needle || o.protocol.toLowerCase().includes(needle) || o.name.toLowerCase().includes(needle)),
    );
    const featured = filtered.filter((o) => o.kind === "strategy");
    const rest = filtered.filter((o) => o.kind !== "strategy").sort((a, b) => compare(a, b, sort.key, sort.order));
    return [...featured, ...rest];
  }, [q.data, chain, ready, search, sort]);

  const toggleSort = (key: SortKey, numeric: boolean) =>
    setSort((s) => (s.key === key ? { key, order: s.order === "asc" ? "desc" : "asc" } : { key, order: numeric ? "desc" : "asc" }));

  if (q.error && isNotFound(q.error)) return <NotYet what="The opportunities catalog" />;

  return (
    <div>
      <form className="filters" aria-label="Filter opportunities" onSubmit={(e) => e.preventDefault()}>
        <label>
          Chain
          <select value={chain} onChange={(e) => setChain(e.target.value)} data-testid="filter-chain">
            <option value="">All chains</option>
            {CHAIN_IDS.map((c) => (
              <option key={c} value={c}>
                {chainName(c)}
              </option>
            ))}
          </select>
        </label>
        <label>
          Readiness
          <select value={ready} onChange={(e) => setReady(e.target.value as "" | ReadinessKind)} data-testid="filter-ready">
            <option value="">All</option>
            <option value="executable">Executable (deposit and withdraw)</option>
            <option value="not-built">Not built yet</option>
            <option value="map">Map</option>
          </select>
        </label>
        <label>
          Search protocol
          <input type="search" value={search} onChange={(e) => setSearch(e.target.value)} placeholder="e.g. aave" />
        </label>
      </form>

      {q.data?.status === "unavailable" && (
        <div className="alert alert-warn" role="status" data-testid="upstream-banner">
          <p>
            The yields source ({q.data.source}) is unavailable right now. Live APY and TVL are shown as “—” until it
            answers again; nothing is filled in.
          </p>
        </div>
      )}
      {q.error && <ErrorBox error={q.error} onRetry={() => void q.refetch()} title="Could not load opportunities." />}

      <TableWrap label="Opportunities table">
        <table className="data-table" data-testid="opportunities">
          <caption className="sr-only">Stablecoin yield opportunities; the featured autopilot strategy is pinned first</caption>
          <thead>
            <tr>
              {COLUMNS.map((c) => (
                <th
                  key={c.key}
                  scope="col"
                  className={c.numeric ? "num" : undefined}
                  aria-sort={sort.key === c.key ? (sort.order === "asc" ? "ascending" : "descending") : "none"}
                >
                  <button type="button" className="sort" onClick={() => toggleSort(c.key, c.numeric)}>
                    {c.label}
                    <span aria-hidden="true" className="sort-mark">
                      {sort.key === c.key ? (sort.order === "asc" ? "▲" : "▼") : "↕"}
                    </span>
                  </button>
                </th>
              ))}
              <th scope="col">Readiness</th>
            </tr>
          </thead>
          <tbody>
            {q.isPending && <SkeletonRows rows={8} cols={COLUMNS.length + 1} />}
            {rows.map((o) => (
              <tr key={o.opportunityId} className={o.kind === "strategy" ? "featured" : undefined} data-testid="opportunity-row">
                <td>
                  <Link href={`/opportunities/${encodeURIComponent(o.opportunityId)}`} className="opp-link">
                    {o.name || o.protocol}
                  </Link>
                  <div className="muted small">
                    {o.kind === "strategy" ? <span className="badge badge-featured">Featured autopilot</span> : o.protocol}
                  </div>
                </td>
                <td>{chainName(o.chain)}</td>
                <FigureCell col="gross" value={formatBps(o.grossApyBps)} reason={o.reason} />
                <FigureCell col="net" value={formatBps(o.netApyBps)} reason={o.reason} />
                <FigureCell col="apy30d" value={formatBps(o.apy30dBps)} reason={o.reason} />
                <FigureCell col="tvl" value={formatUsd(o.tvlUsd)} reason={o.reason} />
                <td className="small">
                  {/* Freshness of figures: a row with none has nothing to date ("as of just now" of nothing). */}
                  {o.asOf && (o.grossApyBps !== null || o.apy30dBps !== null || o.tvlUsd !== null) ? (
                    <time dateTime={o.asOf} title={o.asOf}>
                      as of {formatAgo(o.asOf, now)}
                    </time>
                  ) : (
                    <Missing reason={o.reason ?? "No live reading yet."} />
                  )}
                </td>
                <td>
                  {/* The strategy's 30-day APY is its current pick's: none means no pick. */}
                  <ReadinessBadge row={o} noPick={o.kind === "strategy" && o.apy30dBps === null} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableWrap>
      {q.isSuccess && rows.length === 0 && (
        <p className="empty" data-testid="empty">
          {(q.data?.opportunities.length ?? 0) === 0
            ? "No opportunities are listed right now."
            : "No opportunity matches these filters."}
        </p>
      )}
    </div>
  );
}
