import path from "node:path";
import { defineConfig } from "vitest/config";
import { SDKS_INLINED, sdkPeers } from "./tests/support/sdk-peers";

export default defineConfig({
  plugins: [sdkPeers()],
  resolve: { alias: { "@": path.resolve(import.meta.dirname) } },
  test: {
    include: ["tests/**/*.test.ts"],
    globalSetup: ["tests/support/global-setup.ts"],
    pool: "forks",
    maxWorkers: 2,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    reporters: ["default"],
    server: { deps: { inline: SDKS_INLINED } },
  },
});
