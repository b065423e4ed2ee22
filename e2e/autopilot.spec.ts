// The autopilot page with a connected wallet and its owner key: turn it on for a chain, preview the monthly re-rank
// (a dry run that records nothing), see recorded decisions, and turn it off. The server state is checked through the API.
import { Keypair } from "@solana/web3.js";
import { expect, test } from "./guarded";
import { connectWallet, enableTestWallets, expectNoSeriousA11y, OWNER_KEY, routeChainRpc, screenshots } from "./support";

// The Solana test wallet's fixed key (components/wallet/test-wallets.ts).
const address = Keypair.fromSeed(new Uint8Array(32).fill(7)).publicKey.toBase58();
const headers = { "x-api-key": OWNER_KEY };
const recorded = async (request: import("@playwright/test").APIRequestContext) =>
  ((await (await request.get(`/api/v1/wallets/${address}/autopilot/history`, { headers })).json()) as { count: number }).count;

test("turn the autopilot on and off from the page, preview a re-rank, and read the recorded decisions", async ({ page, request }, testInfo) => {
  const before = await recorded(request);
  await enableTestWallets(page);
  await routeChainRpc(page);
  await page.goto("/autopilot");
  await connectWallet(page, /SVC Test Wallet/, "Solana");

  await page.getByLabel("API key (X-API-Key)").fill(OWNER_KEY);
  const mine = page.getByTestId("wallet-autopilot");
  await expect(mine).toContainText("Off");
  if (before === 0) await expect(page.getByText("No decision recorded yet: the first monthly re-rank records one.")).toBeVisible();

  await page.getByRole("button", { name: "Turn autopilot on for Solana (svm-chain)" }).click();
  await expect(mine).toContainText("On");
  await expect(mine).toContainText("Solana (svm-chain)");
  await expect(page.getByRole("button", { name: "Turn autopilot off" })).toBeVisible();

  const state = await request.get(`/api/v1/wallets/${address}/autopilot`, { headers });
  expect(await state.json()).toMatchObject({ enabled: true, chain: "svm-chain" });

  await page.getByRole("button", { name: "Preview the monthly re-rank" }).click();
  await expect(page.getByTestId("autopilot-preview")).toContainText("Dry run on Solana (svm-chain), nothing recorded");
  expect(await recorded(request), "a preview records nothing").toBe(before);

  // A decision recorded by the keeper shows in the table once the page refreshes its history (turning it off does).
  const decide = await request.post(`/api/v1/wallets/${address}/autopilot/decide`, { headers, data: { chain: "svm-chain" } });
  expect(decide.status(), await decide.text()).toBe(200);
  const decided = ((await decide.json()) as { decision: { action: string } }).decision;
  await page.getByRole("button", { name: "Turn autopilot off" }).click();
  await expect(mine).toContainText("Off");
  const rows = page.getByTestId("autopilot-history").locator("tbody tr");
  await expect(rows).toHaveCount(before + 1);
  await expect(rows.first()).toContainText(decided.action);
  expect(await (await request.get(`/api/v1/wallets/${address}/autopilot`, { headers })).json()).toMatchObject({ enabled: false });
  await expectNoSeriousA11y(page);
  await screenshots(page, testInfo, "autopilot-with-history");
});
