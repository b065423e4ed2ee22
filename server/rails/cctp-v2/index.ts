// The CCTP V2 rail: routes where both ends run V2 (evm-a, evm-b, svm-chain), standard or fast. Its per-family parts:
// ./evm.ts (TokenMessengerV2, MessageTransmitterV2), ./solana.ts (token_messenger_minter_v2, message_transmitter_v2);
// the message format, Circle's fee API and Iris v2: ./attestation.ts.
import { getAddressDecoder } from "@solana/kit";
import { hexToBytes } from "viem";
import type { ChainId } from "../../chains/address";
import { errorLine, RpcUnavailable, withRpcTimeout } from "../../chains/clients";
import { isEvmChain } from "../../chains/evm";
import { solanaPayload } from "../../chains/solana";
import { config } from "../../config";
import { type Blocker, blocker } from "../../http/codes";
import { readBurnMessages } from "../cctp/messages";
import { readSolanaBurn } from "../../chains/solana/cctp-burns";
import { SOLANA_CCTP_PROGRAMS } from "../../../lib/cctp-ids";
import { CCTP_DOMAIN, CCTP_V2_CHAINS, mintRecipientFor } from "../cctp/domains";
import { burnDescription, COMMON_RISKS, evmBurnTransactions, feeClause, feeTransferOf } from "../cctp/plan";
import { type DestinationSeen, receivedBurns } from "../cctp/received";
import { lockedRoute, noRescue } from "../cctp/rescue";
import { withRecipientAccount } from "../cctp/solana";
import type { BurnBuild, BurnRequest, Rail, RailFee, RescueBuild, RescueRoute, Speed } from "../types";
import { type BurnMessageV2, feeOf, fetchAttestationsV2, fetchBurnFees, maxFeeFor, parseBurnMessageV2 } from "./attestation";
import { depositForBurnV2, FINALITY_THRESHOLD, MESSAGE_TRANSMITTER_V2, receiveMessageV2, TOKEN_MESSENGER_V2 } from "./evm";
import { MESSAGE_TRANSMITTER_V2_PROGRAM, readFeeRecipient, receiveMessageInstruction, solanaBurnV2 } from "./solana";

/** The rail fee of a V2 burn from Circle's fee API; a fast burn without it cannot set maxFee and blocks the plan. */
async function railFeeOf(sourceChain: ChainId, destChain: ChainId, amount: bigint, speed: Speed): Promise<{ fee: RailFee; blocker: Blocker | null }> {
  const source = `${config().SVC_CCTP_ATTESTATION_URL}/v2/burn/USDC/fees/${CCTP_DOMAIN[sourceChain]}/${CCTP_DOMAIN[destChain]}`;
  const read = amount > 0n ? await fetchBurnFees(CCTP_DOMAIN[sourceChain], CCTP_DOMAIN[destChain]) : { ok: false as const, reason: "nothing to burn" };
  const tier = read.ok ? read.tiers.find((t) => t.finalityThreshold === FINALITY_THRESHOLD[speed]) : undefined;
  if (tier) {
    const fee = feeOf(amount, tier.minimumFeeBps);
    return { fee: { amountMicros: fee, bps: tier.minimumFeeBps, maxFeeMicros: maxFeeFor(speed, fee), source, reason: null }, blocker: null };
  }
  const reason = read.ok ? `Circle's fee API lists no tier for finality threshold ${FINALITY_THRESHOLD[speed]}` : read.reason;
  if (speed === "standard") {
    return { fee: { amountMicros: null, bps: null, maxFeeMicros: 0n, source, reason: `${reason}; the burn's maxFee is 0, so no rail fee can be taken` }, blocker: null };
  }
  return {
    fee: { amountMicros: null, bps: null, maxFeeMicros: null, source, reason },
    blocker: blocker("quote_unavailable", `The fast transfer's fee is unknown (${reason}), so its maxFee cannot be set; try again or choose speed "standard".`),
  };
}

