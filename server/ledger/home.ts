// The chain a request means when it names none (POST preview, spec §4.3: body amountMicros and stake only).
// The address family decides when it has one chain (Sui → move-chain, Solana → svm-chain). An EVM address can
// be on evm-a or evm-b: the wallet's home decides (the chain its autopilot is enabled on, else the one chain it
// holds money on); with no home, or money on both, the request is ambiguous and answers 400 naming the choices.
import { addressFamily, CHAIN_FAMILY, CHAIN_IDS, type ChainId } from "../chains/address";
import type { Db } from "../db/client";
import { settingsOf } from "../autopilot/store";
import { fieldError } from "../http/errors";
import { walletRows } from "./book";

export async function chainFor(db: Db, wallet: string, field = "body.chain"): Promise<ChainId> {
  const family = addressFamily(wallet);
  const candidates = CHAIN_IDS.filter((c) => CHAIN_FAMILY[c] === family);
  const only = candidates.length === 1 ? candidates[0] : undefined;
  if (only) return only;
  const settings = await settingsOf(db, wallet);
  if (settings?.enabled && candidates.includes(settings.chain)) return settings.chain;
  const held = new Set<ChainId>();
  for (const r of await walletRows(db, wallet)) {
    const chain = candidates.find((c) => c === r.chain);
    if (chain && (r.liquidMicros > 0n || r.stakedMicros > 0n)) held.add(chain);
  }
  const home = held.size === 1 ? [...held][0] : undefined;
  if (home) return home;
  const why = held.size > 1 ? "the wallet holds money on each of them" : "the wallet has no balance or autopilot on any of them";
  throw fieldError("INVALID_REQUEST", field, `is required for this address: it can be on ${candidates.join(" or ")}, and ${why}`, { choices: candidates });
}
