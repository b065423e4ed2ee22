// The featured strategy's own page (issue 18 item 5) offers what the strategy offers: turning autopilot on for a
// wallet and chain (the autopilot page), or a deposit into its current pick, said plainly; never a deposit form
// whose Review always fails ("… is the automated strategy, not a venue").
import { expect, test } from "./guarded";
import { opportunityIdOf } from "./support";

test("the autopilot opportunity offers autopilot and a deposit into its current pick", async ({ page, request }) => {
  const home = (await (await request.get("/api/v1/svc/strategies/svc-autopilot-top-30d-monthly")).json()) as {
    strategy: { currentPick: { venueId: string; opportunityId: string } | null };
  };
  const pick = home.strategy.currentPick;
  expect(pick?.venueId).toBe("scallop"); // top 30-day APY among listed venues in the e2e fixture
  await page.goto(`/opportunities/${await opportunityIdOf(request, "svc-autopilot-top-30d-monthly")}`);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Autopilot");

  // No deposit/withdraw tabs of the strategy itself.
  await expect(page.getByRole("heading", { name: "Deposit or withdraw" })).toHaveCount(0);
  await expect(page.getByRole("tab", { name: "Withdraw" })).toHaveCount(0);

  const use = page.getByTestId("use-autopilot");
  await expect(use).toContainText("Autopilot is turned on per wallet and chain");
  await expect(use.getByRole("link", { name: "Scallop" })).toHaveAttribute("href", `/opportunities/${pick?.opportunityId}`);

  // The deposit offered is into the current pick, and its Review reaches a plan (not the strategy's 400).
  const planReq = page.waitForRequest((r) => r.url().endsWith("/api/v1/svc/strategies/deposit/plan") && r.method() === "POST");
  await use.getByLabel(/Deposit amount/).fill("5");
  await use.getByRole("button", { name: /Review deposit plan/ }).click();
  const req = await planReq;
  expect((req.postDataJSON() as { strategyId: string }).strategyId).toBe("scallop");
  const res = await req.response();
  expect(res?.status()).not.toBe(400);
  await expect(use).not.toContainText("is the automated strategy, not a venue");

  // Turning it on happens on the autopilot page, for a wallet and a chain.
  await use.getByRole("link", { name: "Turn autopilot on for a wallet and chain" }).click();
  await expect(page).toHaveURL(/\/autopilot$/);
  await expect(page.getByRole("heading", { level: 1, name: "Autopilot" })).toBeVisible();
});
