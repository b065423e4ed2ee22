// Circle CCTP V1 on EVM: TokenMessenger.depositForBurn (four arguments). The V1 contracts are cited in lib/cctp-ids.ts
// (client-safe, so the recipient check refuses them); the ABIs (V1 and V2, cited and proven against Circle's): ../cctp/abi.ts.
import type { Hex } from "viem";
import { USDC } from "../../chains/balances";
import { type EvmCall, type EvmChain, evmCall } from "../../chains/evm";
import { MESSAGE_TRANSMITTER, TOKEN_MESSENGER } from "../../../lib/cctp-ids";
import { TOKEN_MESSENGER_ABI } from "../cctp/abi";

/** CCTP V1 TokenMessenger and MessageTransmitter on Base and Arbitrum: cited in lib/cctp-ids.ts. */
export { MESSAGE_TRANSMITTER, TOKEN_MESSENGER };

/** TokenMessenger.depositForBurn(amount, destinationDomain, mintRecipient, burnToken) to `messenger` on `source`. */
export function depositForBurnV1(source: EvmChain, messenger: string, destinationDomain: number, amount: bigint, mintRecipient: Hex): EvmCall {
  return evmCall(source, messenger, TOKEN_MESSENGER_ABI, "depositForBurn", [amount, destinationDomain, mintRecipient, USDC[source]]);
}
