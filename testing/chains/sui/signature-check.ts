// A Move call of a simulated transaction against the signature the local Sui node holds for it (./world.ts
// `functions`, from the protocols' published sources: ./move-source.ts, ./cctp.ts, ./cetus-aggregator.ts), failing as
// the chain's execution fails before the function runs:
// - a function its module does not have, when the node holds the whole module (FunctionNotFound);
// - a function a transaction may not call (NonEntryFunctionInvoked);
// - a wrong number of type arguments (TypeArityMismatch) or of arguments (ArityMismatch);
// - an argument of the wrong kind or type (CommandArgumentError TypeMismatch: an object of another struct, or whose
//   generic arguments differ from the call's type arguments; a pure value at an object parameter or an object at a
//   pure one; an input where only an earlier command's result fits) or pure bytes that are not the parameter's
//   primitive (CommandArgumentError InvalidBCSBytes, e.g. a u64 where a u8 is declared).
import { normalizeStructTag, normalizeSuiAddress, parseStructTag } from "@mysten/sui/utils";
import { functionKey, moduleKey, type MoveParam, type MoveType, originalPackage, type SuiObject, type SuiWorld, sameAddress, sameType } from "./world";

type Json = Record<string, unknown>;
type StructTag = ReturnType<typeof parseStructTag>;

/** An argument error as the effects report it: the command, the ExecutionError kind and the node's words. */
export interface ArgError {
  command: number;
  kind: "COMMAND_ARGUMENT_ERROR" | "FUNCTION_NOT_FOUND" | "NON_ENTRY_FUNCTION_INVOKED" | "TYPE_ARITY_MISMATCH";
  description: string;
}

/** BCS width of each fixed-size primitive. */
const WIDTH: Record<string, number> = { u8: 1, u16: 2, u32: 4, u64: 8, u128: 16, u256: 32, bool: 1, address: 32 };

/** Whether `bytes` decode as exactly one value of the primitive `type` (`bytes`: a ULEB128 length, then that many bytes). */
function pureFits(type: string, bytes: Uint8Array): boolean {
  const width = WIDTH[type];
  if (width !== undefined) return bytes.length === width && (type !== "bool" || (bytes[0] ?? 2) <= 1);
  if (type !== "bytes") return true;
  let len = 0;
  let shift = 0;
  let i = 0;
  for (; i < bytes.length && i < 5; i++) {
    const b = bytes[i] ?? 0;
    len += (b & 0x7f) * 2 ** shift;
    shift += 7;
    if ((b & 0x80) === 0) break;
  }
  return i < bytes.length && i + 1 + len === bytes.length;
}

const tagText = (t: string | StructTag) => (typeof t === "string" ? t : normalizeStructTag(t));

/** Whether the type `actual` (from an object's type) is `want` with the call's type arguments in place of its parameters. */
function typeFits(world: SuiWorld, actual: string | StructTag, want: MoveType, typeArgs: string[]): boolean {
  if ("param" in want) {
    const given = typeArgs[want.param];
    return given === undefined || sameType(tagText(actual), given);
  }
  if ("prim" in want) return actual === want.prim;
  if ("vector" in want) return typeof actual === "string" && actual.startsWith("vector<");
  let tag: StructTag;
  try {
    tag = typeof actual === "string" ? parseStructTag(actual) : actual;
  } catch {
    return false;
  }
  return structFits(world, tag, want.struct, typeArgs);
}

/** Whether the struct `tag` is `want` (its package compared by original id; generic arguments when `want` gives them). */
export function structFits(world: SuiWorld, tag: StructTag, want: { package?: string; module: string; name: string; args?: MoveType[] }, typeArgs: string[] = []): boolean {
  if (tag.module !== want.module || tag.name !== want.name) return false;
  if (want.package !== undefined && !sameAddress(originalPackage(world, tag.address), want.package)) return false;
  const args = want.args;
  if (!args) return true;
  return tag.typeParams.length === args.length && args.every((w, j) => {
    const a = tag.typeParams[j];
    return a !== undefined && typeFits(world, a, w, typeArgs);
  });
}

