// The Sui world a local node serves (./node.ts) and simulates (./simulate.ts, ./coin-flow.ts): objects, transactions,
// Move-call rules, and small helpers. Its own module so the node and its simulation import it without importing each other.
import type { JsonValue } from "@protobuf-ts/runtime";
import { normalizeStructTag, normalizeSuiAddress } from "@mysten/sui/utils";

/** Digest of objects this node made up (32 zero bytes, base58): valid wherever a digest is parsed. */
export const ZERO_DIGEST = "11111111111111111111111111111111";
/** Sui mainnet's chain identifier (its genesis checkpoint digest). */
export const MAINNET_CHAIN_ID = "4btiuiMPvEENsttpZC7CZ53DruC3MAgfznDbASZ7DR6S";

export type SuiOwner =
  | { kind: "address"; address: string }
  | { kind: "object"; address: string }
  | { kind: "shared"; initialVersion: bigint }
  | { kind: "immutable" };

export interface SuiObject {
  id: string;
  /** Move type, e.g. `0x2::coin::Coin<0x…::usdc::USDC>`. */
  type: string;
  owner: SuiOwner;
  version: bigint;
  /** The object's Move value in the node's JSON rendering. */
  json: JsonValue;
  /** For `0x2::coin::Coin<T>`: its value. */
  balance?: bigint;
  /** The Move value's BCS (the `contents` read mask), when a reader decodes BCS (e.g. an SDK's generated structs). */
  bcs?: Uint8Array;
}

export interface SuiTxRecord {
  digest: string;
  sender: string;
  /** Executed: `success`, or the abort the chain reported. */
  status: { success: true } | { success: false; error: string; abort?: { module: string; code: bigint; package: string } };
  balanceChanges: { address: string; coinType: string; amount: bigint }[];
  /** Not yet in a checkpoint: executed but not final. */
  checkpointed: boolean;
  /** The events the transaction emitted. */
  events?: SuiEventRecord[];
}

/** What the node knows; the fakes that hold venue state implement it over their own maps. */
/** A coin type's metadata as the node's GetCoinInfo answers it (sui.rpc.v2.CoinMetadata: decimals, name, symbol, description). */
export interface SuiCoinInfo {
  decimals: number;
  symbol: string;
  name: string;
}

export interface SuiWorld {
  object(id: string): SuiObject | undefined;
  /** Objects owned by `address`. */
  owned(address: string): SuiObject[];
  /** Every published version (storage id) of each package, oldest first, keyed by the original id. */
  packageVersions: Map<string, string[]>;
  transaction(digest: string): SuiTxRecord | undefined;
  /** Executes signed bytes (base64) and answers the digest; throws to refuse. */
  execute(bytesBase64: string, signatures: string[]): string;
  referenceGasPrice: bigint;
  /**
   * The abort a protocol's own code raises for this call in this world's state (a rule the fake holding that protocol's
   * state models from the protocol's Move source), or undefined when the call goes through.
   */
  moveCallAbort?(call: MoveCallSeen, context: MoveCallContext): MoveAbortSeen | undefined;
  /**
   * Signatures of Move functions the node type-checks (by the package's original id, module and function). A call
   * whose type argument count, argument count, object types or pure values differ fails as on chain (TypeArityMismatch,
   * ArityMismatch, CommandArgumentError TypeMismatch / InvalidBCSBytes); one to a function a transaction may not call
   * fails NonEntryFunctionInvoked.
   */
  functions?: Map<string, MoveFunctionSig>;
  /**
   * Modules (original package id::module) whose every function `functions` lists (parsed from the published source):
   * a call to any other function of one fails as on chain (FunctionNotFound).
   */
  wholeModules?: Set<string>;
  /**
   * What a protocol's Move call does with the coins and balances it is given (./coin-flow.ts), as the protocol's
   * published source computes it from this world's state: the arguments it takes by value and the values it returns;
   * undefined for a call this world does not model.
   */
  coinCall?(call: CoinCallSeen): CoinCallResult | undefined;
  /** A coin type's `0x2::coin::CoinMetadata` fields (StateService.GetCoinInfo), or undefined when it has none here. */
  coinInfo?(coinType: string): SuiCoinInfo | undefined;
}

/** A value a PTB command holds by value: a coin or balance of a coin type, or a protocol's receipt of one (a hot potato). */
export type FlowValue = { kind: "coin" | "balance"; coinType: string; value: bigint } | { kind: "receipt"; name: string; coinType: string; value: bigint; fee: bigint };

/** A Move call as a coin rule sees it: the package's original id, and each argument's input object, pure bytes or held value. */
export interface CoinCallSeen {
  package: string;
  module: string;
  function: string;
  typeArguments: string[];
  sender: string;
  args: ({ object: string } | { pure: Uint8Array } | { held: FlowValue } | null)[];
}

