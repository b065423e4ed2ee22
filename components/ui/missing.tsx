// "—" for a value we do not have, with the reason on hover and keyboard focus. Never 0.
import { useId } from "react";

export function Missing({ reason }: { reason?: string | null }) {
  const id = useId();
  const text = reason?.trim() || "Not available from the source right now.";
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: focusable so keyboard users can read the reason
    <span className="na" tabIndex={0} aria-describedby={id} data-testid="missing">
      —<span className="sr-only"> not available</span>
      <span role="tooltip" id={id} className="tip">
        {text}
      </span>
    </span>
  );
}

/** Renders `value` when present, else "—" with the reason. */
export function OrMissing({ value, reason }: { value: string | null | undefined; reason?: string | null }) {
  if (value == null) return <Missing reason={reason} />;
  return <>{value}</>;
}
