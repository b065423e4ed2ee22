// A swap signed in the dashboard (issue 23): /swap on Sui, priced by the local Cetus aggregator (tests/support/fake-quotes.ts,
// router v3's wire format), simulated by the local Sui node (which follows the router's coins as its published code
// moves them: testing/chains/sui/cetus-flow.ts), signed by the Sui test wallet, landed on the local chain with those
// balance changes, confirmed by the service, and shown in the activity with what left and arrived, read from the chain.
import { allow, expect, test } from "./guarded";
import { connectWallet, enableTestWallets, expectNoSeriousA11y, routeChainRpc } from "./support";

test.use({ allowedErrors: allow(/^outside request: https:\/\/(fullnode\.mainnet\.sui\.io|api\.mainnet-beta\.solana\.com)(:443)?\//) });

test("swap 10 USDC for SUI on Sui: quote, simulated changes, signed by the test wallet, settled amounts from the chain in activity", async ({ page }) => {
  test.setTimeout(120_000);
  await enableTestWallets(page);
  await routeChainRpc(page);
  await page.goto("/swap");
  await connectWallet(page, /Unsafe Burner Wallet/, "Sui");
  const swap = page.locator(".card").filter({ has: page.getByRole("heading", { name: "Swap", exact: true }) });
  await swap.getByLabel("Chain", { exact: true }).selectOption("move-chain");
  await swap.getByLabel("To token", { exact: true }).selectOption("SUI");
  await swap.getByLabel(/^Amount/).fill("10");
  await swap.getByRole("button", { name: "Review swap plan" }).click();
  await expect(swap.getByTestId("plan-status")).toHaveText("prepared — your wallet must sign");
  // The local quote: 10 USDC (10,000,000 base units) × 0.995 = 9,950,000 MIST; the minimum at 1% slippage.
  const quote = swap.getByTestId("swap-quote");
  await expect(quote).toContainText("0.00995 SUI");
  await expect(quote).toContainText("0.0098505 SUI");
  await expect(quote).toContainText("CETUS");
  // What the swap does, from the Sui node's simulation, before the wallet opens.
  const changes = swap.getByTestId("transactions").getByTestId("balance-changes");
  await expect(changes).toContainText("You send 10 USDC");
  await expect(changes).toContainText("from the chain’s simulation at");
  await expect(swap.getByTestId("transactions").getByTestId("simulation-ok")).toContainText("Simulated by the chain: accepted");
  await expectNoSeriousA11y(page);

  await swap.getByTestId("sign").click();
  const digest = swap.getByTestId("digest");
  await expect(digest).toBeVisible({ timeout: 20_000 });
  const tx = (await digest.innerText()).split(/\s/)[0]?.trim() ?? "";
  expect(tx).toMatch(/^[1-9A-HJ-NP-Za-km-z]{43,44}$/);
  // Settled from the transaction the local chain executed: what left and what arrived (gas added back), not the quote.
  await expect(swap.getByTestId("settlement")).toHaveText("Settled: swapped 10 USDC for 0.00995 SUI (read from the transaction).", { timeout: 30_000 });

  // The activity shows the settled swap leg with the chain's amounts and the transaction.
  await swap.getByRole("link", { name: "See the position and activity in your portfolio" }).click();
  const row = page.getByTestId("activity-row").filter({ hasText: "swap" });
  await expect(row).toHaveCount(1, { timeout: 20_000 });
  await expect(row).toContainText("settled");
  await expect(row.locator("td").nth(3)).toHaveText(/^10(\.0+)? USDC$/);
  await expect(row.locator("td").nth(4)).toHaveText("0.00995 SUI");
  await expect(row.locator("td").nth(5)).toHaveText("0.00995 SUI");
  await expect(row.getByRole("link")).toContainText(tx.slice(0, 10));
  await expectNoSeriousA11y(page);
});
