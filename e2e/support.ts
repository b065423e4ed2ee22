// Shared helpers for the browser suite.
import { mkdirSync } from "node:fs";
import path from "node:path";
import type { APIRequestContext, Page, TestInfo } from "@playwright/test";

/** Whether an API route exists on this build (other branches land endpoints over time). A 404 for an unknown
 * id still means the route exists; only the catch-all's "No route …" answer means "not landed yet". */
export async function landed(request: APIRequestContext, apiPath: string, init?: { method?: "GET" | "POST"; data?: unknown }): Promise<boolean> {
  const r = init?.method === "POST" ? await request.post(apiPath, { data: init.data ?? {} }) : await request.get(apiPath);
  if (r.status() !== 404) return true;
  const body = (await r.json().catch(() => ({}))) as { message?: string };
  return !/^No route /.test(body.message ?? "");
}

/** Exposes the test wallets (wagmi mock connector, dapp-kit burner, Wallet Standard Solana wallet) in this page. */
export async function enableTestWallets(page: Page): Promise<void> {
  await page.addInitScript(() => {
    (window as Window & { __SVC_TEST_WALLETS__?: boolean }).__SVC_TEST_WALLETS__ = true;
  });
}

/** Full-page screenshots at desktop and phone widths, attached to the test and kept under test-results/screenshots. */
export async function screenshots(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  const dir = path.join("test-results", "screenshots");
  mkdirSync(dir, { recursive: true });
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await page.waitForTimeout(150);
    const file = path.join(dir, `${name}-${width}.png`);
    await page.screenshot({ path: file, fullPage: true });
    await testInfo.attach(`${name}-${width}`, { path: file, contentType: "image/png" });
    // No horizontal page scroll at this width: wide tables scroll inside their own container.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    if (overflow > 1) throw new Error(`${name} overflows horizontally by ${overflow}px at ${width}px`);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}
