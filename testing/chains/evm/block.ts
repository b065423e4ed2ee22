// What every block of the local EVMs (the real node, ./methods.ts, and the answered EVM, ./rpc.ts) says alike: a
// post-merge block with no uncles (sha3Uncles = keccak256 of the empty list's RLP, 0xc0), zero difficulty and nonce,
// and roots and bloom no reader checks.
import { keccak256 } from "viem";

const zeros = (bytes: number) => `0x${"00".repeat(bytes)}`;

export const BLOCK_CONSTANTS = {
  nonce: zeros(8),
  sha3Uncles: keccak256("0xc0"),
  logsBloom: zeros(256),
  transactionsRoot: zeros(32),
  stateRoot: zeros(32),
  receiptsRoot: zeros(32),
  difficulty: "0x0",
  extraData: "0x",
  size: "0x300",
  mixHash: zeros(32),
  uncles: [] as string[],
};