/** The owner's V2 burn on the source chain: EVM depositForBurn (TokenMessengerV2), Solana deposit_for_burn (token_messenger_minter_v2). */
async function burnV2(req: BurnRequest): Promise<BurnBuild> {
  const { source, sourceAddress, burnAmount, mintRecipient, serviceFee } = req;
  const speed = req.speed ?? "standard";
  const maxFee = req.railFee.maxFeeMicros ?? 0n;
  const domain = CCTP_DOMAIN[req.dest];
  if (isEvmChain(source)) {
    const burn = depositForBurnV2(source, domain, burnAmount, mintRecipient, maxFee, speed);
    const how = `CCTP V2 ${speed} transfer (finality threshold ${FINALITY_THRESHOLD[speed]}, maxFee ${maxFee})`;
    return { ok: true, transactions: evmBurnTransactions(req, source, TOKEN_MESSENGER_V2, "TokenMessengerV2", burn, how) };
  }
  if (source !== "svm-chain") throw new Error(`${source} has no CCTP V2 (a V2 plan cannot start there)`);
  try {
    const { payload, eventAccount } = await solanaBurnV2(sourceAddress, burnAmount, domain, mintRecipient, maxFee, speed, feeTransferOf(serviceFee));
    const how = `CCTP V2 ${speed} transfer deposit_for_burn (finality threshold ${FINALITY_THRESHOLD[speed]}, maxFee ${maxFee})`;
    const description = `${burnDescription(req, how)}${feeClause(serviceFee)}; the MessageSent event account ${eventAccount} has already signed (its rent is yours to reclaim)`;
    return { ok: true, transactions: [{ chain: source, kind: "burn", description, encoding: "solana-v0-message-base64", payload }] };
  } catch (e) {
    if (!(e instanceof RpcUnavailable)) throw e;
    return { ok: false, blocker: blocker("rpc_unavailable", e.message) };
  }
}

/**
 * CCTP V2: the burn's MessageSent (MessageTransmitterV2 on the source) fixes domains, recipient, amount and sender;
 * the attested message comes from Iris v2 (`/v2/messages/{src}?transactionHash=`) because V2 fills in the nonce,
 * the executed finality and the executed fee only there. The attested message must agree with the burn on every
 * field the burn fixes, and its mint recipient must be the plan's locked destination; then receiveMessage on the
 * destination MessageTransmitterV2.
 */
