"use client";
// Owner-managed webhook subscriptions. The key is shown once (on create or rotate) with a copy button.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { unwrap } from "@svc/client";
import { useId, useMemo, useState } from "react";
import { ApiKeyField, useApiKey } from "@/components/api-key";
import { ErrorBox, NotYet, isNotFound } from "@/components/ui/error-box";
import { EVENT_TYPES } from "@/lib/event-types";
import { type components, svcClient } from "@/lib/svc";

type EventType = components["schemas"]["EventType"];
/** Every event type the server sends, from the list it uses itself (lib/event-types.ts); typed as the API's EventType so
 * a name the API does not accept fails to compile. */
const EVENT_CHOICES: readonly EventType[] = EVENT_TYPES;

function OnceKey({ hmacKey, onDone }: { hmacKey: string; onDone: () => void }) {
  const [copied, setCopied] = useState(false);
  return (
    <div role="status" className="alert alert-warn" data-testid="hmac-key">
      <div>
        <p>
          <strong>Signing key — shown only now.</strong> Store it in your receiver; it cannot be shown again (rotate to get a new one).
        </p>
        <div className="copy-row">
          <code className="mono">{hmacKey}</code>
          <button
            type="button"
            className="btn btn-small"
            onClick={() => {
              void navigator.clipboard?.writeText(hmacKey).then(() => setCopied(true), () => setCopied(false));
            }}
          >
            {copied ? "Copied" : "Copy key"}
          </button>
          <button type="button" className="btn btn-small" onClick={onDone}>
            I stored it
          </button>
        </div>
      </div>
    </div>
  );
}

export function WebhooksView() {
  const id = useId();
  const qc = useQueryClient();
  const [key, setKey] = useApiKey();
  const [url, setUrl] = useState("");
  const [events, setEvents] = useState<EventType[]>(["deposit.settled", "withdraw.settled"]);
  const [secret, setSecret] = useState<string | null>(null);

  const svc = useMemo(() => svcClient(key), [key]);

  const list = useQuery({
    queryKey: ["webhooks", key],
    enabled: !!key,
    queryFn: ({ signal }) => unwrap(svc.GET("/api/v1/svc/webhooks", { signal })),
  });
  const log = useQuery({
    queryKey: ["webhooks", "events", key],
    enabled: !!key,
    queryFn: ({ signal }) => unwrap(svc.GET("/api/v1/svc/webhooks/events", { signal })),
  });
  const refresh = () => void qc.invalidateQueries({ queryKey: ["webhooks"] });
  const create = useMutation({
    mutationFn: () => unwrap(svc.POST("/api/v1/svc/webhooks", { body: { url, events } })),
    onSuccess: (s) => {
      setSecret(s.hmacKey);
      setUrl("");
      refresh();
    },
  });
  const rotate = useMutation({
    mutationFn: (sid: string) => unwrap(svc.POST("/api/v1/svc/webhooks/{id}/rotate", { params: { path: { id: sid } } })),
    onSuccess: (s) => {
      setSecret(s.hmacKey);
      refresh();
    },
  });
  const remove = useMutation({
    mutationFn: (sid: string) => unwrap(svc.DELETE("/api/v1/svc/webhooks/{id}", { params: { path: { id: sid } } })),
    onSuccess: refresh,
  });
  const subs = list.data?.webhooks ?? [];
  const rows = log.data?.events ?? [];
  const mutationError = create.error ?? rotate.error ?? remove.error;

  return (
    <div className="grid-2">
      <div className="card">
        <h2>Owner key</h2>
        <ApiKeyField value={key} onChange={setKey} />
      </div>
      <div className="card">
        <h2>New subscription</h2>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            create.mutate();
          }}
        >
          <div className="field">
            <label htmlFor={`${id}-url`}>Delivery URL (https)</label>
            <input id={`${id}-url`} type="url" value={url} onChange={(e) => setUrl(e.target.value)} placeholder="https://example.com/hooks/svc" required />
          </div>
          <fieldset>
            <legend>Events</legend>
            {EVENT_CHOICES.map((t) => (
              <label key={t} style={{ display: "block" }}>
                <input
                  type="checkbox"
                  checked={events.includes(t)}
                  onChange={(e) => setEvents((ev) => (e.target.checked ? [...ev, t] : ev.filter((x) => x !== t)))}
                />{" "}
                {t}
              </label>
            ))}
          </fieldset>
          <button type="submit" className="btn btn-primary" disabled={!key || !url || events.length === 0 || create.isPending}>
            Create subscription
          </button>
          {!key && <p className="muted small">Enter the owner key first.</p>}
        </form>
      </div>
      {secret && <OnceKey hmacKey={secret} onDone={() => setSecret(null)} />}
      {mutationError &&
        (isNotFound(mutationError) ? <NotYet what="Webhook management" /> : <ErrorBox error={mutationError} title="The change was not made." />)}
      <div className="card">
        <h2>Subscriptions</h2>
        {!key && <p className="muted">Enter the owner key to list subscriptions.</p>}
        {list.error && (isNotFound(list.error) ? <NotYet what="Webhooks" /> : <ErrorBox error={list.error} onRetry={() => void list.refetch()} />)}
        {list.data !== undefined && subs.length === 0 && <p className="empty">No subscriptions yet.</p>}
        <ul data-testid="subscriptions">
          {subs.map((s) => (
            <li key={s.id}>
              <span className="mono">{s.url}</span> — {s.events.join(", ")}
              {s.status === "disabled" && <strong> (disabled{s.disabledReason ? `: ${s.disabledReason}` : ""})</strong>}{" "}
              <button type="button" className="btn btn-small" onClick={() => rotate.mutate(s.id)}>
                Rotate key<span className="sr-only"> of {s.url}</span>
              </button>{" "}
              <button type="button" className="btn btn-small" onClick={() => remove.mutate(s.id)}>
                Delete<span className="sr-only"> {s.url}</span>
              </button>
            </li>
          ))}
        </ul>
      </div>
      <div className="card">
        <h2>Event log</h2>
        {log.error && (isNotFound(log.error) ? <NotYet what="The event log" /> : <ErrorBox error={log.error} onRetry={() => void log.refetch()} />)}
        {log.data !== undefined && rows.length === 0 && <p className="empty">No events yet.</p>}
        <ul className="small">
          {rows.map((e) => (
            <li key={e.id}>
              <span className="mono">{e.id}</span> {e.type} {e.createdAt && <time dateTime={e.createdAt}>{e.createdAt}</time>}{" "}
              {e.deliveries.map((d) => `${d.state} (${d.attemptCount} attempt${d.attemptCount === 1 ? "" : "s"})`).join(", ")}
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
