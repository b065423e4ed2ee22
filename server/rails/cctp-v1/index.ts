// The CCTP V1 rail: routes with one end that has only V1 (move-chain), V1 end to end (V1 and V2 do not interoperate).
// Its per-family parts: ./evm.ts (TokenMessenger), ./solana.ts (token_messenger_minter, message_transmitter),
// ./sui.ts (the Move packages); the message format and Iris v1 read: ./attestation.ts.
import { getAddressDecoder } from "@solana/kit";
import { type Hex, hexToBytes } from "viem";
import type { ChainId } from "../../chains/address";
import { errorLine, RpcUnavailable, withRpcTimeout } from "../../chains/clients";
import { evmCall, isEvmChain } from "../../chains/evm";
import { solanaPayload } from "../../chains/solana";
import { type Blocker, blocker } from "../../http/codes";
import { fieldError } from "../../http/errors";
import { simulateTransactions } from "../../chains/simulate";
import { MESSAGE_TRANSMITTER_ABI } from "../cctp/abi";
import { readBurnMessages } from "../cctp/messages";
import { CCTP_DOMAIN, CCTP_V2_CHAINS, mintRecipientFor } from "../cctp/domains";
import { burnDescription, COMMON_RISKS, evmBurnTransactions, feeClause, feeTransferOf } from "../cctp/plan";
import { type DestinationSeen, receivedBurns } from "../cctp/received";
import { lockedRoute, noRescue } from "../cctp/rescue";
import { withRecipientAccount } from "../cctp/solana";
import type { BurnBuild, BurnRequest, Rail, RescueBuild, RescueRoute, Speed } from "../types";
import { type BurnMessage, fetchAttestation, fetchAttestationsV1, parseBurnMessage } from "./attestation";
import { depositForBurnV1, MESSAGE_TRANSMITTER, TOKEN_MESSENGER } from "./evm";
import { MESSAGE_TRANSMITTER_V1_PROGRAM, receiveMessageInstructionV1, solanaBurnV1 } from "./solana";
import { retirementBlocker, retirementRisk } from "./retirement";
import { SUI_MESSAGE_TRANSMITTER, SuiInsufficientUsdc, suiBurnV1, suiReceiveV1 } from "./sui";
import { readSuiBurn } from "../../chains/sui/cctp-burns";
import { readSolanaBurn } from "../../chains/solana/cctp-burns";
import { SOLANA_CCTP_PROGRAMS } from "../../../lib/cctp-ids";

/** The owner's V1 burn on the source chain: EVM depositForBurn, Solana deposit_for_burn, Sui deposit_for_burn (a PTB). */
async function burnV1(req: BurnRequest): Promise<BurnBuild> {
  const retiring = retirementBlocker(new Date());
  if (retiring) return { ok: false, blocker: retiring };
  const { source, sourceAddress, burnAmount, mintRecipient, serviceFee } = req;
  const domain = CCTP_DOMAIN[req.dest];
  if (isEvmChain(source)) {
    const messenger = TOKEN_MESSENGER[source];
    if (!messenger) throw new Error(`no CCTP V1 TokenMessenger known on ${source}`);
    const burn = depositForBurnV1(source, messenger, domain, burnAmount, mintRecipient);
    return { ok: true, transactions: evmBurnTransactions(req, source, messenger, "TokenMessenger", burn, "CCTP V1") };
  }
  if (source === "svm-chain") {
    try {
      const { payload, eventAccount } = await solanaBurnV1(sourceAddress, burnAmount, domain, mintRecipient, feeTransferOf(serviceFee));
      const description = `${burnDescription(req, "CCTP V1 deposit_for_burn")}${feeClause(serviceFee)}; the MessageSent event account ${eventAccount} has already signed (its rent is yours to reclaim)`;
      return { ok: true, transactions: [{ chain: source, kind: "burn", description, encoding: "solana-v0-message-base64", payload }] };
    } catch (e) {
      if (!(e instanceof RpcUnavailable)) throw e;
      return { ok: false, blocker: blocker("rpc_unavailable", e.message) };
    }
  }
  // CCTP V1 on Sui: the owner's USDC coins and the packages' newest versions are read over gRPC when the plan is built.
  try {
    const payload = await withRpcTimeout((signal) => suiBurnV1(sourceAddress, burnAmount, domain, mintRecipient, signal, feeTransferOf(serviceFee)));
    const description = `${burnDescription(req, "CCTP V1 deposit_for_burn")}${feeClause(serviceFee)}`;
    return { ok: true, transactions: [{ chain: source, kind: "burn", description, encoding: "sui-transaction-json", payload }] };
  } catch (e) {
    if (e instanceof SuiInsufficientUsdc) return { ok: false, blocker: blocker("insufficient_balance", `The burn needs ${e.needed} micro-USDC on move-chain; ${sourceAddress} holds ${e.held}.`) };
    return { ok: false, blocker: blocker("rpc_unavailable", `The move-chain state the Sui burn is built from (the owner's USDC coins, the CCTP packages' versions) could not be read: ${errorLine(e)}.`) };
  }
}

