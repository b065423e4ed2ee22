// The bridge walk (issue 16 item 3) in real Chromium on the production build: move-chain → svm-chain (CCTP V1, the
// route whose both ends the e2e test wallets sign; EVM chains are Map chains where signing is disabled by design).
//   1. Burn: the Sui test wallet (dapp-kit's burner) signs deposit_for_burn; the local chain records it.
//   2. Attestation: the page polls POST /svc/bridge/rescue with backoff; the local Iris (e2e/server.ts, Circle's V1
//      format) first does not know the burn, then lists it PENDING, then attested. Nothing is offered to sign before.
//   3. Receive: the service builds Solana's V1 receive_message for the owner-locked destination and simulates it on the
//      local chain (Circle's V1 programs, the local attester's signature); the Solana test wallet (the destination)
//      signs it; the local chain mints to the recipient.
//   4. Delivery: the page posts the mint transaction; the service confirms it on chain and credits once.
// The walk lives in the URL, so a reload mid-way resumes it. Every step's state is asserted in order.
import { SuiGrpcClient } from "@mysten/sui/grpc";
import { randomBytes } from "node:crypto";
import { getBase58Decoder } from "@solana/kit";
import { Keypair } from "@solana/web3.js";
import type { Hex } from "viem";
import { attest } from "../testing/chains/attester";
import { cctpMessageV1 } from "../testing/chains/cctp-message";
import { toSolanaEnds } from "../testing/chains/solana/cctp";
import { allow, expect, test } from "./guarded";
import { CHAIN_RPC_URL, connectWallet, suiBurnMessage, enableTestWallets, expectNoSeriousA11y, OWNER_KEY, routeChainRpc, screenshots, YIELDS_URL } from "./support";

/** The Solana test wallet's address (components/wallet/test-wallets.ts: seed of 32 sevens). */
const SOL_WALLET = Keypair.fromSeed(new Uint8Array(32).fill(7)).publicKey.toBase58();
const AMOUNT = 4_000_000n;


