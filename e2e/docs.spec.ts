// The API reference (issue 18 item 3): Scalar renders the served /api/v1/openapi.json in the production build,
// an operation opens, and a "try it" request goes to this server and shows its answer. Nothing leaves the machine:
// no font, CDN, proxy or telemetry request, no console error, no failed request.
import { expect, test } from "@playwright/test";

test("/docs renders the served document; an operation opens and a request is sent to this server", async ({ page, baseURL }) => {
  const origin = new URL(baseURL ?? "http://127.0.0.1").origin;
  const errors: string[] = [];
  const outside: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error") errors.push(m.text());
  });
  page.on("pageerror", (e) => errors.push(String(e)));
  page.on("requestfailed", (r) => errors.push(`request failed: ${r.url()} ${r.failure()?.errorText ?? ""}`));
  await page.route(/^https?:\/\//, async (route) => {
    const url = route.request().url();
    if (url.startsWith(origin)) return route.continue();
    outside.push(url);
    return route.abort();
  });

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

  expect(outside).toEqual([]);
  expect(errors).toEqual([]);
});
