"use client";
// Scalar API reference over the served OpenAPI document (/api/v1/openapi.json), bundled from node_modules and
// loaded only on this page. Its built-in client sends "try it" requests straight to this server (the document's
// server is "/"): no proxy, no telemetry, no web fonts, nothing fetched from outside (docs/decisions.md).
import type { AnyApiReferenceConfiguration } from "@scalar/api-reference-react";
import dynamic from "next/dynamic";
import { useEffect, useRef, useState } from "react";
import { SkeletonBlock } from "@/components/ui/skeleton";
import "@scalar/api-reference-react/style.css";
import "./scalar-a11y.css";

const ApiReferenceReact = dynamic(() => import("@scalar/api-reference-react").then((m) => m.ApiReferenceReact), {
  ssr: false,
  loading: () => <SkeletonBlock height={400} />,
});

/** The theme the site shows now: the toggle's choice, else the system's. */
function siteTheme(): "light" | "dark" {
  const t = document.documentElement.dataset.theme;
  if (t === "light" || t === "dark") return t;
  return window.matchMedia("(prefers-color-scheme: dark)").matches ? "dark" : "light";
}

/** Scalar's code-block copy buttons hold only an icon: give them a name (axe: button-name, critical). */
function labelButtons(root: HTMLElement): void {
  for (const b of root.querySelectorAll<HTMLButtonElement>("button.scalar-code-copy:not([aria-label])")) b.setAttribute("aria-label", "Copy code");
}

export function ApiReference() {
  const ref = useRef<HTMLDivElement>(null);
  const [theme, setTheme] = useState<"light" | "dark" | null>(null);
  useEffect(() => {
    const root = ref.current;
    if (!root) return;
    labelButtons(root);
    const obs = new MutationObserver(() => labelButtons(root));
    obs.observe(root, { childList: true, subtree: true });
    return () => obs.disconnect();
  }, []);
  useEffect(() => {
    setTheme(siteTheme());
    const obs = new MutationObserver(() => setTheme(siteTheme()));
    obs.observe(document.documentElement, { attributes: true, attributeFilter: ["data-theme"] });
    return () => obs.disconnect();
  }, []);
  const configuration: AnyApiReferenceConfiguration = {
    url: "/api/v1/openapi.json",
    // Requests go to this origin (the document's server "/"), never through Scalar's hosted proxy.
    baseServerURL: typeof window === "undefined" ? undefined : window.location.origin,
    withDefaultFonts: false,
    telemetry: false,
    mcp: { disabled: true },
    // "Ask AI" talks to Scalar's hosted agent: off.
    agent: { disabled: true },
    showDeveloperTools: "never",
    hideDarkModeToggle: true,
    forceDarkModeState: theme ?? undefined,
    layout: "modern",
  };
  return (
    <div className="scalar-wrap" data-testid="api-reference" ref={ref}>
      {theme && <ApiReferenceReact configuration={configuration} />}
    </div>
  );
}
