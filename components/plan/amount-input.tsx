"use client";
// The one amount field of the dashboard (deposit, withdraw, swap, bridge, stake cap). The rule is lib/money.ts
// `parseTokenAmount`: the user's locale decimal separator, nothing dropped, no more decimals than the token has,
// exact bigint base units. The parsed amount is shown in units and base units before any Review button.
import { useEffect, useId, useState } from "react";
import { type AmountEntry, type DecimalSeparator, decimalSeparatorOf, formatTokenAmount, parseTokenAmount } from "@/lib/money";

export interface TokenUnits {
  symbol: string;
  decimals: number;
}

/** The browser's decimal separator; "." during server rendering, then the locale's after mount. */
export function useDecimalSeparator(): DecimalSeparator {
  const [sep, setSep] = useState<DecimalSeparator>(".");
  useEffect(() => {
    setSep(decimalSeparatorOf(navigator.language));
  }, []);
  return sep;
}

/**
 * The field's state: `value` as typed, `entry` parsed with the token's decimals. With `token` null (decimals unknown)
 * nothing is parsed and the field says why (`unknownReason`).
 */
export function useAmount(token: TokenUnits | null, initial = "") {
  const [value, setValue] = useState(initial);
  const separator = useDecimalSeparator();
  const entry: AmountEntry = token ? parseTokenAmount(value, token, separator) : { state: "empty" };
  const baseUnits = entry.state === "ok" ? entry.baseUnits : null;
  return { value, setValue, separator, entry, baseUnits };
}

export function AmountInput({
  amount,
  token,
  label = "Amount",
  unknownReason,
  emptyHint,
}: {
  amount: ReturnType<typeof useAmount>;
  token: TokenUnits | null;
  label?: string;
  /** Why the token's decimals are not known (the field is disabled until they are). */
  unknownReason?: string;
  /** What an empty field means, when it means something (e.g. "No cap."). */
  emptyHint?: string;
}) {
  const id = useId();
  const { value, setValue, separator, entry } = amount;
  const hint =
    token === null
      ? (unknownReason ?? "Pick a token first: its decimals decide what the amount means.")
      : entry.state === "error"
        ? entry.error
        : entry.state === "ok"
          ? `= ${formatTokenAmount(entry.baseUnits, token, separator)} (${entry.baseUnits.toString()} base units; ${token.symbol} has ${token.decimals} decimals)`
          : `${emptyHint ? `${emptyHint} ` : ""}In ${token.symbol}, decimal separator “${separator}”, at most ${token.decimals} decimals.`;
  return (
    <div className="field">
      <label htmlFor={id}>
        {label}
        {token ? ` (${token.symbol})` : ""}
      </label>
      <input
        id={id}
        inputMode="decimal"
        autoComplete="off"
        value={value}
        disabled={token === null}
        onChange={(e) => setValue(e.target.value)}
        aria-invalid={entry.state === "error" ? true : undefined}
        aria-describedby={`${id}-hint`}
        placeholder={`0${separator}00`}
      />
      <span id={`${id}-hint`} className={entry.state === "error" || token === null ? "error-text small" : "muted small"} data-testid="amount-hint">
        {hint}
      </span>
    </div>
  );
}
