// The balance changes of a simulated PTB, as a full node reports them (ExecutedTransaction.balance_changes: per address
// and coin type, the signed net change of the coins that address owns after the transaction against before it). The
// node follows every value the commands hold: the sender's input coins and its gas coin, SplitCoins, MergeCoins,
// TransferObjects, the framework's coin/balance conversions (0x2::coin::from_balance, into_balance, zero;
// 0x2::balance::zero), and the protocols' calls the world models (`SuiWorld.coinCall`: a venue's mint, redeem, deposit
// or withdraw, computed from its published Move source over the world's state; CCTP's deposit_for_burn, which burns its
// coin and emits DepositForBurn; the Cetus aggregator router's swap, ./cetus-flow.ts), with the events they emit. A coin a call
// takes by value is gone from the sender (into a shared object, whose balance is no address's change); a coin a call
// returns counts where TransferObjects sends it.
// A split larger than its coin fails as on chain (InsufficientCoinBalance); a protocol's abort fails the effects. When a
// coin reaches a command this node does not model, or a returned coin is left unused, the changes are not known and
// none are reported, rather than a partial list; the gas (computation + storage − rebate, SUI) is charged to the sender.
import { normalizeStructTag, normalizeSuiAddress } from "@mysten/sui/utils";
import type { CoinCallResult, CoinCallSeen, FlowValue, MoveAbortSeen, SuiEventRecord, SuiObject } from "./world";

type Json = Record<string, unknown>;

export interface CoinFlowResult {
  /** null when a coin went where this node cannot follow it. */
  balanceChanges: { address: string; coinType: string; amount: string }[] | null;
  /** The first command that fails (a split larger than its coin, a protocol's abort), or null. */
  failure: { command: number; description: string; abort?: MoveAbortSeen; kind?: string } | null;
  /** The events the modelled calls emitted, in order (empty when the transaction fails: a failed one emits none). */
  events: SuiEventRecord[];
  /** The venue state the modelled calls write, applied only when the transaction is executed (./wallets.ts landSui). */
  writes: (() => void)[];
}

export interface CoinFlowWorld {
  objectOf: (id: string) => SuiObject | undefined;
  /** A protocol's coin rule for a call (package as called), or undefined. */
  coinCall?: (call: CoinCallSeen) => CoinCallResult | undefined;
  /** The gas charged (MIST, net of the rebate). */
  gasCharged: bigint;
  /** The gas coins' total (MIST): what a split of the gas coin draws on. */
  gasCoinValue: bigint;
}

const COIN = /^0x0*2::coin::Coin<(.+)>$/;
const SUI = "0x2::sui::SUI";
const FRAMEWORK = normalizeSuiAddress("0x2");

const u64Of = (b: Uint8Array): bigint | null => (b.length === 8 ? Buffer.from(b).readBigUInt64LE(0) : null);
const coinTypeKey = (t: string) => {
  try {
    return normalizeStructTag(t);
  } catch {
    return t;
  }
};

/** The framework's coin/balance conversions: what they return for their held arguments, or undefined for another call. */
function frameworkCall(pkg: string, module: string, fn: string, typeArgs: string[], held: (FlowValue | undefined)[]): { takes: number[]; returns: FlowValue[] } | undefined {
  if (normalizeSuiAddress(pkg) !== FRAMEWORK) return undefined;
  const [a] = held;
  const coinType = typeArgs[0] ?? a?.coinType ?? "";
  if (module === "coin" && fn === "from_balance" && a?.kind === "balance") return { takes: [0], returns: [{ kind: "coin", coinType, value: a.value }] };
  if (module === "coin" && fn === "into_balance" && a?.kind === "coin") return { takes: [0], returns: [{ kind: "balance", coinType, value: a.value }] };
  if ((module === "coin" || module === "balance") && fn === "zero") return { takes: [], returns: [{ kind: module === "coin" ? "coin" : "balance", coinType, value: 0n }] };
  return undefined;
}

/** The values a PTB holds as its commands run, and what each address owns before and after. */
class Flow {
  readonly held = new Map<string, FlowValue>();
  readonly before = new Map<string, bigint>();
  readonly after = new Map<string, bigint>();
  readonly events: SuiEventRecord[] = [];
  readonly writes: (() => void)[] = [];
  unknown = false;

