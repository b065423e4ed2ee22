// A cross-chain deposit in the dashboard (issue 23): bridge move-chain → svm-chain continuing into Kamino. The Sui test
// wallet signs the burn only; after Circle attests, the destination's Solana test wallet signs the receive, the service
// credits the minted USDC as liquid, and the walk offers the continuation: "Deposit 5 USDC into kamino — Sign" opens
// the deposit plan's review (the chain's simulated balance changes, the network fee), the same wallet signs it, the
// service confirms it on the local chain and records it as leg 2 of the bridge plan.
import { Keypair } from "@solana/web3.js";
import type { Hex } from "viem";
import { attest } from "../testing/chains/attester";
import { cctpMessageV1 } from "../testing/chains/cctp-message";
import { toSolanaEnds } from "../testing/chains/solana/cctp";
import { allow, expect, test } from "./guarded";
import { connectWallet, suiBurnMessage, enableTestWallets, expectNoSeriousA11y, OWNER_KEY, routeChainRpc, YIELDS_URL } from "./support";

/** A Solana test wallet of its own (seed byte 11; components/wallet/test-wallets.ts): no other spec deposits from it. */
const SEED = 11;
const SOL_WALLET = Keypair.fromSeed(new Uint8Array(32).fill(SEED)).publicKey.toBase58();
const AMOUNT = 5_000_000n;

