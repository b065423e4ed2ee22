"use client";
// A character's auto-yield status (GET /api/characters/{id}/auto-yield, outside /api/v1).
import { useQuery } from "@tanstack/react-query";
import { ApiKeyField, useApiKey } from "@/components/api-key";
import { ErrorBox, NotYet, isNotFound } from "@/components/ui/error-box";
import { OrMissing } from "@/components/ui/missing";
import { api } from "@/lib/api";
import { formatBps } from "@/lib/format";
import { formatMicros } from "@/lib/money";

interface AutoYield {
  auto_yield_enabled?: boolean;
  target_venue?: string | null;
  max_stake_micros?: string | number | null;
  enabled_at?: string | null;
  staked?: string | null;
  stakedMicros?: string | null;
  apy?: number | null;
  grossApyBps?: number | null;
  netApyBps?: number | null;
  [k: string]: unknown;
}

export function CharacterView({ id }: { id: string }) {
  const [key, setKey] = useApiKey();
  const q = useQuery({
    queryKey: ["character", id, key],
    enabled: !!key,
    queryFn: ({ signal }) =>
      api<AutoYield>(`/characters/${encodeURIComponent(id)}/auto-yield`, { apiKey: key, signal, root: "/api" }),
  });
  const d = q.data;
  return (
    <div className="card">
      <p className="muted">
        Character <span className="mono">{id}</span>. Auto-yield is off by default and only the owner turns it on.
      </p>
      <ApiKeyField value={key} onChange={setKey} />
      {!key && <p className="muted small">Enter the owner or agent key of this character’s wallet.</p>}
      {q.error && (isNotFound(q.error) ? <NotYet what="This character (or the character API)" /> : <ErrorBox error={q.error} onRetry={() => void q.refetch()} />)}
      {d && (
        <dl className="kv" data-testid="character">
          <dt>Auto-yield</dt>
          <dd>{d.auto_yield_enabled ? "On" : "Off"}</dd>
          <dt>Target venue</dt>
          <dd>
            <OrMissing value={d.target_venue ?? null} reason="No venue chosen." />
          </dd>
          <dt>Max stake</dt>
          <dd>
            <OrMissing value={d.max_stake_micros == null ? null : formatMicros(String(d.max_stake_micros))} /> USDC
          </dd>
          <dt>Staked</dt>
          <dd>
            <OrMissing value={formatMicros(d.stakedMicros ?? d.staked ?? null)} /> USDC
          </dd>
          <dt>Net APY</dt>
          <dd>
            <OrMissing value={formatBps(d.netApyBps ?? null)} reason="APY read failed or no venue." />
          </dd>
          <dt>Enabled at</dt>
          <dd>
            <OrMissing value={d.enabled_at ?? null} reason="Never enabled." />
          </dd>
        </dl>
      )}
    </div>
  );
}