export async function rescueV2(p: RescueRoute, planRecipient: string | null, sourceTxId: string | undefined): Promise<RescueBuild> {
  const none = noRescue;
  if (!isEvmChain(p.dest) && p.dest !== "svm-chain") return none(blocker("adapter_not_ready", `${p.dest} has no CCTP V2 (a V2 plan cannot end there); no receive is built.`));
  if (!isEvmChain(p.source) && p.source !== "svm-chain") return none(blocker("adapter_not_ready", `Reading a CCTP V2 burn on ${p.source} is not built yet.`));
  if (!sourceTxId) return none(blocker("source_tx_required", `Post { planId, sourceTxId } with the burn transaction on ${p.source} to build receiveMessage.`));
  const route = await lockedRoute(p, planRecipient);
  if ("blockers" in route) return route;
  const { locked, sourceDomain, destDomain } = route;
  // The burn as the source chain recorded it: an EVM receipt's MessageSent, or the MessageSent event account a landed
  // svm-chain transaction opened. Only when that account is closed since (its rent reclaimed, which V2 allows after
  // its window) is the attested message alone used (Circle signs it; its recipient must still be the locked destination).
  let onchain: BurnMessageV2 | null = null;
  let burn: RescueBuild["burn"] = null;
  const read = isEvmChain(p.source)
    ? await readBurnMessages(p.source, sourceTxId, MESSAGE_TRANSMITTER_V2)
    : await readSolanaBurn(sourceTxId, SOLANA_CCTP_PROGRAMS.messageTransmitterV2, SOLANA_CCTP_PROGRAMS.tokenMessengerMinterV2);
  if (read.state !== "reclaimed") {
    if (read.state === "unreachable") return none(blocker("source_rpc_unavailable", `The ${p.source} RPC could not be read: ${read.reason}.`));
    if (read.state === "not_found") return none(blocker("burn_not_found", `No CCTP burn in ${sourceTxId}: ${read.reason}.`));
    const ours = read.messages.flatMap((m) => {
      const b = parseBurnMessageV2(m);
      return b && b.sourceDomain === sourceDomain && b.destinationDomain === destDomain ? [{ m, b }] : [];
    });
    if (ours.length === 0) return none(blocker("burn_not_found", `${sourceTxId} carries no CCTP V2 burn from domain ${sourceDomain} to domain ${destDomain} (${p.dest}).`));
    const mine = ours.find((x) => x.b.mintRecipient.toLowerCase() === locked);
    if (!mine) {
      return none(blocker("recipient_mismatch", `The burn in ${sourceTxId} mints to ${ours[0]?.b.mintRecipient}, not to the plan's owner-locked destination ${p.destAddress}; no transaction is built.`));
    }
    onchain = mine.b;
    // Until Iris answers, the burn shows the source chain's message (nonce empty: V2 assigns it at attestation).
    burn = { sourceTxId, nonce: onchain.nonce, amountMicros: onchain.amount.toString(), mintRecipient: onchain.mintRecipient, message: mine.m, attestation: null };
  }
  // The burn the source chain's transaction emitted is what it settled (a closed event account: unknown here).
  const settled = onchain ? { settledBurn: { amount: onchain.amount } } : {};
  const att = await fetchAttestationsV2(sourceDomain, sourceTxId);
  if (att.state === "pending") return { blockers: [blocker("attestation_pending", `${att.reason}; try again later.`)], transactions: [], burn, ...settled };
  if (att.state === "unavailable") return { blockers: [blocker("attestation_unavailable", `${att.reason}; try again later.`)], transactions: [], burn, ...settled };
  const same = (a: BurnMessageV2, b: BurnMessageV2) =>
    a.sourceDomain === b.sourceDomain &&
    a.destinationDomain === b.destinationDomain &&
    a.mintRecipient.toLowerCase() === b.mintRecipient.toLowerCase() &&
    a.burnToken.toLowerCase() === b.burnToken.toLowerCase() &&
    a.amount === b.amount &&
    a.messageSender.toLowerCase() === b.messageSender.toLowerCase() &&
    a.maxFee === b.maxFee &&
    a.minFinalityThreshold === b.minFinalityThreshold &&
    a.destinationCaller.toLowerCase() === b.destinationCaller.toLowerCase();
  const routed = att.messages.flatMap((m) => {
    const parsed = m.message ? parseBurnMessageV2(m.message) : null;
    return parsed && m.message && parsed.sourceDomain === sourceDomain && parsed.destinationDomain === destDomain ? [{ ...m, message: m.message, parsed }] : [];
  });
  const listed = routed.filter((m) => (onchain ? same(m.parsed, onchain) : m.parsed.mintRecipient.toLowerCase() === locked));
  if (!onchain && listed.length === 0 && routed[0]) {
    return none(blocker("recipient_mismatch", `The burn in ${sourceTxId} mints to ${routed[0].parsed.mintRecipient}, not to the plan's owner-locked destination ${p.destAddress}; no transaction is built.`));
  }
  if (listed.length === 0) return { blockers: [blocker("attestation_pending", "the attestation service does not list this burn message yet; try again later.")], transactions: [], burn, ...settled };
  const done = listed.find((m) => m.status === "complete" && m.attestation !== null);
  const first = done ?? listed[0];
  if (first) {
    burn = { sourceTxId, nonce: first.parsed.nonce, amountMicros: first.parsed.amount.toString(), mintRecipient: first.parsed.mintRecipient, message: first.message, attestation: null };
  }
  if (!done?.attestation || !burn) return { blockers: [blocker("attestation_pending", "Circle has not attested the burn yet (waiting for the source chain's finality); try again later.")], transactions: [], burn, ...settled };
  burn.attestation = done.attestation;
  const minted = done.parsed.amount - done.parsed.feeExecuted;
  const mint = { amount: minted, fee: done.parsed.feeExecuted };
  const description = `Mint ${minted} micro-USDC (${done.parsed.amount} burned, fee ${done.parsed.feeExecuted}) on ${p.dest} with CCTP V2 receive${isEvmChain(p.dest) ? "Message" : "_message"} (nonce ${done.parsed.nonce}); the message fixes the recipient ${p.destAddress}`;
  if (isEvmChain(p.dest)) {
    return { blockers: [], transactions: [{ chain: p.dest, kind: "receive", description, encoding: "evm-call", payload: receiveMessageV2(p.dest, done.message, done.attestation) }], burn, mint, ...settled };
  }
  // svm-chain: message_transmitter_v2 receive_message, paid and signed by the owner-locked destination wallet; the
  // token messenger's fee recipient is read from chain (its USDC account takes the executed fee).
  try {
    const feeRecipient = await withRpcTimeout((signal) => readFeeRecipient(signal));
    const recipientAccount = getAddressDecoder().decode(hexToBytes(done.parsed.mintRecipient));
    const ix = await receiveMessageInstruction(p.destAddress, done.message, done.attestation, sourceDomain, done.parsed.burnToken, done.parsed.nonce, recipientAccount, feeRecipient);
    const payload = await solanaPayload(p.destAddress, await withRecipientAccount(p.destAddress, recipientAccount, ix));
    return { blockers: [], transactions: [{ chain: p.dest, kind: "receive", description, encoding: "solana-v0-message-base64", payload }], burn, mint, ...settled };
  } catch (e) {
    if (e instanceof RpcUnavailable) return { blockers: [blocker("rpc_unavailable", e.message)], transactions: [], burn, ...settled };
    return { blockers: [blocker("rpc_unavailable", `The svm-chain CCTP TokenMessenger could not be read: ${errorLine(e)}.`)], transactions: [], burn, ...settled };
  }
}