test.use({ allowedErrors: allow(/^outside request: https:\/\/(fullnode\.mainnet\.sui\.io|api\.mainnet-beta\.solana\.com)(:443)?\//) });

test("bridge into Kamino: after the delivery the walk offers the continuation's deposit, reviewed and signed by the destination wallet, recorded as leg 2", async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  await enableTestWallets(page, { solanaSeed: SEED });
  await routeChainRpc(page);
  await page.addInitScript((k) => sessionStorage.setItem("svc.apiKey", k), OWNER_KEY);

  // ---- the plan: a bridge continuing into Kamino on the destination, burned by the Sui wallet ----
  await page.goto("/swap");
  const dialog = await connectWallet(page, /Unsafe Burner Wallet/, "Sui");
  const bridge = page.locator(".card").filter({ has: page.getByRole("heading", { name: "Bridge", exact: true }) });
  await bridge.getByLabel("From chain").selectOption("move-chain");
  await bridge.getByLabel("To chain").selectOption("svm-chain");
  await bridge.getByLabel(/^Amount/).fill("5");
  await bridge.getByLabel("Destination address").fill(SOL_WALLET);
  await bridge.getByLabel("Then deposit into (optional)").selectOption("kamino");
  await bridge.getByRole("button", { name: "Review bridge plan" }).click();
  await expect(bridge.getByTestId("plan-status")).toHaveText("prepared — your wallet must sign");
  // The review lists the destination deposit too; it cannot be simulated before the USDC arrives, and says so.
  const txs = bridge.getByTestId("transactions").locator("li");
  await expect(txs).toHaveCount(2);
  await expect(txs.nth(1)).toContainText("(Solana (svm-chain), deposit)");
  await expect(txs.nth(1).getByTestId("simulation-unavailable")).toContainText("delivery answer");
  await bridge.getByTestId("sign").click();

  // ---- the walk: burn confirmed, Circle attests, the destination wallet signs the receive ----
  const walk = page.getByTestId("bridge-walk");
  await expect(walk.getByTestId("step-burn")).toHaveAttribute("data-state", "done", { timeout: 30_000 });
  const url = new URL(page.url());
  const planId = url.searchParams.get("bridgePlan") ?? "";
  const burnTx = url.searchParams.get("burnTx") ?? "";
  const owner = { "x-api-key": OWNER_KEY };
  const r0 = await request.post("/api/v1/svc/bridge/rescue", { headers: owner, data: { planId, sourceTxId: burnTx } });
  const { mintRecipient } = (await r0.json()) as { mintRecipient: Hex };
  // The message the burn emitted on the chain (its MessageSent event), which Circle attests: Circle's V1 layout for
  // Solana (sender Sui's TokenMessengerMinter, recipient Solana's minter, message sender the depositor).
  const { message, nonce: NONCE, sender } = await suiBurnMessage(burnTx);
  expect(message).toBe(cctpMessageV1(8, 5, NONCE, mintRecipient, AMOUNT, { ...toSolanaEnds(1, 8), messageSender: sender }));
  const iris = await request.post(`${YIELDS_URL}/__e2e/iris`, {
    data: { key: `8/${burnTx}`, messages: [{ message, attestation: await attest(message), eventNonce: NONCE.toString() }] },
  });
  expect(iris.status()).toBe(200);
  const receive = walk.getByTestId("step-receive");
  await expect(receive).toHaveAttribute("data-state", "ready", { timeout: 40_000 });
  // The deposit is announced, and not offered before the delivery.
  await expect(walk.getByTestId("step-continuation")).toHaveAttribute("data-state", "idle");
  await expect(walk.getByTestId("step-continuation")).toContainText("Deposit into kamino");
  await expect(walk.getByTestId("step-continuation")).toContainText("Offered once the delivery is credited");
  await expect(walk.getByTestId("continuation-open")).toHaveCount(0);
  await receive.getByRole("button", { name: "Use a Solana wallet" }).click();
  await dialog.getByRole("button", { name: /SVC Test Wallet/ }).click();
  await expect(page.getByTestId("wallet-button")).toContainText("Solana ·");
  await dialog.getByRole("button", { name: "Close" }).click();
  await receive.getByTestId("sign-receive").click();
  const delivery = walk.getByTestId("step-delivery");
  await expect(delivery.getByTestId("delivery-credited")).toHaveText(`Credited 5 USDC to ${SOL_WALLET} on Solana (svm-chain).`, { timeout: 40_000 });

  // ---- step 5: the continuation, offered once the USDC is in the destination wallet ----
  const step = walk.getByTestId("step-continuation");
  await expect(step).toHaveAttribute("data-state", "ready");
  await expect(step.getByTestId("continuation-headline")).toHaveText("Deposit 5 USDC into kamino on Solana (svm-chain)");
  await step.getByTestId("continuation-open").click();
  const review = step.getByTestId("continuation-review");
  await expect(review.getByTestId("plan-status")).toHaveText("prepared — your wallet must sign");
  await expect(review.getByTestId("plan")).toContainText("deposit on Solana (svm-chain) (kamino)");
  // What the deposit does, from the destination chain's simulation now, before the wallet opens.
  const changes = review.getByTestId("transactions").getByTestId("balance-changes");
  await expect(changes).toContainText("You send 5 USDC");
  await expect(changes).toContainText("from the chain’s simulation at");
  await expect(review.getByTestId("fees")).toContainText(/Network fee \(gas\), paid by the owner's wallet: about 0\.\d+ SOL, from the chain’s simulation/);
  await expectNoSeriousA11y(page);
  await review.getByTestId("sign").click();
  const digest = review.getByTestId("digest");
  await expect(digest).toBeVisible({ timeout: 20_000 });
  const depositTx = (await digest.innerText()).split(/\s/)[0]?.trim() ?? "";
  expect(depositTx).toMatch(/^[1-9A-HJ-NP-Za-km-z]{64,88}$/);
  await expect(review.getByTestId("settlement")).toHaveText("Settled: 5.000000 USDC deposited into kamino.", { timeout: 30_000 });

  // ---- the ledger: leg 2 of the bridge plan, proven by the deposit's own transaction ----
  const activity = await request.get(`/api/v1/svc/activity?wallet=${SOL_WALLET}`);
  type Row = { planId: string; legIndex: number; kind: string; status: string; txId: string | null; amountOut: string | null };
  const legs = ((await activity.json()) as { activity: Row[] }).activity.filter((x) => x.planId === planId).sort((a, b) => a.legIndex - b.legIndex);
  expect(legs.map((l) => [l.legIndex, l.kind, l.status])).toEqual([
    [0, "bridge", "settled"],
    [1, "swap", "settled"],
    [2, "deposit", "settled"],
  ]);
  expect(legs[2]?.txId).toBe(depositTx);
  expect(legs[0]?.txId).not.toBe(depositTx);

  // A reload resumes the walk: the continuation is done, names its transaction and offers nothing to sign.
  await page.reload();
  await expect(step).toHaveAttribute("data-state", "done", { timeout: 30_000 });
  await expect(step.getByTestId("continuation-done")).toContainText(`Deposited 5 USDC into kamino on Solana (svm-chain): ${depositTx}`);
  await expect(step.getByTestId("continuation-open")).toHaveCount(0);

  // The portfolio holds the deposit as recorded.
  await page.goto(`/portfolio?wallet=${SOL_WALLET}`);
  const position = page.getByTestId("position-row").filter({ hasText: /kamino/i });
  await expect(position.getByTestId("position-recorded")).toHaveText(/^5\.00 USDC/);
});
