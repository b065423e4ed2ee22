"use client";
// The address the browser asked for, shown on the not-found page (which Next.js renders without params).
// The page for an unknown address is prerendered once at build time (/_not-found), so the server cannot know the
// address: the server HTML and the first client render both say "this address" and the address is read from the
// browser after hydration. Reading it during the first render made the HTML and the hydrating client disagree
// (React error #418 on every unknown address, found by the e2e console guard).
import { useSyncExternalStore } from "react";

const noSubscribe = () => () => {};

export function RequestedPath() {
  const path = useSyncExternalStore(
    noSubscribe,
    () => window.location.pathname,
    () => null,
  );
  let shown = path ?? "";
  try {
    shown = decodeURIComponent(shown);
  } catch {
    // A malformed escape: show it as it came.
  }
  return <span className="mono">{shown || "this address"}</span>;
}
