"use client";
// A character's auto-yield status (GET /api/characters/{id}/auto-yield, outside /api/v1).
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { ApiKeyField, useApiKey } from "@/components/api-key";
import { AmountInput, useAmount } from "@/components/plan/amount-input";
import { ErrorBox, NotYet, isNotFound, isNotLanded } from "@/components/ui/error-box";
import { OrMissing } from "@/components/ui/missing";
import { unwrap } from "@svc/client";
import type { CharacterAutoYield as AutoYield } from "@/lib/api";
import { chainName, formatBps, formatLocalTime } from "@/lib/format";
import { formatMicros, microsToUnits } from "@/lib/money";
import { svcClient } from "@/lib/svc";

const USDC_UNITS = { symbol: "USDC", decimals: 6 };

/** The owner's settings: the toggle, the target venue (on the character's chain) and the stake cap. */
function Settings({ id, apiKey, d }: { id: string; apiKey: string; d: AutoYield }) {
  const uid = useId();
  const qc = useQueryClient();
  const venues = useQuery({ queryKey: ["svc", "venues"], queryFn: ({ signal }) => unwrap(svcClient().GET("/api/v1/svc/venues", { signal })) });
  const onChain = (venues.data?.venues ?? []).filter((v) => v.chain === d.chain);
  const [target, setTarget] = useState(d.target_venue ?? "");
  const cap = useAmount(USDC_UNITS, d.max_stake_micros == null ? "" : microsToUnits(BigInt(String(d.max_stake_micros))));
  const capMicros = cap.baseUnits;
  const capInvalid = cap.entry.state === "error";
  const save = useMutation({
    mutationFn: (enable: boolean) =>
      unwrap(
        svcClient(apiKey).PUT("/api/characters/{id}/auto-yield", {
          params: { path: { id } },
          body: { auto_yield_enabled: enable, target_venue: target === "" ? null : target, max_stake_micros: capMicros === null ? null : capMicros.toString() },
        }),
      ),
    onSuccess: (next) => qc.setQueryData(["character", id, apiKey], next),
  });
  const on = !!d.auto_yield_enabled;
  return (
    <form
      className="stack"
      data-testid="character-settings"
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate(on);
      }}
    >
      <div className="field">
        <label htmlFor={`${uid}-venue`}>Target venue{d.chain ? ` on ${chainName(d.chain)}` : ""}</label>
        <select id={`${uid}-venue`} value={target} onChange={(e) => setTarget(e.target.value)}>
          <option value="">None: discovery picks</option>
          {onChain.map((v) => (
            <option key={v.id} value={v.id}>
              {v.id}
            </option>
          ))}
        </select>
      </div>
      <AmountInput amount={cap} token={USDC_UNITS} label="Max stake" emptyHint="Empty: no cap." />
      <div className="btn-row">
        <button type="button" className="btn btn-primary" disabled={save.isPending || capInvalid} onClick={() => save.mutate(!on)}>
          {save.isPending ? "Saving…" : on ? "Turn auto-yield off" : "Turn auto-yield on"}
        </button>
        <button type="submit" className="btn" disabled={save.isPending || capInvalid}>
          Save venue and cap
        </button>
      </div>
      <p className="muted small">Owner key only. Turning auto-yield off does not unstake anything.</p>
      {save.error && <ErrorBox title="Not saved." error={save.error} />}
    </form>
  );
}

export function CharacterView({ id }: { id: string }) {
  const [key, setKey] = useApiKey();
  const q = useQuery({
    queryKey: ["character", id, key],
    enabled: !!key,
    queryFn: ({ signal }) =>
      unwrap(svcClient(key).GET("/api/characters/{id}/auto-yield", { params: { path: { id } }, signal })),
  });
  const d = q.data;
  return (
    <div className="card">
      <p className="muted">
        Character <span className="mono">{id}</span>. Auto-yield is off by default and only the owner turns it on.
      </p>
      <ApiKeyField value={key} onChange={setKey} />
      {!key && <p className="muted small">Enter the owner or agent key of this character’s wallet.</p>}
      {q.error &&
        (isNotLanded(q.error) ? (
          <NotYet what="The character API" />
        ) : isNotFound(q.error) ? (
          <div className="alert alert-warn" role="alert" data-testid="character-not-found">
            <p>
              No character <span className="mono">{id}</span> exists on this service. Check the id in the address.
            </p>
          </div>
        ) : (
          <ErrorBox error={q.error} onRetry={() => void q.refetch()} />
        ))}
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
            {d.max_stake_micros == null ? "No cap" : <>{formatMicros(String(d.max_stake_micros))} USDC</>}
          </dd>
          <dt>Staked</dt>
          <dd>
            <OrMissing value={formatMicros(d.stakedMicros)} /> USDC
          </dd>
          <dt>Net APY</dt>
          <dd>
            <OrMissing value={formatBps(d.netApyBps ?? null)} reason="APY read failed or no venue." />
          </dd>
          <dt>Enabled at</dt>
          <dd>
            <OrMissing value={formatLocalTime(d.enabled_at)} reason="Never enabled." />
          </dd>
        </dl>
      )}
      {d && <Settings key={`${d.target_venue ?? ""}|${String(d.max_stake_micros ?? "")}`} id={id} apiKey={key} d={d} />}
    </div>
  );
}
