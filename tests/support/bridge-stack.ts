// The stack the bridge route tests share: one local JSON-RPC/gRPC chain server for all four chains, Circle's CCTP
// contracts (compiled from Circle's source) on one EVM node per EVM chain, whose MessageTransmitters' calls the chain
// server runs there, the local Iris (Circle's attestation service format) and the app pointed at them, plus the CCTP
// message encoders (the ids each chain's CCTP writes into a message, so the local transmitters accept them) and a
// reader of a serialized Sui transaction's Move calls.
import { SuiGrpcClient } from "@mysten/sui/grpc";
import type { Ed25519Keypair } from "@mysten/sui/keypairs/ed25519";
import { Transaction } from "@mysten/sui/transactions";
import { type Keypair, VersionedTransaction } from "@solana/web3.js";
import { type Hex, keccak256, pad, serializeSignature } from "viem";
import { sign } from "viem/accounts";
import { MESSAGE_TRANSMITTER, MESSAGE_TRANSMITTER_V2 } from "../../lib/cctp-ids";
import { burnEnds, type BurnMessageEnds, cctpMessageV1, cctpMessageV2 } from "../../testing/chains/cctp-message";
import { deployCctp } from "../../testing/chains/evm/cctp/deploy";
import { type EvmNode, startEvmNode } from "../../testing/chains/evm/node";
import type { SolanaLocalChain } from "../../testing/chains/solana/local-chain";
import { useLocalChain } from "../../testing/oracle";
import { type App, type DbKind, startApp } from "./app";
import { type FakeIris, startFakeIris } from "./fake-iris";
import { type FakeRpc, fundSuiOwner, startFakeRpc } from "./fake-rpc";

export type CctpNodes = Record<"evm-a" | "evm-b", EvmNode>;

export interface BridgeStack {
  app: App;
  rpc: FakeRpc;
  iris: FakeIris;
  /** The EVM nodes running Circle's CCTP for evm-a and evm-b (a test reads balances or lands a receive there). */
  evm: CctpNodes;
  stop: () => Promise<void>;
}

/**
 * Circle's CCTP V1 and V2 (testing/chains/evm/cctp) on a node per EVM chain (Base's and Arbitrum's chain ids), deployed
 * once; the chain server runs calls to the chain's MessageTransmitters on its node, for the service pointed at
 * `evmRpcEnv(rpc)`.
 */
export async function startCctpNodes(rpc: FakeRpc): Promise<CctpNodes> {
  const [a, b] = await Promise.all([startEvmNode({ chainId: 8453 }), startEvmNode({ chainId: 42161 })]);
  const nodes: CctpNodes = { "evm-a": a, "evm-b": b };
  for (const chain of ["evm-a", "evm-b"] as const) {
    await deployCctp(nodes[chain], chain);
    rpc.evmExecuted.set(`/${chain}`, { node: nodes[chain], contracts: [MESSAGE_TRANSMITTER_V2, MESSAGE_TRANSMITTER[chain] as string] });
  }
  return nodes;
}

/** The service's EVM RPC URLs: the chain server at each chain's path (its MessageTransmitters run on that chain's node). */
export const evmRpcEnv = (rpc: FakeRpc) => ({ SVC_RPC_EVM_A: `${rpc.url}/evm-a`, SVC_RPC_EVM_B: `${rpc.url}/evm-b` });

/** Starts the chain server (prepared by `prepare` before the app starts), Iris and the app with `keys` (SVC_API_KEYS). */
export async function startBridgeStack(db: DbKind, keys: string, prepare: (rpc: FakeRpc) => void | Promise<void>): Promise<BridgeStack> {
  const rpc = await startFakeRpc();
  await prepare(rpc);
  const [iris, evm] = await Promise.all([startFakeIris(), startCctpNodes(rpc)]);
  const app = await startApp({
    db,
    env: { SVC_RPC_MOVE: rpc.url, SVC_RPC_SVM: rpc.url, ...evmRpcEnv(rpc), SVC_API_KEYS: keys, SVC_RPC_TIMEOUT_MS: "2000", SVC_CCTP_ATTESTATION_URL: iris.url },
  });
  return {
    app,
    rpc,
    iris,
    evm,
    stop: async () => {
      await app.stop();
      await rpc.close();
      await iris.close();
      await evm["evm-a"].close();
      await evm["evm-b"].close();
    },
  };
}

/**
 * A CCTP V1 burn message (testing/chains/cctp-message.ts) as the source's CCTP sends it: its ends from `burnEnds`
 * (sender the source's TokenMessenger, recipient the destination's, burn token the source's USDC) unless overridden.
 */
export const v1Message = (src: number, dst: number, nonce: bigint, recipient: Hex, amount: bigint, ends: Partial<BurnMessageEnds> = {}) =>
  cctpMessageV1(src, dst, nonce, recipient, amount, { ...burnEnds(1, src, dst), ...ends });

/**
 * A CCTP V2 burn message, standard finality, any caller: the source chain's copy has no nonce, finality executed or fee
 * (`attested` null); Iris's attested copy has them.
 */