// The wallets' mainnet RPC URLs are answered by the local chain (support.ts routeChainRpc): they never leave the machine.
test.use({ allowedErrors: allow(/^outside request: https:\/\/(fullnode\.mainnet\.sui\.io|api\.mainnet-beta\.solana\.com)(:443)?\//) });

test("bridge walk move-chain → svm-chain: burn signed, Circle pending then attested, receive signed by the destination wallet, delivery credited once", async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(180_000);
  await enableTestWallets(page);
  await routeChainRpc(page);
  // The page's rescue checks, one list per page load (a reload starts over), and its delivery posts.
  const rescues: number[][] = [[]];
  const deliveries: number[] = [];
  page.on("framenavigated", (f) => {
    if (f === page.mainFrame()) rescues.push([]);
  });
  page.on("request", (r) => {
    if (r.url().endsWith("/api/v1/svc/bridge/rescue")) rescues.at(-1)?.push(Date.now());
    if (r.url().endsWith("/api/v1/svc/bridge/delivery")) deliveries.push(Date.now());
  });

  // ---- the plan, burned by the Sui wallet ----
  await page.goto("/swap");
  const dialog = await connectWallet(page, /Unsafe Burner Wallet/, "Sui");
  const bridge = page.locator(".card").filter({ has: page.getByRole("heading", { name: "Bridge", exact: true }) });
  await bridge.getByLabel("From chain").selectOption("move-chain");
  await bridge.getByLabel("To chain").selectOption("svm-chain");
  await bridge.getByLabel(/^Amount/).fill("4");
  await bridge.getByLabel("Destination address").fill(SOL_WALLET);
  await bridge.getByRole("button", { name: "Review bridge plan" }).click();
  await expect(bridge.getByTestId("plan-status")).toHaveText("prepared — your wallet must sign");
  await expect(bridge.getByTestId("transactions").getByTestId("simulation-ok")).toContainText("Simulated by the chain: accepted");
  // What the burn does to balances, from the Sui node's simulation, before the wallet opens (issue 23).
  const changes = bridge.getByTestId("transactions").getByTestId("balance-changes");
  await expect(changes).toContainText("You send 4 USDC");
  await expect(changes).toContainText(/You send 0\.\d+ SUI/);
  await expect(changes).toContainText("from the chain’s simulation at");
  // What leaves now and what arrives after the receive (an estimate until the receive can be simulated).
  await expect(bridge.getByTestId("bridge-leaves-now")).toContainText("4.000000 USDC from Sui");
  // CCTP V1 from Sui executes no rail fee: the estimate is the whole burn.
  await expect(bridge.getByTestId("bridge-arrives-later")).toContainText("4.000000 USDC on Solana");
  await expect(bridge.getByTestId("bridge-arrives-later")).toContainText("once Circle attests the burn");
  await expect(bridge.getByTestId("bridge-walk")).toHaveCount(0);
  await bridge.getByTestId("sign").click();

  // ---- step 1: the burn, signed ----
  const walk = page.getByTestId("bridge-walk");
  await expect(walk).toBeVisible({ timeout: 30_000 });
  await expect(page).toHaveURL(/bridgePlan=pln_[0-9A-Za-z]+&burnTx=[1-9A-HJ-NP-Za-km-z]{43,44}/);
  const url = new URL(page.url());
  const planId = url.searchParams.get("bridgePlan") ?? "";
  const burnTx = url.searchParams.get("burnTx") ?? "";
  // The local chain holds the burn the wallet in the page signed (nothing in this test has its key).
  const seen = await new SuiGrpcClient({ network: "mainnet", baseUrl: CHAIN_RPC_URL }).core.getTransaction({ digest: burnTx });
  expect(seen.$kind).toBe("Transaction");
  expect((seen.Transaction ?? seen.FailedTransaction).digest).toBe(burnTx);

  // Without the owner key the walk says so, shows no step (it knows nothing of the plan yet) and asks nothing.
  await expect(walk.getByTestId("walk-needs-key")).toBeVisible();
  await expect(walk.getByTestId("step-burn")).toHaveCount(0);
  expect(rescues.flat()).toHaveLength(0);
  await walk.getByLabel("API key (X-API-Key)").fill(OWNER_KEY);
  // The burn is done once the service confirmed it on the source chain (final, sent by the owner, the plan's amount).
  await expect(walk.getByTestId("step-burn")).toHaveAttribute("data-state", "done", { timeout: 30_000 });
  await expect(walk.getByTestId("burn-status")).toContainText("Confirmed on Sui");
  // The id, shown as an explorer link (its link text adds an sr-only hint).
  await expect(walk.getByTestId("burn-tx")).toContainText(burnTx);
  await expect(walk.getByTestId("burn-tx")).toHaveAttribute("href", `https://suiscan.xyz/mainnet/tx/${burnTx}`);

  // ---- step 2: Circle does not know the burn yet, then lists it pending ----
  const attestation = walk.getByTestId("step-attestation");
  const receive = walk.getByTestId("step-receive");
  const delivery = walk.getByTestId("step-delivery");
  await expect(attestation).toHaveAttribute("data-state", "waiting");
  await expect(attestation).toContainText("Waiting for Circle: the attestation service does not know the burn yet");
  await expect(receive).toHaveAttribute("data-state", "idle");
  await expect(receive.getByTestId("sign-receive")).toHaveCount(0);
  await expect(delivery).toHaveAttribute("data-state", "idle");
  // The locked destination is shown before anything is signed on the destination.
  await expect(receive.getByTestId("locked-destination")).toHaveText(SOL_WALLET);

  const owner = { "x-api-key": OWNER_KEY };
  const r0 = await request.post("/api/v1/svc/bridge/rescue", { headers: owner, data: { planId, sourceTxId: burnTx } });
  const { mintRecipient } = (await r0.json()) as { mintRecipient: Hex };
  // The Sui burn as Circle's V1 programs write it for Solana (sender Sui's TokenMessengerMinter, recipient Solana's minter).
  // The message the burn emitted on the chain (its MessageSent event), which Circle attests: Circle's V1 layout for
  // Solana (sender Sui's TokenMessengerMinter, recipient Solana's minter, message sender the depositor).
  const { message, nonce: NONCE, sender } = await suiBurnMessage(burnTx);
  expect(message).toBe(cctpMessageV1(8, 5, NONCE, mintRecipient, AMOUNT, { ...toSolanaEnds(1, 8), messageSender: sender }));
  const iris = (attested: string) =>
    request.post(`${YIELDS_URL}/__e2e/iris`, { data: { key: `8/${burnTx}`, messages: [{ message, attestation: attested, eventNonce: NONCE.toString() }] } });
  expect((await iris("PENDING")).status()).toBe(200);
  await expect(attestation.getByTestId("burn-listed")).toHaveText(`Circle lists the burn: message nonce ${NONCE}, 4 USDC, not attested yet.`, { timeout: 30_000 });
  await expect(attestation).toHaveAttribute("data-state", "waiting");
  await expect(receive.getByTestId("sign-receive")).toHaveCount(0);

  // A reload resumes the walk from the URL (the key stays in this tab's session storage).
  await page.reload();
  // The id, shown as an explorer link once the service names the source chain (its link text adds an sr-only hint).
  await expect(walk.getByTestId("burn-tx")).toContainText(burnTx);
  await expect(attestation.getByTestId("burn-listed")).toBeVisible({ timeout: 30_000 });

  // ---- Circle attests: the receive is built for the locked destination ----
  // Signed by the local attester the local chain's MessageTransmitter trusts.
  expect((await iris(await attest(message))).status()).toBe(200);
  await expect(attestation).toHaveAttribute("data-state", "done", { timeout: 40_000 });
  await expect(attestation).toContainText(`Attested by Circle (message nonce ${NONCE}, 4 USDC).`);
  await expect(receive).toHaveAttribute("data-state", "ready");
  await expect(receive.getByTestId("receive-description")).toContainText(`Mint ${AMOUNT} micro-USDC on svm-chain with CCTP V1 receive_message (nonce ${NONCE})`);
  await expect(receive.getByTestId("locked-destination")).toHaveText(SOL_WALLET);
  // The service simulated the Solana receive (Circle's V1 programs on the local chain verified the attestation and released the USDC).
  await expect(receive.getByTestId("simulation-ok")).toContainText("Simulated by the chain: accepted");
  // What arrives with the receive, from that simulation: the locked destination (the wallet about to sign) gets 4 USDC.
  await expect(receive.getByTestId("balance-changes")).toContainText(/You receive 4(\.0+)? USDC/);
  // The Sui wallet cannot sign a Solana receive: switch to the destination's wallet.
  await expect(receive.getByTestId("sign-receive")).toBeDisabled();
  await expect(receive.getByTestId("receive-sign-reason")).toContainText("connect your Solana wallet");
  await receive.getByRole("button", { name: "Use a Solana wallet" }).click();
  await dialog.getByRole("button", { name: /SVC Test Wallet/ }).click();
  await expect(page.getByTestId("wallet-button")).toContainText("Solana ·");
  await dialog.getByRole("button", { name: "Close" }).click();
  await expect(receive.getByTestId("sign-receive")).toBeEnabled();
  await expectNoSeriousA11y(page);

  // ---- step 3: the destination wallet signs the receive ----
  await receive.getByTestId("sign-receive").click();
  const mint = receive.getByTestId("receive-tx");
  await expect(mint).toBeVisible({ timeout: 20_000 });
  const mintTx = (await mint.innerText()).split(/\s/)[0]?.trim() ?? "";
  expect(mintTx).toMatch(/^[1-9A-HJ-NP-Za-km-z]{64,88}$/);
  await expect(mint).toHaveAttribute("href", `https://solscan.io/tx/${mintTx}`);
  // Signed and sent is not done: the service has not confirmed the mint on chain yet (the local chain finalizes after 2.5 s).
  await expect(receive).toHaveAttribute("data-state", "checking");
  await expect(receive.getByTestId("receive-checking")).toContainText("not confirmed yet");
  await expect(page).toHaveURL(new RegExp(`mintTx=${mintTx}`));
  const status = await request.post(CHAIN_RPC_URL, { data: { jsonrpc: "2.0", id: 1, method: "getSignatureStatuses", params: [[mintTx]] } });
  expect(((await status.json()) as { result: { value: unknown[] } }).result.value[0]).toBeTruthy();

  // ---- step 4: delivery, credited once ----
  await expect(delivery.getByTestId("delivery-credited")).toHaveText(`Credited 4 USDC to ${SOL_WALLET} on Solana (svm-chain).`, { timeout: 40_000 });
  await expect(delivery).toHaveAttribute("data-state", "done");
  await expect(receive).toHaveAttribute("data-state", "done");
  await expectNoSeriousA11y(page);
  await screenshots(page, testInfo, "bridge-walk-delivered");

  // The API agrees: a second delivery credits nothing, the rescue has nothing left to do, the leg is settled.
  const again = await request.post("/api/v1/svc/bridge/delivery", { headers: owner, data: { planId, destTxId: mintTx } });
  expect(again.status()).toBe(200);
  expect(await again.json()).toMatchObject({ status: "delivered", credited: false, creditedMicros: AMOUNT.toString(), destAddress: SOL_WALLET });
  const after = await request.post("/api/v1/svc/bridge/rescue", { headers: owner, data: { planId, sourceTxId: burnTx } });
  expect(await after.json()).toMatchObject({ status: "blocked", blockers: [{ code: "already_delivered" }] });
  const activity = await request.get(`/api/v1/svc/activity?wallet=${SOL_WALLET}`);
  const rows = ((await activity.json()) as { activity: { planId: string; kind: string; status: string; txId: string | null; amountOut: string | null }[] }).activity;
  const legs = rows.filter((x) => x.planId === planId);
  expect(legs).toHaveLength(1);
  expect(legs[0]).toMatchObject({ kind: "bridge", status: "settled", txId: mintTx });

  // A reload after delivery says it was credited already, and credits nothing again.
  await page.reload();
  await expect(delivery.getByTestId("delivery-already")).toContainText("Already credited: 4 USDC", { timeout: 30_000 });

  // Polling backed off: never two automatic rescue checks closer than 2 s, each wait at least the one before.
  const gaps = rescues.flatMap((load) => load.slice(1).map((t, i) => t - (load[i] ?? t)));
  expect(rescues.flat().length).toBeGreaterThanOrEqual(3);
  expect(rescues.flat().length).toBeLessThan(20);
  expect(deliveries.length).toBeLessThan(10);
  expect(gaps.every((g) => g >= 1800), `gaps between rescue checks: ${gaps.join(", ")} ms`).toBe(true);
});

// Issue 22 item 4: the walk trusts only the service and the chains. Ids in the link are hints the service checks.
test.describe("a link's ids are hints, never Done", () => {
  // The answers these tests provoke on purpose: the unknown plan's 404 and a malformed mint id's 400 (and the line
  // Chromium logs for each), and the wallets' mainnet RPC URLs answered by the local chain.
  test.use({
    allowedErrors: allow(
      /^HTTP 404: GET http:\/\/127\.0\.0\.1:\d+\/api\/v1\/svc\/plans\/pln_fake123\?sourceTxId=ABCDEF$/,
      /^HTTP 400: POST http:\/\/127\.0\.0\.1:\d+\/api\/v1\/svc\/bridge\/delivery$/,
      /^console error: Failed to load resource: the server responded with a status of (404 \(Not Found\)|400 \(Bad Request\))$/,
      /^outside request: https:\/\/(fullnode\.mainnet\.sui\.io|api\.mainnet-beta\.solana\.com)(:443)?\//,
    ),
  });

  test("an unknown plan id is 'No such plan' with a way back, never steps", async ({ page }) => {
    await routeChainRpc(page);
    await page.goto("/swap?bridgePlan=pln_fake123&burnTx=ABCDEF");
    const walk = page.getByTestId("bridge-walk");
    await expect(walk).toBeVisible();
    // Before the service answers nothing is shown as done, or at all.
    await expect(walk.getByTestId("walk-needs-key")).toBeVisible();
    await expect(walk.locator(".walk-step")).toHaveCount(0);
    await walk.getByLabel("API key (X-API-Key)").fill(OWNER_KEY);
    const none = walk.getByTestId("walk-no-plan");
    await expect(none).toBeVisible();
    await expect(none.getByRole("heading", { name: "No such plan" })).toBeVisible();
    await expect(none).toContainText("The service has no plan pln_fake123");
    await expect(walk.locator(".walk-step")).toHaveCount(0);
    await expect(walk).not.toContainText("Done");
    await expect(walk).not.toContainText("Signed and sent");
    await expectNoSeriousA11y(page);
    await none.getByRole("link", { name: "Back to swap and bridge" }).click();
    await expect(page).toHaveURL(/\/swap$/);
    await expect(page.getByTestId("bridge-walk")).toHaveCount(0);
  });

  test("a real plan with a made-up burn and mint: neither step is Done, a malformed id says so", async ({ page, request }) => {
    test.setTimeout(90_000);
    await routeChainRpc(page);
    // A prepared move-chain → svm-chain plan for an owner the local chain funds (nothing of it was ever signed).
    const owner = `0x${"5a".repeat(32)}`;
    const planned = await request.post("/api/v1/svc/bridge/plan", {
      data: { sourceChain: "move-chain", destChain: "svm-chain", amountMicros: "4000000", sourceAddress: owner, destAddress: SOL_WALLET },
    });
    const plan = (await planned.json()) as { planId: string; status: string };
    expect(plan.status).toBe("prepared");
    // Well-formed ids no chain knows: a Sui digest (32 bytes) and a Solana signature (64 bytes), base58.
    const b58 = (n: number) => getBase58Decoder().decode(randomBytes(n));
    const fakeBurn = b58(32);
    const fakeMint = b58(64);
    const checks: string[] = [];
    page.on("request", (r) => {
      if (r.url().includes(`/api/v1/svc/plans/${plan.planId}`)) checks.push(r.url());
    });
    await page.addInitScript((k) => sessionStorage.setItem("svc.apiKey", k), OWNER_KEY);
    await page.goto(`/swap?bridgePlan=${plan.planId}&burnTx=${fakeBurn}&mintTx=${fakeMint}`);
    const walk = page.getByTestId("bridge-walk");
    const burn = walk.getByTestId("step-burn");
    const receive = walk.getByTestId("step-receive");
    await expect(burn).toHaveAttribute("data-state", "checking");
    await expect(burn.getByTestId("burn-status")).toContainText("Sui (move-chain) has not confirmed it as this plan's burn yet");
    await expect(receive).toHaveAttribute("data-state", "checking");
    await expect(receive.getByTestId("receive-checking")).toContainText("not confirmed yet");
    // The service was asked again (with backoff) and still confirms neither; nothing was offered to sign.
    await expect.poll(() => checks.length, { timeout: 20_000 }).toBeGreaterThanOrEqual(2);
    await expect(walk.locator('[data-state="done"]')).toHaveCount(0);
    await expect(walk.getByTestId("step-attestation")).toHaveAttribute("data-state", "idle");
    await expect(walk.getByTestId("step-delivery")).not.toHaveAttribute("data-state", "done");
    await expect(walk.getByTestId("sign-receive")).toHaveCount(0);
    await expect(walk).not.toContainText("Done");

    // Malformed ids: the service says what they are not.
    await page.goto(`/swap?bridgePlan=${plan.planId}&burnTx=ABCDEF&mintTx=XYZ`);
    await expect(burn).toHaveAttribute("data-state", "blocked");
    await expect(burn.getByTestId("burn-problem")).toContainText("ABCDEF is not a transaction id on move-chain");
    await expect(receive).toHaveAttribute("data-state", "blocked");
    await expect(receive.getByTestId("receive-problem")).toContainText("The service did not accept XYZ as this plan's receive");
    await expect(walk.locator('[data-state="done"]')).toHaveCount(0);
    await expectNoSeriousA11y(page);
  });
});
