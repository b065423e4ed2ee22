// Webhooks: the owner key lives only in session storage; a new subscription's hmacKey is shown once.
import { expect, test } from "./guarded";
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