  constructor(
    readonly sender: string,
    readonly inputs: Json[],
    readonly world: CoinFlowWorld,
  ) {
    inputs.forEach((input, i) => {
      if (input.kind === "PURE" || !input.objectId) return;
      const o = world.objectOf(String(input.objectId));
      const m = o ? COIN.exec(o.type) : null;
      if (!o || !m?.[1] || o.balance === undefined) return;
      this.held.set(`i${i}`, { kind: "coin", coinType: m[1], value: o.balance });
      this.add(this.before, sender, m[1], o.balance);
    });
    this.held.set("gas", { kind: "coin", coinType: SUI, value: world.gasCoinValue });
    this.add(this.before, sender, SUI, world.gasCoinValue);
  }

  add(m: Map<string, bigint>, address: string, coinType: string, amount: bigint): void {
    const k = `${normalizeSuiAddress(address)}|${coinTypeKey(coinType)}`;
    m.set(k, (m.get(k) ?? 0n) + amount);
  }

  keyOf(a: Json | undefined): string | null {
    if (!a) return null;
    if (a.kind === "INPUT") return `i${Number(a.input)}`;
    if (a.kind === "RESULT") {
      // A command's one result is addressed as Result(i) or NestedResult(i, 0) alike.
      const [whole, first] = [`r${Number(a.result)}`, `r${Number(a.result)}.0`];
      if (a.subresult !== undefined && Number(a.subresult) !== 0) return `r${Number(a.result)}.${Number(a.subresult)}`;
      return this.held.has(whole) || !this.held.has(first) ? whole : first;
    }
    if (a.kind === "GAS") return "gas";
    return null;
  }

  pureOf(a: Json | undefined): Uint8Array | null {
    if (a?.kind !== "INPUT") return null;
    const input = this.inputs[Number(a.input)];
    return input?.kind === "PURE" ? Uint8Array.from(Buffer.from(String(input.pure ?? ""), "base64")) : null;
  }

  take(a: Json | undefined): FlowValue | null {
    const k = this.keyOf(a);
    const h = k ? this.held.get(k) : undefined;
    if (!k || !h) {
      this.unknown = true;
      return null;
    }
    this.held.delete(k);
    return h;
  }

  /** One command; a failure (a split larger than its coin, a protocol's abort) ends the transaction. */
  command(i: number, c: Json): CoinFlowResult["failure"] {
    if (c.splitCoins) {
      const s = c.splitCoins as { coin?: Json; amounts?: Json[] };
      const k = this.keyOf(s.coin);
      const coin = k ? this.held.get(k) : undefined;
      const amounts = (s.amounts ?? []).map((a) => {
        const b = this.pureOf(a);
        return b ? u64Of(b) : null;
      });
      if (coin?.kind !== "coin" || amounts.some((x) => x === null)) {
        this.unknown = true;
        return null;
      }
      const total = amounts.reduce<bigint>((t, x) => t + (x ?? 0n), 0n);
      if (total > coin.value) return { command: i, description: `InsufficientCoinBalance in command ${i}: the coin holds ${coin.value}, the split asks ${total}` };
      coin.value -= total;
      for (const [j, x] of amounts.entries()) this.held.set(`r${i}.${j}`, { kind: "coin", coinType: coin.coinType, value: x ?? 0n });
    } else if (c.mergeCoins) {
      const m = c.mergeCoins as { coin?: Json; coinsToMerge?: Json[] };
      const k = this.keyOf(m.coin);
      const into = k ? this.held.get(k) : undefined;
      for (const a of m.coinsToMerge ?? []) {
        const h = this.take(a);
        if (into?.kind === "coin" && h) into.value += h.value;
      }
      if (!into) this.unknown = true;
    } else if (c.transferObjects) {
      const t = c.transferObjects as { objects?: Json[]; address?: Json };
      const to = this.pureOf(t.address);
      for (const a of t.objects ?? []) {
        const h = this.take(a);
        if (h?.kind !== "coin" || !to || to.length !== 32) {
          this.unknown = true;
          continue;
        }
        this.add(this.after, `0x${Buffer.from(to).toString("hex")}`, h.coinType, h.value);
      }
    } else if (c.moveCall) return this.moveCall(i, c.moveCall as Json);
    else this.unknown = true;
    return null;
  }

