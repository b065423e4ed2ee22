// The dashboard inside the production server (scripts/serve.ts; issue 28 item 4): Next.js is prepared after the server
// listens, so the API answers at once. With a current build, page requests that arrive while Next.js starts wait for it
// (a second or two). With `build` (npm start) and a build missing or stale, `next build` runs in the background
// (scripts/dashboard-build.ts) and pages answer 503 (scripts/dashboard-page.ts) until it is done and Next.js is
// prepared on it, in this process: no restart. A failed build leaves pages at 503 "failed"; the API keeps answering.
import type { IncomingMessage, ServerResponse } from "node:http";
import type next from "next";
import { setDashboardStatus } from "../server/ops/dashboard";
import { buildIsCurrent } from "./build-state";
import { BUILD_LOG, DashboardBuild } from "./dashboard-build";
import { answerDashboardUnavailable } from "./dashboard-page";

export interface Pages {
  /** Hands a page or asset request to Next.js, or answers 503 while the dashboard cannot be served. */
  handle(req: IncomingMessage, res: ServerResponse, pathname: string, requestId: string): Promise<void>;
  /** Stops a build in progress (its whole process group: next build's workers too). */
  stopBuild(): void;
  /** Stops a build in progress and closes Next.js. */
  close(): Promise<void>;
}

export interface PagesOptions {
  root: string;
  hostname: string;
  port: number;
  /** Build in the background when .next holds no current build (npm start); else serve what .next holds. */
  build: boolean;
  say: (line: string) => void;
}

export function startPages(opts: PagesOptions): Pages {
  const { root, hostname, port, say } = opts;
  let app: ReturnType<typeof next> | null = null;
  let handler: ReturnType<ReturnType<typeof next>["getRequestHandler"]> | null = null;
  /** Next.js starting on a build that is there: page requests wait for it rather than get a 503. */
  let preparing: Promise<void> | null = null;
  let builder: DashboardBuild | null = null;
  let closed = false;
  const startedAt = Date.now();
  // The API tests start ~110 servers that mostly never serve a page (SVC_TEST_LAZY_PAGES=1, tests/support/app.ts, as
  // next.config.ts's preloadEntriesOnStart): there Next.js is loaded and prepared on the first page request (about
  // 0.7 s of CPU per start saved), not after listening. Any other start prepares it at once.
  const lazy = process.env.SVC_TEST_LAZY_PAGES === "1";
  /** A current build there and Next.js not prepared yet (lazy only): the first page request prepares it. */
  let deferred = false;

  const fail = (error: string) => {
    setDashboardStatus({ state: "failed", phase: null, error });
    say(`dashboard not served: ${error}`);
  };
  const prepare = async () => {
    setDashboardStatus({ state: "building", phase: "Starting the page server", startedAt });
    const { default: createNext } = await import("next");
    const created = createNext({ dev: false, dir: root, hostname, port });
    app = created;
    await created.prepare();
    if (closed) return;
    handler = created.getRequestHandler();
    setDashboardStatus({ state: "ready", phase: null, error: null });
    say(`dashboard ready (${Math.round((Date.now() - startedAt) / 100) / 10} s after start)`);
  };
  const prepareNow = () => {
    preparing = prepare()
      .catch((e: unknown) => fail(e instanceof Error ? (e.message.split("\n")[0] ?? "") : String(e)))
      .finally(() => {
        preparing = null;
      });
  };

  if (opts.build && !buildIsCurrent(root)) {
    setDashboardStatus({ state: "building", phase: "Starting next build", startedAt, error: null, log: BUILD_LOG });
    say(`dashboard: building in the background (output: ${BUILD_LOG}); pages answer 503 until it is done`);
    let last = "";
    const b = new DashboardBuild(root, (phase) => {
      if (phase === last) return;
      last = phase;
      setDashboardStatus({ state: "building", phase });
      say(`dashboard build: ${phase}`);
    });
    builder = b;
    void b.run().then((r) => {
      if (closed) return;
      if (r.ok) prepareNow();
      else fail(r.error);
    });
  } else if (lazy) deferred = true;
  else prepareNow();

  return {
    async handle(req, res, pathname, requestId) {
      if (deferred) {
        deferred = false;
        prepareNow();
      }
      if (!handler && preparing) await preparing;
      if (handler) return handler(req, res);
      answerDashboardUnavailable(req, res, pathname, requestId);
    },
    stopBuild() {
      closed = true;
      builder?.stop();
    },
    async close() {
      closed = true;
      builder?.stop();
      await app?.close();
    },
  };
}
