// Connect a test wallet of each family, request a deposit plan, see its fee lines, sign, follow to settlement.
// Test wallets: wagmi's mock connector (EVM), dapp-kit's unsafe burner (Sui), a Wallet Standard wallet registered
// in the page (Solana). They exist only because this suite sets window.__SVC_TEST_WALLETS__ before the page loads.
import { type Page, expect, test } from "@playwright/test";
import { enableTestWallets, landed } from "./support";

interface Family {
  family: "Sui" | "Solana" | "EVM";
  wallet: RegExp;
  chain: string;
  executable: boolean;
}

const FAMILIES: Family[] = [
  { family: "Sui", wallet: /Unsafe Burner Wallet/, chain: "move-chain", executable: true },
  { family: "Solana", wallet: /SVC Test Wallet/, chain: "svm-chain", executable: true },
  { family: "EVM", wallet: /Mock Connector/, chain: "evm-a", executable: false },
];

async function connect(page: Page, f: Family): Promise<void> {
  await page.getByRole("button", { name: "Connect wallet" }).first().click();
  const dialog = page.getByRole("dialog", { name: "Connect a wallet" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: f.wallet }).click();
  await expect(page.getByTestId("wallet-button")).toContainText(`${f.family} ·`);
  await dialog.getByRole("button", { name: "Close" }).click();
  await expect(dialog).toBeHidden();
}

async function opportunityOn(page: Page, chain: string): Promise<string | null> {
  const r = await page.request.get(`/api/v1/svc/home?chain=${chain}`);
  if (!r.ok()) return null;
  const body = (await r.json()) as { opportunities: { opportunityId: string; chain: string; kind: string }[] };
  return body.opportunities.find((o) => o.chain === chain && o.kind === "venue")?.opportunityId ?? null;
}

for (const f of FAMILIES) {
  test.describe(`${f.family} wallet`, () => {
    test.beforeEach(async ({ page }) => {
      await enableTestWallets(page);
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

    test("requests a deposit plan and shows its fee lines", async ({ page, request }) => {
      test.fixme(!(await landed(request, "/api/v1/svc/home")), "GET /svc/home (catalog issue) has not landed on this branch");
      test.fixme(
        !(await landed(request, "/api/v1/svc/strategies/deposit/plan", { method: "POST" })),
        "POST /svc/strategies/deposit/plan (plans issue) has not landed on this branch",
      );
      await page.goto("/");
      await connect(page, f);
      const id = await opportunityOn(page, f.chain);
      expect(id, `an opportunity on ${f.chain}`).not.toBeNull();
      await page.goto(`/opportunities/${id}`);
      await page.getByLabel(/Deposit amount/).fill("25.5");
      await expect(page.getByTestId("amount-hint").first()).toContainText("25500000 micros");
      await page.getByRole("button", { name: "Review deposit plan" }).click();
      await expect(page.getByTestId("plan")).toBeVisible();
      await expect(page.getByTestId("fees")).toContainText(/fee/i);
      await expect(page.getByTestId("plan")).toContainText(/Estimates \(not guarantees\)|blocked/);
      if (!f.executable) {
        await expect(page.getByTestId("sign")).toBeDisabled();
        await expect(page.getByTestId("sign-disabled-reason")).toContainText("Map chain");
      }
    });

    test("signs the plan and sees the position and activity rows", async () => {
      test.skip(!f.executable, `${f.family} chains are Map chains: signing is disabled by design`);
      test.fixme(
        true,
        "Needs the plans + ledger APIs (deposit/plan, deposit/execute, portfolio, activity) and a local chain the test wallet can submit to; none is on this branch",
      );
    });
  });
}
