// Circle CCTP V2 on EVM: TokenMessengerV2.depositForBurn and MessageTransmitterV2.receiveMessage. The V2 message
// format, Circle's fee API and the V2 attestation read (Iris API v2): ./attestation.ts.
// Sources:
//  - @circle-fin/provider-cctp-v2 1.14.0 (index.mjs, chain definitions Base/Arbitrum/Solana/Sui: `cctp.contracts`):
//    Base and Arbitrum carry v1 and v2 contracts, Solana v1 and v2, Sui v1 only.
//  - circlefin/evm-cctp-contracts @ 4061786a5726bc05f99fcdb53b0985599f0dbaf7: docs/abis/cctp/v2/TokenMessengerV2.json,
//    docs/abis/cctp/v2/MessageTransmitterV2.json (the ABIs: ../cctp/abi.ts, proven against adapter-viem-v2's),
//    src/messages/v2/MessageV2.sol, src/messages/v2/BurnMessageV2.sol.
import type { Hex } from "viem";
import { USDC } from "../../chains/balances";
import { type EvmCall, type EvmChain, evmCall } from "../../chains/evm";
import { MESSAGE_TRANSMITTER_V2, TOKEN_MESSENGER_V2 } from "../../../lib/cctp-ids";
import { MESSAGE_TRANSMITTER_ABI, TOKEN_MESSENGER_V2_ABI } from "../cctp/abi";
import type { Speed } from "../types";

/** TokenMessengerV2 and MessageTransmitterV2, one address on every EVM chain: cited in lib/cctp-ids.ts (client-safe). */
export { MESSAGE_TRANSMITTER_V2, TOKEN_MESSENGER_V2 };

/** minFinalityThreshold per speed (provider-cctp-v2 1.14.0 `CCTPv2MinFinalityThreshold`: FAST 1000, SLOW 2000). */
export const FINALITY_THRESHOLD: Record<Speed, number> = { fast: 1000, standard: 2000 };

/** bytes32(0): any address may call receiveMessage on the destination (provider-cctp-v2 passes ZERO_HASH). */
export const ANY_CALLER: Hex = `0x${"0".repeat(64)}`;

/**
 * TokenMessengerV2.depositForBurn(amount, destinationDomain, mintRecipient, burnToken, destinationCaller, maxFee,
 * minFinalityThreshold) on `source`, burning its native USDC; any caller may receive on the destination.
 */
export function depositForBurnV2(source: EvmChain, destinationDomain: number, amount: bigint, mintRecipient: Hex, maxFee: bigint, speed: Speed): EvmCall {
  return evmCall(source, TOKEN_MESSENGER_V2, TOKEN_MESSENGER_V2_ABI, "depositForBurn", [amount, destinationDomain, mintRecipient, USDC[source], ANY_CALLER, maxFee, FINALITY_THRESHOLD[speed]]);
}

/** MessageTransmitterV2.receiveMessage(message, attestation) on `dest` (the same receiveMessage as V1's: ../cctp/abi.ts). */
export function receiveMessageV2(dest: EvmChain, message: Hex, attestation: Hex): EvmCall {
  return evmCall(dest, MESSAGE_TRANSMITTER_V2, MESSAGE_TRANSMITTER_ABI, "receiveMessage", [message, attestation]);
}
