// Swap (slippage default 1%, at most 5%) and bridge (risk disclosure) plans, priced by a local quote source.
import { expect, test } from "./guarded";
import { expectNoSeriousA11y } from "./support";

test("swap plan: slippage bound defaults to 1% and refuses more than 5%; fee lines and minimum output shown", async ({ page }) => {
  await page.goto("/swap");
  const swap = page.locator(".card").filter({ has: page.getByRole("heading", { name: "Swap", exact: true }) });
  await expect(swap.getByLabel("Max slippage (%)")).toHaveValue("1");
  await swap.getByLabel("To token", { exact: true }).selectOption("SOL");
  await swap.getByLabel(/^Amount/).fill("100");
  await swap.getByLabel("Max slippage (%)").fill("6");
  await expect(swap.getByText("Between 0.01% and 5%.")).toBeVisible();
  await expect(swap.getByRole("button", { name: "Review swap plan" })).toBeDisabled();
  await swap.getByLabel("Max slippage (%)").fill("1");
  await swap.getByRole("button", { name: "Review swap plan" }).click();
  const plan = swap.getByTestId("plan");
  await expect(plan).toContainText("swap on Solana (svm-chain)");
  await expect(swap.getByTestId("fees").getByTestId("fee-line").first()).toBeVisible();
  await expect(swap.getByTestId("fees")).toContainText(/fee/i);
  const quote = swap.getByTestId("swap-quote");
  await expect(quote).toContainText("1.00%");
  // Local quote: out = 100 USDC's base units × 0.995 = 99500000 lamports of SOL (9 decimals); minimum = out × (10000 − 100) / 10000.
  await expect(quote).toContainText("0.0995 SOL");
  await expect(quote).toContainText("0.098505 SOL");
  await expectNoSeriousA11y(page);
});

test("bridge plan: rail fee lines, the risk disclosure, and signing disabled on a Map source chain", async ({ page }) => {
  await page.goto("/swap");
  const bridge = page.locator(".card").filter({ has: page.getByRole("heading", { name: "Bridge", exact: true }) });
  await bridge.getByLabel("From chain").selectOption("evm-a");
  await bridge.getByLabel("To chain").selectOption("move-chain");
  await bridge.getByLabel(/^Amount/).fill("10");
  await bridge.getByLabel("Source address").fill("0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266");
  await bridge.getByLabel("Destination address").fill(`0x${"ab".repeat(32)}`);
  await bridge.getByRole("button", { name: "Review bridge plan" }).click();
  const plan = bridge.getByTestId("plan");
  await expect(plan).toContainText("bridge Base (evm-a) → Sui (move-chain)");
  await expect(bridge.getByTestId("fees")).toContainText(/fee/i);
  await expect(bridge.getByTestId("risk")).toContainText("Risk disclosure");
  await expect(bridge.getByTestId("sign")).toBeDisabled();
  await expect(bridge.getByTestId("sign-disabled-reason")).toContainText("Base (evm-a) is a Map chain");
  await expectNoSeriousA11y(page);
});

test("bridge form opens on a buildable path; every launch home and EVM chain builds its burn, Sui's on CCTP V1", async ({ page }) => {
  await page.goto("/swap");
  const bridge = page.locator(".card").filter({ has: page.getByRole("heading", { name: "Bridge", exact: true }) });
  await expect(bridge.getByLabel("From chain")).toHaveValue("svm-chain");
  await expect(bridge.getByLabel("To chain")).toHaveValue("evm-a");
  // Burns from Sui are built (CCTP V1 deposit_for_burn), and from Solana to Sui (the V1 programs): nothing is disabled.
  const fromSui = bridge.getByLabel("From chain").locator('option[value="move-chain"]');
  await expect(fromSui).toBeEnabled();
  await expect(fromSui).not.toContainText("not built yet");
  await expect(bridge.getByLabel("To chain").locator('option[value="move-chain"]')).toBeEnabled();
  await bridge.getByLabel("From chain").selectOption("move-chain");
  await expect(bridge.getByLabel("To chain").locator('option[value="svm-chain"]')).toBeEnabled();
  await bridge.getByLabel("From chain").selectOption("evm-a");
  // The destination was Base itself, so the first buildable one is picked.
  await expect(bridge.getByLabel("To chain")).toHaveValue("evm-b");
  await expect(bridge.getByLabel("To chain").locator('option[value="move-chain"]')).toBeEnabled();
});
