// Display helpers. Every one returns null for a missing input so callers render "—" with a reason, never 0.

/** Integer basis points to a percent string: 523 → "5.23%". */
export function formatBps(bps: number | null | undefined): string | null {
  if (bps == null || !Number.isFinite(bps)) return null;
  const sign = bps < 0 ? "-" : "";
  const abs = Math.abs(Math.trunc(bps));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}%`;
}

const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", notation: "compact", maximumFractionDigits: 2 });

export function formatUsd(value: number | null | undefined): string | null {
  if (value == null || !Number.isFinite(value)) return null;
  return usd.format(value);
}

export function formatPct(value: number | null | undefined): string | null {
  if (value == null || !Number.isFinite(value)) return null;
  return `${value.toFixed(2)}%`;
}

/** "3 min ago" relative to `now`. */
export function formatAgo(iso: string | null | undefined, now: number = Date.now()): string | null {
  if (!iso) return null;
  const t = Date.parse(iso);
  if (Number.isNaN(t)) return null;
  const s = Math.max(0, Math.round((now - t) / 1000));
  if (s < 60) return "just now";
  const m = Math.round(s / 60);
  if (m < 60) return `${m} min ago`;
  const h = Math.round(m / 60);
  if (h < 48) return `${h} h ago`;
  return `${Math.round(h / 24)} days ago`;
}

/** An instant in the reader's local time with its zone ("Dec 1, 2026, 10:00 AM UTC"); null for a missing or bad input. */
export function formatLocalTime(iso: string | null | undefined): string | null {
  if (!iso) return null;
  const t = Date.parse(iso);
  if (Number.isNaN(t)) return null;
  // dateStyle/timeStyle cannot be combined with timeZoneName (a RangeError): the parts are named one by one.
  return new Date(t).toLocaleString(undefined, { year: "numeric", month: "short", day: "numeric", hour: "numeric", minute: "2-digit", timeZoneName: "short" });
}

/** A reason as a clause to end with our own period: its final period(s) dropped, so a sentence never ends "..". */
export function clause(reason: string): string {
  return reason.trim().replace(/\.+$/, "");
}

export const CHAIN_NAMES: Record<string, string> = {
  "move-chain": "Sui (move-chain)",
  "svm-chain": "Solana (svm-chain)",
  "evm-a": "Base (evm-a)",
  "evm-b": "Arbitrum (evm-b)",
};

/** The chain's own name alone ("Sui"), for titles. */
export function chainShortName(chain: string): string {
  return (CHAIN_NAMES[chain] ?? chain).replace(/ \(.*\)$/, "");
}

export function chainName(chain: string): string {
  return CHAIN_NAMES[chain] ?? chain;
}

/** Explorer link for a transaction on one of our chains; null when the chain has no known explorer. */
export function explorerTxUrl(chain: string, txId: string): string | null {
  const id = encodeURIComponent(txId);
  switch (chain) {
    case "move-chain":
      return `https://suiscan.xyz/mainnet/tx/${id}`;
    case "svm-chain":
      return `https://solscan.io/tx/${id}`;
    case "evm-a":
      return `https://basescan.org/tx/${id}`;
    case "evm-b":
      return `https://arbiscan.io/tx/${id}`;
    default:
      return null;
  }
}

export function shortAddress(a: string): string {
  return a.length > 14 ? `${a.slice(0, 6)}…${a.slice(-4)}` : a;
}
