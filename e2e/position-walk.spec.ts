// The chain's word after signing (issue 23): deposit 100 USDC into Kamino and withdraw 50 twice, all signed in the
// dashboard by a Solana wallet of its own (seed 9: it starts with USDC and no cUSDC on the local chain). Each signed
// transaction reaches the ledger from the chain; at the end the portfolio shows 0 recorded and 0 on chain, the worth
// read from the chain (the owner's cUSDC × the reserve's rate), and the activity holds the three settled legs.
import type { Page } from "@playwright/test";
import { FRESH_SOLANA_WALLET, FRESH_SOLANA_WALLET_SEED } from "../testing/chains/solana/wallets";
import { allow, expect, ROUTED_CHAIN_RPC, test } from "./guarded";
import { connectWallet, enableTestWallets, expectNoSeriousA11y, opportunityIdOf, routeChainRpc } from "./support";

test.use({ allowedErrors: allow(...ROUTED_CHAIN_RPC) });

/** Opens Kamino's page with the wallet connected, asks for a plan of `amount` USDC, signs it and waits for settlement. */
async function signed(page: Page, action: "deposit" | "withdraw", amount: string, settled: string): Promise<void> {
  await page.goto(`/opportunities/${await opportunityIdOf(page.request, "kamino")}`);
  // After the first connection the wallet reconnects by itself on a new page; connect only when it does not.
  const button = page.getByTestId("wallet-button");
  const reconnected = await expect(button)
    .toContainText("Solana ·", { timeout: 5_000 })
    .then(() => true)
    .catch(() => false);
  if (!reconnected) await connectWallet(page, /SVC Test Wallet/, "Solana");
  if (action === "withdraw") await page.getByRole("tab", { name: "Withdraw" }).click();
  await page.getByLabel(action === "deposit" ? /Deposit amount/ : /Withdraw amount/).fill(amount);
  await page.getByRole("button", { name: `Review ${action} plan` }).click();
  await expect(page.getByTestId("plan-status")).toContainText("prepared");
  await page.getByTestId("sign").click();
  await expect(page.getByTestId("digest")).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId("settlement")).toContainText(settled, { timeout: 30_000 });
}

test("deposit 100, withdraw 50 twice in the dashboard: the portfolio shows 0 recorded and 0 on chain", async ({ page }) => {
  test.setTimeout(180_000);
  await enableTestWallets(page, { solanaSeed: FRESH_SOLANA_WALLET_SEED });
  await routeChainRpc(page);

  await signed(page, "deposit", "100", "Settled: 100.000000 USDC deposited into kamino");
  await page.goto(`/portfolio?wallet=${FRESH_SOLANA_WALLET}`);
  const position = page.getByTestId("position-row").filter({ hasText: /kamino/i });
  await expect(position.getByTestId("position-recorded")).toHaveText(/^100\.00 USDC/);
  // 80 cUSDC at the local reserve's 1.25 USDC per cUSDC: the chain agrees with the ledger.
  await expect(position.getByTestId("position-current")).toHaveText(/^100\.00 USDC/);
  await expect(position.getByTestId("position-current")).toContainText("from the chain");

  await signed(page, "withdraw", "50", "Settled: 50.000000 USDC arrived in your wallet from kamino (read from the transaction)");
  await signed(page, "withdraw", "50", "Settled: 50.000000 USDC arrived in your wallet from kamino (read from the transaction)");

  await page.goto(`/portfolio?wallet=${FRESH_SOLANA_WALLET}`);
  await expect(position.getByTestId("position-recorded")).toHaveText(/^0\.00 USDC/);
  await expect(position.getByTestId("position-current")).toHaveText(/^0\.00 USDC/);
  await expect(position.getByTestId("position-current")).toContainText("from the chain");
  await expect(position.getByTestId("position-drift")).toHaveCount(0);
  await expect(page.getByTestId("portfolio-totals")).toContainText("recorded 0 USD · on chain now 0 USD");
  const settledLegs = page.getByTestId("activity-row").filter({ hasText: "settled" });
  await expect(settledLegs.filter({ hasText: "withdraw" })).toHaveCount(2);
  await expect(settledLegs.filter({ hasText: "deposit" })).toHaveCount(1);
  await expectNoSeriousA11y(page);
});
