// Shared helpers for the browser suite.
import { mkdirSync } from "node:fs";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { bcs } from "@mysten/sui/bcs";
import { SuiGrpcClient } from "@mysten/sui/grpc";
import { type APIRequestContext, type Locator, type Page, type TestInfo, expect } from "@playwright/test";
import { EVM_B_PATH } from "./evm-constants";

/** Whether an API route exists on this build (other branches land endpoints over time). A 404 for an unknown
 * id still means the route exists; only the catch-all's "No route …" answer means "not landed yet". */
export async function landed(request: APIRequestContext, apiPath: string, init?: { method?: "GET" | "POST"; data?: unknown }): Promise<boolean> {
  const r = init?.method === "POST" ? await request.post(apiPath, { data: init.data ?? {} }) : await request.get(apiPath);
  if (r.status() !== 404) return true;
  const body = (await r.json().catch(() => ({}))) as { message?: string };
  return !/^No route /.test(body.message ?? "");
}

/** Exposes the test wallets (wagmi mock connector, dApp Kit's burner, Wallet Standard Solana wallet) in this page. */
export async function enableTestWallets(page: Page, opts: { solanaSeed?: number } = {}): Promise<void> {
  await page.addInitScript((seed) => {
    const w = window as Window & { __SVC_TEST_WALLETS__?: boolean; __SVC_TEST_WALLET_SEED__?: number };
    w.__SVC_TEST_WALLETS__ = true;
    if (seed !== null) w.__SVC_TEST_WALLET_SEED__ = seed;
  }, opts.solanaSeed ?? null);
}

/**
 * Connects a test wallet from the header's "Connect wallet" dialog (`wallet`: its button's name), waits until the header
 * shows the connected `family`, and closes the dialog; returns the dialog, for a later connection from the page.
 */
export async function connectWallet(page: Page, wallet: RegExp, family: string): Promise<Locator> {
  await page.getByRole("button", { name: "Connect wallet" }).first().click();
  const dialog = page.getByRole("dialog", { name: "Connect a wallet" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: wallet }).click();
  await expect(page.getByTestId("wallet-button")).toContainText(`${family} ·`);
  await dialog.getByRole("button", { name: "Close" }).click();
  await expect(dialog).toBeHidden();
  return dialog;
}

/** A full-page screenshot of the page as it is, attached to the test and kept under test-results/screenshots. */
export async function screenshot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  const dir = path.join("test-results", "screenshots");
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  await testInfo.attach(name, { path: file, contentType: "image/png" });
}

