import type { NextConfig } from "next";

// No network at build or run: no Google fonts (local/system fonts only), telemetry off via env.
const nextConfig: NextConfig = {
  // PGlite ships WebAssembly and data files that must be loaded from node_modules, not bundled.
  serverExternalPackages: ["@electric-sql/pglite", "drizzle-orm", "postgres", "pino", "rate-limiter-flexible"],
  poweredByHeader: false,
  reactStrictMode: true,
  typedRoutes: false,
};

export default nextConfig;
