// Portfolio and activity for a wallet with ledger data (seeded through the owner-key route endpoint, the way
// a confirmed deposit lands in the ledger), per-chain balances, and N/A when a chain's RPC fails.
import { getBase58Decoder } from "@solana/kit";
import { Keypair } from "@solana/web3.js";
import { expect, test } from "./guarded";
import { type Received, startReceiver } from "../tests/support/receiver";
import { KEEPER_KEY, OWNER_KEY, YIELDS_URL } from "./support";

test("positions, balances and the activity log grouped by plan", async ({ page, request }) => {
  const wallet = Keypair.generate().publicKey.toBase58();
  // A well-formed Solana signature (base58 of 64 bytes): route refuses an id of another shape (400).
  const txId = getBase58Decoder().decode(crypto.getRandomValues(new Uint8Array(64)));
  const r = await request.post(`/api/v1/wallets/${wallet}/route`, {
    headers: { "x-api-key": OWNER_KEY },
    data: { amountMicros: "25000000", token: "USDC", stake: true, chain: "svm-chain", strategyId: "kamino", txId },
  });
  expect(r.status(), await r.text()).toBe(200);
  const route = (await r.json()) as { actionId: string };

  await page.goto(`/portfolio?wallet=${wallet}`);
  await expect(page.getByTestId("portfolio-wallet")).toHaveText(wallet);
  const position = page.getByTestId("position-row").filter({ hasText: /kamino/i });
  await expect(position).toContainText("Solana (svm-chain)");
  // The ledger's figure, labeled recorded, and said to be unchecked: the route only gave an id.
  await expect(position.getByTestId("position-recorded")).toHaveText(/^25\.00 USDC/);
  await expect(position.getByTestId("position-unconfirmed")).toContainText("not checked on chain");
  // What the chain says, not the ledger: the local chain's book gives every wallet 400 cUSDC (testing/chains/solana/
  // wallets.ts), worth 500.00 at the reserve's 1.25, whatever the route recorded.
  await expect(position.getByTestId("position-current")).toHaveText(/^500\.00 USDC/);
  await expect(position.getByTestId("position-current")).toContainText("from the chain");
  // ROI is taken against the chain's figure, over the recorded cost basis: (500 − 25) / 25 = 1900.00 %.
  await expect(position.getByTestId("position-roi")).toHaveText("1900.00%");
  await expect(page.getByTestId("portfolio-totals")).toContainText("Deposited 25");
  await expect(page.getByTestId("portfolio-totals")).toContainText("recorded 25");
  // The route's id is the caller's word: the position's proof is never confirmed (the API says so too).
  const pub = await request.get(`/api/v1/svc/portfolio?wallet=${wallet}`);
  expect(pub.status()).toBe(200);
  expect(((await pub.json()) as { positions: { venueId: string; proof: { confirmed: boolean } }[] }).positions).toEqual([
    expect.objectContaining({ venueId: "kamino", proof: expect.objectContaining({ confirmed: false }) }),
  ]);
  // No reconciliation yet: no badge. A keeper's reconciliation finds the chain holding 500 where the ledger expects 25:
  // the position says it differs from the chain, the ledger keeps its 25, and a subscribed receiver gets position.drift.
  await expect(position.getByTestId("position-drift")).toHaveCount(0);
  const rx = await startReceiver();
  const sub = await request.post("/api/v1/svc/webhooks", { headers: { "x-api-key": OWNER_KEY }, data: { url: `${rx.url}/hook`, events: ["position.drift"] } });
  expect(sub.status(), await sub.text()).toBe(201);
  const { id: subscription } = (await sub.json()) as { id: string };
  try {
    const rec = await request.post("/api/v1/svc/reconcile", { headers: { "x-api-key": KEEPER_KEY }, data: { wallet } });
    expect(rec.status(), await rec.text()).toBe(200);
    expect(await rec.json()).toMatchObject({ drifts: 1, findings: [{ venueId: "kamino", status: "drift", recordedMicros: "25000000", chainMicros: "500000000", notified: true }] });
    const mine = (all: Received[]) => all.map((r) => JSON.parse(r.rawBody) as { type: string; wallet?: string; data?: unknown }).filter((e) => e.type === "position.drift" && e.wallet === wallet);
    await rx.waitFor((all) => mine(all).length > 0, 30_000);
    expect(mine(rx.received)[0]).toMatchObject({ data: { venueId: "kamino", chain: "svm-chain", recordedMicros: "25000000", chainMicros: "500000000", driftMicros: "475000000" } });
  } finally {
    await request.delete(`/api/v1/svc/webhooks/${subscription}`, { headers: { "x-api-key": OWNER_KEY } });
    await rx.close();
  }
  await page.reload();
  await expect(position.getByTestId("position-drift")).toHaveText("differs from chain by 475.00 USDC");
  await expect(position.getByTestId("position-recorded")).toHaveText(/^25\.00 USDC/);

  const group = page.getByTestId("activity-group").filter({ hasText: route.actionId });
  const row = group.getByTestId("activity-row").first();
  await expect(row).toContainText("deposit");
  await expect(row).toContainText("25.00");
  await expect(row.getByRole("link")).toHaveAttribute("href", `https://solscan.io/tx/${txId}`);
  // The route's amount is the caller's word, not read from a transaction: the row says so beside the figure.
  await expect(row.getByTestId("activity-amount-source")).toHaveText("from the request: no transaction read");

  // The local Solana RPC answers: a number (0), not N/A.
  await expect(page.getByTestId("balances")).toContainText("Solana (svm-chain)");
  await expect(page.getByTestId("balances").getByTestId("balance-na")).toHaveCount(0);
});

