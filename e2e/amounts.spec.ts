// Amount entry means what was typed (#18 defects 1, 2, 7): one rule everywhere (the locale's decimal separator, nothing
// dropped, no more decimals than the token has), every token at its own decimals and symbol, fees in token units.
import type { Page } from "@playwright/test";
import { expect, test } from "./guarded";
import { SOLANA_OTHER_MINT } from "./chain-rpc";
import { opportunityIdOf } from "./support";

/** The JSON body of the next POST to `path` the page sends. */
async function nextBody(page: Page, path: RegExp, act: () => Promise<void>): Promise<Record<string, unknown>> {
  const [req] = await Promise.all([page.waitForRequest((r) => r.method() === "POST" && path.test(r.url())), act()]);
  return req.postDataJSON() as Record<string, unknown>;
}

/** Kamino's opportunity page: its deposit amount field and the hint under it. */
async function openKaminoDeposit(page: Page) {
  await page.goto(`/opportunities/${await opportunityIdOf(page.request, "kamino")}`);
  return { field: page.getByLabel(/Deposit amount/), hint: page.getByTestId("amount-hint").first() };
}

test.describe("English locale (decimal point)", () => {
  test.use({ locale: "en-US" });

  test("deposit amount: a comma is refused with a message, never dropped; too many decimals refused; the parsed amount is shown", async ({ page }) => {
    const { field, hint } = await openKaminoDeposit(page);
    const review = page.getByRole("button", { name: "Review deposit plan" });
    await field.fill("1,5");
    await expect(hint).toContainText("“,” is not accepted here: the decimal separator is “.”");
    await expect(review).toBeDisabled();
    await field.fill("1.1234567");
    await expect(hint).toContainText("USDC has 6 decimals");
    await expect(review).toBeDisabled();
    await field.fill("1.5");
    await expect(hint).toContainText("= 1.5 USDC (1500000 base units; USDC has 6 decimals)");
    const body = await nextBody(page, /\/svc\/strategies\/deposit\/plan$/, () => review.click());
    expect(body.amountMicros).toBe("1500000");
    // Fees in the token's units, no API hints: "0 USDC", never "base units of the chain's native asset".
    const fees = page.getByTestId("fees");
    await expect(fees).toContainText("Service fee on deposit of principal: 0 USDC");
    await expect(fees).not.toContainText("base units");
    await expect(fees).not.toContainText("gas-sponsor");
  });

  test("swap: the From token's own decimals (wrapped SOL, 9) and symbol; a pasted mint is resolved from the chain", async ({ page }) => {
    await page.goto("/swap");
    const swap = page.locator(".card").filter({ has: page.getByRole("heading", { name: "Swap", exact: true }) });
    await swap.getByLabel("From token").selectOption("SOL");
    await swap.getByLabel("To token", { exact: true }).selectOption("USDC");
    await swap.getByLabel(/^Amount/).fill("1");
    await expect(swap.getByTestId("amount-hint")).toContainText("= 1 SOL (1000000000 base units; SOL has 9 decimals)");
    const body = await nextBody(page, /\/svc\/swap-svm\/plan$/, () => swap.getByRole("button", { name: "Review swap plan" }).click());
    expect(body).toMatchObject({ amountIn: "1000000000", inputToken: "So11111111111111111111111111111111111111112" });
    await expect(swap.getByTestId("plan")).toContainText("for 1 SOL");
    // Local quote: 0.995 of the input's base units, shown in USDC's units.
    await expect(swap.getByTestId("swap-quote")).toContainText("995 USDC");

    // A token not in the list: pasted, checked for its shape, then read from the chain (the local mint has 6 decimals).
    await swap.getByLabel("To token", { exact: true }).selectOption({ label: "Other token (paste its address)" });
    const pasted = swap.getByLabel("To token: address");
    await pasted.fill("not-a-mint");
    await expect(swap.getByTestId("token-to-token").getByTestId("token-hint")).toContainText("That is not a mint address");
    await expect(swap.getByRole("button", { name: "Review swap plan" })).toBeDisabled();
    await pasted.fill(SOLANA_OTHER_MINT);
    await expect(swap.getByTestId("token-to-token").getByTestId("token-hint")).toContainText("6 decimals (read from the chain)");
    await expect(swap.getByRole("button", { name: "Review swap plan" })).toBeEnabled();

    // An unknown From token blocks the amount with the reason until its decimals are known.
    await swap.getByLabel("From token").selectOption({ label: "Other token (paste its address)" });
    await expect(swap.getByLabel(/^Amount/)).toBeDisabled();
    await expect(swap.getByTestId("amount-hint")).toContainText("Paste a mint address");
  });
});

test.describe("German locale (decimal comma)", () => {
  test.use({ locale: "de-DE" });

  test("deposit, swap and bridge read 1,5 as one and a half; a point is refused with a message", async ({ page }) => {
    const { field, hint } = await openKaminoDeposit(page);
    await field.fill("1,5");
    await expect(hint).toContainText("= 1,5 USDC (1500000 base units");
    const body = await nextBody(page, /\/svc\/strategies\/deposit\/plan$/, () => page.getByRole("button", { name: "Review deposit plan" }).click());
    expect(body.amountMicros).toBe("1500000");
    await field.fill("1.500");
    await expect(hint).toContainText("“.” is not accepted here: the decimal separator is “,”");

    await page.goto("/swap");
    const swap = page.locator(".card").filter({ has: page.getByRole("heading", { name: "Swap", exact: true }) });
    await swap.getByLabel("To token", { exact: true }).selectOption("SOL");
    await swap.getByLabel(/^Amount/).fill("1,5");
    const swapBody = await nextBody(page, /\/svc\/swap-svm\/plan$/, () => swap.getByRole("button", { name: "Review swap plan" }).click());
    expect(swapBody.amountIn).toBe("1500000");

    const bridge = page.locator(".card").filter({ has: page.getByRole("heading", { name: "Bridge", exact: true }) });
    await bridge.getByLabel("From chain").selectOption("evm-a");
    await bridge.getByLabel("To chain").selectOption("svm-chain");
    await bridge.getByLabel(/^Amount/).fill("1,5");
    await bridge.getByLabel("Source address").fill("0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266");
    // A key's public key: a bridge destination must be on the ed25519 curve (issue 22).
    await bridge.getByLabel("Destination address").fill("9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM");
    const bridgeBody = await nextBody(page, /\/svc\/bridge\/plan$/, () => bridge.getByRole("button", { name: "Review bridge plan" }).click());
    expect(bridgeBody.amountMicros).toBe("1500000");
    await expect(bridge.getByTestId("fees")).not.toContainText("base units");
  });
});
