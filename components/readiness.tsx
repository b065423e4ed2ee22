// Readiness as the plan endpoints see it (contract §8): "Executable" only when both deposit and withdraw can
// be built on an Executable chain; otherwise the chain's Map label, or "Not built yet" with what can be built.
import type { ActionReadiness, Opportunity, VenueActions } from "@/lib/api";

/** The readiness fields an opportunity and a strategy row share (GET /svc/home, /svc/strategies). */
type Row = Pick<Opportunity, "kind" | "label" | "ready" | "actions">;

export type ReadinessKind = "executable" | "not-built" | "map";

export function readinessOf(r: Row): ReadinessKind {
  if (r.label === "Map") return "map";
  return r.ready ? "executable" : "not-built";
}

/** What a not-ready row can still build, in words ("deposit only"), or null. */
function partial(actions: VenueActions | null): string | null {
  if (!actions) return null;
  if (actions.deposit.ready && !actions.withdraw.ready) return "deposit only";
  if (!actions.deposit.ready && actions.withdraw.ready) return "withdraw only";
  return null;
}

export function ReadinessBadge({ row, noPick }: { row: Row; /** The automated strategy has no current pick: nothing to act on now. */ noPick?: boolean }) {
  if (row.kind === "strategy" && noPick)
    return (
      <span className="badge badge-warn" data-testid="no-pick">
        No pick now
      </span>
    );
  const k = readinessOf(row);
  if (k === "map") return <span className="badge badge-map">Map</span>;
  if (k === "executable") return <span className="badge badge-exec">Executable</span>;
  const p = partial(row.actions);
  return (
    <span className="badge badge-warn" data-testid="not-built">
      Not built yet{p ? ` (${p})` : ""}
    </span>
  );
}

function ActionLine({ name, a }: { name: string; a: ActionReadiness }) {
  return (
    <li data-testid={`action-${name.toLowerCase()}`} data-ready={a.ready ? "1" : "0"}>
      <strong>{name}:</strong> {a.ready ? "can be built" : "cannot be built yet"}
      {!a.ready && a.reason && <span className="muted"> — {a.reason}</span>}
    </li>
  );
}

/** Per action: can its plan be built, and why not (the plan endpoint's own blocker message). */
export function ActionReadinessList({ actions }: { actions: VenueActions }) {
  return (
    <ul className="plain-list" data-testid="action-readiness">
      <ActionLine name="Deposit" a={actions.deposit} />
      <ActionLine name="Withdraw" a={actions.withdraw} />
    </ul>
  );
}
