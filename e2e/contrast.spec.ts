// Readable text on every page in both themes (issue 22 item 7): axe's `color-contrast` rule (WCAG 2 AA: 4.5:1, 3:1 for
// large text) over each page with its data, and over the states that add buttons (the connect dialog, a plan under
// review). The theme is pinned the way the theme switch pins it (components/theme-toggle.tsx: localStorage
// "svc.theme", applied before paint as data-theme on <html>), against the opposite system scheme, so the switch's
// theme is what is checked. A link styled as a button (`a.btn-primary`) once lost its text to the link colour.
import AxeBuilder from "@axe-core/playwright";
import type { APIRequestContext, Page } from "@playwright/test";
import { expect, test } from "./guarded";
import { newCharacter, OWNER_KEY, opportunityIdOf, screenshot } from "./support";

type Theme = "light" | "dark";

interface Check {
  name: string;
  /** A path, or one resolved from the API (opportunity ids are hashed). */
  path: (request: APIRequestContext) => Promise<string>;
  heading: RegExp;
  /** Brings the page to the state checked (data loaded, buttons shown). */
  ready?: (page: Page) => Promise<void>;
}

const at = (p: string) => async () => p;
const opp = (strategyId: string) => async (request: APIRequestContext) => `/opportunities/${await opportunityIdOf(request, strategyId)}`;

const CHECKS: Check[] = [
  { name: "opportunities", path: at("/"), heading: /Stablecoin yield opportunities/, ready: (p) => expect(p.getByTestId("opportunity-row").first()).toBeVisible() },
  { name: "opportunity", path: opp("scallop"), heading: /Scallop/ },
  {
    name: "opportunity with a plan under review",
    path: opp("navi"),
    heading: /NAVI/,
    ready: async (page) => {
      await page.getByLabel(/Deposit amount/).fill("5");
      await page.getByRole("button", { name: "Review deposit plan" }).click();
      await expect(page.getByTestId("plan")).toBeVisible();
    },
  },
  {
    name: "autopilot opportunity",
    path: opp("svc-autopilot-top-30d-monthly"),
    heading: /Autopilot/,
    ready: (p) => expect(p.getByRole("link", { name: "Turn autopilot on for a wallet and chain" })).toBeVisible(),
  },
  { name: "portfolio", path: at("/portfolio?wallet=0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266"), heading: /Portfolio/ },
  { name: "swap and bridge", path: at("/swap"), heading: /Swap and bridge/ },
  { name: "autopilot", path: at("/autopilot"), heading: /^Autopilot$/ },
  {
    name: "connect dialog",
    path: at("/autopilot"),
    heading: /^Autopilot$/,
    ready: async (page) => {
      await page.getByRole("button", { name: "Connect wallet" }).first().click();
      await expect(page.getByRole("dialog", { name: "Connect a wallet" })).toBeVisible();
    },
  },
  { name: "webhooks", path: at("/settings/webhooks"), heading: /Webhooks/ },
  {
    name: "character",
    path: async (request) => (await newCharacter(request, "E2E contrast")).path,
    heading: /Character auto-yield/,
    ready: async (page) => {
      await page.getByLabel("API key (X-API-Key)").fill(OWNER_KEY);
      await expect(page.getByTestId("character-settings")).toBeVisible();
    },
  },
  {
    name: "docs",
    path: at("/docs"),
    heading: /API reference/,
    ready: (p) => expect(p.getByRole("button", { name: /Test Request/ }).first()).toBeVisible({ timeout: 30_000 }),
  },
];

async function pinTheme(page: Page, theme: Theme): Promise<void> {
  await page.emulateMedia({ colorScheme: theme === "dark" ? "light" : "dark" });
  await page.addInitScript((t) => {
    try {
      localStorage.setItem("svc.theme", t);
    } catch {
      // the theme check below fails loudly if it did not apply
    }
  }, theme);
}

/** The light theme of a plain page is pages.spec.ts's (its axe run includes colour-contrast, in the default light theme);
 * here the light theme is checked only in the states that add buttons. The dark theme is checked everywhere. */
const LIGHT_HERE = new Set(["opportunity with a plan under review", "connect dialog"]);

for (const theme of ["light", "dark"] as const) {
  for (const c of CHECKS.filter((c) => theme === "dark" || LIGHT_HERE.has(c.name))) {
    test(`${c.name} (${theme} theme): every text, buttons included, meets WCAG AA contrast`, async ({ page, request }, testInfo) => {
      test.setTimeout(90_000);
      await pinTheme(page, theme);
      await page.goto(await c.path(request));
      await expect(page.getByRole("heading", { level: 1, name: c.heading })).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe(theme);
      await page.waitForLoadState("networkidle");
      await c.ready?.(page);
      const results = await new AxeBuilder({ page }).withRules(["color-contrast"]).analyze();
      const bad = results.violations.flatMap((v) => v.nodes.map((n) => `${n.target.join(" ")}: ${n.failureSummary?.split("\n").at(-1)?.trim() ?? v.help}`));
      // axe files text whose colour equals its background (1:1) under "needs review" (messageKey equalRatio), as if it
      // were hidden on purpose: on a visible button or link that is text nobody can read, so it fails here too.
      const unreadable = results.incomplete.flatMap((v) =>
        v.nodes.filter((n) => n.any.some((c) => (c.data as { messageKey?: string } | null)?.messageKey === "equalRatio")).map((n) => `${n.target.join(" ")}: 1:1, text in its background's colour`),
      );
      expect([...bad, ...unreadable], "text below WCAG AA contrast").toEqual([]);
      if (theme === "dark") await screenshot(page, testInfo, `${c.name.replaceAll(" ", "-")}-dark`);
    });
  }
}
