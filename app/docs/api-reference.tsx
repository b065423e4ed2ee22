"use client";
// Swagger UI over our own OpenAPI document: bundled from node_modules (no CDN), loaded only on this page.
import dynamic from "next/dynamic";
import { SkeletonBlock } from "@/components/ui/skeleton";
import "swagger-ui-react/swagger-ui.css";

const SwaggerUI = dynamic(() => import("swagger-ui-react"), { ssr: false, loading: () => <SkeletonBlock height={400} /> });

export function ApiReference() {
  return (
    <div className="swagger-wrap" data-testid="api-reference">
      <SwaggerUI url="/api/v1/openapi.json" docExpansion="list" deepLinking tryItOutEnabled={false} />
    </div>
  );
}
