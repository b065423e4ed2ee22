// Circle's CCTP V1 on the local Sui node: the two packages (TokenMessengerMinter with one upgrade, so a call to the
// superseded original aborts as its version guard does), the shared objects the calls take (owners and initial shared
// versions are this node's), and the signatures of the modules a bridge plan calls, so a wrong object or a missing
// argument fails as on chain. Signatures parsed from circlefin/sui-cctp master @ 70290f70d7c3d6caf23a91b379cac08a20f0d762:
// packages/token_messenger_minter/sources/deposit_for_burn.move, handle_receive_message.move, and
// packages/message_transmitter/sources/receive_message.move (copied into tests/fixtures/sui-cctp/; cctpModules).
// The ids are Circle's as its sources publish them (./cctp-ids.ts, fixtures copied at a commit), not the builder's: a
// builder pointing at another State, treasury or package finds nothing there and its simulation fails.
import { bcs } from "@mysten/sui/bcs";
import { normalizeSuiAddress } from "@mysten/sui/utils";
import { USDC } from "../../../server/chains/balances";
import { attestationAbort, type SuiAttesterState } from "./cctp-attestation";
import { circleSuiCctp } from "./cctp-ids";
import { moveFixture, type MoveModuleSignatures, moveModuleSignatures } from "./move-source";
import { bytesToHex, type Hex, hexToBytes } from "viem";
import { sentBurnOf } from "../../../server/chains/cctp-messages";
import { burnEnds, cctpMessageV1, chainOfDomain, cctpRemoteIds, suiTypeId } from "../cctp-message";
import type { JsonValue } from "@protobuf-ts/runtime";
import type { CoinCallResult, CoinCallSeen, FlowValue, MoveAbortSeen, MoveCallSeen, MoveEventSeen, SuiObject } from "./world";

const CIRCLE = circleSuiCctp();
const SUI_TOKEN_MESSENGER_MINTER = CIRCLE.tokenMessengerMinter;
const SUI_MESSAGE_TRANSMITTER = CIRCLE.messageTransmitter;
/** The system DenyList, "deny_list id, fixed address" (circlefin/sui-cctp master @ 70290f70 scripts/sui-scripts/depositForBurn.ts). */
// source: sui-cctp master 70290f70 scripts/sui-scripts/depositForBurn.ts `depositForBurnTx.object("0x403")`.
const SUI_DENY_LIST = normalizeSuiAddress("0x403");

/** This node's upgrade of TokenMessengerMinter (a local id: calls must go to it, types keep the original's). */
export const LOCAL_TMM_UPGRADE = normalizeSuiAddress(`0x${"7e".repeat(32)}`);
/** Stand-in for Circle's stablecoin package on this node: the Treasury's type is checked by module and name. */
const LOCAL_STABLECOIN_PKG = normalizeSuiAddress(`0x${"5c".repeat(32)}`);

export const CCTP_PACKAGE_VERSIONS: [string, string[]][] = [
  [SUI_TOKEN_MESSENGER_MINTER, [SUI_TOKEN_MESSENGER_MINTER, LOCAL_TMM_UPGRADE]],
  [SUI_MESSAGE_TRANSMITTER, [SUI_MESSAGE_TRANSMITTER]],
];

const shared = (id: string, type: string, initialVersion: bigint, fields: Record<string, JsonValue> = {}): SuiObject => ({
  id: normalizeSuiAddress(id),
  type,
  owner: { kind: "shared", initialVersion },
  version: initialVersion + 1000n,
  json: { id: normalizeSuiAddress(id), ...fields },
});

export function cctpObjects(attesters: SuiAttesterState): SuiObject[] {
  // message_transmitter::state::State's immutable `local_domain` (sources/state.move), Sui's domain from Circle's deploy
  // script; its `enabled_attesters` (a VecSet<address>, rendered as its `contents`) and `signature_threshold` (u64, a
  // string in JSON) are this node's (./cctp-attestation.ts).
  const mtState = {
    local_domain: CIRCLE.domain,
    enabled_attesters: { contents: attesters.enabledAttesters },
    signature_threshold: attesters.signatureThreshold.toString(),
  };
  return [
    shared(CIRCLE.objects.tokenMessengerState, `${SUI_TOKEN_MESSENGER_MINTER}::state::State`, 476419720n),
    shared(CIRCLE.objects.messageTransmitterState, `${SUI_MESSAGE_TRANSMITTER}::state::State`, 476419718n, mtState),
    shared(CIRCLE.objects.usdcTreasury, `${LOCAL_STABLECOIN_PKG}::treasury::Treasury<${USDC["move-chain"]}>`, 253749012n),
    shared(SUI_DENY_LIST, "0x2::deny_list::DenyList", 1n),
  ];
}