test("balances of a chain whose RPC fails show N/A with the reason, never a number", async ({ page }) => {
  await page.goto("/portfolio?wallet=0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266");
  const balances = page.getByTestId("balances");
  await expect(balances).toContainText("Base (evm-a)");
  // Base's RPC is a closed port in the e2e stack (Arbitrum's is the local EVM, where this account holds test USDC).
  const base = balances.getByTestId("balance-chain-evm-a");
  await expect(base.getByTestId("balance-na").first()).toBeVisible();
  await expect(base).not.toContainText(/\d+(\.\d+)? (ETH|USDC)/);
  await expect(page.getByText("No positions for this wallet yet.")).toBeVisible();
});

test("a position whose worth the chain cannot give: on chain and ROI show — with the reason, the recorded figure stays", async ({ page, request }) => {
  // A Sui wallet with a NAVI position in the ledger; the e2e chain holds no NAVI storage, so its worth cannot be read.
  const wallet = `0x${Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString("hex")}`;
  const txId = getBase58Decoder().decode(crypto.getRandomValues(new Uint8Array(32)));
  const r = await request.post(`/api/v1/wallets/${wallet}/route`, {
    headers: { "x-api-key": OWNER_KEY },
    data: { amountMicros: "12000000", token: "USDC", stake: true, chain: "move-chain", strategyId: "navi", txId },
  });
  expect(r.status(), await r.text()).toBe(200);
  await page.goto(`/portfolio?wallet=${wallet}`);
  const position = page.getByTestId("position-row").filter({ hasText: /navi/i });
  await expect(position.getByTestId("position-recorded")).toHaveText(/^12\.00 USDC/);
  const current = position.getByTestId("position-current");
  await expect(current.getByTestId("position-current-missing")).toBeVisible();
  await expect(current).not.toContainText(/\d+\.\d{2} USDC/);
  // The reason is written out beside the dash, not only in a tooltip.
  await expect(current).toContainText(/NAVI/);
  await expect(position.getByTestId("position-roi")).toHaveText(/^—/);
  await expect(page.getByTestId("portfolio-totals")).toContainText("recorded 12 USD · on chain now —");
});

test("RPC down: the chain's RPC not answering, a position's on chain and ROI show — with the reason, and the API says currentMicros null", async ({ page, request }) => {
  const wallet = Keypair.generate().publicKey.toBase58();
  const txId = getBase58Decoder().decode(crypto.getRandomValues(new Uint8Array(64)));
  const r = await request.post(`/api/v1/wallets/${wallet}/route`, {
    headers: { "x-api-key": OWNER_KEY },
    data: { amountMicros: "7000000", token: "USDC", stake: true, chain: "svm-chain", strategyId: "kamino", txId },
  });
  expect(r.status(), await r.text()).toBe(200);
  // The local chain (Solana and Sui) drops every connection until the test ends (workers: 1, so no other test sees it).
  const chain = (down: boolean) => request.post(`${YIELDS_URL}/__e2e/chain`, { data: { down } });
  expect((await chain(true)).status()).toBe(200);
  try {
    const pub = await request.get(`/api/v1/svc/portfolio?wallet=${wallet}`);
    expect(pub.status()).toBe(200);
    const [p] = ((await pub.json()) as { positions: { currentMicros: string | null; currentReason: string | null; roiPct: number | null; recordedMicros: string }[] }).positions;
    expect(p).toMatchObject({ currentMicros: null, roiPct: null, recordedMicros: "7000000" });
    expect(p?.currentReason).toBeTruthy();
    await page.goto(`/portfolio?wallet=${wallet}`);
    const position = page.getByTestId("position-row").filter({ hasText: /kamino/i });
    await expect(position.getByTestId("position-recorded")).toHaveText(/^7\.00 USDC/);
    const current = position.getByTestId("position-current");
    await expect(current.getByTestId("position-current-missing")).toBeVisible();
    await expect(current).toContainText(p?.currentReason?.slice(0, 40) ?? "(no reason)");
    await expect(current).not.toContainText(/\d+\.\d{2} USDC/);
    await expect(position.getByTestId("position-roi")).toHaveText(/^—/);
    await expect(page.getByTestId("portfolio-totals")).toContainText("on chain now —");
  } finally {
    await chain(false);
  }
});

