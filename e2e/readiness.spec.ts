// One source of readiness (contract §8, issue 18 item 4): "Executable" and the Executable filter only for venues
// whose deposit and withdraw plans can both be built, per action from the registry that answers adapter_not_ready.
import { expect, test } from "@playwright/test";
import { opportunityIdOf } from "./support";

interface Action {
  ready: boolean;
  reason: string | null;
}
interface VenueRow {
  id: string;
  label: "Executable" | "Map";
  ready: boolean;
  actions: { deposit: Action; withdraw: Action };
}

const SUI_OWNER = `0x${"ab".repeat(32)}`;

test("GET /svc/venues shows per-action readiness that the plan endpoints agree with", async ({ request }) => {
  const body = (await (await request.get("/api/v1/svc/venues")).json()) as { venues: VenueRow[] };
  const navi = body.venues.find((v) => v.id === "navi");
  expect(navi?.actions.deposit.ready).toBe(false);
  expect(navi?.ready).toBe(false);
  const plan = await request.post("/api/v1/svc/strategies/deposit/plan", {
    data: { strategyId: "navi", amountMicros: "5000000", owner: SUI_OWNER },
  });
  const blockers = ((await plan.json()) as { blockers?: { code: string; message: string }[] }).blockers ?? [];
  const notReady = blockers.find((b) => b.code === "adapter_not_ready");
  expect(notReady?.message).toBe(navi?.actions.deposit.reason);
  for (const v of body.venues) expect(v.ready, v.id).toBe(v.label === "Executable" && v.actions.deposit.ready && v.actions.withdraw.ready);
});

test("the dashboard says Executable only when both actions can be built, and the filter agrees", async ({ page }) => {
  await page.goto("/");
  const rows = page.getByTestId("opportunity-row");
  await expect(rows.first()).toBeVisible();
  for (const name of [/NAVI/, /marginfi/, /Save/, /Jupiter Lend/]) {
    const row = rows.filter({ hasText: name }).first();
    await expect(row).not.toContainText("Executable");
    await expect(row.getByTestId("not-built")).toBeVisible();
  }
  // Jupiter Lend builds deposits but not withdrawals: said so on its row.
  await expect(rows.filter({ hasText: /Jupiter Lend/ }).getByTestId("not-built")).toContainText("deposit only");
  await expect(rows.filter({ hasText: /^Scallop/ }).first()).toContainText("Executable");

  await page.getByTestId("filter-ready").selectOption("executable");
  const venues = rows.filter({ hasNotText: "Featured autopilot" });
  await expect(venues).toHaveCount(3);
  const names = (await venues.locator("a.opp-link").allInnerTexts()).sort();
  expect(names).toEqual(["Kamino Lend", "Scallop", "Suilend"]);
});

test("an opportunity page shows which actions can be built and why not", async ({ page, request }) => {
  await page.goto(`/opportunities/${await opportunityIdOf(request, "jupiter-lend")}`);
  const list = page.getByTestId("action-readiness");
  await expect(list.getByTestId("action-deposit")).toHaveAttribute("data-ready", "1");
  await expect(list.getByTestId("action-withdraw")).toHaveAttribute("data-ready", "0");
  await expect(list.getByTestId("action-withdraw")).toContainText(/claim account/);
  // The deposit tab has no warning; the withdraw tab says why before anyone types an amount.
  await expect(page.getByTestId("action-not-ready")).toHaveCount(0);
  await page.getByRole("tab", { name: "Withdraw" }).click();
  await expect(page.getByTestId("action-not-ready")).toContainText("cannot be built for Jupiter Lend yet");

  await page.goto(`/opportunities/${await opportunityIdOf(request, "navi")}`);
  await expect(page.getByTestId("action-deposit")).toHaveAttribute("data-ready", "0");
  await expect(page.getByTestId("action-deposit")).toContainText(/NAVI/);
  await expect(page.getByTestId("action-not-ready")).toBeVisible();
});
