// A character's auto-yield page with the owner key: turn auto-yield on, choose a target venue on the character's chain
// and a stake cap, turn it off again; a malformed cap cannot be sent. The server state is checked through the API.
import { expect, test } from "./guarded";
import { expectNoSeriousA11y, newCharacter, OWNER_KEY } from "./support";

const headers = { "x-api-key": OWNER_KEY };

test("the owner turns a character's auto-yield on, sets its venue and cap, and turns it off", async ({ page, request }) => {
  const { id } = await newCharacter(request, "E2E character");
  const state = async () => (await (await request.get(`/api/characters/${id}/auto-yield`, { headers })).json()) as Record<string, unknown>;

  await page.goto(`/characters/${id}`);
  await page.getByLabel("API key (X-API-Key)").fill(OWNER_KEY);
  const status = page.getByTestId("character");
  await expect(status).toContainText("Off");

  await page.getByRole("button", { name: "Turn auto-yield on" }).click();
  await expect(status.locator("dd").first()).toHaveText("On");
  expect(await state()).toMatchObject({ auto_yield_enabled: true, target_venue: null, max_stake_micros: null });

  // Only venues on the character's chain (Sui) are offered.
  const venue = page.getByLabel(/Target venue on Sui/);
  await expect(venue.locator("option", { hasText: "kamino" })).toHaveCount(0);
  await venue.selectOption("scallop");
  const cap = page.getByLabel(/Max stake/);
  await cap.fill("5.1234567");
  await expect(page.getByText("USDC has 6 decimals: at most 6 digits after “.”.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Save venue and cap" })).toBeDisabled();
  await cap.fill("5.25");
  await expect(page.getByText("= 5.25 USDC (5250000 base units; USDC has 6 decimals)")).toBeVisible();
  await page.getByRole("button", { name: "Save venue and cap" }).click();
  await expect(status).toContainText("scallop");
  await expect(status).toContainText("5.25");
  expect(await state()).toMatchObject({ auto_yield_enabled: true, target_venue: "scallop", max_stake_micros: "5250000" });

  await page.getByRole("button", { name: "Turn auto-yield off" }).click();
  await expect(status.locator("dd").first()).toHaveText("Off");
  expect(await state()).toMatchObject({ auto_yield_enabled: false, target_venue: "scallop", max_stake_micros: "5250000" });
  await expectNoSeriousA11y(page);
});
