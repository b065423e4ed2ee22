import type { NextConfig } from "next";
import { HSTS, SECURITY_HEADERS } from "./lib/security-headers";

// No network at build or run: no Google fonts (local/system fonts only), telemetry off via env.
const nextConfig: NextConfig = {
  // PGlite ships WebAssembly and data files that must be loaded from node_modules, not bundled.
  serverExternalPackages: ["@electric-sql/pglite", "drizzle-orm", "postgres", "pino", "rate-limiter-flexible"],
  poweredByHeader: false,
  reactStrictMode: true,
  typedRoutes: false,
  // `npm run typecheck` (tsc over the whole tree, tests included) is the type gate; the build skips it.
  typescript: { ignoreBuildErrors: true },
  // A production server loads every page's code when it starts (Next.js's default): the first page anyone opens is
  // then as fast as the rest. The API tests start dozens of servers that never render a page, and set
  // SVC_TEST_LAZY_PAGES=1 (tests/support/app.ts) to load a page's code on its first request instead (~2 s less per
  // start). Read when the server starts, not at build.
  experimental: {
    preloadEntriesOnStart: process.env.SVC_TEST_LAZY_PAGES !== "1",
    // Turbopack's build cache (on by default in Next 16.4) is written after every build: ~24 s here. It pays off
    // only when a later build reuses .next/cache; a CI run builds once on a fresh clone, so CI leaves it off.
    turbopackFileSystemCacheForBuild: process.env.CI !== "true",
  },
  // Issue 29, first part (docs/security.md): headers every answer carries. The script policy with a per-request nonce
  // comes with the proxy; until then the CSP carries only the directives that cannot break a script.
  async headers() {
    return [
      { source: "/:path*", headers: [...SECURITY_HEADERS] },
      // HSTS only where the answer went out over https (a TLS proxy in front says so); plain local http never gets it.
      { source: "/:path*", has: [{ type: "header", key: "x-forwarded-proto", value: "https" }], headers: [HSTS] },
    ];
  },
};

export default nextConfig;