/**
 * Circle's attestation of `message`, the one the source transaction emitted, byte for byte: a listing for the
 * transaction that carries another message is not this transaction's burn (burn_not_found).
 */
async function attestationOfEmitted(source: ChainId, sourceDomain: number, sourceTxId: string, message: Hex): Promise<{ attestation: Hex | null } | { blocker: Blocker }> {
  const att = await fetchAttestationsV1(sourceDomain, sourceTxId);
  if (att.state === "pending") return { blocker: blocker("attestation_pending", `${att.reason}; try again later.`) };
  if (att.state === "unavailable") return { blocker: blocker("attestation_unavailable", `${att.reason}; try again later.`) };
  const listed = att.messages.flatMap((x) => (x.message ? [{ message: x.message, attestation: x.attestation }] : []));
  const same = listed.find((x) => x.message.toLowerCase() === message.toLowerCase());
  if (same) return { attestation: same.attestation };
  if (listed.length === 0) return { blocker: blocker("attestation_pending", "the attestation service does not list this burn message yet; try again later.") };
  const others = listed.map((x) => x.message).join(", ");
  return {
    blocker: blocker(
      "burn_not_found",
      `Circle's attestation service lists for ${sourceTxId} a message other than the one ${source}'s transaction emitted (emitted ${message}; listed ${others}); no transaction is built.`,
    ),
  };
}

/**
 * Reads the burn's MessageSent message from the source transaction and Circle's attestation, and builds
 * receiveMessage(message, attestation) on the destination MessageTransmitter. Only a message whose mint recipient
 * is the plan's owner-locked destination is ever built; network reads only, nothing is written.
 */
