"use client";
// The owner/agent API key, kept only in this tab's session storage (gone when the tab closes).
import { useEffect, useId, useState } from "react";

const KEY = "svc.apiKey";

export function useApiKey(): [string, (k: string) => void] {
  const [key, setKey] = useState("");
  useEffect(() => {
    try {
      setKey(sessionStorage.getItem(KEY) ?? "");
    } catch {
      // no session storage: the key lives only in memory
    }
  }, []);
  const update = (k: string) => {
    setKey(k);
    try {
      if (k) sessionStorage.setItem(KEY, k);
      else sessionStorage.removeItem(KEY);
    } catch {
      // ignore
    }
  };
  return [key, update];
}

export function ApiKeyField({ value, onChange }: { value: string; onChange: (k: string) => void }) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>API key (X-API-Key)</label>
      <input
        id={id}
        type="password"
        autoComplete="off"
        value={value}
        onChange={(e) => onChange(e.target.value.trim())}
        aria-describedby={`${id}-hint`}
      />
      <span id={`${id}-hint`} className="muted small" data-testid="api-key-hint">
        Keys are issued by whoever runs this service: <code>npm run keys -- create --role owner --wallet &lt;address&gt;</code>{" "}
        on the server (or the <code>SVC_API_KEYS</code> setting) prints one for a wallet. Kept only in this tab’s session
        storage; never sent anywhere but this service.
      </span>
    </div>
  );
}