/**
 * The modules a bridge plan calls, every function's signature parsed from Circle's sources (tests/fixtures/sui-cctp/,
 * circlefin/sui-cctp master @ 70290f70 packages/token_messenger_minter/sources/deposit_for_burn.move,
 * handle_receive_message.move, packages/message_transmitter/sources/receive_message.move), the named addresses the
 * packages' original ids from their Move.lock (./cctp-ids.ts): a missing function, argument or a wrong object fails.
 */
export function cctpModules(): MoveModuleSignatures[] {
  const addresses = { token_messenger_minter: SUI_TOKEN_MESSENGER_MINTER, message_transmitter: SUI_MESSAGE_TRANSMITTER };
  const parse = (file: string, module: string) => moveModuleSignatures(moveFixture("sui-cctp", file), addresses, module);
  return [parse("deposit_for_burn.move", "deposit_for_burn"), parse("handle_receive_message.move", "handle_receive_message"), parse("receive_message.move", "receive_message")];
}

/**
 * The DepositForBurn event (deposit_for_burn.move `public struct DepositForBurn has copy, drop { nonce: u64, burn_token:
 * address, amount: u64, depositor: address, mint_recipient: address, destination_domain: u32,
 * destination_token_messenger: address, destination_caller: address }`), its type under the package's original id.
 */
const DEPOSIT_FOR_BURN_EVENT = bcs.struct("DepositForBurn", {
  nonce: bcs.u64(),
  burn_token: bcs.Address,
  amount: bcs.u64(),
  depositor: bcs.Address,
  mint_recipient: bcs.Address,
  destination_domain: bcs.u32(),
  destination_token_messenger: bcs.Address,
  destination_caller: bcs.Address,
});
export const DEPOSIT_FOR_BURN_EVENT_TYPE = `${SUI_TOKEN_MESSENGER_MINTER}::deposit_for_burn::DepositForBurn`;
/**
 * The MessageSent event (circlefin/sui-cctp @ 70290f70 packages/message_transmitter/sources/send_message.move
 * `public struct MessageSent has copy, drop { message: vector<u8> }`, emitted by `serialize_message_and_emit_event`
 * with the serialized message), its type under the MessageTransmitter's original id.
 */
const MESSAGE_SENT_EVENT = bcs.struct("MessageSent", { message: bcs.vector(bcs.u8()) });
export const MESSAGE_SENT_EVENT_TYPE = `${SUI_MESSAGE_TRANSMITTER}::send_message::MessageSent`;

/** The first nonce the MessageTransmitter State reserves (state.move `next_available_nonce`), this node's figure. */
export const SUI_NEXT_NONCE = 7001n;
/** The State's next nonce in this process: each executed burn reserves one (a simulation reserves none). */
let nextNonce = SUI_NEXT_NONCE;

const tmmAbort = (code: bigint, name: string, why: string): CoinCallResult => {
  const at = `${SUI_TOKEN_MESSENGER_MINTER}::deposit_for_burn::deposit_for_burn`;
  return { abort: { package: SUI_TOKEN_MESSENGER_MINTER, module: "deposit_for_burn", functionName: "deposit_for_burn", code, description: `MoveAbort in ${at}: ${name} (${code}): ${why}` } };
};