  /** A Move call: a framework conversion, a protocol's modelled call, or (holding a coin) one not followed. */
  moveCall(i: number, call: Json): CoinFlowResult["failure"] {
    const [pkg, module, fn] = [String(call.package), String(call.module), String(call.function)];
    const args = (call.arguments as Json[] | undefined) ?? [];
    const typeArguments = ((call.typeArguments as string[] | undefined) ?? []).map(String);
    const heldArgs = args.map((a) => this.held.get(this.keyOf(a) ?? ""));
    const seenArg = (a: Json, j: number): CoinCallSeen["args"][number] => {
      const h = heldArgs[j];
      if (h) return { held: h };
      const pure = this.pureOf(a);
      if (pure) return { pure };
      const input = a.kind === "INPUT" ? this.inputs[Number(a.input)] : undefined;
      return input?.objectId ? { object: normalizeSuiAddress(String(input.objectId)) } : null;
    };
    const seen: CoinCallSeen = { package: pkg, module, function: fn, typeArguments, sender: this.sender, args: args.map(seenArg) };
    const r = frameworkCall(pkg, module, fn, typeArguments, heldArgs) ?? this.world.coinCall?.(seen);
    if (!r) {
      // A coin passed into a call this node does not model: where it goes is not known here.
      if (heldArgs.some(Boolean)) this.unknown = true;
      return null;
    }
    if ("abort" in r) return { command: i, description: r.abort.description, abort: r.abort };
    if ("fails" in r) return { command: i, description: r.fails, ...(r.kind ? { kind: r.kind } : {}) };
    for (const j of r.takes) this.take(args[j]);
    for (const v of "toSender" in r ? (r.toSender ?? []) : []) this.add(this.after, this.sender, v.coinType, v.value);
    for (const s of "sends" in r ? (r.sends ?? []) : []) this.add(this.after, s.to, s.value.coinType, s.value.value);
    for (const [j, v] of r.returns.entries()) if (v) this.held.set(r.returns.length === 1 ? `r${i}` : `r${i}.${j}`, v);
    for (const e of "emits" in r ? (r.emits ?? []) : []) this.events.push({ ...e, packageId: normalizeSuiAddress(pkg), module, sender: this.sender });
    if ("writes" in r && r.writes) this.writes.push(r.writes);
    return null;
  }

  /**
   * The net changes: what each address owns after against before, the sender still holding its input coins and the
   * gas coin as the commands left them, less the gas; null when a value went where the node cannot follow it or a
   * returned value was left unused (the chain refuses that: UnusedValueWithoutDrop).
   */
  changes(): CoinFlowResult["balanceChanges"] {
    for (const [k, h] of this.held) {
      if (k.startsWith("r")) this.unknown = true;
      else this.add(this.after, this.sender, h.coinType, h.value);
    }
    if (this.unknown) return null;
    this.add(this.after, this.sender, SUI, -this.world.gasCharged);
    const keys = new Set([...this.before.keys(), ...this.after.keys()]);
    return [...keys]
      .map((k) => {
        const [address = "", coinType = ""] = k.split("|");
        return { address, coinType, amount: (this.after.get(k) ?? 0n) - (this.before.get(k) ?? 0n) };
      })
      .filter((c) => c.amount !== 0n)
      .map((c) => ({ ...c, amount: c.amount.toString() }));
  }
}

/**
 * `inputs` are the resolved inputs (objects by id, pure values base64), `commands` the PTB's; the sender pays the gas.
 */
export function coinFlow(sender: string, inputs: Json[], commands: Json[], world: CoinFlowWorld): CoinFlowResult {
  const flow = new Flow(sender, inputs, world);
  for (const [i, c] of commands.entries()) {
    const failure = flow.command(i, c);
    if (failure) return { balanceChanges: null, failure, events: [], writes: [] };
  }
  return { balanceChanges: flow.changes(), failure: null, events: flow.events, writes: flow.writes };
}
