"use client";
// Amount in token units, converted to integer micros with string/bigint math only (no float ever).
import { useId } from "react";
import { microsToUnits, unitsToMicros } from "@/lib/money";

export function parseAmount(units: string): { micros: bigint | null; error: string | null } {
  if (units.trim() === "") return { micros: null, error: null };
  const micros = unitsToMicros(units.replace(/,/g, ""));
  if (micros === null) return { micros: null, error: "Enter a positive amount with at most 6 decimals, e.g. 250.5" };
  if (micros === 0n) return { micros: null, error: "The amount must be more than 0." };
  return { micros, error: null };
}

export function AmountInput({
  value,
  onChange,
  label = "Amount",
  token = "USDC",
}: {
  value: string;
  onChange: (v: string) => void;
  label?: string;
  token?: string;
}) {
  const id = useId();
  const { micros, error } = parseAmount(value);
  return (
    <div className="field">
      <label htmlFor={id}>
        {label} ({token})
      </label>
      <input
        id={id}
        inputMode="decimal"
        autoComplete="off"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-hint`}
        placeholder="0.00"
      />
      <span id={`${id}-hint`} className={error ? "error-text small" : "muted small"} data-testid="amount-hint">
        {error ?? (micros !== null ? `${micros.toString()} micros (${microsToUnits(micros)} ${token})` : "Token units; sent as integer micros.")}
      </span>
    </div>
  );
}
