// Child process of bench/catalog.ts: ingests GET {url}/pools into a fresh PGlite database and prints
// the wall times and the peak memory above the baseline as JSON. A separate process, so the fixture
// generation in the parent does not blur the memory figures.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Worker } from "node:worker_threads";
import { storeSnapshot } from "../server/catalog/refresh";
import { fetchPools } from "../server/catalog/upstream";
import { openDatabase } from "../server/db/client";

const url = process.argv[2];
if (!url) throw new Error("usage: catalog-ingest.ts <yields root url>");

const dir = mkdtempSync(path.join(tmpdir(), "svc-bench-"));
const h = await openDatabase({ SVC_DATA_DIR: dir, DATABASE_URL: undefined });
const gc = (globalThis as { gc?: () => void }).gc;
// Peak RSS is sampled from a worker thread every 2 ms: the main thread is blocked inside JSON.parse, and
// the process's maxRSS is useless here (opening PGlite already peaked above what an ingest needs).
const shared = new Float64Array(new SharedArrayBuffer(8));
const sampler = new Worker(
  "const { workerData } = require('node:worker_threads'); const a = new Float64Array(workerData); setInterval(() => { const r = process.memoryUsage.rss(); if (r > a[0]) a[0] = r; }, 2);",
  { eval: true, workerData: shared.buffer },
);
await new Promise((r) => setTimeout(r, 50));
gc?.();
const rssBefore = process.memoryUsage.rss();
shared[0] = rssBefore;
const runs: Array<{ fetchParseMs: number; storeMs: number; totalMs: number; pools: number; upstreamRows: number; parseMs: number; retainedMb: number }> = [];
let peakFirst = 0;
// The reference of issue 28: JSON.parse of the same bytes, timed in this process between the ingests (alternating,
// so both see the same machine). The text is fetched once, outside the timing.
const text = await (await fetch(`${url}/pools`)).text();
for (let i = 0; i < 5; i++) {
  const p0 = performance.now();
  const parsed: unknown = JSON.parse(text);
  const parseMs = performance.now() - p0;
  if (parsed === null) throw new Error("empty /pools");
  const t0 = performance.now();
  const { pools, upstreamRows } = await fetchPools(url, 30_000);
  const t1 = performance.now();
  await storeSnapshot(h.db, pools, upstreamRows, new Date());
  const t2 = performance.now();
  // What an ingest leaves behind: RSS after a full collection, once the run is over.
  gc?.();
  await new Promise((r) => setTimeout(r, 20));
  gc?.();
  const retainedMb = (process.memoryUsage.rss() - rssBefore) / 1048576;
  runs.push({ fetchParseMs: t1 - t0, storeMs: t2 - t1, totalMs: t2 - t0, pools: pools.length, upstreamRows, parseMs, retainedMb });
  if (i === 0) {
    await new Promise((r) => setTimeout(r, 20));
    peakFirst = shared[0] ?? 0;
  }
}
await new Promise((r) => setTimeout(r, 20));
const peakAll = shared[0] ?? 0;
await sampler.terminate();
await h.close();
rmSync(dir, { recursive: true, force: true });
process.stdout.write(
  JSON.stringify({
    runs,
    baselineRssMb: rssBefore / 1048576,
    firstRunPeakExtraMb: (peakFirst - rssBefore) / 1048576,
    allRunsPeakExtraMb: (peakAll - rssBefore) / 1048576,
  }),
);
