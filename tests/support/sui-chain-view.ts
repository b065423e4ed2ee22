// What the chain sees of a Sui transaction, for comparing our builders with the protocols' own SDKs call by call: each
// command with its package, module, function, type arguments, and each argument's kind (an object by id, pure bytes, a
// result, the gas coin). Inputs left for the wallet to resolve (an object by id only, a CoinWithBalance intent) count by
// what they name, not by how far they were resolved.
// A command's single result reads the same whether it is taken whole (`Result`) or as its first value (`NestedResult`).
import type { Transaction } from "@mysten/sui/transactions";
import { normalizeStructTag, normalizeSuiAddress } from "@mysten/sui/utils";

type Data = ReturnType<Transaction["getData"]>;
type Arg = Data["commands"][number] extends infer C ? (C extends { MoveCall: { arguments: (infer A)[] } } ? A : never) : never;

export function chainView(data: Data) {
  const arg = (a: Arg): unknown => {
    if (a.$kind === "Input") {
      const input = data.inputs[a.Input];
      if (!input) return { missingInput: a.Input };
      if (input.Pure) return { pure: input.Pure.bytes };
      if (input.UnresolvedObject) return { object: normalizeSuiAddress(input.UnresolvedObject.objectId) };
      const ref = input.Object?.SharedObject ?? input.Object?.ImmOrOwnedObject ?? input.Object?.Receiving;
      if (ref) return { object: normalizeSuiAddress(ref.objectId) };
      return { unexpectedInput: input };
    }
    if (a.$kind === "NestedResult") return { result: a.NestedResult[0], index: a.NestedResult[1] };
    // Result(i) is valid on chain only when command i returns exactly one value, and then it is NestedResult(i, 0).
    if (a.$kind === "Result") return { result: a.Result, index: 0 };
    return { gas: true };
  };
  return {
    sender: data.sender ? normalizeSuiAddress(data.sender) : null,
    commands: data.commands.map((c) => {
      if (c.MoveCall) {
        return {
          package: normalizeSuiAddress(c.MoveCall.package),
          module: c.MoveCall.module,
          function: c.MoveCall.function,
          typeArguments: c.MoveCall.typeArguments.map((t) => normalizeStructTag(t)),
          arguments: c.MoveCall.arguments.map(arg),
        };
      }
      if (c.$Intent) return { intent: c.$Intent.name, type: normalizeStructTag(String(c.$Intent.data.type)), balance: String(c.$Intent.data.balance) };
      if (c.SplitCoins) return { split: arg(c.SplitCoins.coin), amounts: c.SplitCoins.amounts.map(arg) };
      if (c.TransferObjects) return { transfer: c.TransferObjects.objects.map(arg), to: arg(c.TransferObjects.address) };
      return { unexpectedCommand: c.$kind };
    }),
  };
}

/** `package::module::function` of each Move call, the intent's name, or "transfer": the transaction's outline. */
export function outline(view: ReturnType<typeof chainView>): string[] {
  return view.commands.map((c) => ("function" in c ? `${c.package}::${c.module}::${c.function}` : "intent" in c ? String(c.intent) : "transfer" in c ? "transfer" : "unexpected"));
}

/** A coin object as the chain holds it: its coin type (`T` of `Coin<T>`) and balance. */
export interface CoinFacts {
  type: string;
  balance: bigint;
}

/**
 * The Move calls and transfers of a transaction, with every coin argument read as what it is worth rather than how it
 * was put together: `{ coin: T, amount }` whether it is a CoinWithBalance intent, a SplitCoins of an owned coin, or a
 * whole coin object (plus whatever a MergeCoins folded into it). A result of another Move call reads as that call's
 * place in this list. For comparing builders that pick coins differently (an intent the wallet resolves, or coins the
 * SDK lists from the chain) while the chain runs the same calls on the same values.
 */
export async function moveFlow(data: Data, coinOf: (objectId: string) => Promise<CoinFacts | undefined>) {
  const calls = data.commands.flatMap((c, i) => (c.MoveCall || c.TransferObjects ? [i] : []));
  const u64 = (a: Arg): bigint => {
    const input = a.$kind === "Input" ? data.inputs[a.Input] : undefined;
    const bytes = input?.Pure ? Buffer.from(input.Pure.bytes, "base64") : undefined;
    if (bytes?.length !== 8) throw new Error("split amount is not a pure u64");
    return bytes.readBigUInt64LE();
  };
  const objectId = (a: Arg): string | undefined => {
    if (a.$kind !== "Input") return undefined;
    const input = data.inputs[a.Input];
    const id = input?.UnresolvedObject?.objectId ?? input?.Object?.ImmOrOwnedObject?.objectId ?? input?.Object?.SharedObject?.objectId;
    return id ? normalizeSuiAddress(id) : undefined;
  };
  /** A whole coin object: its balance, plus the coins merged into it before use. */
  const wholeCoin = async (id: string): Promise<{ coin: string; amount: string } | undefined> => {
    const facts = await coinOf(id);
    if (!facts) return undefined;
    let amount = facts.balance;
    for (const c of data.commands) {
      if (!c.MergeCoins || objectId(c.MergeCoins.destination) !== id) continue;
      for (const s of c.MergeCoins.sources) amount += (await coinOf(objectId(s) ?? ""))?.balance ?? 0n;
    }
    return { coin: normalizeStructTag(facts.type), amount: amount.toString() };
  };
  const arg = async (a: Arg): Promise<unknown> => {
    if (a.$kind === "Input") {
      const input = data.inputs[a.Input];
      if (input?.Pure) return { pure: input.Pure.bytes };
      const id = objectId(a);
      if (!id) return { unexpectedInput: input };
      return (await wholeCoin(id)) ?? { object: id };
    }
    if (a.$kind === "GasCoin") return { gas: true };
    const [cmd, index] = a.$kind === "NestedResult" ? a.NestedResult : [a.Result, 0];
    const c = data.commands[cmd];
    if (c?.$Intent?.name === "CoinWithBalance") return { coin: normalizeStructTag(String(c.$Intent.data.type)), amount: String(c.$Intent.data.balance) };
    if (c?.SplitCoins) {
      const amount = c.SplitCoins.amounts[index];
      const source = c.SplitCoins.coin;
      const type = source.$kind === "GasCoin" ? "0x2::sui::SUI" : (await coinOf(objectId(source) ?? ""))?.type;
      if (!amount || !type) return { unexpectedSplit: cmd };
      return { coin: normalizeStructTag(type), amount: u64(amount).toString() };
    }
    const place = calls.indexOf(cmd);
    return place >= 0 ? { resultOf: place, index } : { unexpectedResult: cmd };
  };
  const out: unknown[] = [];
  for (const i of calls) {
    const c = data.commands[i];
    if (c?.MoveCall) {
      out.push({
        call: `${normalizeSuiAddress(c.MoveCall.package)}::${c.MoveCall.module}::${c.MoveCall.function}`,
        typeArguments: c.MoveCall.typeArguments.map((t) => normalizeStructTag(t)),
        arguments: await Promise.all(c.MoveCall.arguments.map(arg)),
      });
    } else if (c?.TransferObjects) {
      out.push({ transfer: await Promise.all(c.TransferObjects.objects.map(arg)), to: await arg(c.TransferObjects.address) });
    }
  }
  return { sender: data.sender ? normalizeSuiAddress(data.sender) : null, calls: out };
}
