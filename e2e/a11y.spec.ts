// Every page: no serious or critical axe violation, and screenshots at 1280 px and 375 px (test artifacts).
import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "./guarded";
import type { APIRequestContext } from "@playwright/test";
import { newCharacter, screenshots } from "./support";

const PAGES: { name: string; path: string | ((request: APIRequestContext) => Promise<string>); ready: string }[] = [
  { name: "opportunities", path: "/", ready: "Stablecoin yield opportunities" },
  { name: "opportunity-detail", path: "/opportunities/scallop", ready: "Deposit or withdraw" },
  { name: "portfolio", path: "/portfolio?wallet=0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266", ready: "Portfolio" },
  { name: "swap-bridge", path: "/swap", ready: "Swap and bridge" },
  { name: "autopilot", path: "/autopilot", ready: "Autopilot" },
  { name: "character", path: async (request) => (await newCharacter(request, "E2E a11y")).path, ready: "Character auto-yield" },
  { name: "webhooks", path: "/settings/webhooks", ready: "Webhooks" },
  { name: "docs", path: "/docs", ready: "API reference" },
];

for (const theme of ["light", "dark"] as const) {
  for (const p of PAGES) {
    test(`${p.name} (${theme}) has no serious or critical accessibility violation`, async ({ page, request }, testInfo) => {
      await page.emulateMedia({ colorScheme: theme });
      await page.goto(typeof p.path === "string" ? p.path : await p.path(request));
      await expect(page.getByRole("heading", { name: p.ready }).first()).toBeVisible();
      await page.waitForLoadState("networkidle");
      if (p.name === "docs") await expect(page.getByTestId("api-reference").getByRole("button", { name: /Test Request/ }).first()).toBeVisible();
      const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
      const bad = results.violations
        .filter((v) => v.impact === "serious" || v.impact === "critical")
        .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(" ")).slice(0, 5).join(" | ")}`);
      expect(bad).toEqual([]);
      if (theme === "light") await screenshots(page, testInfo, p.name);
      else await screenshots(page, testInfo, `${p.name}-dark`);
    });
  }
}

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