test("RPC down after a drift was found: on chain shows — with the reason and, beside it, the drift badge with what the last check found and when", async ({ page, request }) => {
  const wallet = Keypair.generate().publicKey.toBase58();
  const txId = getBase58Decoder().decode(crypto.getRandomValues(new Uint8Array(64)));
  const r = await request.post(`/api/v1/wallets/${wallet}/route`, {
    headers: { "x-api-key": OWNER_KEY },
    data: { amountMicros: "7000000", token: "USDC", stake: true, chain: "svm-chain", strategyId: "kamino", txId },
  });
  expect(r.status(), await r.text()).toBe(200);
  // While the chain answers, a reconciliation finds it holding 500 (400 cUSDC at 1.25) where the ledger expects 7.
  const rec = await request.post("/api/v1/svc/reconcile", { headers: { "x-api-key": KEEPER_KEY }, data: { wallet } });
  expect(rec.status(), await rec.text()).toBe(200);
  expect(await rec.json()).toMatchObject({ drifts: 1, findings: [{ venueId: "kamino", status: "drift", chainMicros: "500000000" }] });
  const chain = (down: boolean) => request.post(`${YIELDS_URL}/__e2e/chain`, { data: { down } });
  expect((await chain(true)).status()).toBe(200);
  try {
    // A reconciliation with the chain down reads nothing (and drops the kept read of the one before): the drift stays.
    const again = await request.post("/api/v1/svc/reconcile", { headers: { "x-api-key": KEEPER_KEY }, data: { wallet } });
    expect(again.status(), await again.text()).toBe(200);
    expect(await again.json()).toMatchObject({ findings: [{ venueId: "kamino", status: "unreadable" }] });
    // The API: no current figure now, the recorded drift still there.
    const pub = await request.get(`/api/v1/svc/portfolio?wallet=${wallet}`);
    expect(pub.status()).toBe(200);
    type Drift = { driftMicros: string; chainMicros: string; expectedMicros: string; checkedAt: string; since: string };
    const [p] = ((await pub.json()) as { positions: { currentMicros: string | null; currentReason: string | null; drift: Drift | null }[] }).positions;
    expect(p).toMatchObject({ currentMicros: null, drift: { driftMicros: "493000000", chainMicros: "500000000", expectedMicros: "7000000" } });
    expect(p?.currentReason).toBeTruthy();
    await page.goto(`/portfolio?wallet=${wallet}`);
    const position = page.getByTestId("position-row").filter({ hasText: /kamino/i });
    const current = position.getByTestId("position-current");
    // "—" with the reason: no figure for now…
    const missing = current.getByTestId("position-current-missing");
    await expect(missing).toBeVisible();
    await expect(missing).toContainText(p?.currentReason?.slice(0, 40) ?? "(no reason)");
    await expect(missing).not.toContainText(/\d+\.\d{2} USDC/);
    // …and beside it the badge, with what the last check read and when.
    await expect(current.getByTestId("position-drift")).toHaveText("differs from chain by 493.00 USDC");
    const check = current.getByTestId("position-drift-check");
    await expect(check).toContainText("chain 500.00 USDC, ledger expects 7.00 USDC");
    // Since when the chain has differed (the check that found it), then this later check that could not read it.
    await expect(check.locator("time").first()).toHaveAttribute("datetime", p?.drift?.since ?? "(no since)");
    await expect(check.locator("time").nth(1)).toHaveAttribute("datetime", p?.drift?.checkedAt ?? "(no check)");
    expect(Date.parse(p?.drift?.since ?? "")).toBeLessThan(Date.parse(p?.drift?.checkedAt ?? ""));
    await expect(position.getByTestId("position-roi")).toHaveText(/^—/);
  } finally {
    await chain(false);
  }
});
