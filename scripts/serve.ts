// The production server (run by `npm start`, the tests, e2e and the benchmarks):
//   tsx --conditions=react-server scripts/serve.ts [-p PORT] [-H HOSTNAME]
// Every request under /api/ and /openapi.json is answered here, straight from the endpoint registry through
// the one route wrapper (server/http/handler.ts): the Next.js request pipeline costs ~1 ms per request, our
// handlers ~0.1 ms. Everything else (pages, /_next assets) goes to Next.js's request handler in this process.
// Needs a production build (`next build`; scripts/start.ts builds when needed). The route files under app/api
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
  const { shutdown } = await import("../server/boot");
  const { default: next } = await import("next");

  const port = config().PORT;
  const hostname = arg("--hostname", "-H") ?? process.env.HOSTNAME ?? "0.0.0.0";
  const app = next({ dev: false, dir: root, hostname, port });
  await app.prepare();
  const nextHandle = app.getRequestHandler();
  const api = apiDispatcher(allEndpoints());

  const server = createServer((req, res) => {
    const url = req.url ?? "/";
    const q = url.indexOf("?");
    const pathname = q === -1 ? url : url.slice(0, q);
    // HEAD and OPTIONS (answered by Next.js from the route files' exports) and trailing-slash redirects stay
    // with Next.js; they are rare and keep their exact behaviour.
    const ours =
      isRouteMethod(req.method) && (pathname === "/openapi.json" || (pathname.startsWith("/api/") && !pathname.endsWith("/")));
    const done = ours ? api(req, res) : nextHandle(req, res);
    done.catch((e: unknown) => {
      process.stderr.write(`request failed: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
      if (!res.headersSent) res.statusCode = 500;
      res.end();
    });
  });
  server.keepAliveTimeout = 65_000;
  // A request Node.js refuses itself (headers over its limit, not HTTP) still gets a JSON answer with a catalogued code.
  server.on("clientError", answerClientError);

  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    server.close();
    server.closeIdleConnections();
    const timeout = new Promise((r) => setTimeout(r, 5_000).unref());
    await Promise.race([Promise.allSettled([app.close(), shutdown()]), timeout]);
    process.exit(0);
  };
  for (const sig of ["SIGINT", "SIGTERM"] as const) process.on(sig, () => void stop());

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
