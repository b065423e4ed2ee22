// The suite runs with one browser context per worker, reset between tests (playwright.config.ts: reuseContext). These
// two tests, run in order, check that nothing one test leaves in the page reaches the next: init scripts, routes,
// local and session storage, cookies and the viewport.
import { expect, test } from "./guarded";

test.describe.configure({ mode: "serial" });

test("a test that leaves an init script, a route, storage, a cookie and a narrow viewport behind", async ({ page }) => {
  await page.addInitScript(() => {
    (window as unknown as { leftBehind: number }).leftBehind = 1;
  });
  await page.route("**/api/v1/svc/status", (r) => r.fulfill({ status: 200, body: '{"left":"behind"}', contentType: "application/json" }));
  await page.goto("/swap");
  await page.evaluate(() => {
    localStorage.setItem("left", "behind");
    sessionStorage.setItem("left", "behind");
  });
  await page.context().addCookies([{ name: "left", value: "behind", url: page.url() }]);
  await page.setViewportSize({ width: 375, height: 900 });
  const seen = await page.evaluate(async () => ({ init: (window as unknown as { leftBehind?: number }).leftBehind ?? null, status: await (await fetch("/api/v1/svc/status")).text() }));
  expect(seen).toEqual({ init: 1, status: '{"left":"behind"}' });
});

test("the next test's page has none of it", async ({ page }) => {
  await page.goto("/swap");
  const seen = await page.evaluate(async () => ({
    init: (window as unknown as { leftBehind?: number }).leftBehind ?? null,
    local: localStorage.getItem("left"),
    session: sessionStorage.getItem("left"),
    cookie: document.cookie,
    width: window.innerWidth,
    routed: (await (await fetch("/api/v1/svc/status")).text()).includes("behind"),
  }));
  expect(seen).toEqual({ init: null, local: null, session: null, cookie: "", width: 1280, routed: false });
});
