// Wallets and balances in words (issue 18 item 8): no browser wallet → said so for EVM as for Sui and Solana (never
// wagmi's "Provider not found"); N/A balances name their asset and the API's reason; the API-key prompt says where
// keys come from.
import { expect, test } from "./guarded";
import { connectWallet, enableTestWallets, routeChainRpc } from "./support";

const EVM = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266";

test("with no browser wallet, the EVM section says none was found", async ({ page }) => {
  await page.goto("/");
  await page.getByRole("button", { name: "Connect wallet" }).first().click();
  const dialog = page.getByRole("dialog", { name: "Connect a wallet" });
  const evm = dialog.locator("section", { has: page.getByRole("heading", { name: /EVM/ }) });
  await expect(evm).toContainText("No EVM browser wallet found in this browser.");
  await expect(evm.getByRole("button")).toHaveCount(0);
  await expect(dialog).not.toContainText("Provider not found");
  await expect(dialog).toContainText("No Sui wallet found in this browser.");
});

test("N/A balances name the asset and show the API's reason", async ({ page, request }) => {
  const api = (await (await request.get(`/api/v1/svc/evm-a/wallet-balance?address=${EVM}`)).json()) as {
    legs: { asset: string; status: string; reason: string | null }[];
  };
  expect(api.legs.length).toBeGreaterThan(0);
  await page.goto(`/portfolio?wallet=${EVM}`);
  const base = page.getByTestId("balances").getByTestId("balance-chain-evm-a");
  await expect(base.getByTestId("balance-na")).toHaveCount(api.legs.length);
  for (const leg of api.legs) {
    expect(leg.status).toBe("N/A");
    const row = base.getByTestId("balance-na").filter({ hasText: leg.asset });
    await expect(row).toHaveCount(1);
    // The reason is on the page, not only in a tooltip.
    await expect(row.getByTestId("balance-reason")).toHaveText(leg.reason ?? "");
    await expect(row.getByTestId("balance-reason")).toBeVisible();
  }
});

test("the API-key prompt says where keys come from", async ({ page }) => {
  await enableTestWallets(page);
  await routeChainRpc(page);
  await page.goto("/autopilot");
  await connectWallet(page, /SVC Test Wallet/, "Solana");
  await expect(page.getByLabel("API key (X-API-Key)")).toBeVisible();
  const hint = page.getByTestId("api-key-hint");
  await expect(hint).toContainText("npm run keys");
  await expect(hint).toContainText("SVC_API_KEYS");
});
