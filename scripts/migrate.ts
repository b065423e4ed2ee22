// `npm run db:migrate`: apply migrations to the configured database (the server also does it on start).
import "dotenv/config";
import { ConfigError, parseConfig } from "../server/config";
import { openDatabase } from "../server/db/client";

try {
  const h = await openDatabase(parseConfig(process.env));
  process.stdout.write(`migrations applied (${h.kind})\n`);
  await h.close();
} catch (e) {
  process.stderr.write(`${e instanceof ConfigError ? e.message : `Cannot migrate: ${e instanceof Error ? e.message : String(e)}`}\n`);
  process.exit(1);
}
