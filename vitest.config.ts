import path from "node:path";
import { defineConfig } from "vitest/config";
import { SDKS_INLINED, sdkPeers } from "./tests/support/sdk-peers";

export default defineConfig({
  plugins: [sdkPeers()],
  // @svc/client: the typed client's sources (client/), as tsconfig.json's paths say for Next.js and tsc.
  resolve: { alias: { "@": path.resolve(import.meta.dirname), "@svc/client": path.resolve(import.meta.dirname, "client/src/index.ts") } },
  test: {
    // tests/: API, unit and webhook suites; server/: a venue's oracle test beside its builder (docs/architecture.md);
    // testing/: the local chains' own tests.
    include: ["tests/**/*.test.ts", "server/**/*.test.ts", "testing/**/*.test.ts"],
    globalSetup: ["tests/support/global-setup.ts"],
    pool: "forks",
    maxWorkers: 2,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    reporters: ["default"],
    server: { deps: { inline: SDKS_INLINED } },
  },
});
