import { defineConfig } from "drizzle-kit";

// Generate only (`npm run db:generate`); migrations are applied by the app on start.
export default defineConfig({
  dialect: "postgresql",
  schema: "./server/db/schema/index.ts",
  out: "./drizzle",
  casing: "snake_case",
});
