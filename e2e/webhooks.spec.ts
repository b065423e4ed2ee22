// Webhooks: the owner key lives only in session storage; a new subscription's hmacKey is shown once.
import { allow, expect, test } from "./guarded";
import { OWNER_KEY } from "./support";

test("creates a subscription and shows its signing key once", async ({ page }) => {
  await page.goto("/settings/webhooks");
  await page.getByLabel("API key (X-API-Key)").fill(OWNER_KEY);
  const url = `http://127.0.0.1:9/hooks/e2e-${Date.now()}`;
  await page.getByLabel("Delivery URL (https)").fill(url);
  await page.getByRole("button", { name: "Create subscription" }).click();
  const once = page.getByTestId("hmac-key");
  await expect(once).toContainText("shown only now");
  await expect(once.locator("code")).toHaveText(/^whsec_[A-Za-z0-9_-]{20,}$/);
  await expect(once.getByRole("button", { name: "Copy key" })).toBeVisible();
  await expect(page.getByTestId("subscriptions")).toContainText(url);

  // The key is in session storage only, never local storage.
  const stored = await page.evaluate(() => ({ session: JSON.stringify({ ...sessionStorage }), local: JSON.stringify({ ...localStorage }) }));
  expect(stored.session).toContain(OWNER_KEY);
  expect(stored.local).not.toContain(OWNER_KEY);

  // Once dismissed (or after a reload) the signing key is gone: the list never carries it.
  await once.getByRole("button", { name: "I stored it" }).click();
  await expect(once).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId("subscriptions")).toContainText(url);
  await expect(page.getByTestId("hmac-key")).toHaveCount(0);
  await expect(page.locator("body")).not.toContainText("whsec_");
});

// The form offers every event type the server sends (GET /svc/webhooks/events/types), position.drift included, and a
// subscription to position.drift alone is created with it.
test("offers every event type the server lists, position.drift included, and subscribes to it", async ({ page, request }) => {
  const types = await request.get("/api/v1/svc/webhooks/events/types");
  expect(types.status()).toBe(200);
  const listed = ((await types.json()) as { types: { type: string }[] }).types.map((t) => t.type);
  expect(listed).toContain("position.drift");
  await page.goto("/settings/webhooks");
  await page.getByLabel("API key (X-API-Key)").fill(OWNER_KEY);
  const boxes = page.getByRole("group", { name: "Events" }).getByRole("checkbox");
  await expect(boxes).toHaveCount(listed.length);
  for (const t of listed) await expect(page.getByRole("checkbox", { name: t, exact: true })).toBeVisible();

  const url = `http://127.0.0.1:9/hooks/e2e-drift-${Date.now()}`;
  await page.getByLabel("Delivery URL (https)").fill(url);
  await page.getByRole("checkbox", { name: "deposit.settled", exact: true }).uncheck();
  await page.getByRole("checkbox", { name: "withdraw.settled", exact: true }).uncheck();
  await page.getByRole("checkbox", { name: "position.drift", exact: true }).check();
  await page.getByRole("button", { name: "Create subscription" }).click();
  await expect(page.getByTestId("hmac-key")).toContainText("shown only now");
  await expect(page.getByTestId("subscriptions").getByRole("listitem").filter({ hasText: url })).toContainText(`${url} — position.drift`);
  // The service stored it with exactly that event.
  const subs = await request.get("/api/v1/svc/webhooks", { headers: { "x-api-key": OWNER_KEY } });
  expect(subs.status()).toBe(200);
  const mine = ((await subs.json()) as { webhooks: { id: string; url: string; events: string[] }[] }).webhooks.find((w) => w.url === url);
  expect(mine?.events).toEqual(["position.drift"]);
  if (mine) await request.delete(`/api/v1/svc/webhooks/${mine.id}`, { headers: { "x-api-key": OWNER_KEY } });
});

// The page calls the API through the typed client (@svc/client, issue 27): rotate and delete by id, and an unknown
// key's refusal shown in the service's words with its request id.
test("rotates a subscription's key and deletes it", async ({ page }) => {
  await page.goto("/settings/webhooks");
  await page.getByLabel("API key (X-API-Key)").fill(OWNER_KEY);
  const url = `http://127.0.0.1:9/hooks/e2e-rotate-${Date.now()}`;
  await page.getByLabel("Delivery URL (https)").fill(url);
  await page.getByRole("button", { name: "Create subscription" }).click();
  const once = page.getByTestId("hmac-key");
  const first = (await once.locator("code").textContent()) ?? "";
  expect(first).toMatch(/^whsec_/);
  await once.getByRole("button", { name: "I stored it" }).click();

  await page.getByRole("button", { name: `Rotate key of ${url}` }).click();
  await expect(once.locator("code")).toHaveText(/^whsec_[A-Za-z0-9_-]{20,}$/);
  expect(await once.locator("code").textContent()).not.toBe(first);
  await once.getByRole("button", { name: "I stored it" }).click();

  await page.getByRole("button", { name: `Delete ${url}` }).click();
  await expect(page.getByTestId("subscriptions")).not.toContainText(url);
});

test.describe("with an unknown key", () => {
  test.use({
    allowedErrors: allow(
      /^HTTP 401: GET http:\/\/127\.0\.0\.1:\d+\/api\/v1\/svc\/webhooks(\/events)?$/,
      /^console error: Failed to load resource: the server responded with a status of 401 \(Unauthorized\)$/,
    ),
  });
  test("says the key is refused, with the request id", async ({ page }) => {
    await page.goto("/settings/webhooks");
    await page.getByLabel("API key (X-API-Key)").fill("e2e-not-a-known-key-000");
    const alert = page.getByRole("alert").first();
    await expect(alert).toContainText("Could not load this.");
    await expect(alert).toContainText(/\(request [A-Za-z0-9_-]+\)/);
  });
});
