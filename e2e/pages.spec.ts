// Every page at 375 px and 1440 px (issue 18 item 11): no console error or failed request (guarded.ts), no horizontal
// page scroll, tables scroll inside their own box, and no serious or critical axe violation (WCAG 2.1 A and AA, the
// light theme; the dark theme's colours are contrast.spec.ts's, and no other axe rule depends on the theme). A
// full-page screenshot of each is kept as a test artifact.
import { OWNER_KEY, newCharacter, opportunityIdOf, expectNoSeriousA11y, screenshot } from "./support";
import { expect, test } from "./guarded";

const PAGES: { name: string; path: string; heading: RegExp }[] = [
  { name: "opportunities", path: "/", heading: /Stablecoin yield opportunities/ },
  { name: "opportunity", path: "opp:scallop", heading: /Scallop/ },
  { name: "autopilot-opportunity", path: "opp:svc-autopilot-top-30d-monthly", heading: /Autopilot/ },
  { name: "portfolio", path: "/portfolio?wallet=0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266", heading: /Portfolio/ },
  { name: "swap", path: "/swap", heading: /Swap and bridge/ },
  { name: "autopilot", path: "/autopilot", heading: /^Autopilot$/ },
  { name: "webhooks", path: "/settings/webhooks", heading: /Webhooks/ },
  { name: "docs", path: "/docs", heading: /API reference/ },
  { name: "character", path: "character", heading: /Character auto-yield/ },
];

for (const p of PAGES) {
  for (const width of [375, 1440]) {
    test(`${p.name} at ${width} px: no error, no page scroll, tables scroll in their box, axe clean`, async ({ page, request }, testInfo) => {
      test.setTimeout(90_000);
      const raw = p.path;
      const path =
        raw === "character"
          ? (await newCharacter(request, `E2E page check ${width}`)).path
          : raw.startsWith("opp:")
            ? `/opportunities/${await opportunityIdOf(request, raw.slice(4))}`
            : raw;
      await page.setViewportSize({ width, height: 900 });
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1, name: p.heading })).toBeVisible();
      if (p.name === "character") {
        await page.getByLabel("API key (X-API-Key)").fill(OWNER_KEY);
        await expect(page.getByTestId("character-settings")).toBeVisible();
      }
      await page.waitForLoadState("networkidle");
      if (p.name === "docs") await expect(page.getByRole("button", { name: /Test Request/ }).first()).toBeVisible({ timeout: 30_000 });

      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, "horizontal page scroll").toBeLessThanOrEqual(1);
      // A table wider than its box sits in a box that scrolls it (overflow-x auto or scroll).
      const squeezed = await page.locator("main table").evaluateAll((tables) =>
        tables
          .filter((t) => {
            let box = t.parentElement;
            while (box && box !== document.body) {
              const o = getComputedStyle(box).overflowX;
              if (o === "auto" || o === "scroll") return false;
              box = box.parentElement;
            }
            return t.getBoundingClientRect().width > (t.parentElement?.clientWidth ?? 0) + 1;
          })
          .map((t) => t.getAttribute("data-testid") ?? t.className),
      );
      expect(squeezed, "tables wider than their box without a scroll box").toEqual([]);
      await expectNoSeriousA11y(page);
      await screenshot(page, testInfo, `${p.name}-${width}`);
    });
  }
}
