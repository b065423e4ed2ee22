// Circle CCTP on Sui (move-chain): V1 only. Circle's citable code carries Sui V1 and nothing of V2:
//  - @circle-fin/provider-cctp-v2 1.14.0 (index.mjs, `Sui.cctp.contracts`): only `v1` { tokenMessenger, messageTransmitter };
//  - circlefin/sui-cctp (branches master @ 70290f70d7c3d6caf23a91b379cac08a20f0d762, mainnet @ 83e522af280618317445e81d2436ac31e2bb9910):
//    the V1 Move packages (message format version 0), no V2 package.
// The Move calls follow Circle's own scripts (sui-cctp master @ 70290f70, scripts/sui-scripts/depositForBurn.ts and
// receiveMessage.ts) and the Move sources at the same commit:
//   token_messenger_minter::deposit_for_burn::deposit_for_burn<T>(Coin<T>, u32, address, &State, &mut MessageTransmitterState,
//     &DenyList, &mut Treasury<T>, &TxContext): (BurnMessage, Message)
//   message_transmitter::receive_message::receive_message(vector<u8>, vector<u8>, &mut State, &TxContext): Receipt
//   token_messenger_minter::handle_receive_message::handle_receive_message<T>(Receipt, &mut State, &DenyList, &mut Treasury<T>, &mut TxContext)
//     : StampReceiptTicketWithBurnMessage
//   token_messenger_minter::handle_receive_message::deconstruct_stamp_receipt_ticket_with_burn_message(StampReceiptTicketWithBurnMessage)
//     : (StampReceiptTicket<MessageTransmitterAuthenticator>, BurnMessage)
//   message_transmitter::receive_message::stamp_receipt<Auth>(StampReceiptTicket<Auth>, &State): StampedReceipt
//   message_transmitter::receive_message::complete_receive_message(StampedReceipt, &State)
// Calls go to the newest version of each package (the chain's list of its versions, as for NAVI): the state objects'
// `compatible_versions` guard aborts a call to a version they no longer accept. Types keep the original package ids.
import { normalizeSuiAddress } from "@mysten/sui/utils";
import type { Transaction } from "@mysten/sui/transactions";
import { hexToBytes, type Hex } from "viem";
import { USDC } from "../../chains/balances";
import { newSuiTransaction, suiPayload } from "../../chains/sui";
import { latestPackageVersion } from "../../chains/sui/package-versions";
import { suiRpc } from "../../chains/clients";

// Circle's Sui packages (original ids) and the shared objects the calls take, each cited in lib/cctp-ids.ts (client-safe,
// so the recipient check refuses them too).
import {
  SUI_MESSAGE_TRANSMITTER,
  SUI_MESSAGE_TRANSMITTER_STATE,
  SUI_TOKEN_MESSENGER_MINTER,
  SUI_TOKEN_MESSENGER_MINTER_STATE,
  SUI_USDC_TREASURY,
} from "../../../lib/cctp-ids";
export { SUI_MESSAGE_TRANSMITTER, SUI_MESSAGE_TRANSMITTER_STATE, SUI_TOKEN_MESSENGER_MINTER, SUI_TOKEN_MESSENGER_MINTER_STATE, SUI_USDC_TREASURY };
/** The system DenyList, "deny_list id, fixed address" (sui-cctp master @ 70290f70 scripts/sui-scripts/depositForBurn.ts). */
// source: sui-cctp master 70290f70 scripts/sui-scripts/depositForBurn.ts `depositForBurnTx.object("0x403")`.
export const SUI_DENY_LIST = normalizeSuiAddress("0x403");

/** The auth type stamp_receipt is called with (receiveMessage.ts `typeArguments`), on the original package id. */
export const MESSAGE_TRANSMITTER_AUTHENTICATOR = `${SUI_TOKEN_MESSENGER_MINTER}::message_transmitter_authenticator::MessageTransmitterAuthenticator`;

/** The two packages' newest versions (where calls go). */
export async function suiCctpPackages(signal: AbortSignal): Promise<{ tokenMessengerMinter: string; messageTransmitter: string }> {
  const [tokenMessengerMinter, messageTransmitter] = await Promise.all([latestPackageVersion(SUI_TOKEN_MESSENGER_MINTER, signal), latestPackageVersion(SUI_MESSAGE_TRANSMITTER, signal)]);
  return { tokenMessengerMinter, messageTransmitter };
}

export class SuiInsufficientUsdc extends Error {
  constructor(
    readonly held: bigint,
    readonly needed: bigint,
  ) {
    super(`the owner holds ${held} micro-USDC on move-chain, less than the ${needed} to burn`);
  }
}

/** The owner's USDC coins (gRPC StateService.ListOwnedObjects through SuiGrpcClient.listCoins), every page. */
export async function ownerUsdcCoins(owner: string, signal: AbortSignal): Promise<{ objectId: string; version: string; digest: string; balance: bigint }[]> {
  const out: { objectId: string; version: string; digest: string; balance: bigint }[] = [];
  let cursor: string | null = null;
  for (let page = 0; page < 20; page++) {
    const r = await suiRpc().listCoins({ owner, coinType: USDC["move-chain"], cursor, signal });
    for (const c of r.objects) out.push({ objectId: c.objectId, version: c.version, digest: c.digest, balance: BigInt(c.balance ?? "0") });
    if (!r.hasNextPage || !r.cursor) break;
    cursor = r.cursor;
  }
  return out;
}

/** The service fee a burn PTB also pays: `amount` micro-USDC transferred to `recipient`. */
export interface SuiServiceFee {
  recipient: string;
  amount: bigint;
}