export async function rescueV1(p: RescueRoute, planRecipient: string | null, sourceTxId: string | undefined): Promise<RescueBuild> {
  const none = noRescue;
  if (!sourceTxId) return none(blocker("source_tx_required", `Post { planId, sourceTxId } with the burn transaction on ${p.source} to build receiveMessage.`));
  const route = await lockedRoute(p, planRecipient);
  if ("blockers" in route) return route;
  const { locked, sourceDomain, destDomain } = route;
  const routed = (m: Hex) => {
    const b = parseBurnMessage(m);
    return b && b.sourceDomain === sourceDomain && b.destinationDomain === destDomain ? [{ m, b }] : [];
  };
  // The routed burn that mints to the owner-locked destination, or recipient_mismatch naming where the burn mints.
  const lockedBurn = <T extends { b: BurnMessage }>(ours: T[]): T | { blocker: Blocker } =>
    ours.find((x) => x.b.mintRecipient.toLowerCase() === locked) ?? {
      blocker: blocker("recipient_mismatch", `The burn in ${sourceTxId} mints to ${ours[0]?.b.mintRecipient}, not to the plan's owner-locked destination ${p.destAddress}; no transaction is built.`),
    };
  let message: Hex;
  let b: BurnMessage;
  let attestation: Hex | null = null;
  // Whether the burn is the one the source chain's transaction emitted (else only Iris's listing of it).
  let fromChain = true;
  const svm = p.source === "svm-chain" ? await readSolanaBurn(sourceTxId, SOLANA_CCTP_PROGRAMS.messageTransmitterV1, SOLANA_CCTP_PROGRAMS.tokenMessengerMinterV1) : null;
  // EVM sources: the burn as the chain recorded it (MessageSent in the receipt); svm-chain: the message the landed
  // transaction wrote into its MessageSent event account. Its attestation is then asked for that message (below).
  const read = svm?.state === "reclaimed" ? null : (svm ?? (isEvmChain(p.source) ? await readBurnMessages(p.source, sourceTxId) : null));
  if (read) {
    if (read.state === "unreachable") return none(blocker("source_rpc_unavailable", `The ${p.source} RPC could not be read: ${read.reason}.`));
    if (read.state === "not_found") return none(blocker("burn_not_found", `No CCTP burn in ${sourceTxId}: ${read.reason}.`));
    const ours = read.messages.flatMap(routed);
    if (ours.length === 0) return none(blocker("burn_not_found", `${sourceTxId} carries no CCTP burn from domain ${sourceDomain} to domain ${destDomain} (${p.dest}).`));
    const mine = lockedBurn(ours);
    if ("blocker" in mine) return none(mine.blocker);
    ({ m: message, b } = mine);
  } else if (p.source === "move-chain") {
    // move-chain: the burn as the executed transaction emitted it (Circle's MessageSent and DepositForBurn events, read
    // over gRPC); the attestation is then looked up for that message only (below).
    const sui = await readSuiBurn(sourceTxId);
    if (sui.state === "unreachable") return none(blocker("source_rpc_unavailable", `The ${p.source} RPC could not be read: ${sui.reason}.`));
    if (sui.state === "not_found") return none(blocker("burn_not_found", `No CCTP burn in ${sourceTxId}: ${sui.reason}.`));
    const ours = sui.messages.flatMap(routed);
    if (ours.length === 0) {
      return none(blocker("burn_not_found", `${sourceTxId} emitted no CCTP MessageSent event from domain ${sourceDomain} to domain ${destDomain} (${p.dest}) on ${p.source}.`));
    }
    const mine = lockedBurn(ours);
    if ("blocker" in mine) return none(mine.blocker);
    // Circle's DepositForBurn event of the same call states the same burn: amount, mint recipient, destination domain.
    const stated = sui.burns.find((e) => e.destinationDomain === mine.b.destinationDomain && e.mintRecipient.toLowerCase() === mine.b.mintRecipient.toLowerCase() && BigInt(e.amount) === mine.b.amount);
    if (!stated) {
      const seen = sui.burns.map((e) => `${e.amount} to ${e.mintRecipient} on domain ${e.destinationDomain}`).join("; ") || "none";
      return none(
        blocker(
          "burn_not_found",
          `${sourceTxId}'s MessageSent burns ${mine.b.amount} micro-USDC to ${mine.b.mintRecipient} on domain ${mine.b.destinationDomain}, but no DepositForBurn event of Circle's TokenMessengerMinter states that burn (events: ${seen}).`,
        ),
      );
    }
    ({ m: message, b } = mine);
  } else {
    // svm-chain, its event account closed since the burn (rent reclaimed, which V1 allows once the message is
    // attested): the message Iris lists for the source transaction (Circle signs it); its route and mint recipient
    // must still be the plan's. Nothing is settled from the chain then.
    fromChain = false;
    const att = await fetchAttestationsV1(sourceDomain, sourceTxId);
    if (att.state === "pending") return none(blocker("attestation_pending", `${att.reason}; try again later.`));
    if (att.state === "unavailable") return none(blocker("attestation_unavailable", `${att.reason}; try again later.`));
    const ours = att.messages.flatMap((x) => (x.message ? routed(x.message).map((r) => ({ ...r, a: x.attestation })) : []));
    if (ours.length === 0) return none(blocker("attestation_pending", "the attestation service does not list this burn message yet; try again later."));
    const mine = lockedBurn(ours);
    if ("blocker" in mine) return none(mine.blocker);
    ({ m: message, b } = mine);
    attestation = mine.a;
  }
  const burn = { sourceTxId, nonce: b.nonce.toString(), amountMicros: b.amount.toString(), mintRecipient: b.mintRecipient, message, attestation: null as string | null };
  // The burn is what the source chain's transaction emitted (settled from the chain), unless only Iris had it.
  const settled = fromChain ? { settledBurn: { amount: b.amount } } : {};
  const burned = b;
  const blocked = (x: Blocker) => ({ blockers: [x], transactions: [] });
  // The receive of the burn, once attested; every answer carries the burn (and what the chain settled of it).
  const receive = async (): Promise<Omit<RescueBuild, "burn">> => {
    if (isEvmChain(p.source)) {
      const att = await fetchAttestation(sourceDomain, sourceTxId, message);
      if (att.state === "pending") return blocked(blocker("attestation_pending", `${att.reason}; try again later.`));
      if (att.state === "unavailable") return blocked(blocker("attestation_unavailable", `${att.reason}; try again later.`));
      attestation = att.attestation;
    }
    if (fromChain && !isEvmChain(p.source)) {
      const att = await attestationOfEmitted(p.source, sourceDomain, sourceTxId, message);
      if ("blocker" in att) return blocked(att.blocker);
      attestation = att.attestation;
    }
    if (!attestation) return blocked(blocker("attestation_pending", "Circle has not attested the burn yet (waiting for source-chain finality); try again later."));
    burn.attestation = attestation;
    // V1 takes no fee: the receive mints the burned amount.
    const mint = { amount: burned.amount, fee: 0n };
    const description = `Mint ${burned.amount} micro-USDC on ${p.dest} with CCTP V1 receive${isEvmChain(p.dest) ? "Message" : "_message"} (nonce ${burned.nonce}); the message fixes the recipient ${p.destAddress}`;
    if (isEvmChain(p.dest)) {
      const transmitter = MESSAGE_TRANSMITTER[p.dest];
      if (!transmitter) return blocked(blocker("adapter_not_ready", `No CCTP V1 MessageTransmitter is known on ${p.dest}.`));
      const payload = evmCall(p.dest, transmitter, MESSAGE_TRANSMITTER_ABI, "receiveMessage", [message, attestation]);
      return { blockers: [], transactions: [{ chain: p.dest, kind: "receive", description, encoding: "evm-call", payload }], mint };
    }
    try {
      if (p.dest === "svm-chain") {
        // message_transmitter V1 receive_message, paid and signed by the locked destination; mints to the message's token account.
        const recipientAccount = getAddressDecoder().decode(hexToBytes(burned.mintRecipient));
        const ix = await receiveMessageInstructionV1(p.destAddress, message, attestation, sourceDomain, burned.burnToken, burned.nonce, recipientAccount);
        const payload = await solanaPayload(p.destAddress, await withRecipientAccount(p.destAddress, recipientAccount, ix));
        return { blockers: [], transactions: [{ chain: p.dest, kind: "receive", description, encoding: "solana-v0-message-base64", payload }], mint };
      }
      // move-chain: the receive PTB (receive_message → handle_receive_message → stamp → complete), simulated by the node.
      const payload = await withRpcTimeout((signal) => suiReceiveV1(p.destAddress, message, attestation as Hex, signal));
      const sim = await simulateTransactions([{ chain: p.dest, kind: "receive", description, encoding: "sui-transaction-json", payload }], p.destAddress);
      if (sim.blocker) return blocked(sim.blocker);
      return { blockers: [], transactions: sim.transactions, mint };
    } catch (e) {
      if (e instanceof RpcUnavailable) return blocked(blocker("rpc_unavailable", e.message));
      return blocked(blocker("rpc_unavailable", `The ${p.dest} state the receive is built from could not be read: ${errorLine(e)}.`));
    }
  };
  return { ...(await receive()), burn, ...settled };
}


