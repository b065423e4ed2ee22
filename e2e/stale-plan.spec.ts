// A plan means what the screen says (issue 22 items 1 and 6). A plan is offered for signing only while the request it
// was built from equals what the inputs on screen describe: any change (amount, token, slippage, destination, wallet)
// discards it until a new Review, in the deposit/withdraw form, the swap form and the bridge form alike. The wallet then
// signs the amount on screen, as the local chain's own record of the transaction shows. The deposit/withdraw form asks
// for a wallet of the venue's chain family before Review and never sends another family's address as the owner.
import type { Locator, Page, Request } from "@playwright/test";
import { Keypair } from "@solana/web3.js";
import { allow, expect, ROUTED_CHAIN_RPC, test } from "./guarded";
import { CHAIN_RPC_URL, enableTestWallets, opportunityIdOf, routeChainRpc } from "./support";

/** The Solana test wallet's address (components/wallet/test-wallets.ts: seed of 32 sevens), and another key's. */
const SOL_WALLET = Keypair.fromSeed(new Uint8Array(32).fill(7)).publicKey.toBase58();
const OTHER_SOL_ADDRESS = Keypair.fromSeed(new Uint8Array(32).fill(8)).publicKey.toBase58();

// The wallets' chain RPC requests, answered by the local chain RPC (routeChainRpc).
test.use({ allowedErrors: allow(...ROUTED_CHAIN_RPC) });

test.beforeEach(async ({ page }) => {
  await enableTestWallets(page);
  await routeChainRpc(page);
});

async function connect(page: Page, wallet: RegExp, family: string): Promise<void> {
  const dialog = page.getByRole("dialog", { name: "Connect a wallet" });
  if (!(await dialog.isVisible())) await page.getByRole("button", { name: "Connect wallet" }).first().click();
  await dialog.getByRole("button", { name: wallet }).click();
  await expect(page.getByTestId("wallet-button")).toContainText(`${family} ·`);
  await dialog.getByRole("button", { name: "Close" }).click();
  await expect(dialog).toBeHidden();
}

/** Every plan request the page sends to `path`. */
function planRequests(page: Page, path: RegExp): Request[] {
  const seen: Request[] = [];
  page.on("request", (r) => {
    if (r.method() === "POST" && path.test(new URL(r.url()).pathname)) seen.push(r);
  });
  return seen;
}

/** After an input changed: no plan and no Sign button, and the form says the old plan was discarded. */
async function expectDiscarded(scope: Locator): Promise<void> {
  await expect(scope.getByTestId("sign")).toHaveCount(0);
  await expect(scope.getByTestId("plan")).toHaveCount(0);
  await expect(scope.getByTestId("plan-discarded")).toContainText("Review again");
}

test("Kamino deposit: a changed amount discards the plan; after a new Review the wallet signs the amount on screen", async ({ page, request }) => {
  await page.goto(`/opportunities/${await opportunityIdOf(page.request, "kamino")}`);
  await connect(page, /SVC Test Wallet/, "Solana");
  const form = page.getByTestId("deposit-form");
  const field = form.getByLabel(/Deposit amount/);
  const review = form.getByRole("button", { name: "Review deposit plan" });

  await field.fill("30");
  await review.click();
  await expect(form.getByTestId("plan")).toContainText("for 30 USDC");
  await expect(form.getByTestId("sign")).toBeEnabled();

  await field.fill("12.5");
  await expect(form.getByTestId("amount-hint")).toContainText("= 12.5 USDC (12500000 base units");
  await expectDiscarded(form);
  await expect(review).toBeEnabled();

  await review.click();
  await expect(form.getByTestId("plan")).toContainText("for 12.5 USDC");
  await expect(form.getByTestId("plan-discarded")).toHaveCount(0);
  await form.getByTestId("sign").click();
  const digest = form.getByTestId("digest");
  await expect(digest).toBeVisible({ timeout: 20_000 });
  const sig = (await digest.innerText()).split(/\s/)[0]?.trim() ?? "";
  // Until the service confirms it, the signed plan stays what the screen says: the inputs are locked.
  await expect(field).toBeDisabled();
  await expect(form.getByTestId("plan-inputs-locked")).toBeVisible();
  // The chain's record of what the wallet signed: the owner's USDC went down by the amount on screen, not the old one.
  const r = await request.post(CHAIN_RPC_URL, {
    data: { jsonrpc: "2.0", id: 1, method: "getTransaction", params: [sig, { encoding: "jsonParsed", maxSupportedTransactionVersion: 0 }] },
  });
  type Balance = { owner: string; uiTokenAmount: { amount: string } };
  const meta = ((await r.json()) as { result: { meta: { preTokenBalances: Balance[]; postTokenBalances: Balance[] } } }).result.meta;
  const of = (list: Balance[]) => BigInt(list.find((b) => b.owner === SOL_WALLET)?.uiTokenAmount.amount ?? "0");
  expect(of(meta.preTokenBalances) - of(meta.postTokenBalances)).toBe(12_500_000n);
  await expect(form.getByTestId("settlement")).toContainText("Settled: 12.500000 USDC deposited into kamino", { timeout: 30_000 });
  await expect(field).toBeEnabled();
});