/** Full-page screenshots at desktop and phone widths (`screenshot`), each checked for horizontal page scroll. */
export async function screenshots(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await page.waitForTimeout(150);
    await screenshot(page, testInfo, `${name}-${width}`);
    // No horizontal page scroll at this width: wide tables scroll inside their own container.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    if (overflow > 1) throw new Error(`${name} overflows horizontally by ${overflow}px at ${width}px`);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** The e2e stack's local chain RPC (testing/chains/server.ts through e2e/chain-rpc.ts, started by e2e/server.ts). */
export const CHAIN_RPC_URL = `http://127.0.0.1:${Number(process.env.E2E_CHAIN_RPC_PORT ?? Number(process.env.E2E_PORT ?? 3410) + 2)}`;

/** The local Arbitrum node as the chain RPC passes it through (its `passThrough` path, e2e/chain-rpc.ts). */
export const EVM_B_RPC_URL = `${CHAIN_RPC_URL}${EVM_B_PATH}`;
/** viem's default RPC for Arbitrum One (wagmi/chains `arbitrum`), the URL the wallet stack uses without NEXT_PUBLIC_SVC_RPC_EVM_B. */
export const ARBITRUM_PUBLIC_RPC = "https://arb1.arbitrum.io/rpc";

/** The wallet stack talks to the public mainnet nodes (no NEXT_PUBLIC_SVC_RPC_* in the build): Solana JSON-RPC at
 * api.mainnet-beta.solana.com, Sui gRPC-web at fullnode.mainnet.sui.io (`/sui.rpc.v2.<Service>/<Method>`). In tests
 * those requests go to the local chain RPC instead (path kept: it serves both), the same one the server confirms
 * digests with; the CORS preflight a gRPC-web call makes is answered here. Nothing leaves the machine. */
export async function routeChainRpc(page: Page): Promise<void> {
  // Arbitrum's public RPC (viem's default for the chain, which wagmi's mock connector forwards eth_sendTransaction to)
  // goes to the local Arbitrum node with Aave v3 on real bytecode (e2e/evm-chain.ts), through the chain RPC's /evm-b.
  await page.route(ARBITRUM_PUBLIC_RPC, async (route) => {
    const req = route.request();
    if (req.method() === "OPTIONS") {
      await route.fulfill({ status: 204, headers: { "access-control-allow-origin": "*", "access-control-allow-headers": "*", "access-control-allow-methods": "POST, OPTIONS" } });
      return;
    }
    await route.fulfill({ response: await route.fetch({ url: EVM_B_RPC_URL }) });
  });
  for (const pattern of ["https://api.mainnet-beta.solana.com/**", "https://fullnode.mainnet.sui.io/**", "https://fullnode.mainnet.sui.io:443/**"]) {
    await page.route(pattern, async (route) => {
      const req = route.request();
      if (req.method() === "OPTIONS") {
        await route.fulfill({
          status: 204,
          headers: {
            "access-control-allow-origin": "*",
            "access-control-allow-headers": req.headers()["access-control-request-headers"] ?? "*",
            "access-control-allow-methods": "POST, OPTIONS",
            "access-control-max-age": "600",
          },
        });
        return;
      }
      const { pathname, search } = new URL(req.url());
      const response = await route.fetch({ url: `${CHAIN_RPC_URL}${pathname}${search}` });
      await route.fulfill({ response });
    });
  }
}

/** The local yields server (e2e/server.ts), with its `/__e2e/upstream` switch. */
export const YIELDS_URL = `http://127.0.0.1:${Number(process.env.E2E_YIELDS_PORT ?? Number(process.env.E2E_PORT ?? 3410) + 1)}`;

export const OWNER_KEY = "e2e-owner-key-0123456789";
/** The e2e server's keeper key (e2e/server.ts). */
export const KEEPER_KEY = "e2e-keeper-key-0123456789";

let characterSeq = 0;

/**
 * A fresh character on a wallet no other test uses (POST /api/characters with the owner key; one character per
 * wallet), for its page: a character the service does not know is the not-found page.
 */
export async function newCharacter(request: APIRequestContext, name: string): Promise<{ id: string; path: string }> {
  characterSeq += 1;
  const wallet = `0x${(Date.now() * 1000 + process.pid * 10 + characterSeq).toString(16).padStart(64, "0")}`;
  const c = await request.post("/api/characters", { headers: { "x-api-key": OWNER_KEY }, data: { wallet, name, chain: "move-chain" } });
  expect(c.status(), await c.text()).toBe(201);
  const { id } = (await c.json()) as { id: string };
  return { id, path: `/characters/${id}` };
}

/** The opportunityId of a venue (bare strategy id) from the home table. */
export async function opportunityIdOf(request: APIRequestContext, strategyId: string): Promise<string> {
  const r = await request.get("/api/v1/svc/home");
  const body = (await r.json()) as { opportunities: { opportunityId: string; strategyId: string }[] };
  const o = body.opportunities.find((x) => x.strategyId === strategyId);
  if (!o) throw new Error(`no opportunity for ${strategyId} on /svc/home`);
  return o.opportunityId;
}

/** An axe scan (WCAG 2.1 A/AA) of the page as it is now, with data on it: no serious or critical violation. */
export async function expectNoSeriousA11y(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  const bad = results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(" ")).slice(0, 5).join(" | ")}`);
  expect(bad).toEqual([]);
}

/**
 * Runs `whileDown` with the local yields source down (and brings it back up after, whatever happens), once the page,
 * reloaded until then, shows the upstream banner: the last good snapshot ages past SVC_APY_MAX_AGE_S (15 s in e2e)
 * while every refresh fails.
 */
export async function whileYieldsDown(page: Page, request: APIRequestContext, whileDown: () => Promise<void>): Promise<void> {
  await request.post(`${YIELDS_URL}/__e2e/upstream`, { data: { down: true } });
  try {
    await expect(async () => {
      await page.reload();
      await expect(page.getByTestId("upstream-banner")).toBeVisible({ timeout: 2000 });
    }).toPass({ timeout: 45_000, intervals: [2000] });
    await whileDown();
  } finally {
    await request.post(`${YIELDS_URL}/__e2e/upstream`, { data: { down: false } });
  }
}

/**
 * The CCTP message a Sui burn `digest` emitted on the local chain, as Circle reads it to attest: the MessageSent event's
 * bytes (circlefin/sui-cctp @ 70290f70 send_message.move `MessageSent { message: vector<u8> }`), from GetTransaction
 * over gRPC, and the nonce the message carries (bytes 12..20, message.move NONCE_INDEX).
 */
export async function suiBurnMessage(digest: string): Promise<{ message: `0x${string}`; nonce: bigint; sender: `0x${string}` }> {
  const client = new SuiGrpcClient({ network: "mainnet", baseUrl: CHAIN_RPC_URL });
  const r = await client.core.getTransaction({ digest, include: { events: true, transaction: true } });
  const tx = r.Transaction ?? r.FailedTransaction;
  const sent = tx?.events?.find((e) => e.eventType.endsWith("::send_message::MessageSent"));
  if (!sent) throw new Error(`${digest} emitted no MessageSent`);
  const bytes = Buffer.from(bcs.vector(bcs.u8()).parse(sent.bcs));
  return { message: `0x${bytes.toString("hex")}`, nonce: bytes.readBigUInt64BE(12), sender: tx?.transaction?.sender as `0x${string}` };
}