export const cctpV1 = {
  id: "circle-cctp-v1" as const,
  label: "Circle CCTP V1",
  speeds: [],
  attestationApi: "CCTP V1: /v1/messages",
  // Every chain with a CCTP domain runs V1; the registry asks V2 first.
  supports: (source: ChainId, dest: ChainId) => source in CCTP_DOMAIN && dest in CCTP_DOMAIN,
  speedFor(source: ChainId, dest: ChainId, requested: Speed | undefined): Speed | null {
    if (requested === "fast") {
      throw fieldError(
        "INVALID_REQUEST",
        "body.speed",
        `"fast" is only offered on CCTP V2 routes, and ${source} → ${dest} runs on CCTP V1 (${CCTP_V2_CHAINS.has(source) ? dest : source} has no V2)`,
      );
    }
    return null;
  },
  domain: (chain: ChainId) => CCTP_DOMAIN[chain],
  mintRecipient: mintRecipientFor,
  fee: async () => ({ fee: { amountMicros: 0n, bps: "0", maxFeeMicros: null, source: null, reason: "CCTP V1 takes no protocol fee" }, blocker: null }),
  feeLabel: () => "Rail fee: Circle CCTP V1 (no protocol fee)",
  risks: () => [
    "Cross-chain transfers are not instant: Circle attests the burn after source-chain finality (minutes on Base and Arbitrum), then the USDC is minted on the destination chain.",
    "This route uses CCTP V1 because one end (move-chain) has no CCTP V2: Circle runs only V1 on move-chain today (its bridge kit, @circle-fin/bridge-kit 1.15.1, lists only V1 contracts for Sui), and a V1 burn can only be received by V1, so sign the burn only if it can also be received before V1 stops attesting.",
    retirementRisk(),
    ...COMMON_RISKS,
  ],
  burn: burnV1,
  rescue: rescueV1,
  receiver: (dest: ChainId) => (dest === "svm-chain" ? MESSAGE_TRANSMITTER_V1_PROGRAM : dest === "move-chain" ? SUI_MESSAGE_TRANSMITTER : (MESSAGE_TRANSMITTER[dest] ?? null)),
  received: (source: ChainId, dest: ChainId, seen: DestinationSeen) => receivedBurns(1, source, dest, seen),
  burner: (source: ChainId) => (isEvmChain(source) ? (TOKEN_MESSENGER[source] ?? null) : null),
} satisfies Rail;
