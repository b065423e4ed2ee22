"use client";
// The address the browser asked for, shown on the not-found page (which Next.js renders without params).
import { usePathname } from "next/navigation";

export function RequestedPath() {
  const path = usePathname();
  let shown = path ?? "";
  try {
    shown = decodeURIComponent(shown);
  } catch {
    // A malformed escape: show it as it came.
  }
  return <span className="mono">{shown || "this address"}</span>;
}
