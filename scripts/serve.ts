// The production server (run by `npm start`, the tests, e2e and the benchmarks):
//   tsx --conditions=react-server scripts/serve.ts [-p PORT] [-H HOSTNAME]
// Every request under /api/ and /openapi.json is answered here, straight from the endpoint registry through
// the one route wrapper (server/http/handler.ts): the Next.js request pipeline costs ~1 ms per request, our
// handlers ~0.1 ms. Everything else (pages, /_next assets) goes to Next.js's request handler in this process.
// It listens before Next.js is prepared: the API answers within seconds of a start (issue 28 item 4). Pages need a
// production build; with `--build-if-needed` (scripts/start.ts, `npm start`) a missing or stale one is built in the
// background while pages answer 503 with the build's progress (scripts/dashboard.ts). The route files under app/api
// stay: they serve `next dev` and document the routes.
import { createServer } from "node:http";
import path from "node:path";
import "dotenv/config";

const root = path.resolve(import.meta.dirname, "..");

function arg(long: string, short: string): string | undefined {
  const argv = process.argv.slice(2);
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === long || a === short) return argv[i + 1];
    if (a?.startsWith(`${long}=`)) return a.slice(long.length + 1);
  }
  return undefined;
}

async function main(): Promise<void> {
  process.chdir(root);
  Object.assign(process.env, { NODE_ENV: "production", NEXT_TELEMETRY_DISABLED: "1" });
  const portArg = arg("--port", "-p");
  if (portArg !== undefined) process.env.PORT = portArg;

  // Configuration and database exactly as under `next start`: one line and exit 1 on a bad setting or an
  // unreachable database (server/start-hook.ts); then boot once, before listening.
  const { startServer } = await import("../server/start-hook");
  await startServer();
  const { config } = await import("../server/config");
  const { allEndpoints } = await import("../server/api");
  const { answerClientError, apiDispatcher, isRouteMethod } = await import("../server/http/node-bridge");
  const { httpsRedirectHeaders, httpsRedirectLocation } = await import("../server/http/https-redirect");
  const { shutdown, stopJobs } = await import("../server/boot");
  const { newId } = await import("../server/ids");
  const { startPages } = await import("./dashboard");

  const port = config().PORT;
  const hostname = arg("--hostname", "-H") ?? process.env.HOSTNAME ?? "0.0.0.0";
  const say = (line: string) => process.stdout.write(`${line}\n`);
  const pages = startPages({ root, hostname, port, build: process.argv.includes("--build-if-needed"), say });
  const api = apiDispatcher(allEndpoints());

  // Behind a TLS front that forwards plain http too (SVC_HTTPS_REDIRECT=1): such a request goes to https first.
  const redirectToHttps = config().SVC_HTTPS_REDIRECT;
  let stopping = false;
  const server = createServer((req, res) => {
    const url = req.url ?? "/";
    const toHttps = redirectToHttps ? httpsRedirectLocation(req.headers, url) : null;
    if (toHttps) {
      res.setHeader("x-request-id", newId("req"));
      res.writeHead(308, httpsRedirectHeaders(toHttps));
      res.end();
      return;
    }
    const q = url.indexOf("?");
    const pathname = q === -1 ? url : url.slice(0, q);
    // A request that arrives on an open keep-alive connection while stopping is served, then its connection closed.
    if (stopping) res.setHeader("connection", "close");
    // HEAD and OPTIONS (answered by Next.js from the route files' exports) and trailing-slash redirects stay
    // with Next.js; they are rare and keep their exact behaviour.
    const ours =
      isRouteMethod(req.method) && (pathname === "/openapi.json" || (pathname.startsWith("/api/") && !pathname.endsWith("/")));
    // Pages, assets and Next.js's own 404s carry a request id too (contract §10); the API wrapper sets its own. The
    // client's header is replaced, so a log's id is always one this server made (proxy.ts passes it to the page).
    let id = "";
    if (!ours) {
      id = newId("req");
      req.headers["x-request-id"] = id;
      res.setHeader("x-request-id", id);
    }
    // Pages wait for Next.js while it starts on a build that is there, and answer 503 while the dashboard builds.
    const done = ours ? api(req, res) : pages.handle(req, res, pathname, id);
    done.catch((e: unknown) => {
      process.stderr.write(`request failed: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
      if (!res.headersSent) res.statusCode = 500;
      res.end();
    });
  });
  server.keepAliveTimeout = 65_000;
  // A request Node.js refuses itself (headers over its limit, not HTTP) still gets a JSON answer with a catalogued code.
  server.on("clientError", answerClientError);

  // Graceful stop (contract §10: within 10 s): stop accepting at once; let requests in flight finish (up to
  // DRAIN_MS); meanwhile stop the jobs (the webhook worker aborts its sends and releases their claims); then close
  // Next.js and the database and exit 0. Past the hard limit the process exits 1 whatever is left. A dashboard build in
  // progress is killed at once (its whole process group).
  const DRAIN_MS = 7_000;
  const HARD_LIMIT_MS = 9_500;
  const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms).unref());
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    setTimeout(() => {
      process.stderr.write(`svc: not stopped within ${HARD_LIMIT_MS} ms; exiting\n`);
      process.exit(1);
    }, HARD_LIMIT_MS).unref();
    process.stdout.write(`svc stopping (${signal}): no new connections; finishing requests in flight\n`);
    pages.stopBuild();
    const closed = new Promise<boolean>((r) => server.close(() => r(true)));
    server.closeIdleConnections();
    // A connection turns idle when its last request ends: close it then (keep-alive would hold it open for 65 s).
    const sweep = setInterval(() => server.closeIdleConnections(), 50);
    const jobs = stopJobs();
    const drained = await Promise.race([closed, sleep(DRAIN_MS).then(() => false)]);
    clearInterval(sweep);
    if (!drained) server.closeAllConnections();
    await Promise.race([Promise.allSettled([jobs, pages.close()]), sleep(1_000)]);
    await Promise.race([shutdown(), sleep(1_000)]);
    process.stdout.write(`svc stopped${drained ? "" : " (requests still in flight were cut off)"}\n`);
    process.exit(0);
  };
  for (const sig of ["SIGINT", "SIGTERM"] as const) process.on(sig, () => void stop(sig));

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, hostname, () => resolve());
  });
  process.stdout.write(`svc listening on http://${hostname}:${port}\n`);
}

main().catch((e: unknown) => {
  const reason = e instanceof Error ? e.message.split("\n")[0] : String(e);
  process.stderr.write(`Cannot start: ${reason}\n`);
  process.exit(1);
});
