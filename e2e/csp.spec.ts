// The pages where people sign cannot be framed or injected (issue 29 items 1 and 4): every page answers a
// Content-Security-Policy whose script-src holds only this answer's nonce; a script injected into the page without it
// never runs (Chromium refuses it and reports the violation); a page of another origin that frames the dashboard gets
// nothing (frame-ancestors 'none'). The rest of the suite runs under the same policy with its console guard: a
// violation anywhere fails the test that caused it.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { allow, expect, test } from "./guarded";
import { opportunityIdOf } from "./support";

const pages = async (request: Parameters<typeof opportunityIdOf>[0]) => ["/", `/opportunities/${await opportunityIdOf(request, "kamino")}`, "/portfolio", "/swap", "/docs"];

test.describe("an injected script never runs", () => {
  // The refusal Chromium logs for the script this test injects on purpose.
  test.use({ allowedErrors: allow(/Content Security Policy/, /Refused to execute inline script/) });
  test("on every page: the nonce is new per answer, and a script injected into the document without it is refused and reported", async ({ page, request }) => {
    // Every violation the page reports, recorded from before its first script.
    await page.addInitScript(() => {
      const w = window as Window & { __violations?: string[] };
      w.__violations = [];
      document.addEventListener("securitypolicyviolation", (e) => w.__violations?.push(`${e.effectiveDirective} ${e.blockedURI}`));
    });
    const seen = new Set<string>();
    for (const path of await pages(request)) {
      // An injection as an attacker would get one in: a script in the served document, with no nonce.
      await page.route(
        (u) => u.pathname === new URL(path, "http://x").pathname,
        async (route) => {
          const original = await route.fetch();
          const html = (await original.text()).replace("</body>", "<script>window.__injected = true;</script></body>");
          await route.fulfill({ response: original, body: html });
        },
      );
      const answer = await page.goto(path);
      const csp = answer?.headers()["content-security-policy"] ?? "";
      const nonce = /'nonce-([^']+)'/.exec(csp)?.[1] ?? "";
      expect(nonce, path).not.toBe("");
      expect(seen.has(nonce), `${path}: a nonce used before`).toBe(false);
      seen.add(nonce);
      expect(csp, path).toContain("frame-ancestors 'none'");
      // The page's own scripts ran (it hydrated: the nav is interactive), the injected one did not.
      await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
      const outcome = await page.evaluate(() => {
        const w = window as Window & { __injected?: boolean; __violations?: string[] };
        return { ran: w.__injected === true, violations: w.__violations ?? [] };
      });
      expect(outcome.ran, path).toBe(false);
      expect(outcome.violations, path).toContain("script-src-elem inline");
      await page.unrouteAll();
    }
  });
});

test.describe("framing", () => {
  let server: Server;
  let url = "";
  test.beforeAll(async ({ baseURL }) => {
    // Another origin (another port) whose page frames the dashboard.
    server = createServer((_req, res) => {
      res.writeHead(200, { "content-type": "text/html" });
      res.end(`<!doctype html><title>framer</title><iframe id="f" src="${baseURL}/" width="800" height="600"></iframe>`);
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  });
  test.afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
  // Chromium's refusal of the frame, logged on the framing page.
  test.use({
    allowedErrors: allow(/Refused to frame|frame-ancestors/, /^outside request: http:\/\/127\.0\.0\.1:\d+\/$/, /^request failed: GET http:\/\/127\.0\.0\.1:\d+\/ net::ERR_BLOCKED_BY_RESPONSE$/),
  });
  test("a page of another origin that frames the dashboard gets nothing: the frame never holds the dashboard", async ({ page, baseURL }) => {
    const refused: string[] = [];
    page.on("requestfailed", (r) => {
      if (r.url() === `${baseURL}/`) refused.push(r.failure()?.errorText ?? "");
    });
    await page.goto(url);
    // Chromium refuses the dashboard's answer inside the frame (its frame-ancestors 'none' / X-Frame-Options DENY).
    await expect.poll(() => refused).toEqual(["net::ERR_BLOCKED_BY_RESPONSE"]);
    const child = page.frames().find((f) => f !== page.mainFrame());
    expect(child, "the iframe exists").toBeTruthy();
    // A refused frame is Chromium's error page, never the dashboard's document.
    expect(child?.url().startsWith(baseURL ?? "http://127.0.0.1")).toBe(false);
    const text = await child?.evaluate(() => document.body?.innerText ?? "").catch(() => "");
    expect(text ?? "").not.toContain("Opportunities");
  });
});
