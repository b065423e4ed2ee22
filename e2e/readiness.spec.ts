// One source of readiness (contract §8, issue 18 item 4): "Executable" and the Executable filter only for venues
// whose deposit and withdraw plans can both be built, per action from the registry that answers adapter_not_ready.
import { expect, test } from "./guarded";
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
/** Every venue on an Executable chain builds deposit and withdraw today; Map-chain venues prepare only (spec §1.2). */
const EXECUTABLE = ["Jupiter Lend", "Kamino Lend", "NAVI Protocol", "Save (formerly Solend)", "Scallop", "Suilend", "marginfi"];

test("GET /svc/venues shows per-action readiness that the plan endpoints agree with", async ({ request }) => {
  const body = (await (await request.get("/api/v1/svc/venues")).json()) as { venues: VenueRow[] };
  for (const v of body.venues) expect(v.ready, v.id).toBe(v.label === "Executable" && v.actions.deposit.ready && v.actions.withdraw.ready);
  const navi = body.venues.find((v) => v.id === "navi");
  expect(navi).toMatchObject({ ready: true, actions: { deposit: { ready: true, reason: null }, withdraw: { ready: true, reason: null } } });
  // A Map-chain venue builds both actions but is not ready (prepare only).
  expect(body.venues.find((v) => v.id === "aave-v3-base")).toMatchObject({ label: "Map", ready: false, actions: { deposit: { ready: true } } });
  // The plan endpoint never answers adapter_not_ready for an action the list says is ready.
  const plan = await request.post("/api/v1/svc/strategies/deposit/plan", {
    data: { strategyId: "navi", amountMicros: "5000000", owner: SUI_OWNER },
  });
  const blockers = ((await plan.json()) as { blockers?: { code: string }[] }).blockers ?? [];
  expect(blockers.map((b) => b.code)).not.toContain("adapter_not_ready");
});

test("the dashboard says Executable only when both actions can be built, and the filter agrees", async ({ page }) => {
  await page.goto("/");
  const rows = page.getByTestId("opportunity-row");
  await expect(rows.first()).toBeVisible();
  for (const name of [/NAVI/, /marginfi/, /Save/, /Jupiter Lend/]) {
    const row = rows.filter({ hasText: name }).first();
    await expect(row).toContainText("Executable");
    await expect(row.getByTestId("not-built")).toHaveCount(0);
  }
  await page.getByTestId("filter-ready").selectOption("executable");
  const venues = rows.filter({ hasNotText: "Featured autopilot" });
  const names = (await venues.locator("a.opp-link").allInnerTexts()).sort();
  expect(names).toEqual([...EXECUTABLE].sort());
  await page.getByTestId("filter-ready").selectOption("map");
  await expect(rows.filter({ hasText: /Aave v3/ }).first()).toContainText("Map");
});

test("an opportunity page shows which actions can be built", async ({ page, request }) => {
  await page.goto(`/opportunities/${await opportunityIdOf(request, "jupiter-lend")}`);
  const list = page.getByTestId("action-readiness");
  await expect(list.getByTestId("action-deposit")).toHaveAttribute("data-ready", "1");
  await expect(list.getByTestId("action-withdraw")).toHaveAttribute("data-ready", "1");
  await expect(page.getByTestId("action-not-ready")).toHaveCount(0);
  await page.getByRole("tab", { name: "Withdraw" }).click();
  await expect(page.getByTestId("action-not-ready")).toHaveCount(0);
});
