// The box a wide table scrolls in (the page itself never scrolls sideways). It takes keyboard focus, so the table can
// be scrolled without a mouse (axe scrollable-region-focusable), and is a named region for screen readers.
import type { ReactNode } from "react";

export function TableWrap({ label, children }: { label: string; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard (WCAG 2.1.1)
    <section className="table-wrap" tabIndex={0} aria-label={label}>
      {children}
    </section>
  );
}
