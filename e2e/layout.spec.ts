// Titles, icons and the detail layout (issue 18 item 10): each page has its own title, the app icon is served
// (no /favicon.ico 404), and at 1440 px no card of the opportunity page is narrower than its content.
import { expect, test } from "./guarded";
import { opportunityIdOf } from "./support";

test("every page has its own title", async ({ page, request }) => {
  const pages: [string, RegExp][] = [
    ["/", /^Opportunities — svc$/],
    ["/portfolio", /^Portfolio — svc$/],
    ["/swap", /^Swap & bridge — svc$/],
    ["/autopilot", /^Autopilot — svc$/],
    ["/docs", /^API reference — svc$/],
    ["/settings/webhooks", /^Webhooks — svc$/],
    [`/opportunities/${await opportunityIdOf(request, "scallop")}`, /^Scallop on Sui — svc$/],
    [`/opportunities/${await opportunityIdOf(request, "kamino")}`, /^Kamino Lend on Solana — svc$/],
  ];
  const seen = new Set<string>();
  for (const [path, want] of pages) {
    await page.goto(path);
    await expect(page, path).toHaveTitle(want);
    seen.add(await page.title());
  }
  expect(seen.size).toBe(pages.length);
});

test("the app icon is served: /favicon.ico and the icon link answer 200", async ({ page, request }) => {
  expect((await request.get("/favicon.ico")).status()).toBe(200);
  await page.goto("/");
  const href = await page.locator('link[rel="icon"]').first().getAttribute("href");
  expect(href).toBeTruthy();
  expect((await request.get(href ?? "/")).status()).toBe(200);
});

test("at 1440 px the opportunity page gives each card the width its content needs", async ({ page, request }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`/opportunities/${await opportunityIdOf(request, "scallop")}`);
  await expect(page.getByTestId("onchain-ids")).toBeVisible();
  await expect(page.getByTestId("fee-schedule")).toBeVisible();
  // No card overflows its box.
  const overflowing = await page.locator(".card").evaluateAll((cards) =>
    cards.filter((c) => c.scrollWidth > c.clientWidth + 1).map((c) => c.querySelector("h2")?.textContent ?? "card"),
  );
  expect(overflowing).toEqual([]);
  // A 66-character Sui id fits on at most two lines (it wrapped to six in a third of the width).
  const lines = await page
    .getByTestId("onchain-ids")
    .locator("dd")
    .evaluateAll((dds) => dds.map((d) => Math.round(d.getBoundingClientRect().height / Number.parseFloat(getComputedStyle(d).lineHeight || "20"))));
  expect(Math.max(...lines)).toBeLessThanOrEqual(2);
  // The fee schedule's table is not squeezed: its card is at least half the content width.
  const feeCard = page.locator(".card").filter({ has: page.getByTestId("fee-schedule") });
  const main = await page.locator("main").boundingBox();
  const card = await feeCard.boundingBox();
  expect(card?.width ?? 0).toBeGreaterThanOrEqual((main?.width ?? 0) / 2 - 40);
});
