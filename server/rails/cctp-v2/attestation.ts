// Circle CCTP V2 off chain: the V2 message format, Circle's fee API and the V2 attestation read (Iris API v2).
// Sources: @circle-fin/provider-cctp-v2 1.14.0 (index.mjs), circlefin/evm-cctp-contracts @ 4061786a5726bc05f99fcdb53b0985599f0dbaf7
// src/messages/v2/MessageV2.sol and src/messages/v2/BurnMessageV2.sol.
import type { Hex } from "viem";
import { config } from "../../config";
import { countedFetch } from "../../metrics";
import type { Speed } from "../types";

export { type BurnMessageV2, parseBurnMessageV2 } from "../../chains/cctp-messages";

const root = () => config().SVC_CCTP_ATTESTATION_URL.replace(/\/+$/, "");

async function irisGet(path: string): Promise<{ ok: true; status: number; body: unknown } | { ok: false; reason: string }> {
  const timeoutMs = config().SVC_RPC_TIMEOUT_MS;
  let res: Response;
  try {
    res = await countedFetch("cctp-attestation")(`${root()}${path}`, { headers: { accept: "application/json" }, signal: AbortSignal.timeout(timeoutMs) });
  } catch (e) {
    const msg = e instanceof Error ? e.message : String(e);
    return { ok: false, reason: /abort|timeout/i.test(msg) ? `Circle's API did not answer within ${timeoutMs} ms` : "Circle's API is unreachable" };
  }
  let body: unknown = null;
  try {
    body = await res.json();
  } catch {
    if (res.ok) return { ok: false, reason: "Circle's API answered something that is not JSON" };
  }
  return { ok: true, status: res.status, body };
}

/** A fee tier of GET /v2/burn/USDC/fees/{src}/{dst}: minimumFee in basis points, a decimal ("1.3" = 1.3 bps). */
export interface FeeTier {
  finalityThreshold: number;
  minimumFeeBps: string;
}

export type FeeRead = { ok: true; tiers: FeeTier[] } | { ok: false; reason: string };

/** Circle's fee API (provider-cctp-v2 1.14.0 `buildFastBurnFeeUrl`, `isFastBurnFeeResponse`): [{ finalityThreshold, minimumFee }]. */
export async function fetchBurnFees(sourceDomain: number, destDomain: number): Promise<FeeRead> {
  const r = await irisGet(`/v2/burn/USDC/fees/${sourceDomain}/${destDomain}`);
  if (!r.ok) return r;
  if (r.status !== 200) return { ok: false, reason: `Circle's fee API answered HTTP ${r.status}` };
  const list = r.body;
  if (!Array.isArray(list)) return { ok: false, reason: "Circle's fee API answer is not a list of fee tiers" };
  const tiers: FeeTier[] = [];
  for (const t of list as { finalityThreshold?: unknown; minimumFee?: unknown }[]) {
    const fee = typeof t?.minimumFee === "number" ? String(t.minimumFee) : t?.minimumFee;
    if (typeof t?.finalityThreshold !== "number" || typeof fee !== "string" || !/^(0|[1-9][0-9]*)(\.[0-9]{1,18})?$/.test(fee)) {
      return { ok: false, reason: "Circle's fee API answer has a tier without a numeric finalityThreshold and minimumFee" };
    }
    tiers.push({ finalityThreshold: t.finalityThreshold, minimumFeeBps: fee });
  }
  return { ok: true, tiers };
}

/** ceil(amount × bps / 10000) for a decimal bps string, exactly (the SDK rounds the burn fee up too). */
export function feeOf(amount: bigint, bps: string): bigint {
  const [whole = "0", frac = ""] = bps.split(".");
  const scale = 10n ** BigInt(frac.length);
  const num = amount * BigInt(whole + frac);
  const den = 10_000n * scale;
  return (num + den - 1n) / den;
}

/**
 * maxFee for a burn: 0 for standard (no fee can be taken); for fast the fee tier's fee plus 10%, as
 * provider-cctp-v2 1.14.0 `getMaxFee` does ("Add 10% buffer to account for fee fluctuations").
 */
export function maxFeeFor(speed: Speed, fee: bigint): bigint {
  return speed === "standard" ? 0n : fee + fee / 10n;
}

export interface IrisMessageV2 {
  message: Hex | null;
  attestation: Hex | null;
  status: string;
}

export type AttestationsV2 = { state: "ok"; messages: IrisMessageV2[] } | { state: "pending"; reason: string } | { state: "unavailable"; reason: string };

/**
 * GET {root}/v2/messages/{sourceDomain}?transactionHash= (provider-cctp-v2 1.14.0 `buildIrisUrl`) →
 * { messages: [{ message, eventNonce, attestation, decodedMessage, cctpVersion, status: "complete" | "pending_confirmations" | … }] }.
 * 404 = not indexed yet (pending). Never throws.
 */
export async function fetchAttestationsV2(sourceDomain: number, txHash: string): Promise<AttestationsV2> {
  const r = await irisGet(`/v2/messages/${sourceDomain}?transactionHash=${encodeURIComponent(txHash)}`);
  if (!r.ok) return { state: "unavailable", reason: r.reason.replace("Circle's API", "the attestation service") };
  if (r.status === 404) return { state: "pending", reason: "the attestation service does not know the burn yet (not indexed)" };
  if (r.status !== 200) return { state: "unavailable", reason: `the attestation service answered HTTP ${r.status}` };
  const list = (r.body as { messages?: unknown })?.messages;
  if (!Array.isArray(list)) return { state: "unavailable", reason: "the attestation service's answer has no messages[]" };
  const hex = (v: unknown): Hex | null => (typeof v === "string" && /^0x([0-9a-fA-F]{2})+$/.test(v) ? (v as Hex) : null);
  return {
    state: "ok",
    messages: (list as { message?: unknown; attestation?: unknown; status?: unknown }[]).map((m) => ({
      message: hex(m?.message),
      attestation: hex(m?.attestation),
      status: typeof m?.status === "string" ? m.status : "unknown",
    })),
  };
}

