// The balance changes of a simulated PTB, as a full node reports them (ExecutedTransaction.balance_changes: per address
// and coin type, the signed net change), for the commands whose coin movements this node knows: SplitCoins, MergeCoins,
// TransferObjects, and Move calls the world says burn their first (coin) argument (CCTP's deposit_for_burn). A split
// larger than its coin fails as on chain (InsufficientCoinBalance). When a coin reaches a command this node does not
// model (a venue's deposit call, a Move vector), the changes are not known and none are reported, rather than a partial
// list; the gas (computation + storage − rebate, SUI) is charged to the gas owner.
import { normalizeSuiAddress } from "@mysten/sui/utils";
import type { CallModel, SuiObject } from "./world";

type Json = Record<string, unknown>;

export interface CoinFlowResult {
  /** null when a coin went where this node cannot follow it. */
  balanceChanges: { address: string; coinType: string; amount: string }[] | null;
  /** The first command that fails (a split larger than its coin), or null. */
  failure: { command: number; description: string } | null;
}

interface Held {
  coinType: string;
  value: bigint;
}

const COIN = /^0x0*2::coin::Coin<(.+)>$/;
const SUI = "0x2::sui::SUI";

const u64Of = (b: Uint8Array): bigint | null => (b.length === 8 ? Buffer.from(b).readBigUInt64LE(0) : null);

/**
 * `inputs` are the resolved inputs (objects by id, pure values base64), `objectOf` the world's objects; `burns(key)` says
 * whether a Move call (package::module::function, the package as called) burns its first argument.
 */
export function coinFlow(
  sender: string,
  inputs: Json[],
  commands: Json[],
  objectOf: (id: string) => SuiObject | undefined,
  burns: (pkg: string, module: string, fn: string) => boolean,
  gasCharged: bigint,
  modelOf: (pkg: string, module: string, fn: string) => CallModel | undefined = () => undefined,
): CoinFlowResult {
  const held = new Map<string, Held>();
  const changes = new Map<string, bigint>();
  const change = (address: string, coinType: string, amount: bigint) => {
    const k = `${normalizeSuiAddress(address)}|${coinType}`;
    changes.set(k, (changes.get(k) ?? 0n) + amount);
  };
  inputs.forEach((input, i) => {
    if (input.kind === "PURE" || !input.objectId) return;
    const o = objectOf(String(input.objectId));
    const m = o ? COIN.exec(o.type) : null;
    if (o && m?.[1] && o.balance !== undefined) held.set(`i${i}`, { coinType: m[1], value: o.balance });
  });
  const keyOf = (a: Json | undefined): string | null => {
    if (!a) return null;
    if (a.kind === "INPUT") return `i${Number(a.input)}`;
    if (a.kind === "RESULT") return a.subresult === undefined ? `r${Number(a.result)}` : `r${Number(a.result)}.${Number(a.subresult)}`;
    return null; // GAS: the gas coin's movements are not followed
  };
  const pureOf = (a: Json | undefined): Uint8Array | null => {
    if (a?.kind !== "INPUT") return null;
    const input = inputs[Number(a.input)];
    return input?.kind === "PURE" ? Uint8Array.from(Buffer.from(String(input.pure ?? ""), "base64")) : null;
  };
  let unknown = false;
  const take = (a: Json | undefined): Held | null => {
    const k = keyOf(a);
    const h = k ? held.get(k) : undefined;
    if (!k || !h) {
      unknown = true;
      return null;
    }
    held.delete(k);
    return h;
  };
  for (const [i, c] of commands.entries()) {
    if (c.splitCoins) {
      const s = c.splitCoins as { coin?: Json; amounts?: Json[] };
      const k = keyOf(s.coin);
      const coin = k ? held.get(k) : undefined;
      const amounts = (s.amounts ?? []).map((a) => {
        const b = pureOf(a);
        return b ? u64Of(b) : null;
      });
      if (!coin || amounts.some((x) => x === null)) {
        unknown = true;
        continue;
      }
      const total = amounts.reduce<bigint>((t, x) => t + (x ?? 0n), 0n);
      if (total > coin.value) {
        return { balanceChanges: null, failure: { command: i, description: `InsufficientCoinBalance in command ${i}: the coin holds ${coin.value}, the split asks ${total}` } };
      }
      coin.value -= total;
      for (const [j, x] of amounts.entries()) held.set(`r${i}.${j}`, { coinType: coin.coinType, value: x ?? 0n });
    } else if (c.mergeCoins) {
      const m = c.mergeCoins as { coin?: Json; coinsToMerge?: Json[] };
      const k = keyOf(m.coin);
      const into = k ? held.get(k) : undefined;
      for (const a of m.coinsToMerge ?? []) {
        const h = take(a);
        if (into && h) into.value += h.value;
      }
      if (!into) unknown = true;
    } else if (c.transferObjects) {
      const t = c.transferObjects as { objects?: Json[]; address?: Json };
      const to = pureOf(t.address);
      for (const a of t.objects ?? []) {
        const h = take(a);
        if (!h || !to || to.length !== 32) {
          unknown = true;
          continue;
        }
        const recipient = `0x${Buffer.from(to).toString("hex")}`;
        change(sender, h.coinType, -h.value);
        change(recipient, h.coinType, h.value);
      }
    } else if (c.moveCall) {
      const call = c.moveCall as { package?: string; module?: string; function?: string; arguments?: Json[] };
      const args = call.arguments ?? [];
      if (burns(String(call.package), String(call.module), String(call.function))) {
        const h = take(args[0]);
        if (h) change(sender, h.coinType, -h.value);
        continue;
      }
      const model = modelOf(String(call.package), String(call.module), String(call.function));
      if (model) {
        const typeArguments = ((call as { typeArguments?: unknown[] }).typeArguments ?? []).map(String);
        const objectIdOf = (a: Json | undefined) => (a?.kind === "INPUT" ? ((inputs[Number(a.input)]?.objectId as string | undefined) ?? null) : null);
        const give = (key: string, coinType: string, value: bigint) => {
          for (const k of [key, `${key}.0`]) held.set(k, { coinType, value });
        };
        const aborted = model({ index: i, args, typeArguments, take, pureOf, objectIdOf, resultKey: (a) => keyOf(a)?.replace(/\.0$/, "") ?? null, give, change, sender });
        if (aborted) return { balanceChanges: null, failure: { command: i, description: aborted } };
        continue;
      }
      // A coin passed by value into a call this node does not model: where it goes is not known here.
      if (args.some((a) => held.has(keyOf(a) ?? ""))) unknown = true;
    } else unknown = true;
  }
  if (unknown) return { balanceChanges: null, failure: null };
  change(sender, SUI, -gasCharged);
  return {
    balanceChanges: [...changes]
      .filter(([, v]) => v !== 0n)
      .map(([k, v]) => {
        const [address = "", coinType = ""] = k.split("|");
        return { address, coinType, amount: v.toString() };
      }),
    failure: null,
  };
}
