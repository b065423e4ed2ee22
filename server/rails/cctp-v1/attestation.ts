// Circle CCTP V1 on the destination side: the V1 message format, and Circle's attestation for a burn (Iris API,
// GET {root}/v1/messages/{sourceDomain}/{txHash}).
import type { Hex } from "viem";
import { config } from "../../config";
import { countedFetch } from "../../metrics";

export { type BurnMessage, parseBurnMessage } from "../../chains/cctp-messages";

export type AttestationRead = { state: "ok"; attestation: Hex } | { state: "pending"; reason: string } | { state: "unavailable"; reason: string };

interface IrisMessage {
  message?: unknown;
  attestation?: unknown;
  eventNonce?: unknown;
  status?: unknown;
}

export interface IrisMessageV1 {
  message: Hex | null;
  /** The attestation, or null while Circle has not attested ("PENDING", or status pending_confirmations). */
  attestation: Hex | null;
}

export type AttestationsV1 = { state: "ok"; messages: IrisMessageV1[] } | { state: "pending"; reason: string } | { state: "unavailable"; reason: string };

/**
 * GET {SVC_CCTP_ATTESTATION_URL}/v1/messages/{sourceDomain}/{txId} → { messages: [{ message, attestation, eventNonce }] }
 * (also accepted wrapped in `data`); `txId` is the source chain's own id (EVM hash, Solana signature, Sui digest: Circle's
 * solana-cctp-contracts @ 76018c2b examples/utils.ts `getMessages` asks `messages/5/{signature}`). A 404
 * (not indexed yet) is pending; anything unreadable is unavailable. Never throws.
 */
export async function fetchAttestationsV1(sourceDomain: number, txId: string): Promise<AttestationsV1> {
  const root = config().SVC_CCTP_ATTESTATION_URL.replace(/\/+$/, "");
  const timeoutMs = config().SVC_RPC_TIMEOUT_MS;
  let res: Response;
  try {
    res = await countedFetch("cctp-attestation")(`${root}/v1/messages/${sourceDomain}/${encodeURIComponent(txId)}`, { headers: { accept: "application/json" }, signal: AbortSignal.timeout(timeoutMs) });
  } catch (e) {
    const msg = e instanceof Error ? e.message : String(e);
    return { state: "unavailable", reason: /abort|timeout/i.test(msg) ? `the attestation service did not answer within ${timeoutMs} ms` : "the attestation service is unreachable" };
  }
  if (res.status === 404) return { state: "pending", reason: "the attestation service does not know the burn yet (not indexed)" };
  if (!res.ok) return { state: "unavailable", reason: `the attestation service answered HTTP ${res.status}` };
  let body: { messages?: unknown; data?: { messages?: unknown } };
  try {
    body = (await res.json()) as typeof body;
  } catch {
    return { state: "unavailable", reason: "the attestation service answered something that is not JSON" };
  }
  const list = Array.isArray(body?.messages) ? body.messages : Array.isArray(body?.data?.messages) ? body.data.messages : null;
  if (!list) return { state: "unavailable", reason: "the attestation service's answer has no messages[]" };
  const hex = (v: unknown): Hex | null => (typeof v === "string" && /^0x([0-9a-fA-F]{2})+$/.test(v) ? (v as Hex) : null);
  const odd = (list as IrisMessage[]).some((m) => typeof m?.attestation === "string" && m.attestation !== "PENDING" && !hex(m.attestation));
  if (odd) return { state: "unavailable", reason: "the attestation service's attestation is not hex" };
  return {
    state: "ok",
    messages: (list as IrisMessage[]).map((m) => ({ message: hex(m?.message), attestation: m?.status === "pending_confirmations" ? null : hex(m?.attestation) })),
  };
}

/**
 * Circle's attestation of `message`, from GET {SVC_CCTP_ATTESTATION_URL}/v1/messages/{sourceDomain}/{txHash}
 * → { messages: [{ message, attestation, eventNonce }] } (also accepted wrapped in `data`). A 404 (not indexed yet)
 * or an attestation of "PENDING" is pending; anything unreadable is unavailable. Never throws.
 */
export async function fetchAttestation(sourceDomain: number, txHash: string, message: Hex): Promise<AttestationRead> {
  const r = await fetchAttestationsV1(sourceDomain, txHash);
  if (r.state !== "ok") return r;
  const hit = r.messages.find((m) => m.message !== null && m.message.toLowerCase() === message.toLowerCase());
  if (!hit) return { state: "pending", reason: "the attestation service does not list this burn message yet" };
  if (hit.attestation) return { state: "ok", attestation: hit.attestation };
  return { state: "pending", reason: "Circle has not attested the burn yet (waiting for source-chain finality)" };
}