export const cctpV2 = {
  id: "circle-cctp-v2" as const,
  label: "Circle CCTP V2",
  speeds: ["standard", "fast"],
  attestationApi: "CCTP V2: /v2/messages",
  /** V2 where both ends run it; a route with one V1-only end is V1 end to end (V1 and V2 do not interoperate). */
  supports: (source: ChainId, dest: ChainId) => CCTP_V2_CHAINS.has(source) && CCTP_V2_CHAINS.has(dest),
  speedFor: (_source: ChainId, _dest: ChainId, requested: Speed | undefined): Speed | null => requested ?? "standard",
  domain: (chain: ChainId) => CCTP_DOMAIN[chain],
  mintRecipient: mintRecipientFor,
  fee: (source: ChainId, dest: ChainId, burnAmount: bigint, speed: Speed | null) => railFeeOf(source, dest, burnAmount, speed ?? "standard"),
  feeLabel(speed: Speed | null, fee: RailFee): string {
    const s = speed ?? "standard";
    return fee.amountMicros !== null
      ? `Rail fee: Circle CCTP V2 ${s} transfer, ${fee.bps} bps from Circle's fee API${s === "fast" ? ` (taken from the minted amount, at most maxFee ${fee.maxFeeMicros})` : ""}`
      : `Rail fee: Circle CCTP V2 ${s} transfer: unknown (${fee.reason})`;
  },
  risks: (speed: Speed | null) => [
    speed === "fast"
      ? "Fast transfer (CCTP V2, finality threshold 1000): Circle attests after soft finality on the source chain (seconds), for a fee taken from the minted amount (at most maxFee)."
      : "Standard transfer (CCTP V2, finality threshold 2000): Circle attests after hard finality on the source chain (about 15–20 minutes on Base and Arbitrum); no rail fee (maxFee 0).",
    ...COMMON_RISKS,
  ],
  burn: burnV2,
  rescue: rescueV2,
  receiver: (dest: ChainId) => (isEvmChain(dest) ? MESSAGE_TRANSMITTER_V2 : dest === "svm-chain" ? MESSAGE_TRANSMITTER_V2_PROGRAM : null),
  received: (source: ChainId, dest: ChainId, seen: DestinationSeen) => receivedBurns(2, source, dest, seen),
  burner: (source: ChainId) => (isEvmChain(source) ? TOKEN_MESSENGER_V2 : null),
} satisfies Rail;
