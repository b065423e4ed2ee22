// The wire helpers every swap quoter shares: integer fields, a JSON GET with the quote timeout, and failures as reasons.
import { z } from "zod";
import { errorLine } from "../chains/clients";
import { config } from "../config";
import { countedFetch } from "../metrics";
import type { QuoteResult } from "./types";

export const uint = z.string().regex(/^[0-9]+$/);
export const uintLike = z.union([uint, z.number().int().nonnegative()]).transform((v) => BigInt(v));

/** A configured key that the API needs is missing: the reason names the variable (contract §9). */
export function missingKey(variable: "SVC_JUPITER_API_KEY" | "SVC_ZEROX_API_KEY", api: string): QuoteResult {
  return { ok: false, reason: `${variable} is not set, and ${api} answers only requests with an API key; set ${variable} to quote` };
}

export async function getJson(url: string, headers: Record<string, string> = {}): Promise<unknown> {
  const r = await countedFetch("quotes")(url, { headers: { accept: "application/json", ...headers }, signal: AbortSignal.timeout(config().SVC_QUOTE_TIMEOUT_MS) });
  if (r.status === 401 || r.status === 403) throw new Error(`the quote source refused the API key (HTTP ${r.status})`);
  if (!r.ok) throw new Error(`the quote source answered HTTP ${r.status}`);
  return r.json();
}

export function fail(e: unknown): QuoteResult {
  const msg = e instanceof Error ? e.message : String(e);
  if (/abort|timeout/i.test(msg)) return { ok: false, reason: "the quote source did not answer in time" };
  return { ok: false, reason: `quote source unavailable: ${errorLine(e)}` };
}