/**
 * deposit_for_burn<T>(coins, destination_domain, mint_recipient, …) as deposit_for_burn.move `deposit_for_burn_shared`
 * runs it: the amount is the whole coin (`coins.value()`), EZeroAmount (0) when it is empty, EZeroAddressMintRecipient
 * (1) for @0x0, EInvalidDestinationDomain (2) when the State has no remote TokenMessenger for the domain (this node's
 * State has one for each other chain of the service, the ids cctpRemoteIds writes), EMissingMintCap (4) for a T other
 * than USDC; the coin is burned through the treasury and DepositForBurn is emitted with the message's nonce (the State's next, reserved when the transaction is executed), the token
 * id (token_utils.move `calculate_token_id<T>`: keccak256 of T's type name), the sender as depositor and destination
 * caller @0x0. Before it, the MessageTransmitter's MessageSent carries the V1 message `send_deposit_for_burn_message` sends
 * (message.move and burn_message.move serialize: version 0, Sui's local domain, the destination domain, the nonce, the
 * sender `auth_caller_identifier<MessageTransmitterAuthenticator>()`, the remote TokenMessenger as recipient, caller
 * @0x0; body: version 0, the token id, the mint recipient, the amount, the depositor). The Treasury's own Burn event
 * is not modelled.
 */
function depositForBurn(call: CoinCallSeen): CoinCallResult | undefined {
  const [coin, domainArg, recipientArg] = call.args;
  const coinType = call.typeArguments[0];
  if (!coin || !("held" in coin) || coin.held.kind !== "coin" || !coinType || !domainArg || !("pure" in domainArg) || !recipientArg || !("pure" in recipientArg)) return undefined;
  // Arguments of the wrong size fail the signature check (InvalidBCSBytes) before the call runs.
  if (domainArg.pure.length !== 4 || recipientArg.pure.length !== 32) return undefined;
  const amount = coin.held.value;
  const destinationDomain = bcs.u32().parse(domainArg.pure);
  const mintRecipient = normalizeSuiAddress(bcs.Address.parse(recipientArg.pure));
  if (amount === 0n) return tmmAbort(0n, "EZeroAmount", "the coin is empty");
  if (mintRecipient === normalizeSuiAddress("0x0")) return tmmAbort(1n, "EZeroAddressMintRecipient", "the mint recipient is @0x0");
  const chain = chainOfDomain(destinationDomain);
  const remote = chain && chain !== "move-chain" ? cctpRemoteIds(chain, 1) : null;
  if (!remote) return tmmAbort(2n, "EInvalidDestinationDomain", `no remote TokenMessenger for domain ${destinationDomain}`);
  const burnToken = suiTypeId(coinType);
  if (burnToken !== suiTypeId(USDC["move-chain"])) return tmmAbort(4n, "EMissingMintCap", `no mint cap for ${coinType}`);
  const value = {
    nonce: nextNonce,
    burn_token: burnToken,
    amount,
    depositor: normalizeSuiAddress(call.sender),
    mint_recipient: mintRecipient,
    destination_domain: destinationDomain,
    destination_token_messenger: remote.tokenMessenger,
    destination_caller: normalizeSuiAddress("0x0"),
  };
  const json = { ...value, nonce: value.nonce.toString(), amount: value.amount.toString() };
  const message = cctpMessageV1(CIRCLE.domain, destinationDomain, nextNonce, mintRecipient as Hex, amount, {
    ...burnEnds(1, CIRCLE.domain, destinationDomain),
    destinationCaller: normalizeSuiAddress("0x0") as Hex,
    messageSender: normalizeSuiAddress(call.sender) as Hex,
  });
  const sent = { type: MESSAGE_SENT_EVENT_TYPE, bcs: MESSAGE_SENT_EVENT.serialize({ message: hexToBytes(message) }).toBytes(), json: { message: Buffer.from(hexToBytes(message)).toString("base64") } };
  const emits = [sent, { type: DEPOSIT_FOR_BURN_EVENT_TYPE, bcs: DEPOSIT_FOR_BURN_EVENT.serialize(value).toBytes(), json }];
  const reserve = () => {
    nextNonce += 1n;
  };
  return { takes: [0], returns: [null, null], emits, writes: reserve };
}

/**
 * receive_message's checks in Circle's order (receive_message.move `receive_message_shared`): the attestation against
 * this node's attesters and threshold (./cctp-attestation.ts), then the domain (`assert!(destination_domain ==
 * state.local_domain(), EInvalidDestinationDomain)`, code 2; the domain is the big-endian u32 at byte 8 of the message,
 * message.move DESTINATION_DOMAIN_INDEX): a message attested for any domain but the one Circle's deploy script gave Sui
 * aborts. The nonce is checked after these, in the coin flow (./cctp-nonces.ts).
 */