test("Kamino withdraw: a plan reviewed before the wallet connected is discarded when it connects; the new plan has the owner", async ({ page }) => {
  const sent = planRequests(page, /\/svc\/strategies\/withdraw\/plan$/);
  await page.goto(`/opportunities/${await opportunityIdOf(page.request, "kamino")}`);
  await page.getByRole("tab", { name: "Withdraw" }).click();
  const form = page.getByTestId("withdraw-form");
  await form.getByLabel(/Withdraw amount/).fill("5");
  await form.getByRole("button", { name: "Review withdraw plan" }).click();
  await expect(form.getByTestId("plan")).toContainText("for 5 USDC");

  await connect(page, /SVC Test Wallet/, "Solana");
  await expectDiscarded(form);
  await form.getByRole("button", { name: "Review withdraw plan" }).click();
  await expect(form.getByTestId("plan")).toContainText("for 5 USDC");
  await expect(form.getByTestId("sign")).toBeEnabled();
  expect(sent.map((r) => (r.postDataJSON() as { owner?: string }).owner)).toEqual([undefined, SOL_WALLET]);
});

test("Scallop (Sui) with a Solana wallet: the form asks for a Sui wallet before Review and never sends the Solana address", async ({ page }) => {
  const sent = planRequests(page, /\/svc\/strategies\/deposit\/plan$/);
  await page.goto(`/opportunities/${await opportunityIdOf(page.request, "scallop")}`);
  await connect(page, /SVC Test Wallet/, "Solana");
  const form = page.getByTestId("deposit-form");
  await form.getByLabel(/Deposit amount/).fill("5");
  const needed = form.getByTestId("wallet-family-needed");
  await expect(needed).toContainText("Positions on Sui (move-chain) are held by a Sui wallet; the connected wallet is a Solana wallet.");
  await expect(form.getByRole("button", { name: "Review deposit plan" })).toBeDisabled();
  await form.getByLabel(/Deposit amount/).press("Enter");
  expect(sent).toHaveLength(0);

  await needed.getByRole("button", { name: "Use a Sui wallet" }).click();
  await connect(page, /Unsafe Burner Wallet/, "Sui");
  await expect(needed).toHaveCount(0);
  await form.getByRole("button", { name: "Review deposit plan" }).click();
  await expect(form.getByTestId("plan-status")).toHaveText("prepared — your wallet must sign");
  await expect(form.getByTestId("sign")).toBeEnabled();
  expect(sent).toHaveLength(1);
  expect((sent[0]?.postDataJSON() as { owner?: string }).owner).toMatch(/^0x[0-9a-f]{64}$/);
});

test("swap form: a changed slippage, amount or token discards the plan; the new Review is for the inputs on screen", async ({ page }) => {
  const sent = planRequests(page, /\/svc\/swap-svm\/plan$/);
  await page.goto("/swap");
  const swap = page.locator(".card").filter({ has: page.getByRole("heading", { name: "Swap", exact: true }) });
  const review = swap.getByRole("button", { name: "Review swap plan" });
  await swap.getByLabel("To token", { exact: true }).selectOption("SOL");
  await swap.getByLabel(/^Amount/).fill("100");
  await review.click();
  await expect(swap.getByTestId("plan")).toContainText("for 100 USDC");
  await expect(swap.getByTestId("sign")).toBeVisible();

  await swap.getByLabel("Max slippage (%)").fill("0.5");
  await expectDiscarded(swap);
  await review.click();
  await expect(swap.getByTestId("swap-quote")).toContainText("0.50%");

  await swap.getByLabel(/^Amount/).fill("50");
  await expectDiscarded(swap);
  await review.click();
  await expect(swap.getByTestId("plan")).toContainText("for 50 USDC");

  await swap.getByLabel("From token").selectOption("SOL");
  await swap.getByLabel("To token", { exact: true }).selectOption("USDC");
  await expectDiscarded(swap);
  expect(sent.map((r) => r.postDataJSON() as { amountIn: string; slippageBps: number })).toMatchObject([
    { amountIn: "100000000", slippageBps: 100 },
    { amountIn: "100000000", slippageBps: 50 },
    { amountIn: "50000000", slippageBps: 50 },
  ]);
});

test("bridge form: a changed amount or destination discards a signable plan; the new Review is for the inputs on screen", async ({ page }) => {
  await page.goto("/swap");
  await connect(page, /Unsafe Burner Wallet/, "Sui");
  const bridge = page.locator(".card").filter({ has: page.getByRole("heading", { name: "Bridge", exact: true }) });
  const review = bridge.getByRole("button", { name: "Review bridge plan" });
  await bridge.getByLabel("From chain").selectOption("move-chain");
  await bridge.getByLabel("To chain").selectOption("svm-chain");
  await bridge.getByLabel(/^Amount/).fill("4");
  await bridge.getByLabel("Destination address").fill(SOL_WALLET);
  await review.click();
  await expect(bridge.getByTestId("plan")).toContainText("for 4 USDC");
  await expect(bridge.getByTestId("sign")).toBeEnabled();

  await bridge.getByLabel(/^Amount/).fill("3");
  await expectDiscarded(bridge);
  await review.click();
  await expect(bridge.getByTestId("plan")).toContainText("for 3 USDC");
  await expect(bridge.getByTestId("sign")).toBeEnabled();

  await bridge.getByLabel("Destination address").fill(OTHER_SOL_ADDRESS);
  await expectDiscarded(bridge);
  await review.click();
  await expect(bridge.getByTestId("plan")).toContainText("for 3 USDC");
  await expect(bridge.getByTestId("plan")).toContainText(OTHER_SOL_ADDRESS);
});
