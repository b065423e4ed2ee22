// Connect a test wallet of each family, request a deposit plan, see its fee lines, sign, follow to settlement.
// Test wallets: wagmi's mock connector (EVM), dApp Kit's unsafe burner (Sui: signs in the page, resolves and executes
// over gRPC-web through its SuiGrpcClient), a Wallet Standard wallet registered in the page (Solana). They exist only
// because this suite sets window.__SVC_TEST_WALLETS__ before the page loads.
import { SuiGrpcClient } from "@mysten/sui/grpc";
import type { APIRequestContext, Page } from "@playwright/test";
import { allow, expect, ROUTED_CHAIN_RPC, test } from "./guarded";
import { CHAIN_RPC_URL, connectWallet, enableTestWallets, expectNoSeriousA11y, opportunityIdOf, routeChainRpc, screenshots } from "./support";

interface Family {
  family: "Sui" | "Solana" | "EVM";
  wallet: RegExp;
  chain: string;
  strategyId: string;
  executable: boolean;
  /** The chain's RPC answers in the e2e stack, so the venue's ids can be proven and a plan prepared. */
  rpcUp: boolean;
}

const FAMILIES: Family[] = [
  { family: "Sui", wallet: /Unsafe Burner Wallet/, chain: "move-chain", strategyId: "scallop", executable: true, rpcUp: true },
  { family: "Solana", wallet: /SVC Test Wallet/, chain: "svm-chain", strategyId: "kamino", executable: true, rpcUp: true },
  { family: "EVM", wallet: /Mock Connector/, chain: "evm-a", strategyId: "aave-v3-base", executable: false, rpcUp: false },
];

async function connect(page: Page, f: Family): Promise<void> {
  await connectWallet(page, f.wallet, f.family);
}

/** Connects, opens the venue's page and asks for a 5 USDC withdraw plan. */
async function withdrawPlan(page: Page, f: Family, strategyId: string): Promise<void> {
  const id = await opportunityIdOf(page.request, strategyId);
  await page.goto(`/opportunities/${id}`);
  await connect(page, f);
  await page.getByRole("tab", { name: "Withdraw" }).click();
  await page.getByLabel(/Withdraw amount/).fill("5");
  await page.getByRole("button", { name: "Review withdraw plan" }).click();
}

/** Connects, opens the venue's page and prepares a 25.5 USDC deposit plan; returns the plan's id. */
async function depositPlan(page: Page, f: Family): Promise<string> {
  const id = await opportunityIdOf(page.request, f.strategyId);
  await page.goto(`/opportunities/${id}`);
  await connect(page, f);
  await page.getByLabel(/Deposit amount/).fill("25.5");
  await expect(page.getByTestId("amount-hint").first()).toContainText("= 25.5 USDC (25500000 base units");
  await page.getByRole("button", { name: "Review deposit plan" }).click();
  const plan = page.getByTestId("plan");
  await expect(plan).toBeVisible();
  const text = (await plan.innerText()).match(/pln_[0-9A-Za-z]+/);
  expect(text, "the plan id is shown").not.toBeNull();
  return text?.[0] ?? "";
}

