// The vitest config `npm run test:mutations` runs each mutation's catching tests with (scripts/mutations.ts): the
// project's own config without its global set-up (no Next build, no PGlite template), since every catching test is a
// unit-level test that starts its own local chain.
import { defineConfig } from "vitest/config";
import base from "./vitest.config";

export default defineConfig({ ...base, test: { ...base.test, globalSetup: [], reporters: ["default"] } });
