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
}

/** What the node knows; the fakes that hold venue state implement it over their own maps. */
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
   * Public signatures of Move functions the node type-checks (by the package's original id, module and function):
   * each parameter an object of a struct (its defining package, module and name; package omitted = any) or a pure or
   * earlier-result value. A call whose argument count or object types differ fails as on chain (ArityMismatch,
   * CommandArgumentError TypeMismatch).
   */
  functions?: Map<string, MoveParam[]>;
  /** Move functions (by original package id, module and function) that burn their first argument, a coin (./coin-flow.ts). */
  burnsCoin?: Set<string>;
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

export type MoveParam = { object: { package?: string; module: string; name: string } } | "pure" | "value";

/** The key of `functions`: original package id, module and function. */
export const functionKey = (pkg: string, module: string, fn: string) => `${normalizeSuiAddress(pkg)}::${module}::${fn}`;

export const sameAddress = (a: string, b: string) => normalizeSuiAddress(a) === normalizeSuiAddress(b);
export const sameType = (a: string, b: string) => {
  try {
    return normalizeStructTag(a) === normalizeStructTag(b);
  } catch {
    return a === b;
  }
};
