// A local Sui full node for tests, e2e and bench: the gRPC services SuiGrpcClient uses (sui.rpc.v2 Ledger, State,
// TransactionExecution), over gRPC-web with the protobuf messages @mysten/sui ships. It serves objects with owners,
// versions and their JSON rendering as the node renders it (MystenLabs/sui crates/sui-types/src/proto_value.rs at
// bc9f64fe: structs as objects, UID/ID and addresses as 0x strings, u64 and wider as decimal strings, u8–u32 as numbers,
// Balance and String as strings, Option as null or the value), coins and balances, executed transactions, and a
// simulation (./simulate.ts) that refuses what the chain refuses.
import type { JsonValue } from "@protobuf-ts/runtime";
import { bcs } from "@mysten/sui/bcs";
import { normalizeStructTag, normalizeSuiAddress } from "@mysten/sui/utils";
import { Code, GrpcError, type Handler } from "./grpc-web";
import { CLOCK, simulateHandler } from "./simulate";

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

function ownerJson(o: SuiOwner): JsonValue {
  switch (o.kind) {
    case "address":
      return { kind: "ADDRESS", address: normalizeSuiAddress(o.address) };
    case "object":
      return { kind: "OBJECT", address: normalizeSuiAddress(o.address) };
    case "shared":
      return { kind: "SHARED", version: o.initialVersion.toString() };
    case "immutable":
      return { kind: "IMMUTABLE" };
  }
}

/** An Object message (protobuf JSON), with the fields a read mask of `owner,object_type,digest,version,object_id,json,balance` asks. */
export function objectJson(o: SuiObject): JsonValue {
  return {
    objectId: normalizeSuiAddress(o.id),
    version: o.version.toString(),
    digest: ZERO_DIGEST,
    owner: ownerJson(o.owner),
    objectType: o.type,
    json: o.json,
    ...(o.balance !== undefined ? { balance: o.balance.toString() } : {}),
    ...(o.bcs ? { contents: { name: o.type, value: Buffer.from(o.bcs).toString("base64") } } : {}),
  };
}

/** Gas the node reports for an executed transaction (MIST), the simulation's figures. */
const EXECUTED_GAS = { computationCost: "750000", storageCost: "2964000", storageRebate: "978120", nonRefundableStorageFee: "9880" };

/**
 * The effects' BCS (`TransactionEffects::V2`), which a full node returns in `effects.bcs` and a wallet hands back to
 * the app after `sui:signAndExecuteTransaction` (dApp Kit reads the status from it: `extractStatusFromEffectsBcs`).
 * Same status as the JSON fields: success, or the abort (a failure the record names no abort for is a
 * `MovePrimitiveRuntimeError` without location, the node's stand-in). No object changes: nothing here reads them.
 */
export function effectsBcs(t: SuiTxRecord): Uint8Array {
  const status = t.status.success
    ? { Success: true as const }
    : {
        Failure: {
          error: t.status.abort
            ? {
                MoveAbort: [
                  { module: { address: normalizeSuiAddress(t.status.abort.package), name: t.status.abort.module }, function: 0, instruction: 0, functionName: null },
                  t.status.abort.code,
                ] as const,
              }
            : { MovePrimitiveRuntimeError: null },
          command: null,
        },
      };
  return bcs.TransactionEffects.serialize({
    V2: {
      status,
      executedEpoch: 700n,
      gasUsed: EXECUTED_GAS,
      transactionDigest: t.digest,
      gasObjectIndex: null,
      eventsDigest: null,
      dependencies: [],
      lamportVersion: 0n,
      changedObjects: [],
      unchangedConsensusObjects: [],
      auxDataDigest: null,
    },
  }).toBytes();
}

function executedJson(t: SuiTxRecord): unknown {
  const status = t.status.success
    ? { success: true }
    : {
        success: false,
        error: {
          description: t.status.error,
          ...(t.status.abort
            ? { kind: "MOVE_ABORT", abort: { abortCode: t.status.abort.code.toString(), location: { package: t.status.abort.package, module: t.status.abort.module } } }
            : {}),
        },
      };
  return {
    digest: t.digest,
    transaction: {
      version: 1,
      digest: t.digest,
      sender: normalizeSuiAddress(t.sender),
      kind: { programmableTransaction: { inputs: [], commands: [] } },
      gasPayment: { objects: [], owner: normalizeSuiAddress(t.sender), price: "750", budget: "5000000" },
      expiration: { kind: "NONE" },
    },
    effects: {
      bcs: { name: "TransactionEffects", value: Buffer.from(effectsBcs(t)).toString("base64") },
      transactionDigest: t.digest,
      status,
      epoch: "700",
      gasUsed: EXECUTED_GAS,
    },
    balanceChanges: t.balanceChanges.map((c) => ({ address: normalizeSuiAddress(c.address), coinType: c.coinType, amount: c.amount.toString() })),
    ...(t.checkpointed ? { checkpoint: "150000000", timestamp: "2025-10-09T08:53:20Z" } : {}),
  };
}

