// Smoke: the home page renders in Debian Chromium with no console error, page error or failed request (guarded.ts).
import { expect, test } from "./guarded";

test("home page renders with no console error", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1, name: "Stablecoin yield opportunities" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Connect wallet" })).toBeVisible();
  await page.waitForLoadState("networkidle");
});
