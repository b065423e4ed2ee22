// The stack the bridge route tests share: one local JSON-RPC/gRPC chain server for all four chains, the local Iris
// (Circle's attestation service format) and the app pointed at both, plus the CCTP message encoders and a reader of a
// serialized Sui transaction's Move calls.
import { Transaction } from "@mysten/sui/transactions";
import { type App, type DbKind, startApp } from "./app";
import { type FakeIris, startFakeIris } from "./fake-iris";
import { type FakeRpc, startFakeRpc } from "./fake-rpc";

export interface BridgeStack {
  app: App;
  rpc: FakeRpc;
  iris: FakeIris;
  stop: () => Promise<void>;
}

/** Starts the chain server (prepared by `prepare` before the app starts), Iris and the app with `keys` (SVC_API_KEYS). */
export async function startBridgeStack(db: DbKind, keys: string, prepare: (rpc: FakeRpc) => void | Promise<void>): Promise<BridgeStack> {
  const rpc = await startFakeRpc();
  await prepare(rpc);
  const iris = await startFakeIris();
  const app = await startApp({
    db,
    env: { SVC_RPC_MOVE: rpc.url, SVC_RPC_SVM: rpc.url, SVC_RPC_EVM_A: rpc.url, SVC_RPC_EVM_B: rpc.url, SVC_API_KEYS: keys, SVC_RPC_TIMEOUT_MS: "2000", SVC_CCTP_ATTESTATION_URL: iris.url },
  });
  return {
    app,
    rpc,
    iris,
    stop: async () => {
      await app.stop();
      await rpc.close();
      await iris.close();
    },
  };
}

/** A CCTP V1 burn message (testing/chains/cctp-message.ts). */
export { cctpMessageV1 as v1Message, cctpMessageV2 as v2Message } from "../../testing/chains/cctp-message";

/** The Move calls of a serialized Sui transaction: package::module::function. */
export const suiCalls = (json: string) =>
  (Transaction.from(json).getData().commands as unknown as { MoveCall?: { package: string; module: string; function: string } }[]).flatMap((c) =>
    c.MoveCall ? [`${c.MoveCall.package}::${c.MoveCall.module}::${c.MoveCall.function}`] : [],
  );
