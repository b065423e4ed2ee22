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
      if (c.TransferObjects) return { transfer: c.TransferObjects.objects.map(arg), to: arg(c.TransferObjects.address) };
      return { unexpectedCommand: c.$kind };
    }),
  };
}

/** `package::module::function` of each Move call, the intent's name, or "transfer": the transaction's outline. */
export function outline(view: ReturnType<typeof chainView>): string[] {
  return view.commands.map((c) => ("function" in c ? `${c.package}::${c.module}::${c.function}` : "intent" in c ? String(c.intent) : "transfer" in c ? "transfer" : "unexpected"));
}
