// EVM call helpers: calldata encoded with viem against each contract's ABI. Prepare only on Map chains.
import { type Abi, type Address, encodeFunctionData, erc20Abi, getAddress, type Hex, pad } from "viem";
import type { ChainId } from "./address";
import type { PlanTransaction, TxKind } from "./transaction";

export const EVM_CHAIN_IDS = { "evm-a": 8453, "evm-b": 42161 } as const satisfies Partial<Record<ChainId, number>>;
export type EvmChain = keyof typeof EVM_CHAIN_IDS;

export function isEvmChain(c: ChainId): c is EvmChain {
  return c === "evm-a" || c === "evm-b";
}

/** `{ to, data, value }` for `eth_sendTransaction` / wagmi `sendTransaction`; value is a decimal wei string. */
export interface EvmCall {
  chainId: number;
  to: Address;
  data: Hex;
  value: string;
}

export function evmCall(chain: EvmChain, to: string, abi: Abi, functionName: string, args: readonly unknown[]): EvmCall {
  const data = encodeFunctionData({ abi, functionName, args } as Parameters<typeof encodeFunctionData>[0]);
  return { chainId: EVM_CHAIN_IDS[chain], to: getAddress(to), data, value: "0" };
}

/** The plan's EVM transaction of `kind`: the call `payload` (from `evmCall`) on `chain`. */
export function evmTransaction(chain: EvmChain, kind: TxKind, description: string, payload: EvmCall): PlanTransaction {
  return { chain, kind, description, encoding: "evm-call", payload };
}

/** The owner's exact ERC-20 approval of `spender` for `amount` (never unlimited), as the plan's approve transaction (viem's `erc20Abi`). */
export function approveTransaction(chain: EvmChain, token: string, spender: string, amount: bigint, description: string): PlanTransaction {
  return { chain, kind: "approve", description, encoding: "evm-call", payload: evmCall(chain, token, erc20Abi, "approve", [spender, amount]) };
}

export function checksum(a: string): Address {
  return getAddress(a);
}

/** A 20-byte address left-padded to bytes32 (CCTP mintRecipient on an EVM destination). */
export function addressToBytes32(a: string): Hex {
  return pad(getAddress(a), { size: 32 });
}
