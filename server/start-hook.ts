// Run once when the Next.js server starts. A bad setting or an unreachable database stops the
// process with one line naming the cause.
import { ensureBooted } from "./boot";
import { ConfigError, config } from "./config";

export async function startServer(): Promise<void> {
  try {
    config();
  } catch (e) {
    if (e instanceof ConfigError) {
      process.stderr.write(`${e.message}\n`);
      process.exit(1);
    }
    throw e;
  }
  try {
    await ensureBooted();
  } catch (e) {
    const reason = e instanceof Error ? e.message.split("\n")[0] : String(e);
    process.stderr.write(`Cannot start: database: ${reason}\n`);
    process.exit(1);
  }
}
