// Circle CCTP pieces both versions share: the domain ids, where V2 runs, and the bytes32 mint recipient.
import { address as solAddress, getAddressEncoder } from "@solana/kit";
import { findAssociatedTokenPda, TOKEN_PROGRAM_ADDRESS } from "@solana-program/token";
import { bytesToHex, type Hex } from "viem";
import { CHAIN_FAMILY, type ChainId } from "../../chains/address";
import { USDC } from "../../chains/balances";
import { addressToBytes32 } from "../../chains/evm";

/**
 * CCTP domain ids: Base 6, Arbitrum 3, Solana 5 (@circle-fin/provider-cctp-v2 1.14.0 chain definitions, `cctp.domain`;
 * checked in tests/unit/cctp-v2.test.ts against @circle-fin/bridge-kit 1.15.1 `chains`), Sui 8 (provider-cctp-v2 1.14.0 `Sui.cctp.domain`).
 */
export const CCTP_DOMAIN: Record<ChainId, number> = { "evm-a": 6, "evm-b": 3, "svm-chain": 5, "move-chain": 8 };

/** Chains where Circle runs CCTP V2 (provider-cctp-v2 1.14.0: Base, Arbitrum and Solana have `cctp.contracts.v2`; Sui has only `v1`). */
export const CCTP_V2_CHAINS: ReadonlySet<ChainId> = new Set<ChainId>(["evm-a", "evm-b", "svm-chain"]);

/** The bytes32 mint recipient for a destination: EVM address padded, Sui address as is, Solana the owner's USDC token account. */
export async function mintRecipientFor(destChain: ChainId, destAddress: string): Promise<Hex> {
  const family = CHAIN_FAMILY[destChain];
  if (family === "evm") return addressToBytes32(destAddress);
  if (family === "sui") return destAddress.toLowerCase() as Hex;
  const [ata] = await findAssociatedTokenPda({ owner: solAddress(destAddress), mint: solAddress(USDC["svm-chain"]), tokenProgram: TOKEN_PROGRAM_ADDRESS });
  return bytesToHex(new Uint8Array(getAddressEncoder().encode(ata)));
}