export const v2Message = (src: number, dst: number, recipient: Hex, amount: bigint, attested: { nonce: Hex; feeExecuted?: bigint } | null, messageSender: Hex = pad("0x03")) =>
  cctpMessageV2(src, dst, attested?.nonce ?? null, recipient, amount, { ...burnEnds(2, src, dst), messageSender }, { feeExecuted: attested?.feeExecuted ?? 0n });

/** An attestation in Circle's format by a key no local transmitter enables (the transmitters refuse it: "not attester"). */
export const strangerAttestation = async (message: Hex): Promise<Hex> => serializeSignature(await sign({ hash: keccak256(message), privateKey: `0x${"c3".repeat(32)}` }));

/** The Move calls of a serialized Sui transaction: package::module::function. */
export const suiCalls = (json: string) =>
  (Transaction.from(json).getData().commands as unknown as { MoveCall?: { package: string; module: string; function: string } }[]).flatMap((c) =>
    c.MoveCall ? [`${c.MoveCall.package}::${c.MoveCall.module}::${c.MoveCall.function}`] : [],
  );

/**
 * A plan's Sui transaction (`sui-transaction-json`) signed by `signer` and executed on the local chain, as a wallet does
 * it: intents resolved and gas set through the node, signed, ExecuteTransaction; the node lands it (its coin flow, balance
 * changes and events) and GetTransaction then finds it. Returns the digest.
 */
export async function executeSui(rpc: FakeRpc, signer: Ed25519Keypair, payload: string): Promise<string> {
  const client = new SuiGrpcClient({ network: "mainnet", baseUrl: rpc.url });
  const json = await Transaction.from(payload).toJSON({ client, supportedIntents: [] });
  const bytes = await Transaction.from(json).build({ client });
  const { signature } = await signer.signTransaction(bytes);
  const landing = rpc.landsSui;
  rpc.landsSui = true;
  try {
    const r = await client.core.executeTransaction({ transaction: bytes, signatures: [signature], include: { effects: true } });
    const done = r.Transaction ?? r.FailedTransaction;
    if (!done?.status.success) throw new Error(`the Sui transaction failed: ${JSON.stringify(done?.status)}`);
    return done.digest;
  } finally {
    rpc.landsSui = landing;
  }
}

/** The nonce Circle's MessageTransmitter State reserved for the burn `digest` executed on the local Sui node (its DepositForBurn event). */
export function suiBurnNonce(rpc: FakeRpc, digest: string): bigint {
  const t = rpc.txs.get(digest);
  const e = t?.kind === "sui" ? t.events?.find((x) => x.type.endsWith("::deposit_for_burn::DepositForBurn")) : undefined;
  if (!e) throw new Error(`${digest} emitted no DepositForBurn`);
  return BigInt((e.json as { nonce: string }).nonce);
}

/**
 * A plan's Solana transaction (`solana-v0-message-base64`'s `transaction`, its other signers' signatures already in it)
 * signed by `signer` and landed as a wallet lands it: the local chain's programs run it and keep its state (a refusal
 * throws, with the programs' logs), then the RPC's sendTransaction checks every signature and records it, so
 * getTransaction answers it. Returns its signature.
 */
export async function landSolanaTx(rpc: FakeRpc, chain: SolanaLocalChain, wire: string, signer: Keypair): Promise<string> {
  const tx = VersionedTransaction.deserialize(Buffer.from(wire, "base64"));
  tx.sign([signer]);
  const signed = Buffer.from(tx.serialize()).toString("base64");
  const ran = await chain.execute(signed);
  if (ran.err !== null) throw new Error(`the local chain refused the transaction: ${JSON.stringify(ran.err)}\n${(ran.logs ?? []).join("\n")}`);
  const landing = rpc.landsSolana;
  rpc.landsSolana = true;
  try {
    const r = await fetch(rpc.url, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "sendTransaction", params: [signed, { encoding: "base64" }] }),
    });
    const body = (await r.json()) as { result?: string; error?: { message?: string } };
    if (!body.result) throw new Error(`sendTransaction refused: ${body.error?.message}`);
    return body.result;
  } finally {
    rpc.landsSolana = landing;
  }
}

/**
 * A move-chain receive's stack for a test file: the local chains (the Sui node, an evm-a RPC beside it) with `dest`
 * funded with SUI for the receive's gas, and a local Iris. Its fields are set once the file's set-up has run.
 */
export function useSuiReceiveStack(dest: string): { rpc: FakeRpc; iris: FakeIris } {
  const stack = {} as { rpc: FakeRpc; iris: FakeIris };
  useLocalChain(["SVC_RPC_MOVE", "SVC_RPC_EVM_A"], async () => {
    stack.rpc = await startFakeRpc();
    fundSuiOwner(stack.rpc, dest);
    return stack.rpc;
  });
  useLocalChain(["SVC_CCTP_ATTESTATION_URL"], async () => {
    stack.iris = await startFakeIris();
    return stack.iris;
  });
  return stack;
}