/**
 * deposit_for_burn as Circle's depositForBurn.ts builds it: the owner's USDC coins merged into the first, `amount`
 * split off, then deposit_for_burn<USDC>(coin, destination_domain, mint_recipient, token messenger state, message
 * transmitter state, deny list, treasury). The coins are read from the chain when the plan is built. With a service fee,
 * the fee is split off the same coin in the same splitCoins and transferred to the fee recipient in this PTB, so the
 * owner's USDC outflow is `amount + fee.amount` and the fee is taken only if the burn is.
 */
export function depositForBurnPtb(
  owner: string,
  pkg: string,
  coins: { objectId: string; version: string; digest: string; balance: bigint }[],
  amount: bigint,
  destinationDomain: number,
  mintRecipient: Hex,
  fee: SuiServiceFee | null = null,
): Transaction {
  const feeAmount = fee?.amount ?? 0n;
  const held = coins.reduce((s, c) => s + c.balance, 0n);
  if (held < amount + feeAmount || coins.length === 0) throw new SuiInsufficientUsdc(held, amount + feeAmount);
  const tx = newSuiTransaction(owner);
  const [primary, ...rest] = coins.map((c) => tx.objectRef({ objectId: c.objectId, version: c.version, digest: c.digest }));
  if (!primary) throw new SuiInsufficientUsdc(held, amount + feeAmount);
  if (rest.length > 0) tx.mergeCoins(primary, rest);
  const [coin, feeCoin] = tx.splitCoins(primary, feeAmount > 0n ? [amount, feeAmount] : [amount]);
  if (!coin) throw new Error("splitCoins returned no coin");
  if (fee && feeAmount > 0n) {
    if (!feeCoin) throw new Error("splitCoins returned no fee coin");
    tx.transferObjects([feeCoin], tx.pure.address(fee.recipient));
  }
  tx.moveCall({
    target: `${pkg}::deposit_for_burn::deposit_for_burn`,
    typeArguments: [USDC["move-chain"]],
    arguments: [
      coin,
      tx.pure.u32(destinationDomain),
      tx.pure.address(mintRecipient),
      tx.object(SUI_TOKEN_MESSENGER_MINTER_STATE),
      tx.object(SUI_MESSAGE_TRANSMITTER_STATE),
      tx.object(SUI_DENY_LIST),
      tx.object(SUI_USDC_TREASURY),
    ],
  });
  return tx;
}

/** The owner's burn on move-chain: coins and package read from the chain, serialized for the wallet. */
export async function suiBurnV1(owner: string, amount: bigint, destinationDomain: number, mintRecipient: Hex, signal: AbortSignal, fee: SuiServiceFee | null = null): Promise<string> {
  const [{ tokenMessengerMinter }, coins] = await Promise.all([suiCctpPackages(signal), ownerUsdcCoins(owner, signal)]);
  return suiPayload(depositForBurnPtb(owner, tokenMessengerMinter, coins, amount, destinationDomain, mintRecipient, fee));
}

/**
 * The receive PTB of Circle's receiveMessage.ts: receive_message → handle_receive_message<USDC> →
 * deconstruct_stamp_receipt_ticket_with_burn_message → stamp_receipt<MessageTransmitterAuthenticator> →
 * complete_receive_message. The message fixes the mint recipient; `sender` (the locked destination) pays the gas.
 */
export function receiveMessagePtb(sender: string, pkgs: { tokenMessengerMinter: string; messageTransmitter: string }, message: Hex, attestation: Hex): Transaction {
  const tx = newSuiTransaction(sender);
  const [receipt] = tx.moveCall({
    target: `${pkgs.messageTransmitter}::receive_message::receive_message`,
    arguments: [tx.pure.vector("u8", hexToBytes(message)), tx.pure.vector("u8", hexToBytes(attestation)), tx.object(SUI_MESSAGE_TRANSMITTER_STATE)],
  });
  if (!receipt) throw new Error("receive_message returned no receipt");
  const [ticketWithBurn] = tx.moveCall({
    target: `${pkgs.tokenMessengerMinter}::handle_receive_message::handle_receive_message`,
    typeArguments: [USDC["move-chain"]],
    arguments: [receipt, tx.object(SUI_TOKEN_MESSENGER_MINTER_STATE), tx.object(SUI_DENY_LIST), tx.object(SUI_USDC_TREASURY)],
  });
  if (!ticketWithBurn) throw new Error("handle_receive_message returned no ticket");
  const [ticket] = tx.moveCall({
    target: `${pkgs.tokenMessengerMinter}::handle_receive_message::deconstruct_stamp_receipt_ticket_with_burn_message`,
    arguments: [ticketWithBurn],
  });
  if (!ticket) throw new Error("deconstruct_stamp_receipt_ticket_with_burn_message returned no ticket");
  const [stamped] = tx.moveCall({
    target: `${pkgs.messageTransmitter}::receive_message::stamp_receipt`,
    typeArguments: [MESSAGE_TRANSMITTER_AUTHENTICATOR],
    arguments: [ticket, tx.object(SUI_MESSAGE_TRANSMITTER_STATE)],
  });
  if (!stamped) throw new Error("stamp_receipt returned nothing");
  tx.moveCall({ target: `${pkgs.messageTransmitter}::receive_message::complete_receive_message`, arguments: [stamped, tx.object(SUI_MESSAGE_TRANSMITTER_STATE)] });
  return tx;
}

/** The receive transaction on move-chain, serialized for the wallet (packages read from the chain). */
export async function suiReceiveV1(sender: string, message: Hex, attestation: Hex, signal: AbortSignal): Promise<string> {
  return suiPayload(receiveMessagePtb(sender, await suiCctpPackages(signal), message, attestation));
}
