// The API reference (issue 18 item 3): Scalar renders the served /api/v1/openapi.json in the production build,
// an operation opens, and a "try it" request goes to this server and shows its answer. Nothing leaves the machine:
// no font, CDN, proxy or telemetry request, no console error, no failed request.
import { expect, test } from "./guarded";

test("/docs renders the served document; an operation opens and a request is sent to this server", async ({ page, baseURL }) => {
  const origin = new URL(baseURL ?? "http://127.0.0.1").origin;
  // Console errors, page errors, failed requests and requests leaving the origin fail the test (guarded.ts); an
  // outside request is also aborted here so that nothing leaves the machine even while the test runs.
  await page.route(/^https?:\/\//, async (route) => (route.request().url().startsWith(origin) ? route.continue() : route.abort()));

  await page.goto("/docs");
  await expect(page.getByRole("heading", { level: 1, name: "API reference" })).toBeVisible();
  const ref = page.getByTestId("api-reference");
  // The service's own title from the served document.
  await expect(ref.getByRole("heading", { name: /svc/i }).first()).toBeVisible({ timeout: 30_000 });

  // Open the status operation and send it from the built-in client.
  const op = ref.locator("section, div").filter({ has: page.getByText("/api/v1/svc/status", { exact: true }) }).first();
  await page.getByText("/api/v1/svc/status", { exact: true }).first().scrollIntoViewIfNeeded();
  await expect(op).toBeVisible();
  await op.getByRole("button", { name: /Test Request/i }).first().click();
  const send = page.getByRole("button", { name: /^Send/ }).first();
  await expect(send).toBeVisible();
  const answered = page.waitForResponse((r) => r.url() === `${origin}/api/v1/svc/status` && r.request().method() === "GET");
  await send.click();
  expect((await answered).status()).toBe(200);
  await expect(page.getByText(/svc-status\.v1/).first()).toBeVisible();
});
