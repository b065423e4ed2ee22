// A token's symbol and decimals: from the shipped list (lib/tokens.ts) when known, else read from its chain's own
// metadata (Sui coin metadata, the Solana SPL mint account, the EVM ERC-20 `decimals()`/`symbol()`). An unreadable
// token answers decimals null with the reason: an amount is never converted with guessed decimals.
import { getMintDecoder, TOKEN_PROGRAM_ADDRESS } from "@solana-program/token";
import { erc20Abi, getAddress } from "viem";
import { KNOWN_TOKENS, knownToken, SUI_COIN_TYPE } from "../../lib/tokens";
import { fieldError } from "../http/errors";
import { programAccount } from "./solana/accounts";
import { type ChainId, CHAIN_FAMILY, isEvmAddress, isSolanaAddress } from "./address";
import { errorLine, evmRpc, suiRpc, withRpcTimeout } from "./clients";

/** SPL Mint account size (@solana-program/token `getMintSize()`). */
const MINT_SIZE = 82;

/** What GET /svc/tokens/lookup answers of a token: decimals null, with the reason, when unknown. */
export interface TokenMetadata {
  address: string;
  symbol: string | null;
  name: string | null;
  decimals: number | null;
  source: "token-list" | "chain" | null;
  reason: string | null;
}

export interface TokenDetails extends TokenMetadata {
  chain: ChainId;
  asOf: string;
}

/** 400 unless `address` is a token id of the chain's family. */
export function assertTokenAddress(chain: ChainId, address: string, field: string): void {
  const family = CHAIN_FAMILY[chain];
  const ok = family === "sui" ? SUI_COIN_TYPE.test(address) : family === "solana" ? isSolanaAddress(address) : isEvmAddress(address);
  if (ok) return;
  const want = family === "sui" ? "a Move coin type (0x…::module::NAME)" : family === "solana" ? "a mint address (base58)" : "a token contract address (0x + 40 hex)";
  throw fieldError("INVALID_REQUEST", field, `must be ${want} on ${chain}`);
}

async function readChain(chain: ChainId, address: string, signal: AbortSignal): Promise<Pick<TokenDetails, "symbol" | "name" | "decimals">> {
  const family = CHAIN_FAMILY[chain];
  if (family === "solana") {
    const data = await programAccount(address, TOKEN_PROGRAM_ADDRESS, "mint", signal, { minLength: MINT_SIZE });
    const mint = getMintDecoder().decode(data.subarray(0, MINT_SIZE));
    if (!mint.isInitialized) throw new Error("the mint account is not initialized");
    // The SPL mint holds no symbol or name (those live in token metadata, not read here).
    return { symbol: null, name: null, decimals: mint.decimals };
  }
  if (family === "sui") {
    const { coinMetadata } = await suiRpc().core.getCoinMetadata({ coinType: address });
    if (!coinMetadata) throw new Error("the chain has no coin metadata for this coin type");
    return { symbol: coinMetadata.symbol, name: coinMetadata.name, decimals: coinMetadata.decimals };
  }
  const client = evmRpc(chain);
  const token = getAddress(address);
  const [decimals, symbol] = await Promise.all([
    client.readContract({ address: token, abi: erc20Abi, functionName: "decimals" }),
    client.readContract({ address: token, abi: erc20Abi, functionName: "symbol" }).catch(() => null),
  ]);
  return { symbol, name: null, decimals };
}

export async function tokenDetails(chain: ChainId, address: string): Promise<TokenDetails> {
  assertTokenAddress(chain, address, "query.address");
  const asOf = new Date().toISOString();
  const known = knownToken(chain, address);
  if (known) return { chain, address: known.address, symbol: known.symbol, name: known.name, decimals: known.decimals, source: "token-list", reason: null, asOf };
  try {
    const read = await withRpcTimeout((signal) => readChain(chain, address, signal));
    return { chain, address, ...read, source: "chain", reason: null, asOf };
  } catch (e) {
    return { chain, address, symbol: null, name: null, decimals: null, source: null, reason: `The token's decimals could not be read from ${chain}: ${errorLine(e)}.`, asOf };
  }
}

export function tokenList(chain: ChainId) {
  return KNOWN_TOKENS[chain];
}
