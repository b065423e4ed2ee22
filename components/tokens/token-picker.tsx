"use client";
// A token per chain: the shipped list (symbol, name, decimals) or a pasted mint / coin type / address, validated and
// resolved from the chain's own metadata (GET /svc/tokens/lookup). Until the decimals are known, the token is null
// and the reason is said: amounts are never converted with guessed decimals.
import { useQuery } from "@tanstack/react-query";
import { useId, useState } from "react";
import { unwrap } from "@svc/client";
import type { ChainId } from "@/lib/api";
import { svcClient } from "@/lib/svc";
import { KNOWN_TOKENS, SUI_COIN_TYPE, type TokenInfo } from "@/lib/tokens";

const SHAPE: Record<ChainId, { re: RegExp; what: string }> = {
  "move-chain": { re: SUI_COIN_TYPE, what: "a coin type, 0x…::module::NAME" },
  "svm-chain": { re: /^[1-9A-HJ-NP-Za-km-z]{32,44}$/, what: "a mint address (base58)" },
  "evm-a": { re: /^0x[0-9a-fA-F]{40}$/, what: "a token contract address (0x + 40 hex)" },
  "evm-b": { re: /^0x[0-9a-fA-F]{40}$/, what: "a token contract address (0x + 40 hex)" },
};

const OTHER = "__other__";

export interface TokenChoice {
  /** The token with known decimals, or null (then `reason` says why). */
  token: TokenInfo | null;
  reason: string | null;
}

/** The picker's state for one chain; `initial` is a known symbol. */
export function useTokenChoice(chain: ChainId, initial: string | null) {
  const [picked, setPicked] = useState<string>(initial ?? "");
  const [pasted, setPasted] = useState("");
  const list = KNOWN_TOKENS[chain];
  const known = list.find((t) => t.symbol === picked) ?? null;
  const custom = picked === OTHER ? pasted.trim() : "";
  const wellFormed = custom !== "" && SHAPE[chain].re.test(custom);
  const resolved = useQuery({
    queryKey: ["svc", "token", chain, custom],
    enabled: wellFormed,
    staleTime: 60_000,
    queryFn: ({ signal }) => unwrap(svcClient().GET("/api/v1/svc/tokens/lookup", { params: { query: { chain, address: custom } }, signal })),
  });
  let choice: TokenChoice;
  if (known) choice = { token: known, reason: null };
  else if (picked !== OTHER) choice = { token: null, reason: "Pick a token." };
  else if (custom === "") choice = { token: null, reason: `Paste ${SHAPE[chain].what}.` };
  else if (!wellFormed) choice = { token: null, reason: `That is not ${SHAPE[chain].what}.` };
  else if (resolved.isPending) choice = { token: null, reason: "Reading the token's decimals from the chain…" };
  else if (resolved.error) choice = { token: null, reason: `The token could not be looked up: ${resolved.error.message}` };
  else if (resolved.data?.decimals == null) choice = { token: null, reason: resolved.data?.reason ?? "The chain did not give this token's decimals." };
  else {
    const d = resolved.data;
    choice = {
      token: { chain, address: d.address, symbol: d.symbol ?? `${d.address.slice(0, 6)}…`, name: d.name ?? "Token read from the chain", decimals: d.decimals ?? 0 },
      reason: null,
    };
  }
  return { chain, picked, setPicked, pasted, setPasted, choice };
}

export function TokenPicker({ label, state }: { label: string; state: ReturnType<typeof useTokenChoice> }) {
  const id = useId();
  const { chain, picked, setPicked, pasted, setPasted, choice } = state;
  return (
    <div className="field" data-testid={`token-${label.toLowerCase().replace(/\s+/g, "-")}`}>
      <label htmlFor={id}>{label}</label>
      <select id={id} value={picked} onChange={(e) => setPicked(e.target.value)} aria-describedby={`${id}-hint`}>
        <option value="">Choose…</option>
        {KNOWN_TOKENS[chain].map((t) => (
          <option key={t.address} value={t.symbol}>
            {t.symbol} — {t.name} ({t.decimals} decimals)
          </option>
        ))}
        <option value={OTHER}>Other token (paste its address)</option>
      </select>
      {picked === OTHER && (
        <input
          aria-label={`${label}: address`}
          value={pasted}
          onChange={(e) => setPasted(e.target.value)}
          placeholder={SHAPE[chain].what}
          spellCheck={false}
          autoComplete="off"
          className="mono"
        />
      )}
      <span id={`${id}-hint`} className={choice.token ? "muted small" : "error-text small"} data-testid="token-hint">
        {choice.token
          ? `${choice.token.symbol}: ${choice.token.decimals} decimals${picked === OTHER ? " (read from the chain)" : ""}`
          : choice.reason}
      </span>
    </div>
  );
}
