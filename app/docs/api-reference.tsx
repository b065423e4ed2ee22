"use client";
// Swagger UI over our own OpenAPI document: bundled from node_modules (no CDN), loaded only on this page.
// Swagger UI has three accessibility faults that axe rates serious; they are patched here (see docs/decisions-dashboard.md):
// low-contrast method badges (CSS in swagger-a11y.css), an unlabeled servers <select>, and a link nested in the
// operation's expand button (the link only repeats the button's action, so its href is dropped).
import dynamic from "next/dynamic";
import { useEffect, useRef } from "react";
import { SkeletonBlock } from "@/components/ui/skeleton";
import "swagger-ui-react/swagger-ui.css";
import "./swagger-a11y.css";

const SwaggerUI = dynamic(() => import("swagger-ui-react"), { ssr: false, loading: () => <SkeletonBlock height={400} /> });

function patch(root: HTMLElement): void {
  for (const s of root.querySelectorAll<HTMLSelectElement>("select#servers:not([aria-label])")) s.setAttribute("aria-label", "Server");
  for (const a of root.querySelectorAll<HTMLAnchorElement>(".opblock-summary-control a[href]")) a.removeAttribute("href");
}

export function ApiReference() {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const root = ref.current;
    if (!root) return;
    patch(root);
    const obs = new MutationObserver(() => patch(root));
    obs.observe(root, { childList: true, subtree: true });
    return () => obs.disconnect();
  }, []);
  return (
    <div className="swagger-wrap" data-testid="api-reference" ref={ref}>
      <SwaggerUI url="/api/v1/openapi.json" docExpansion="list" deepLinking tryItOutEnabled={false} />
    </div>
  );
}
