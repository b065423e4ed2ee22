// A signed transaction's PTB (the SDK's TransactionData, from the BCS a wallet submits) in the shape the node's gRPC
// simulation receives it (sui.rpc.v2 ProgrammableTransaction as protobuf JSON: inputs with `kind` PURE / SHARED /
// IMMUTABLE_OR_OWNED, commands `splitCoins`, `mergeCoins`, `transferObjects`, `moveCall`, arguments `kind` INPUT /
// RESULT / GAS), so the execution runs the same coin flow as the simulation (./simulate.ts ptbCoinFlow).
import type { Transaction } from "@mysten/sui/transactions";

type Json = Record<string, unknown>;
type Data = ReturnType<Transaction["getData"]>;
type Arg = Data["commands"][number] extends infer C ? (C extends { SplitCoins: { coin: infer A } } ? A : never) : never;

function argJson(a: Arg | undefined): Json {
  if (!a) return {};
  if (a.$kind === "Input") return { kind: "INPUT", input: a.Input };
  if (a.$kind === "Result") return { kind: "RESULT", result: a.Result };
  if (a.$kind === "NestedResult") return { kind: "RESULT", result: a.NestedResult[0], subresult: a.NestedResult[1] };
  return { kind: "GAS" };
}

/** The PTB's inputs and commands as the node's simulation reads them; the gas coins' refs as `payment`. */
export function ptbJson(data: Data): { inputs: Json[]; commands: Json[]; payment: Json[] } {
  const inputs = data.inputs.map((i): Json => {
    if (i.Pure) return { kind: "PURE", pure: i.Pure.bytes };
    const o = i.Object;
    if (o?.ImmOrOwnedObject) return { kind: "IMMUTABLE_OR_OWNED", objectId: o.ImmOrOwnedObject.objectId };
    if (o?.SharedObject) return { kind: "SHARED", objectId: o.SharedObject.objectId };
    return { kind: "OTHER" };
  });
  const commands = data.commands.map((c): Json => {
    if (c.SplitCoins) return { splitCoins: { coin: argJson(c.SplitCoins.coin), amounts: c.SplitCoins.amounts.map(argJson) } };
    if (c.MergeCoins) return { mergeCoins: { coin: argJson(c.MergeCoins.destination), coinsToMerge: c.MergeCoins.sources.map(argJson) } };
    if (c.TransferObjects) return { transferObjects: { objects: c.TransferObjects.objects.map(argJson), address: argJson(c.TransferObjects.address) } };
    if (c.MoveCall) {
      const m = c.MoveCall;
      return { moveCall: { package: m.package, module: m.module, function: m.function, typeArguments: m.typeArguments, arguments: m.arguments.map(argJson) } };
    }
    return { other: c.$kind };
  });
  return { inputs, commands, payment: (data.gasData.payment ?? []).map((p) => ({ objectId: p.objectId })) };
}