/**
 * A coin rule's answer: the arguments (by position) the call takes by value, what it returns (null: a value no coin
 * rule reads), coins it sends back to the sender and coins it sends to other addresses (`sends`: an aggregator's fee to
 * its recipient), events it emits and the venue state it writes when the transaction is executed (`writes`, never on a
 * simulation); or the abort the protocol's code raises (`fails`: one this node names without its abort code, as
 * ./cetus-flow.ts does for the Cetus router's checks, or a failure of the Move VM itself, its ExecutionError `kind`
 * given (sui.rpc.v2 ExecutionError.ExecutionErrorKind, e.g. MOVE_PRIMITIVE_RUNTIME_ERROR for a u64 that would go below 0).
 */
export type CoinCallResult =
  | { takes: number[]; returns: (FlowValue | null)[]; toSender?: FlowValue[]; sends?: { to: string; value: FlowValue }[]; emits?: MoveEventSeen[]; writes?: () => void }
  | { abort: MoveAbortSeen }
  | { fails: string; kind?: string };

/**
 * An event a modelled call emits (`sui::event::emit`): its struct type (the defining package's original id), the
 * value's BCS and the node's JSON rendering of it. The node adds the top-level call's package and module and the sender.
 */
export interface MoveEventSeen {
  type: string;
  bcs: Uint8Array;
  json: JsonValue;
}

/** An emitted event as the node reports it (sui.rpc.v2 Event). */
export interface SuiEventRecord extends MoveEventSeen {
  /** The top-level Move call's package (as called) and module. */
  packageId: string;
  module: string;
  sender: string;
}

/** A Move call of a simulated transaction, as a protocol rule sees it. */
export interface MoveCallSeen {
  package: string;
  module: string;
  function: string;
  typeArguments: string[];
  /** Each argument: an input object's id, an input pure value's bytes, or null (a gas coin or an earlier result). */
  args?: ({ object: string } | { pure: Uint8Array } | null)[];
}

/** What a protocol rule knows besides the call: the sender, the Clock, and state its earlier calls in the same
 * transaction wrote (a price one call refreshed is fresh for the next call, as effects apply within a transaction). */
export interface MoveCallContext {
  sender: string;
  clockMs: bigint;
  scratch: Map<string, unknown>;
}

/** An abort raised in `module::functionName` of `package` with `code`, and the node's words for it. */
export interface MoveAbortSeen {
  package: string;
  module: string;
  functionName: string;
  code: bigint;
  description: string;
}

/** A Move type as a signature writes it: a struct (package omitted = any), a type parameter (by index), a primitive, a vector. */
export type MoveType =
  | { struct: { package?: string; module: string; name: string; args: MoveType[] } }
  | { param: number }
  | { prim: string }
  | { vector: MoveType };

/**
 * A parameter as the node checks its argument: an input object of this struct (generic arguments, when given, checked
 * against the object's type with the call's type arguments in place of the parameters), a pure input (of this
 * primitive: its BCS must decode as one), a value only an earlier command makes (no input fits), or anything.
 */
export type MoveParam =
  | { object: { package?: string; module: string; name: string; args?: MoveType[] } }
  | { pure: string }
  | "pure"
  | "result"
  | "value";

/** A function's signature: its parameters (TxContext left out), type parameter count, and whether a transaction may call it. */
export interface MoveFunctionSig {
  params: MoveParam[];
  /** Checked when given (TypeArityMismatch). */
  typeParams?: number;
  /** False for `public(package)` / `public(friend)` functions (NonEntryFunctionInvoked). */
  callable?: boolean;
}

/** The key of `functions`: original package id, module and function. */
export const functionKey = (pkg: string, module: string, fn: string) => `${normalizeSuiAddress(pkg)}::${module}::${fn}`;

/** The original id of the package `pkg` is a version of (itself when the world lists no versions of it). */
export function originalPackage(world: Pick<SuiWorld, "packageVersions">, pkg: string): string {
  for (const [original, versions] of world.packageVersions) if (versions.some((v) => sameAddress(v, pkg))) return original;
  return pkg;
}

/** The key of `wholeModules`: original package id and module. */
export const moduleKey = (pkg: string, module: string) => `${normalizeSuiAddress(pkg)}::${module}`;

export const sameAddress = (a: string, b: string) => normalizeSuiAddress(a) === normalizeSuiAddress(b);
export const sameType = (a: string, b: string) => {
  try {
    return normalizeStructTag(a) === normalizeStructTag(b);
  } catch {
    return a === b;
  }
};