const str = (v: unknown): string => (typeof v === "string" ? v : "");

/** Every service method the node answers. */
export function readHandlers(world: SuiWorld): Record<string, Handler> {
  const getObject = (id: string) => {
    const o = sameAddress(id, CLOCK.id) ? CLOCK : (world.object(normalizeSuiAddress(id)) ?? world.object(id));
    if (!o) throw new GrpcError(Code.NOT_FOUND, `Object ${id} not found`);
    return o;
  };
  return {
    GetServiceInfo: () => ({ chainId: MAINNET_CHAIN_ID, chain: "mainnet", epoch: "700", checkpointHeight: "150000000", server: "local-sui-node" }),
    GetObject: (r) => ({ object: objectJson(getObject(str(r.objectId))) }),
    BatchGetObjects: (r) => ({
      objects: ((r.requests as { objectId?: string }[] | undefined) ?? []).map((q) => {
        try {
          return { object: objectJson(getObject(str(q.objectId))) };
        } catch (e) {
          return { error: { code: Code.NOT_FOUND, message: e instanceof Error ? e.message : "not found" } };
        }
      }),
    }),
    // MovePackageService.ListPackageVersions: every version of the package `package_id` (any of its versions' storage
    // ids) belongs to, ordered by version (the original is version 1).
    ListPackageVersions: (r) => {
      const id = normalizeSuiAddress(str(r.packageId));
      const versions = [...world.packageVersions.values()].find((ids) => ids.some((v) => sameAddress(v, id)));
      if (!versions) throw new GrpcError(Code.NOT_FOUND, `package ${id} not found`);
      return { versions: versions.map((v, i) => ({ packageId: normalizeSuiAddress(v), version: String(i + 1) })) };
    },
    GetEpoch: () => ({ epoch: { epoch: "700", referenceGasPrice: world.referenceGasPrice.toString() } }),
    GetBalance: (r) => {
      const coinType = str(r.coinType) || "0x2::sui::SUI";
      const coinTag = `0x2::coin::Coin<${coinType}>`;
      const total = world
        .owned(str(r.owner))
        .filter((o) => sameType(o.type, coinTag))
        .reduce((s, o) => s + (o.balance ?? 0n), 0n);
      return { balance: { coinType: normalizeStructTag(coinType), balance: total.toString(), coinBalance: total.toString(), addressBalance: "0" } };
    },
    ListOwnedObjects: (r) => {
      const type = str(r.objectType);
      const objects = world.owned(str(r.owner)).filter((o) => !type || sameType(o.type, type));
      return { objects: objects.map(objectJson) };
    },
    GetTransaction: (r) => {
      const t = world.transaction(str(r.digest));
      if (!t) throw new GrpcError(Code.NOT_FOUND, `Transaction ${str(r.digest)} not found`);
      return { transaction: executedJson(t) };
    },
    SimulateTransaction: simulateHandler(world),
    ExecuteTransaction: (r) => {
      const bytes = str((r.transaction as { bcs?: { value?: string } } | undefined)?.bcs?.value);
      const sigs = ((r.signatures as { bcs?: { value?: string } }[] | undefined) ?? []).map((s) => str(s.bcs?.value)).filter(Boolean);
      if (!bytes) throw new GrpcError(Code.INVALID_ARGUMENT, "missing transaction bcs");
      if (sigs.length === 0) throw new GrpcError(Code.INVALID_ARGUMENT, "transaction is not signed");
      let digest: string;
      try {
        digest = world.execute(bytes, sigs);
      } catch (e) {
        throw new GrpcError(Code.INVALID_ARGUMENT, e instanceof Error ? e.message : String(e));
      }
      const t = world.transaction(digest);
      return { transaction: t ? executedJson(t) : { digest, effects: { status: { success: true } } } };
    },
  };
}
