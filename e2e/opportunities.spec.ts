// Opportunities render the upstream's real numbers and "—" (with a reason) for nulls; sort and filter work.
import { expect, notFoundDocument, test } from "./guarded";
import { POOLS } from "./fixtures";
import { opportunityIdOf, whileYieldsDown } from "./support";

test("rows show upstream APY and TVL, and — for nulls", async ({ page }) => {
  await page.goto("/");
  const table = page.getByTestId("opportunities");
  const rows = table.getByTestId("opportunity-row");
  await expect(rows.first()).toBeVisible();
  // The featured autopilot strategy is pinned first.
  await expect(rows.first()).toContainText("Featured autopilot");
  // navi-lending USDC on Sui: apy 5.23 → 523 bps → "5.23%"; 30-day 4.87%.
  const navi = rows.filter({ hasText: /navi/i }).first();
  await expect(navi.locator('[data-col="gross"]')).toHaveText("5.23%");
  await expect(navi.locator('[data-col="apy30d"]')).toHaveText("4.87%");
  // suilend has no live APY upstream: "—", never 0, with a reason on focus.
  const suilend = rows.filter({ hasText: /suilend/i }).first();
  const dash = suilend.locator('[data-col="gross"]').getByTestId("missing");
  await expect(dash).toContainText("—");
  await expect(suilend.locator('[data-col="gross"]')).not.toContainText("0.00%");
  await dash.focus();
  await expect(dash.getByRole("tooltip")).toBeVisible();
  // Freshness.
  await expect(navi).toContainText(/as of (just now|\d+ min ago)/);
  // The non-stablecoin Ethereum pool is not listed.
  await expect(rows.filter({ hasText: /lido/i })).toHaveCount(0);
});

test("sort by gross APY and filter by chain, readiness and protocol", async ({ page }) => {
  await page.goto("/");
  const rows = page.getByTestId("opportunity-row");
  await expect(rows.first()).toBeVisible();
  await page.getByRole("button", { name: /^Gross APY/ }).click();
  await expect(page.getByRole("columnheader", { name: /Gross APY/ })).toHaveAttribute("aria-sort", "descending");
  const venues = rows.filter({ hasNotText: "Featured autopilot" });
  const values = await venues.locator('[data-col="gross"]').allInnerTexts();
  const nums = values.filter((v) => v.endsWith("%")).map((v) => Number.parseFloat(v));
  expect(nums).toEqual([...nums].sort((a, b) => b - a));
  // Missing values sort last.
  const firstMissing = values.findIndex((v) => !v.endsWith("%"));
  if (firstMissing >= 0) expect(values.slice(firstMissing).every((v) => !v.endsWith("%"))).toBe(true);

  await page.getByTestId("filter-chain").selectOption("svm-chain");
  for (const t of await rows.allInnerTexts()) expect(t).toContain("Solana");
  await page.getByTestId("filter-chain").selectOption("");
  await page.getByTestId("filter-ready").selectOption("map");
  for (const t of await rows.allInnerTexts()) expect(t).toContain("Map");
  await page.getByTestId("filter-ready").selectOption("");
  await page.getByLabel("Search protocol").fill("kamino");
  await expect(rows.filter({ hasNotText: "Featured autopilot" })).toHaveCount(1);
  await page.getByLabel("Search protocol").fill("no-such-protocol-xyz");
  await expect(page.getByTestId("empty")).toBeVisible();
});

test("upstream unavailable: a banner in words, every live figure — (never 0), and back when it recovers", async ({ page, request }) => {
  test.setTimeout(90_000);
  await page.goto("/");
  await expect(page.getByTestId("opportunity-row").first()).toBeVisible();
  await expect(page.getByTestId("upstream-banner")).toHaveCount(0);
  await whileYieldsDown(page, request, async () => {
    await expect(page.getByTestId("upstream-banner")).toContainText("unavailable right now");
    const navi = page.getByTestId("opportunity-row").filter({ hasText: /navi/i }).first();
    await expect(navi.locator('[data-col="gross"]').getByTestId("missing")).toBeVisible();
    await expect(navi.locator('[data-col="gross"]')).not.toContainText("%");
    await expect(navi.locator('[data-col="tvl"]').getByTestId("missing")).toBeVisible();
  });
  await expect(async () => {
    await page.reload();
    await expect(page.getByTestId("upstream-banner")).toHaveCount(0, { timeout: 2000 });
    await expect(page.getByTestId("opportunity-row").filter({ hasText: /navi/i }).first().locator('[data-col="gross"]')).toHaveText("5.23%", { timeout: 2000 });
  }).toPass({ timeout: 30_000, intervals: [2000] });
});

test("detail page: headline numbers, the upstream chart, on-chain ids and the fee schedule", async ({ page, request }) => {
  const id = await opportunityIdOf(request, "scallop");
  await page.goto(`/opportunities/${id}`);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(/scallop/i);
  const scallop = POOLS.find((p) => p.pool === "e2e-sui-scallop-usdc");
  const detail = page.getByTestId("detail");
  await expect(detail).toContainText(`${scallop?.apy?.toFixed(2)}%`); // gross 7.41%
  await expect(detail).toContainText(`${scallop?.apyMean30d?.toFixed(2)}%`); // 30-day 6.95%
  await expect(detail).toContainText("e2e-sui-scallop-usdc");
  // The chart is drawn from the upstream's 60 points (recharts renders an SVG with two lines).
  const chart = page.getByTestId("chart");
  await expect(chart.locator("svg.recharts-surface[role=application]")).toBeVisible();
  await expect(chart.locator(".recharts-line")).toHaveCount(2);
  await expect(page.getByTestId("onchain-ids")).toContainText(/0x[0-9a-f]{8,}/);
  await expect(page.getByTestId("fee-schedule")).toContainText("Yield skim");
});

test.describe(() => {
  // The not-found page answers 404 on purpose.
  test.use({ allowedErrors: notFoundDocument("/opportunities/opp_e2e_unknown") });
  test("detail page of an unknown id says so in words", async ({ page }) => {
    await page.goto("/opportunities/opp_e2e_unknown");
    await expect(page.getByTestId("not-found")).toContainText("/opportunities/opp_e2e_unknown");
  });
});