export function cctpMoveCallAbort(call: MoveCallSeen, attesters: SuiAttesterState): MoveAbortSeen | undefined {
  const mt = CCTP_PACKAGE_VERSIONS.find(([original]) => original === SUI_MESSAGE_TRANSMITTER)?.[1] ?? [];
  if (!mt.includes(normalizeSuiAddress(call.package)) || call.module !== "receive_message" || call.function !== "receive_message") return undefined;
  const attestation = attestationAbort(call, SUI_MESSAGE_TRANSMITTER, mt, attesters);
  if (attestation) return attestation;
  const arg = call.args?.[0];
  if (!arg || !("pure" in arg)) return undefined;
  const message = Uint8Array.from(bcs.vector(bcs.u8()).parse(arg.pure));
  if (message.length < 12) return undefined;
  const destination = new DataView(message.buffer, message.byteOffset).getUint32(8, false);
  if (destination === CIRCLE.domain) return undefined;
  const at = `${normalizeSuiAddress(call.package)}::receive_message::receive_message`;
  return {
    package: normalizeSuiAddress(call.package),
    module: "receive_message",
    functionName: "receive_message",
    code: 2n,
    description: `MoveAbort in ${at}: EInvalidDestinationDomain (2): the message is for domain ${destination}, the State's local_domain is ${CIRCLE.domain}`,
  };
}

/**
 * The MessageReceived event (circlefin/sui-cctp @ 70290f70 packages/message_transmitter/sources/receive_message.move
 * `public struct MessageReceived has copy, drop { caller: address, source_domain: u32, nonce: u64, sender: address,
 * message_body: vector<u8> }`, emitted by `complete_receive_message` from the stamped Receipt), its type under the
 * MessageTransmitter's original id. Written here from Circle's source on purpose, not imported from the service's reader
 * (server/chains/sui/cctp-burns.ts): two readings of the struct, so a wrong layout in either fails a test.
 */
const MESSAGE_RECEIVED_EVENT = bcs.struct("MessageReceived", {
  caller: bcs.Address,
  source_domain: bcs.u32(),
  nonce: bcs.u64(),
  sender: bcs.Address,
  message_body: bcs.vector(bcs.u8()),
});
export const MESSAGE_RECEIVED_EVENT_TYPE = `${SUI_MESSAGE_TRANSMITTER}::receive_message::MessageReceived`;

/**
 * The hot potatoes of a receive as this node follows them, each naming the message it carries (hex): receive_message's
 * Receipt (and its burn's mint recipient), handle_receive_message's StampReceiptTicketWithBurnMessage, the
 * StampReceiptTicket deconstruct_stamp_receipt_ticket_with_burn_message returns, stamp_receipt's StampedReceipt.
 */
const RECEIPT = "cctp-receipt";
const TICKET_WITH_BURN = "cctp-ticket-with-burn";
const TICKET = "cctp-stamp-receipt-ticket";
const STAMPED = "cctp-stamped-receipt";
const potato = (name: string, message: string): FlowValue => ({ kind: "receipt", name: `${name} ${message}`, coinType: USDC["move-chain"], value: 0n, fee: 0n });
/** The message a held hot potato of kind `name` carries, or null. */
function potatoMessage(arg: CoinCallSeen["args"][number], name: string): Hex | null {
  const held = arg && "held" in arg ? arg.held : null;
  if (held?.kind !== "receipt" || !held.name.startsWith(`${name} `)) return null;
  return held.name.split(" ").at(-1) as Hex;
}

/**
 * complete_receive_message's MessageReceived for `message` received by `caller`, the Receipt's fields as
 * receive_message_shared fills them from the message (message/message.move: source domain u32 at 4, nonce u64 at 12,
 * sender at 20, body from 116, big-endian).
 */
