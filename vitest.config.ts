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
    // Three forks on the 2 cores: most files spend their time waiting on servers, child processes, timers and the
    // database, so a third keeps both cores busy (docs/decisions.md, "Three vitest workers").
    maxWorkers: 3,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    reporters: ["default"],
    server: { deps: { inline: SDKS_INLINED } },
  },
});
