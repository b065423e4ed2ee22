// Wallet balances through each chain's RPC with its SDK (spec §4.1): native asset and USDC. Each leg is
// read on its own with a timeout; a failed read makes that leg "N/A" with a reason, never a number.
import { address as solAddress } from "@solana/kit";
import { erc20Abi } from "viem";
import { config } from "../config";
import { type ChainId, CHAIN_FAMILY } from "./address";
import { USDC } from "../../lib/tokens";
import { errorLine, evmRpc, solanaRpc, suiRpc, withRpcTimeout } from "./clients";

/** Circle USDC on each network (cited in lib/tokens.ts, shared with the dashboard). */
export { USDC };

const NATIVE: Record<ChainId, { asset: string; decimals: number; unit: string }> = {
  "move-chain": { asset: "SUI", decimals: 9, unit: "mist" },
  "svm-chain": { asset: "SOL", decimals: 9, unit: "lamports" },
  "evm-a": { asset: "ETH", decimals: 18, unit: "wei" },
  "evm-b": { asset: "ETH", decimals: 18, unit: "wei" },
};

/** One asset of GET /svc/{chain}/wallet-balance (the document's WalletBalance legs, server/catalog/schemas.ts
 * balanceLeg); amount is integer base units as a string, null when status is N/A. */
export interface BalanceLeg {
  asset: string;
  kind: "native" | "token";
  decimals: number;
  unit: string;
  amount: string | null;
  status: "ok" | "N/A";
  reason: string | null;
  source: string | null;
  asOf: string | null;
}

function failureReason(e: unknown, timeoutMs: number): string {
  const msg = e instanceof Error ? e.message : String(e);
  if (/abort|timeout|timed out/i.test(msg)) return `RPC did not answer within ${timeoutMs} ms`;
  return `RPC read failed: ${errorLine(e)}`;
}

async function leg(
  chain: ChainId,
  meta: { asset: string; kind: "native" | "token"; decimals: number; unit: string },
  read: (signal: AbortSignal) => Promise<bigint>,
): Promise<BalanceLeg> {
  const timeoutMs = config().SVC_RPC_TIMEOUT_MS;
  const source = `rpc:${chain}`;
  try {
    const value = await withRpcTimeout(read);
    if (value < 0n) throw new Error("negative balance");
    return { ...meta, amount: value.toString(), status: "ok", reason: null, source, asOf: new Date().toISOString() };
  } catch (e) {
    return { ...meta, amount: null, status: "N/A", reason: failureReason(e, timeoutMs), source, asOf: null };
  }
}

function parseUnits(v: unknown): bigint {
  if (typeof v === "bigint") return v;
  if (typeof v === "string" && /^[0-9]+$/.test(v)) return BigInt(v);
  if (typeof v === "number" && Number.isSafeInteger(v) && v >= 0) return BigInt(v);
  throw new Error("the RPC answered with a value that is not an integer amount");
}

/** An owner's total balance of one Sui coin type, in its base units. */
export async function suiCoinBalance(owner: string, coinType: string, signal: AbortSignal): Promise<bigint> {
  // StateService.GetBalance: coin objects plus the address balance (`balance` is their sum).
  return parseUnits((await suiRpc().getBalance({ owner, coinType, signal })).balance.balance);
}

/** An owner's balance of one SPL mint: the sum over its token accounts of that mint (none → 0). */
export async function solanaTokenBalance(owner: string, mint: string, abortSignal: AbortSignal): Promise<bigint> {
  const res = await solanaRpc()
    .getTokenAccountsByOwner(solAddress(owner), { mint: solAddress(mint) }, { encoding: "jsonParsed", commitment: "confirmed" })
    .send({ abortSignal });
  let total = 0n;
  for (const a of res.value) total += parseUnits(a.account.data.parsed.info.tokenAmount.amount);
  return total;
}

function suiLegs(addr: string): Promise<BalanceLeg>[] {
  const read = (coinType: string) => (signal: AbortSignal) => suiCoinBalance(addr, coinType, signal);
  return [
    leg("move-chain", { ...NATIVE["move-chain"], kind: "native" }, read("0x2::sui::SUI")),
    leg("move-chain", { asset: "USDC", kind: "token", decimals: 6, unit: "micros" }, read(USDC["move-chain"])),
  ];
}

function solanaLegs(addr: string): Promise<BalanceLeg>[] {
  const rpc = solanaRpc();
  const owner = solAddress(addr);
  return [
    leg("svm-chain", { ...NATIVE["svm-chain"], kind: "native" }, async (abortSignal) =>
      parseUnits((await rpc.getBalance(owner, { commitment: "confirmed" }).send({ abortSignal })).value),
    ),
    // A wallet can hold USDC in several token accounts: the balance is their sum.
    leg("svm-chain", { asset: "USDC", kind: "token", decimals: 6, unit: "micros" }, (abortSignal) => solanaTokenBalance(addr, USDC["svm-chain"], abortSignal)),
  ];
}

function evmLegs(chain: "evm-a" | "evm-b", addr: string): Promise<BalanceLeg>[] {
  const client = evmRpc(chain);
  const owner = addr as `0x${string}`;
  return [
    leg(chain, { ...NATIVE[chain], kind: "native" }, async () => parseUnits(await client.getBalance({ address: owner }))),
    leg(chain, { asset: "USDC", kind: "token", decimals: 6, unit: "micros" }, async () =>
      parseUnits(await client.readContract({ address: USDC[chain], abi: erc20Abi, functionName: "balanceOf", args: [owner] })),
    ),
  ];
}

/** Both legs of a wallet on a chain, read in parallel; `addr` is already validated for the chain's family. */
export async function walletBalances(chain: ChainId, addr: string): Promise<BalanceLeg[]> {
  const family = CHAIN_FAMILY[chain];
  const legs = family === "sui" ? suiLegs(addr) : family === "solana" ? solanaLegs(addr) : evmLegs(chain as "evm-a" | "evm-b", addr);
  return Promise.all(legs);
}
