import path from "node:path";
import { defineConfig } from "vitest/config";
import { SDKS_INLINED, sdkPeers } from "./tests/support/sdk-peers";
import { ISOLATED_TEST_FILES } from "./tests/support/isolated-files";

// tests/: API, unit and webhook suites; server/: a venue's oracle test beside its builder (docs/architecture.md);
// testing/: the local chains' own tests.
const INCLUDE = ["tests/**/*.test.ts", "server/**/*.test.ts", "testing/**/*.test.ts"];

export default defineConfig({
  plugins: [sdkPeers()],
  // @svc/client: the typed client's sources (client/), as tsconfig.json's paths say for Next.js and tsc.
  resolve: { alias: { "@": path.resolve(import.meta.dirname), "@svc/client": path.resolve(import.meta.dirname, "client/src/index.ts") } },
  test: {
    globalSetup: ["tests/support/global-setup.ts"],
    pool: "forks",
    maxWorkers: 2,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    reporters: ["default"],
    server: { deps: { inline: SDKS_INLINED } },
    // Two projects (docs/decisions.md): most files share their worker's modules (no fresh module graph per file: a
    // fresh one cost ≈ 3.3 s of imports per file, 455 s of the run); the files that change process.env, globals or
    // module state each get fresh modules, as every file did before. tests/unit/isolated-files.test.ts keeps the list
    // honest.
    projects: [
      { extends: true, test: { name: "shared", include: INCLUDE, exclude: ISOLATED_TEST_FILES, isolate: false } },
      { extends: true, test: { name: "isolated", include: ISOLATED_TEST_FILES, isolate: true } },
    ],
  },
});
