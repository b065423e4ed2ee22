// Keyboard reach and the theme switch. Every page's axe check (WCAG 2.1 A and AA) is pages.spec.ts's, at two widths;
// colour contrast in both themes is contrast.spec.ts's.
import { expect, test } from "./guarded";

test("keyboard: skip link, nav and connect button are reachable with Tab", async ({ page }) => {
  await page.goto("/");
  await page.keyboard.press("Tab");
  await expect(page.getByRole("link", { name: "Skip to content" })).toBeFocused();
  let reached = false;
  for (let i = 0; i < 15 && !reached; i++) {
    await page.keyboard.press("Tab");
    reached = await page.getByRole("button", { name: "Connect wallet" }).evaluate((el) => el === document.activeElement);
  }
  expect(reached).toBe(true);
  await page.keyboard.press("Enter");
  await expect(page.getByRole("dialog", { name: "Connect a wallet" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog", { name: "Connect a wallet" })).toBeHidden();
});

test("the theme switch overrides the system scheme both ways, and the choice survives a reload", async ({ page }) => {
  const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  const LIGHT = "rgb(255, 255, 255)";
  const DARK = "rgb(11, 16, 32)";
  await page.emulateMedia({ colorScheme: "light" });
  await page.goto("/");
  await expect(page.getByRole("heading", { name: "Stablecoin yield opportunities" })).toBeVisible();
  expect(await background()).toBe(LIGHT);
  await page.getByRole("button", { name: "Switch to dark theme" }).click();
  expect(await background()).toBe(DARK);
  await page.reload();
  await expect(page.getByRole("button", { name: "Switch to light theme" })).toBeVisible();
  expect(await background()).toBe(DARK);
  await page.emulateMedia({ colorScheme: "dark" });
  await page.getByRole("button", { name: "Switch to light theme" }).click();
  expect(await background()).toBe(LIGHT);
});
