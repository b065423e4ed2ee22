// Circle CCTP V1 on EVM: TokenMessenger.depositForBurn (four arguments). The V1 contracts are cited in lib/cctp-ids.ts
// (client-safe, so the recipient check refuses them); the receive fragment, the same in V1 and V2: ../cctp/messages.ts.
import type { Hex } from "viem";
import { USDC } from "../../chains/balances";
import { type EvmCall, type EvmChain, evmCall } from "../../chains/evm";
import { MESSAGE_TRANSMITTER, TOKEN_MESSENGER } from "../../../lib/cctp-ids";

/** CCTP V1 TokenMessenger and MessageTransmitter on Base and Arbitrum: cited in lib/cctp-ids.ts. */
export { MESSAGE_TRANSMITTER, TOKEN_MESSENGER };

export const TOKEN_MESSENGER_ABI = [
  {
    type: "function",
    name: "depositForBurn",
    stateMutability: "nonpayable",
    inputs: [
      { name: "amount", type: "uint256" },
      { name: "destinationDomain", type: "uint32" },
      { name: "mintRecipient", type: "bytes32" },
      { name: "burnToken", type: "address" },
    ],
    outputs: [{ name: "_nonce", type: "uint64" }],
  },
] as const;

/** TokenMessenger.depositForBurn(amount, destinationDomain, mintRecipient, burnToken) to `messenger` on `source`. */
export function depositForBurnV1(source: EvmChain, messenger: string, destinationDomain: number, amount: bigint, mintRecipient: Hex): EvmCall {
  return evmCall(source, messenger, TOKEN_MESSENGER_ABI, "depositForBurn", [amount, destinationDomain, mintRecipient, USDC[source]]);
}