/** The argument `a` (k-th) against the parameter `want`: null when it fits. */
function argumentFits(world: SuiWorld, objectOf: (id: string) => SuiObject | undefined, inputs: Json[], want: MoveParam, a: Json, typeArgs: string[]): { kind: "TypeMismatch" | "InvalidBCSBytes"; why?: string } | null {
  if (want === "value") return null;
  const input = a.kind === "INPUT" ? inputs[Number(a.input ?? -1)] : undefined;
  if (a.kind === "INPUT" && !input) return { kind: "TypeMismatch" };
  // An earlier command's result fits (its type is not tracked); the gas coin is no pure value.
  if (!input) return a.kind === "GAS" && (want === "pure" || (typeof want === "object" && "pure" in want)) ? { kind: "TypeMismatch" } : null;
  if (want === "result") return { kind: "TypeMismatch", why: "an input where only an earlier command's result fits" };
  const pure = input.kind === "PURE";
  if (want === "pure" || "pure" in want) {
    if (!pure) return { kind: "TypeMismatch", why: `object ${String(input.objectId)} where a pure value is declared` };
    const bytes = Uint8Array.from(Buffer.from(String(input.pure ?? ""), "base64"));
    return want === "pure" || pureFits(want.pure, bytes) ? null : { kind: "InvalidBCSBytes", why: `${bytes.length} bytes are not a ${want.pure === "bytes" ? "vector<u8>" : want.pure}` };
  }
  if (pure) return { kind: "TypeMismatch", why: `a pure value where ${want.object.module}::${want.object.name} is declared` };
  const o = input.objectId ? objectOf(String(input.objectId)) : undefined;
  if (!o) return { kind: "TypeMismatch" };
  let tag: StructTag | undefined;
  try {
    tag = parseStructTag(o.type);
  } catch {
    tag = undefined;
  }
  return tag && structFits(world, tag, want.object, typeArgs) ? null : { kind: "TypeMismatch", why: `${o.id} is a ${o.type}` };
}

export interface CallSeen {
  pkg: string;
  module: string;
  fn: string;
  typeArguments: string[];
  args: Json[];
}

/** The call (command `i`) against the signature the world holds for it; null when it fits or the world holds none. */
export function signatureMismatch(world: SuiWorld, objectOf: (id: string) => SuiObject | undefined, inputs: Json[], call: CallSeen, i: number): ArgError | null {
  const { module, fn, typeArguments, args } = call;
  const original = originalPackage(world, call.pkg);
  const sig = world.functions?.get(functionKey(original, module, fn));
  const at = `${normalizeSuiAddress(call.pkg)}::${module}`;
  if (!sig) {
    if (!world.wholeModules?.has(moduleKey(original, module))) return null;
    return { command: i, kind: "FUNCTION_NOT_FOUND", description: `FunctionNotFound in command ${i}: Could not resolve function '${fn}' in module ${at}` };
  }
  if (sig.callable === false) {
    return { command: i, kind: "NON_ENTRY_FUNCTION_INVOKED", description: `NonEntryFunctionInvoked in command ${i}: ${at}::${fn} is neither public nor entry` };
  }
  if (sig.typeParams !== undefined && typeArguments.length !== sig.typeParams) {
    return { command: i, kind: "TYPE_ARITY_MISMATCH", description: `TypeArityMismatch in command ${i}: ${module}::${fn} takes ${sig.typeParams} type arguments, given ${typeArguments.length}` };
  }
  if (args.length !== sig.params.length) {
    return { command: i, kind: "COMMAND_ARGUMENT_ERROR", description: `ArityMismatch in command ${i}: ${module}::${fn} takes ${sig.params.length} arguments, given ${args.length}` };
  }
  for (const [k, want] of sig.params.entries()) {
    const bad = argumentFits(world, objectOf, inputs, want, args[k] ?? {}, typeArguments);
    if (bad) return { command: i, kind: "COMMAND_ARGUMENT_ERROR", description: `CommandArgumentError { arg_idx: ${k}, kind: ${bad.kind} } in command ${i}${bad.why ? `: ${bad.why}` : ""}` };
  }
  return null;
}
