// The Solana test wallet signs a marginfi deposit plan that the chain simulated first (contract §8, issue 14): the plan
// review shows the local chain's verdict (its simulateTransaction checks marginfi's instructions against the IDL the SDK
// ships: testing/chains/solana/wallets.ts) and the units it consumed before the wallet is asked for anything; then the wallet signs and
// the chain receives the signed transaction.
import { marginfi } from "../server/venues/marginfi/descriptor";
import { marginfiProgram } from "../testing/chains/solana/venues/marginfi";
import { allow, expect, test } from "./guarded";
import { CHAIN_RPC_URL, connectWallet, enableTestWallets, opportunityIdOf, routeChainRpc } from "./support";

// The wallet stack's Solana RPC is mainnet's public URL (no NEXT_PUBLIC_SVC_RPC_* in the build); routeChainRpc answers
// it from the local chain RPC, so the guard's "outside request" for that one URL never leaves the machine.
test.use({ allowedErrors: allow(/^outside request: https:\/\/api\.mainnet-beta\.solana\.com\/$/) });

test("Solana wallet signs a marginfi deposit the chain simulated; the review shows the simulation before the wallet opens", async ({ page, request }) => {
  await enableTestWallets(page);
  await routeChainRpc(page);
  const id = await opportunityIdOf(page.request, "marginfi");
  await page.goto(`/opportunities/${id}`);
  await connectWallet(page, /SVC Test Wallet/, "Solana");

  await page.getByLabel(/Deposit amount/).fill("25.5");
  await page.getByRole("button", { name: "Review deposit plan" }).click();
  await expect(page.getByTestId("plan-status")).toHaveText("prepared — your wallet must sign");
  // A new owner: the plan creates the owner's marginfi account (its PDA) and supplies in one transaction.
  const tx = page.getByTestId("transactions").locator("li").first();
  await expect(tx).toContainText("Create the owner's marginfi account");
  // The chain's simulation is on the review, with the units it consumed, while nothing has been signed or sent.
  const simulated = tx.getByTestId("simulation-ok");
  await expect(simulated).toHaveText(/^Simulated by the chain: accepted, about \d+ compute units/);
  const units = Number(/about (\d+) compute units/.exec(await simulated.innerText())?.[1]);
  // Two marginfi instructions (the units the local chain declares for each) plus the compute budget program's own.
  expect(units).toBeGreaterThan(Number(2n * marginfiProgram.units));
  await expect(page.getByTestId("digest")).toHaveCount(0);
  await expect(page.getByTestId("sign")).toBeEnabled();

  await page.getByTestId("sign").click();
  const digest = page.getByTestId("digest");
  await expect(digest).toBeVisible({ timeout: 20_000 });
  const sig = (await digest.innerText()).split(/\s/)[0]?.trim() ?? "";
  expect(sig).toMatch(/^[1-9A-HJ-NP-Za-km-z]{64,88}$/);
  // The chain received what the wallet signed (nothing in the test holds the wallet's key).
  const seen = await request.post(CHAIN_RPC_URL, { data: { jsonrpc: "2.0", id: 1, method: "getTransaction", params: [sig, { encoding: "jsonParsed", maxSupportedTransactionVersion: 0 }] } });
  const landed = (await seen.json()) as { result: { transaction: { message: { accountKeys: { pubkey: string }[] } } } | null };
  expect(landed.result?.transaction.message.accountKeys.map((k) => k.pubkey)).toContain(marginfi.onchain.program);
});
