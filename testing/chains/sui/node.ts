// A local Sui full node for tests, e2e and bench: the gRPC services SuiGrpcClient uses (sui.rpc.v2 Ledger, State,
// TransactionExecution), over gRPC-web with the protobuf messages @mysten/sui ships. It serves objects with owners,
// versions and their JSON rendering as the node renders it (MystenLabs/sui crates/sui-types/src/proto_value.rs at
// bc9f64fe: structs as objects, UID/ID and addresses as 0x strings, u64 and wider as decimal strings, u8–u32 as numbers,
// Balance and String as strings, Option as null or the value), coins and balances, executed transactions, and a
// simulation (./simulate.ts) that refuses what the chain refuses.
import type { JsonValue } from "@protobuf-ts/runtime";
import { bcs } from "@mysten/sui/bcs";
import { fromBase64, normalizeStructTag, normalizeSuiAddress } from "@mysten/sui/utils";
import { verifyTransactionSignature } from "@mysten/sui/verify";
import { Code, GrpcError, type Handler } from "./grpc-web";
import { eventsJson } from "./events";
import { CLOCK, simulateHandler } from "./simulate";
import { MAINNET_CHAIN_ID, sameAddress, sameType, type SuiObject, type SuiOwner, type SuiTxRecord, type SuiWorld, ZERO_DIGEST } from "./world";

// The world's types and helpers live in ./world.ts (imported by ./simulate.ts and ./coin-flow.ts too); re-exported here
// for the fakes that build on this node.
export { ZERO_DIGEST, MAINNET_CHAIN_ID, functionKey, sameAddress, sameType } from "./world";
export type { SuiOwner, SuiObject, SuiTxRecord, SuiWorld, MoveCallSeen, MoveCallContext, MoveAbortSeen, MoveParam } from "./world";

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
    ...(t.status.success ? { events: eventsJson(t.events ?? []) } : {}),
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
    // StateService.GetCoinInfo (@mysten/sui 2.33.1 dist/grpc/proto/sui/rpc/v2/state_service.d.mts, generated from
    // sui.rpc.v2 state_service.proto: GetCoinInfoRequest { coin_type = 1 }, GetCoinInfoResponse { coin_type = 1,
    // metadata = 2 (CoinMetadata: decimals, name, symbol, description) }); a coin type without metadata here: NOT_FOUND.
    GetCoinInfo: (r) => {
      const coinType = normalizeStructTag(str(r.coinType));
      const info = world.coinInfo?.(coinType);
      if (!info) throw new GrpcError(Code.NOT_FOUND, `Coin type ${coinType} not found`);
      return { coinType, metadata: { decimals: info.decimals, name: info.name, symbol: info.symbol, description: "" } };
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
    ExecuteTransaction: async (r) => {
      const bytes = str((r.transaction as { bcs?: { value?: string } } | undefined)?.bcs?.value);
      const sigs = ((r.signatures as { bcs?: { value?: string } }[] | undefined) ?? []).map((s) => str(s.bcs?.value)).filter(Boolean);
      if (!bytes) throw new GrpcError(Code.INVALID_ARGUMENT, "missing transaction bcs");
      if (sigs.length === 0) throw new GrpcError(Code.INVALID_ARGUMENT, "transaction is not signed");
      // As a validator does: every signature verifies over the transaction's intent message, and one is the sender's.
      const data = fromBase64(bytes);
      const sender = bcs.TransactionData.parse(data).V1.sender;
      const signers = await Promise.all(
        sigs.map((sig) =>
          verifyTransactionSignature(data, sig).then(
            (key) => key.toSuiAddress(),
            () => null,
          ),
        ),
      );
      if (signers.some((a) => a === null)) throw new GrpcError(Code.INVALID_ARGUMENT, "Invalid user signature: the signature does not verify over the transaction");
      if (!signers.some((a) => a !== null && sameAddress(a, sender))) throw new GrpcError(Code.INVALID_ARGUMENT, `Invalid user signature: no signature of the sender ${sender}`);
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
