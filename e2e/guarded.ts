// A Playwright `test` that fails on any console error, uncaught page error or failed request of the page under test
// (issue 18 item 11). Import it instead of @playwright/test's `test`; a test that expects an error names it with
// `test.use({ allowedErrors: allow(/…/, /…/) })`. Failed requests are network failures and answers ≥ 400 from this origin;
// requests that leave the origin are failures too (nothing may be fetched from outside).
import { type Page, test as base, expect } from "@playwright/test";

export interface Guard {
  /** What went wrong so far on the page (console errors, page errors, failed or outside requests). */
  problems: string[];
}

/** The value for `test.use({ allowedErrors })`: each pattern names one error the test provokes on purpose.
 * Playwright reads an array whose second item is an object as a `[value, options]` fixture tuple, so a bare
 * `[/a/, /b/]` would silently become `/a/` alone; `allow` wraps the list in such a tuple. */
export function allow(...patterns: RegExp[]): [RegExp[], { scope: "test" }] {
  return [patterns, { scope: "test" }];
}

/** A page whose own document answers 404 on purpose (the not-found page): that answer, and the line Chromium logs
 * for it ("Failed to load resource", which names no address), are expected. */
export function notFoundDocument(path: string): [RegExp[], { scope: "test" }] {
  const escaped = path.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return allow(
    new RegExp(`^HTTP 404: GET http://127\\.0\\.0\\.1:\\d+${escaped}$`),
    /^console error: Failed to load resource: the server responded with a status of 404 \(Not Found\)$/,
  );
}

/** The wallet stack's chain RPCs are the chains' public URLs (no NEXT_PUBLIC_SVC_RPC_* in the build). A test that
 * calls routeChainRpc (support.ts) has them answered by the local chain RPC, so these "outside requests" never leave
 * the machine; name them only in such a test. (An outside request nobody answers also fails as a failed request.) */
export const ROUTED_CHAIN_RPC: RegExp[] = [
  /^outside request: https:\/\/api\.mainnet-beta\.solana\.com\/$/,
  // Sui's full node over gRPC-web: one path per service method (/sui.rpc.v2.<Service>/<Method>).
  /^outside request: https:\/\/fullnode\.mainnet\.sui\.io(:443)?\/(sui\.rpc\.v2\.\w+\/\w+)?$/,
];

/** Waits until React has hydrated the dashboard's document (app/providers.tsx marks it): a select or an input changed
 * before that stays in the server's HTML but never reaches React's state, so a form would send its defaults. A
 * document that is not the dashboard's (JSON, a page without the layout's `#content`) passes at once. */
async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const root = document.documentElement;
    return document.getElementById("content") === null || root.dataset.hydrated === "true";
  });
}

/** Set on a page whose goto and reload already wait for hydration (a reused context's page keeps it). */
const WAITS = Symbol("waits for hydration");

export const test = base.extend<{ allowedErrors: RegExp[]; guard: Guard }>({
  allowedErrors: [[], { option: true }],
  // Every navigation through page.goto or page.reload returns once the page is hydrated (see `hydrated`).
  page: async ({ page }, use) => {
    if (WAITS in page) {
      await use(page);
      return;
    }
    Object.defineProperty(page, WAITS, { value: true });
    const goto = page.goto.bind(page);
    const reload = page.reload.bind(page);
    page.goto = async (...args: Parameters<Page["goto"]>) => {
      const r = await goto(...args);
      await hydrated(page);
      return r;
    };
    page.reload = async (...args: Parameters<Page["reload"]>) => {
      const r = await reload(...args);
      await hydrated(page);
      return r;
    };
    await use(page);
  },
  guard: [
    async ({ page, allowedErrors, baseURL }, use) => {
      if (!Array.isArray(allowedErrors)) throw new Error("allowedErrors must be a list of patterns: test.use({ allowedErrors: allow(/…/) })");
      const origin = new URL(baseURL ?? "http://127.0.0.1").origin;
      const problems: string[] = [];
      const note = (p: string) => {
        if (!allowedErrors.some((r) => r.test(p))) problems.push(p);
      };
      watch(page, origin, note);
      await use({ problems });
      expect(problems, "console errors, page errors or failed requests on the page").toEqual([]);
    },
    { auto: true },
  ],
});

function watch(page: Page, origin: string, note: (p: string) => void): void {
  page.on("console", (m) => {
    if (m.type() === "error") note(`console error: ${m.text()}`);
  });
  page.on("pageerror", (e) => note(`page error: ${e.message}`));
  page.on("requestfailed", (r) => {
    const why = r.failure()?.errorText ?? "";
    // A navigation or refetch that cancels an in-flight request is not a failure of the page.
    if (why === "net::ERR_ABORTED") return;
    note(`request failed: ${r.method()} ${r.url()} ${why}`);
  });
  page.on("response", (r) => {
    const url = r.url();
    if (url.startsWith(origin) && r.status() >= 400) note(`HTTP ${r.status()}: ${r.request().method()} ${url}`);
  });
  page.on("request", (r) => {
    const url = r.url();
    if (/^https?:/.test(url) && !url.startsWith(origin)) note(`outside request: ${url}`);
  });
}

export { expect };