function messageReceived(caller: string, message: Hex): MoveEventSeen {
  const m = hexToBytes(message);
  const view = new DataView(m.buffer, m.byteOffset);
  const value = {
    caller: normalizeSuiAddress(caller),
    source_domain: view.getUint32(4, false),
    nonce: view.getBigUint64(12, false),
    sender: bytesToHex(m.subarray(20, 52)),
    message_body: m.subarray(116),
  };
  const json = { ...value, nonce: value.nonce.toString(), message_body: Buffer.from(value.message_body).toString("base64") };
  return { type: MESSAGE_RECEIVED_EVENT_TYPE, bcs: MESSAGE_RECEIVED_EVENT.serialize(value).toBytes(), json };
}

/** The receive's calls after receive_message (handle_receive_message.move, receive_message.move), as described below. */
function receiveCall(call: CoinCallSeen): CoinCallResult | undefined {
  const fn = `${call.package === SUI_TOKEN_MESSENGER_MINTER ? "tmm" : call.package === SUI_MESSAGE_TRANSMITTER ? "mt" : ""}::${call.module}::${call.function}`;
  const [arg] = call.args;
  if (fn === "tmm::handle_receive_message::handle_receive_message") {
    const receipt = arg && "held" in arg ? arg.held : null;
    if (receipt?.kind !== "receipt" || !receipt.name.startsWith(`${RECEIPT} `)) return undefined;
    const [, to = "", message = ""] = receipt.name.split(" ");
    const minted: FlowValue = { kind: "coin", coinType: receipt.coinType, value: receipt.value };
    return { takes: [0], returns: [potato(TICKET_WITH_BURN, message)], sends: [{ to, value: minted }] };
  }
  if (fn === "tmm::handle_receive_message::deconstruct_stamp_receipt_ticket_with_burn_message") {
    const message = potatoMessage(arg ?? null, TICKET_WITH_BURN);
    return message ? { takes: [0], returns: [potato(TICKET, message), null] } : undefined;
  }
  if (fn === "mt::receive_message::stamp_receipt") {
    const message = potatoMessage(arg ?? null, TICKET);
    return message ? { takes: [0], returns: [potato(STAMPED, message)] } : undefined;
  }
  if (fn === "mt::receive_message::complete_receive_message") {
    const message = potatoMessage(arg ?? null, STAMPED);
    return message ? { takes: [0], returns: [], emits: [messageReceived(call.sender, message)] } : undefined;
  }
  return undefined;
}

/**
 * deposit_for_burn's coin as above; the receive as the coin flow follows it: receive_message (receive_message.move)
 * returns the Receipt of the message; handle_receive_message<T> (handle_receive_message.move: `treasury::mint` to the
 * burn message's mint recipient) mints the burn message's amount of USDC to its mint recipient and returns the
 * StampReceiptTicketWithBurnMessage, which deconstruct_stamp_receipt_ticket_with_burn_message opens into the
 * StampReceiptTicket (and the BurnMessage, which has drop), stamp_receipt turns into the StampedReceipt and
 * complete_receive_message consumes, emitting MessageReceived. Every hot potato is followed, so a receive that leaves
 * one unused is not a transaction this node can account for (as the chain refuses it). The checks the contracts make
 * stay with the node's other rules (attestation and domain: cctpMoveCallAbort; nonce: ./cctp-nonces.ts); the
 * TokenMessengerMinter's own MintAndWithdraw event is not modelled.
 */
export function cctpCoinCall(call: CoinCallSeen): CoinCallResult | undefined {
  if (call.package === SUI_TOKEN_MESSENGER_MINTER && call.module === "deposit_for_burn" && call.function === "deposit_for_burn") return depositForBurn(call);
  if (call.package === SUI_MESSAGE_TRANSMITTER && call.module === "receive_message" && call.function === "receive_message") {
    const arg = call.args[0];
    const message = arg && "pure" in arg ? bytesToHex(Uint8Array.from(bcs.vector(bcs.u8()).parse(arg.pure))) : null;
    const burn = message ? sentBurnOf(message) : null;
    if (!message || !burn) return undefined;
    return { takes: [], returns: [{ kind: "receipt", name: `${RECEIPT} ${normalizeSuiAddress(burn.mintRecipient)} ${message}`, coinType: USDC["move-chain"], value: burn.amount, fee: 0n }] };
  }
  return receiveCall(call);
}
