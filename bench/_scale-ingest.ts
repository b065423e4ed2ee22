// Child process of bench/scale.ts: ingests GET {url}/pools (a local DefiLlama-format server) into the scale bench's
// PostgreSQL database (DATABASE_URL) RUNS times, as the yields-refresh job does (fetchPools, then storeSnapshot), and
// prints each run's wall time as JSON. A separate process: the parent's fixture and the app's own memory stay apart.
import { storeSnapshot } from "../server/catalog/refresh";
import { fetchPools } from "../server/catalog/upstream";
import { openDatabase } from "../server/db/client";

const url = process.argv[2];
const runs = Number(process.argv[3] ?? 3);
if (!url || !process.env.DATABASE_URL) throw new Error("usage: DATABASE_URL=… _scale-ingest.ts <yields root url> [runs]");

const h = await openDatabase({ DATABASE_URL: process.env.DATABASE_URL, SVC_DATA_DIR: "memory://" });
const totals: number[] = [];
for (let i = 0; i < runs; i++) {
  const t0 = performance.now();
  const { pools, upstreamRows } = await fetchPools(url, 60_000);
  await storeSnapshot(h.db, pools, upstreamRows, new Date());
  totals.push(performance.now() - t0);
}
await h.close();
process.stdout.write(JSON.stringify({ totals }));
process.exit(0);