for (const f of FAMILIES) {
  test.describe(`${f.family} wallet`, () => {
    // The wallet's chain RPC requests, answered by the local chain RPC (routeChainRpc below).
    test.use({ allowedErrors: allow(...ROUTED_CHAIN_RPC) });
    test.beforeEach(async ({ page }) => {
      await enableTestWallets(page);
      await routeChainRpc(page);
    });

    test("connects from the one connect button, loading wallet code only then", async ({ page }) => {
      const walletChunks: string[] = [];
      page.on("request", (r) => {
        if (r.resourceType() === "script") walletChunks.push(r.url());
      });
      await page.goto("/");
      await page.waitForLoadState("networkidle");
      const before = walletChunks.length;
      await connect(page, f);
      expect(walletChunks.length, "opening the dialog fetches the wallet stack chunks").toBeGreaterThan(before);
      // The connection survives client-side navigation.
      await page.getByRole("link", { name: "Portfolio" }).click();
      await expect(page.getByTestId("portfolio-wallet")).toBeVisible();
    });

    test(`requests a ${f.strategyId} deposit plan and shows its fee lines${f.rpcUp ? "" : " (or, its RPC down, why it is blocked)"}`, async ({ page }, testInfo) => {
      await depositPlan(page, f);
      const plan = page.getByTestId("plan");
      if (!f.rpcUp) {
        // Base's RPC is a closed port in the e2e stack: the Pool cannot be proven to be the address book provider's
        // getPool() (server/venues/shared/prove.ts), so nothing is built or offered for signing, and the page says why.
        await expect(page.getByTestId("plan-status")).toHaveText("blocked");
        const blockers = page.getByTestId("blockers");
        await expect(blockers).toContainText("(venue_state_unavailable)");
        await expect(blockers).toContainText(/Aave v3 (Pool|aToken) 0x[0-9a-fA-F]{40} is .* could not be read from the chain's RPC/);
        await expect(page.getByTestId("sign")).toBeDisabled();
        await expectNoSeriousA11y(page);
        await screenshots(page, testInfo, `deposit-plan-${f.family.toLowerCase()}-unproven`);
        return;
      }
      await expect(page.getByTestId("plan-status")).toHaveText("prepared — your wallet must sign");
      await expect(plan).toContainText("for 25.5 USDC");
      await expect(page.getByTestId("fees")).toContainText("Principal fee: 0 USDC");
      await expect(page.getByTestId("fees")).not.toContainText("base units");
      await expect(page.getByTestId("estimates")).toBeVisible();
      await expect(plan).toContainText("Estimates (not guarantees)");
      // The owner was sent along, so the plan carries the transaction(s) the wallet will sign.
      await expect(page.getByTestId("transactions").locator("li").first()).toBeVisible();
      // Each transaction says what the chain's simulation said before the wallet opens (or why there was none).
      await expect(page.getByTestId("transactions").locator("li").first()).toContainText(/Simulated by the chain|Not simulated|rejected/);
      // The local Solana chain checks klend's instructions against its IDL (testing/chains/solana/wallets.ts): the Kamino plan passed.
      if (f.family === "Solana") await expect(page.getByTestId("transactions").getByTestId("simulation-ok")).toContainText("Simulated by the chain: accepted");
      if (f.executable) {
        await expect(page.getByTestId("sign")).toBeEnabled();
        await expect(page.getByTestId("sign-disabled-reason")).toHaveCount(0);
      } else {
        await expect(page.getByTestId("sign")).toBeDisabled();
        await expect(page.getByTestId("sign-disabled-reason")).toContainText("Base (evm-a) is a Map chain");
        await expect(page.getByTestId("sign-disabled-reason")).toContainText("signing is disabled");
      }
      await expectNoSeriousA11y(page);
      await screenshots(page, testInfo, `deposit-plan-${f.family.toLowerCase()}`);
    });
  });
}

/** The chain's own record of a transaction: Solana's signature status (JSON-RPC), Sui's GetTransaction (gRPC-web). */
type Seen = (request: APIRequestContext, sig: string) => Promise<unknown>;

const solanaSeen: Seen = async (request, sig) => {
  const r = await request.post(CHAIN_RPC_URL, { data: { jsonrpc: "2.0", id: 1, method: "getSignatureStatuses", params: [[sig]] } });
  const body = (await r.json()) as { result?: { value: unknown[] }; error?: unknown };
  expect(body.error).toBeUndefined();
  return body.result?.value[0];
};

const suiSeen: Seen = async (_request, digest) => {
  const client = new SuiGrpcClient({ network: "mainnet", baseUrl: CHAIN_RPC_URL });
  const r = await client.core.getTransaction({ digest });
  const t = r.Transaction ?? r.FailedTransaction;
  expect(r.$kind).toBe("Transaction");
  return t.digest === digest ? t : null;
};

const SIGNERS: { f: Family; explorer: string; digest: RegExp; seen: Seen; pending: string }[] = [
  {
    f: FAMILIES[1] as Family,
    explorer: "https://solscan.io/tx/",
    digest: /^[1-9A-HJ-NP-Za-km-z]{64,88}$/,
    seen: solanaSeen,
    pending: "Waiting for Solana (svm-chain) to confirm it: not_final",
  },
  {
    f: FAMILIES[0] as Family,
    explorer: "https://suiscan.xyz/mainnet/tx/",
    digest: /^[1-9A-HJ-NP-Za-km-z]{43,44}$/,
    seen: suiSeen,
    pending: "Waiting for Sui (move-chain) to confirm it: not_final",
  },
];

for (const { f, explorer, digest: digestShape, seen, pending } of SIGNERS) {
  test.describe(`${f.family} wallet signs a ${f.strategyId} deposit`, () => {
    // The wallet's chain RPC requests, answered by the local chain RPC (routeChainRpc below).
    test.use({ allowedErrors: allow(...ROUTED_CHAIN_RPC) });
    test.beforeEach(async ({ page }) => {
      await enableTestWallets(page);
      await routeChainRpc(page);
    });

    test("the wallet signs and the chain RPC receives the transaction", async ({ page, request }) => {
      // Every call the page makes to the Sui full node, by path (gRPC-web: /sui.rpc.v2.<Service>/<Method>).
      const suiCalls: string[] = [];
      page.on("request", (r) => {
        const u = new URL(r.url());
        if (u.hostname === "fullnode.mainnet.sui.io" && r.method() === "POST") suiCalls.push(u.pathname);
      });
      await depositPlan(page, f);
      await page.getByTestId("sign").click();
      const digest = page.getByTestId("digest");
      await expect(digest).toBeVisible({ timeout: 20_000 });
      const sig = (await digest.innerText()).split(/\s/)[0]?.trim() ?? "";
      expect(sig).toMatch(digestShape);
      await expect(digest).toHaveAttribute("href", `${explorer}${sig}`);
      // The chain saw it (the wallet in the page signed it; nothing here has its key).
      expect(await seen(request, sig)).toBeTruthy();
      if (f.family === "Sui") {
        // The wallet resolved, simulated and executed over gRPC: no JSON-RPC call to the full node.
        expect(suiCalls).toContain("/sui.rpc.v2.TransactionExecutionService/ExecuteTransaction");
        expect(suiCalls.filter((p) => !p.startsWith("/sui.rpc.v2."))).toEqual([]);
      }
    });

    test("the service confirms the digest, then the portfolio shows the position and the activity row", async ({ page }, testInfo) => {
      const planId = await depositPlan(page, f);
      await page.getByTestId("sign").click();
      await expect(page.getByTestId("digest")).toBeVisible({ timeout: 20_000 });
      const sig = (await page.getByTestId("digest").innerText()).split(/\s/)[0]?.trim() ?? "";
      // The page reports { planId, digest } and follows 202 pending (the local chain holds a new transaction as
      // not final for a moment) → 200 done.
      await expect(page.getByTestId("settlement")).toContainText(pending);
      await expect(page.getByTestId("settlement")).toContainText(`Settled: 25.500000 USDC deposited into ${f.strategyId}`, { timeout: 30_000 });
      await page.getByRole("link", { name: "See the position and activity in your portfolio" }).click();
      // The position carries this deposit's transaction as its latest proof (the wallet may hold earlier deposits).
      const position = page.getByTestId("position-row").filter({ hasText: new RegExp(f.strategyId, "i") });
      await expect(position).toContainText(f.family);
      await expect(position.getByRole("link")).toHaveAttribute("href", `${explorer}${sig}`);
      // One activity group for the plan: the deposit leg, 25.50 in and settled, linked to the explorer.
      const group = page.getByTestId("activity-group").filter({ hasText: planId });
      const row = group.getByTestId("activity-row");
      await expect(row).toHaveCount(1);
      await expect(row).toContainText("deposit");
      await expect(row).toContainText("25.50");
      await expect(row).toContainText("settled");
      await expect(row.getByRole("link")).toHaveAttribute("href", `${explorer}${sig}`);
      await expectNoSeriousA11y(page);
      await screenshots(page, testInfo, `portfolio-after-${f.family.toLowerCase()}-deposit`);
    });
  });
}

test("Sui wallet: the dialog shows the connected account and disconnects it", async ({ page }) => {
  await enableTestWallets(page);
  await routeChainRpc(page);
  await page.goto("/");
  await page.getByRole("button", { name: "Connect wallet" }).first().click();
  const dialog = page.getByRole("dialog", { name: "Connect a wallet" });
  const sui = dialog.locator("section", { has: page.getByRole("heading", { name: "Sui" }) });
  await sui.getByRole("button", { name: /Unsafe Burner Wallet/ }).click();
  await expect(sui).toContainText(/Connected 0x[0-9a-f]{4}/);
  await expect(page.getByTestId("wallet-button")).toContainText("Sui ·");
  await sui.getByRole("button", { name: "Disconnect Sui" }).click();
  await expect(sui.getByRole("button", { name: /Unsafe Burner Wallet/ })).toBeVisible();
  await expect(page.getByTestId("wallet-button")).toHaveText("Connect wallet");
});

test("a withdraw plan that cannot be built is blocked, in words, and cannot be signed", async ({ page }) => {
  await enableTestWallets(page);
  // The owner has no marginfi account on the local chain (its USDC bank is there): nothing to withdraw, so nothing is built.
  await withdrawPlan(page, FAMILIES[1] as Family, "marginfi");
  await expect(page.getByTestId("plan-status")).toHaveText("blocked");
  const blockers = page.getByTestId("blockers");
  await expect(blockers).toContainText(/\((venue_state_unavailable|insufficient_balance)\)/);
  // The reason is a sentence, not only a code.
  expect((await blockers.innerText()).replace(/\([a-z_]+\)/, "").trim().length).toBeGreaterThan(20);
  await expect(page.getByTestId("sign")).toBeDisabled();
  await expect(page.getByTestId("sign-disabled-reason")).toContainText("The plan is blocked");
});

test.describe(() => {
  // The wallet's chain RPC requests, answered by the local chain RPC (routeChainRpc below).
  test.use({ allowedErrors: allow(...ROUTED_CHAIN_RPC) });
  test("Solana wallet signs a kamino withdraw sized in cUSDC at the reserve's rate; the service records what arrived", async ({ page, request }) => {
    await enableTestWallets(page);
    await routeChainRpc(page);
    await withdrawPlan(page, FAMILIES[1] as Family, "kamino");
    await expect(page.getByTestId("plan-status")).toContainText("prepared");
    // The local chain's reserve pays 1.25 USDC per cUSDC: 5 USDC needs exactly 4,000,000 cUSDC (micro units).
    await expect(page.getByTestId("plan")).toContainText("Redeem 4000000 cUSDC");
    await page.getByTestId("sign").click();
    const digest = page.getByTestId("digest");
    await expect(digest).toBeVisible({ timeout: 20_000 });
    const sig = (await digest.innerText()).split(/\s/)[0]?.trim() ?? "";
    const seen = await request.post(CHAIN_RPC_URL, { data: { jsonrpc: "2.0", id: 1, method: "getSignatureStatuses", params: [[sig]] } });
    expect(((await seen.json()) as { result: { value: unknown[] } }).result.value[0]).toBeTruthy();
    // The signed withdraw reaches the ledger (issue 23): the service confirms it on chain and records the USDC that
    // arrived, read from the transaction (4,000,000 cUSDC at 1.25).
    await expect(page.getByTestId("settlement")).toContainText("Settled: 5.000000 USDC arrived in your wallet from kamino (read from the transaction)", { timeout: 30_000 });
    await expectNoSeriousA11y(page);
  });
});
