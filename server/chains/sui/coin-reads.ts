// The owner's coins a plan's simulation selects, read beside the builder's own chain reads. A move-chain plan leaves the
// coins to the wallet (`coinWithBalance`: @mysten/sui's CoinWithBalance intent); its simulation resolves that intent as
// the wallet will, with the node's GetBalance and ListOwnedObjects for the owner and the coin type
// (resolveCoinBalance in @mysten/sui dist/transactions/intents/CoinWithBalance.mjs). Those two reads depend only on the
// owner and the coin type, which a builder knows before it reads anything: it starts them first (`startCoinReads`), and
// the simulation takes their answers (`coinReadingClient`) instead of asking again after the builder's reads. Each
// answer is used by the plan that started it, once, and only within COIN_READS_TTL_MS: this is not a cache across
// plans, it only moves the reads one round trip earlier.
import { normalizeStructTag, normalizeSuiAddress } from "@mysten/sui/utils";
import type { SuiGrpcClient } from "@mysten/sui/grpc";
import { rpcUrlOf, suiRpc } from "../clients";

/** How long started reads wait for the simulation of their plan. */
export const COIN_READS_TTL_MS = 10_000;

type Core = SuiGrpcClient["core"];
type BalanceAnswer = Awaited<ReturnType<Core["getBalance"]>>;
type CoinsAnswer = Awaited<ReturnType<Core["listCoins"]>>;

interface Started {
  at: number;
  balance?: Promise<BalanceAnswer>;
  coins?: Promise<CoinsAnswer>;
}

const holder = globalThis as unknown as { __svcSuiCoinReads?: Map<string, Started> };

function started(): Map<string, Started> {
  holder.__svcSuiCoinReads ??= new Map();
  return holder.__svcSuiCoinReads;
}

const keyOf = (owner: string, coinType: string) => `${rpcUrlOf("move-chain")}|${normalizeSuiAddress(owner)}|${normalizeStructTag(coinType)}`;

/** Starts reading `owner`'s balance and coins of `coinType` (the first page, as the intent's resolution asks). */
export function startCoinReads(owner: string, coinType: string): void {
  const now = Date.now();
  const map = started();
  for (const [k, v] of map) if (now - v.at > COIN_READS_TTL_MS) map.delete(k);
  const core = suiRpc().core;
  const balance = core.getBalance({ owner, coinType });
  const coins = core.listCoins({ owner, coinType });
  // Not awaited here: a failed read fails the simulation's resolution with the node's own words, as asking then would.
  balance.catch(() => {});
  coins.catch(() => {});
  map.set(keyOf(owner, coinType), { at: now, balance, coins });
}

function take<K extends "balance" | "coins">(owner: string, coinType: string, which: K): Started[K] | undefined {
  const key = keyOf(owner, coinType);
  const s = started().get(key);
  if (!s || Date.now() - s.at > COIN_READS_TTL_MS) return undefined;
  const p = s[which];
  s[which] = undefined;
  if (!s.balance && !s.coins) started().delete(key);
  return p;
}

/**
 * The move-chain client for resolving a plan's transaction: GetBalance and the first ListOwnedObjects page of an owner's
 * coin type come from reads its builder started, when it did; every other call goes to the node.
 */
export function coinReadingClient(): SuiGrpcClient {
  const client = suiRpc();
  const core = new Proxy(client.core, {
    get(target, prop, receiver) {
      if (prop === "getBalance") {
        return (o: Parameters<Core["getBalance"]>[0]) => (o.coinType ? take(o.owner, o.coinType, "balance") : undefined) ?? target.getBalance(o);
      }
      if (prop === "listCoins") {
        return (o: Parameters<Core["listCoins"]>[0]) => (!o.cursor ? take(o.owner, o.coinType ?? "0x2::sui::SUI", "coins") : undefined) ?? target.listCoins(o);
      }
      const v = Reflect.get(target, prop, receiver);
      return typeof v === "function" ? v.bind(target) : v;
    },
  });
  return new Proxy(client, {
    get(target, prop, receiver) {
      if (prop === "core") return core;
      const v = Reflect.get(target, prop, receiver);
      return typeof v === "function" ? v.bind(target) : v;
    },
  });
}
