// One local chain server for every family on one URL. move-chain is the local Sui gRPC node (testing/chains/sui:
// gRPC-web, the protobuf messages of @mysten/sui) over this file's state: coins (one Coin<T> object per owner and
// type, from `set`), the Sui venues' packages, UpgradeCaps and objects (testing/chains/sui/venues: Scallop's Market,
// Suilend's LendingMarket, NAVI's Storage and oracle), executed transactions (GetTransaction) and submissions
// (ExecuteTransaction). The other chains speak JSON-RPC:
// - Solana: the local Solana chain's method table (testing/chains/solana/rpc.ts) over this file's state: balances
//   (`getBalance` / `getTokenAccountsByOwner`), the venues' program accounts (`getAccountInfo` base64 of
//   `solanaAccounts`, written by testing/chains/solana/venues/<venue>.ts, then the Save reserves of `saveReserves`),
//   the transactions of `txs` (`getSignatureStatuses` / `getTransaction`), submissions (`sendTransaction`) and
//   `simulateTransaction` by `solanaChain`;
// - EVM: the local chain's answered EVM method table (testing/chains/evm/rpc.ts) over this file's state: balances
//   (`eth_getBalance` / ERC-20 balanceOf), the EVM venues' contracts (testing/chains/evm/venues: Aave v3
//   `getReserveNormalizedIncome(address)`, Compound v3's Comets), the head block, `eth_getTransactionReceipt` of the
//   transactions of `txs` (USDC Transfer logs and CCTP MessageSent logs).
// Balances are set per address (lower-cased for hex).
import { createHash } from "node:crypto";
import { createServer, type Server } from "node:http";
import { normalizeSuiAddress } from "@mysten/sui/utils";
import { Code, GrpcError, isGrpcWeb, serveGrpcWeb } from "../../testing/chains/sui/grpc-web";
import { readHandlers, sameAddress, type SuiObject, type SuiTxRecord, type SuiWorld } from "../../testing/chains/sui/node";
import { CCTP_PACKAGE_VERSIONS, cctpBurnFunctions, cctpFunctions, cctpObjects } from "../../testing/chains/sui/cctp";
import { CETUS_PACKAGE_VERSIONS, cetusFunctions, cetusObjects } from "../../testing/chains/sui/cetus-aggregator";
import { scallop } from "../../server/venues/scallop/descriptor";
import { upgradeCapObject } from "../../testing/chains/sui/venues/move";
import {
  type SuiVenueState,
  suiVenueMoveCallAbort,
  suiVenueObjects,
  suiVenuePackageVersions,
  suiVenueState,
  suiVenueUpgradeCaps,
} from "../../testing/chains/sui/venues";
import { type EvmTxRecord, evmRpc } from "../../testing/chains/evm/rpc";
import { type EvmVenueState, evmVenueState } from "../../testing/chains/evm/venues";
import type { SolanaLocalChain } from "../../testing/chains/solana/local-chain";
import type { SolanaAccounts } from "../../testing/chains/solana/venues/encode";
import { type SolanaRpcState, solanaRpc, tokenBalanceJson } from "../../testing/chains/solana/rpc";
import { type SaveReserveState, saveReserveAmounts } from "../../testing/chains/solana/venues/save";
import { type JsonRpcReply, type JsonRpcRequest, jsonRpcBodyAsync, jsonRpcError, jsonRpcReply, jsonRpcReplyAsync } from "./json-rpc";

export type { SaveReserveState };

/** The venues' state of the local chain, one slice per venue module (testing/chains/<family>/venues), and the EVM head. */
export interface FakeVenues extends SolanaAccounts, SuiVenueState, EvmVenueState {
  /** The EVM head block (`latest`). */
  evmBlock: { number: bigint; timestamp: bigint };
}

export interface FakeRpc extends FakeTxState, FakeVenues {
  url: string;
  /** UpgradeCap objects by id → the package they point at (Scallop's and Suilend's caps point at the *_CURRENT_PACKAGE ids). */
  upgradeCaps: Map<string, string>;
  /** Published versions of each Move package (storage ids, oldest first) by original id: ListPackageVersions. */
  packageVersions: Map<string, string[]>;
  /** BCS contents served for a Sui object id (for SDKs that decode objects from BCS rather than the JSON rendering). */
  suiObjectBcs: Map<string, Uint8Array>;
  /** Solana Save reserves by account address. */
  saveReserves: Map<string, SaveReserveState>;
  /** EVM bytecode by lower-cased address, answered by `eth_getCode` ("0x" for any other address: an EOA, as on chain). */
  evmCode: Map<string, string>;
  /** Balance of `asset` ("native" or a coin type / mint / token address) for an owner. */
  set: (owner: string, asset: string, amount: bigint) => void;
  /** Methods (JSON-RPC names, or gRPC method names such as `GetBalance`, `BatchGetObjects`) that answer with an error. */
  failing: Set<string>;
  calls: string[];
  /** The blockhash `getLatestBlockhash` answers (base58, 32 bytes). */
  blockhash: string;
  /**
   * Solana `simulateTransaction`: answered by this local chain (testing/chains/solana/local-chain.ts: litesvm plus
   * klend's checked interface) when set; refused (method not found) when null, so a plan says "not simulated".
   */
  solanaChain: SolanaLocalChain | null;
  /** Gas prices answered by `eth_gasPrice` (wei), Sui `GetEpoch` reference_gas_price (MIST) and `getRecentPrioritizationFees` (micro-lamports per CU). */
  gas: { evmWei: bigint; suiMist: bigint; solanaMicroLamports: number };
  close: () => Promise<void>;
}

export type FakeTx =
  | { kind: "sui"; sender: string; status: "success" | "failure"; error?: string; balanceChanges: { owner: string; coinType: string; amount: bigint }[] }
  | {
      kind: "solana";
      feePayer: string;
      err?: unknown;
      confirmationStatus: "processed" | "confirmed" | "finalized";
      tokenBalances: { owner: string; mint: string; pre: bigint; post: bigint }[];
    }
  | ({ kind: "evm" } & EvmTxRecord);

export interface FakeTxState {
  /** Known transactions by digest / signature / hash. */
  txs: Map<string, FakeTx>;
  /** When true, every connection is dropped (the RPC is unreachable). */
  down: boolean;
  /** Submissions received (method and the signed bytes, base64). */
  submitted: { method: string; bytes: string }[];
  /** What a submission registers: the digest answered and the transaction it becomes. */
  onSubmit: { digest: string; tx: FakeTx } | null;
}


/**
 * What a Sui owner needs for a plan's simulation to pass on the local chain: SUI for gas (5 SUI) and USDC (1,000 USDC)
 * to supply. Plans are simulated before they are returned, so an owner without them is refused, as on chain.
 */
export function fundSuiOwner(rpc: FakeRpc, owner: string): void {
  rpc.set(owner, "native", 5_000_000_000n);
  rpc.set(owner, scallop.onchain.usdcCoinType ?? "", 1_000_000_000n);
}

export async function startFakeRpc(): Promise<FakeRpc> {
  const balances = new Map<string, bigint>();
  const failing = new Set<string>();
  const calls: string[] = [];
  const key = (owner: string, asset: string) => `${owner.startsWith("0x") ? owner.toLowerCase() : owner}|${asset.startsWith("0x") && !asset.includes("::") ? asset.toLowerCase() : asset}`;
  const get = (owner: string, asset: string) => balances.get(key(owner, asset)) ?? 0n;

  const blockhash = "EkSnNWid2cvwEVnVx9aBqawnmiCNiDgp3gUdkDPTKN1N";
  const gas = { evmWei: 12_000_000n, suiMist: 750n, solanaMicroLamports: 1000 };
  const suiObjectBcs = new Map<string, Uint8Array>();
  const saveReserves = new Map<string, SaveReserveState>();
  const evmCode = new Map<string, string>();
  // The Sui venues' UpgradeCaps and packages (testing/chains/sui/venues: Scallop's and Suilend's the original, then the
  // upgrade their UpgradeCaps point at; NAVI's the original, then two upgrades, calls going to the newest; Pyth's and
  // Wormhole's, which a NAVI withdraw's Pyth push calls).
  const upgradeCaps = new Map<string, string>(suiVenueUpgradeCaps());
  const packageVersions = new Map<string, string[]>([
    ...suiVenuePackageVersions(),
    // Circle's CCTP V1 (testing/chains/sui/cctp.ts): TokenMessengerMinter with one upgrade, MessageTransmitter.
    ...CCTP_PACKAGE_VERSIONS,
    // The Cetus aggregator's router v3 and Cetus adapter packages a swap plan calls (testing/chains/sui/cetus-aggregator.ts).
    ...CETUS_PACKAGE_VERSIONS,
  ]);
  const venues: FakeVenues = {
    solanaAccounts: new Map(),
    ...suiVenueState(),
    ...evmVenueState(),
    evmBlock: { number: 30_000_000n, timestamp: 1_760_000_000n },
  };
  // The returned object itself is read on every request, so a test may replace `evmBlock` or mutate the maps.
  let self: FakeVenues = venues;
  const state: FakeTxState = { txs: new Map(), down: false, submitted: [], onSubmit: null };
  const submit = (method: string, bytes: string): string => {
    state.submitted.push({ method, bytes });
    if (!state.onSubmit) throw new Error("transaction rejected");
    state.txs.set(state.onSubmit.digest, state.onSubmit.tx);
    return state.onSubmit.digest;
  };

  // ---- EVM: testing/chains/evm/rpc.ts over this state ----
  const evm = evmRpc({
    block: () => self.evmBlock,
    venues: () => self,
    balance: get,
    code: (address) => evmCode.get(address),
    gasPriceWei: () => gas.evmWei,
    transaction: (hash) => {
      const t = state.txs.get(hash.toLowerCase()) ?? state.txs.get(hash);
      return t?.kind === "evm" ? t : undefined;
    },
  });

  // ---- Solana: testing/chains/solana/rpc.ts over this state ----
  const solanaState: SolanaRpcState = {
    latestBlockhash: () => ({ blockhash, lastValidBlockHeight: 280000150 }),
    prioritizationFees: () => [
      { slot: 300000000, prioritizationFee: gas.solanaMicroLamports },
      { slot: 300000001, prioritizationFee: gas.solanaMicroLamports },
    ],
    lamports: (owner) => get(owner, "native"),
    tokenBalance: (owner, mint) => {
      const amount = get(owner, mint ?? "");
      return amount === 0n ? null : amount;
    },
    // The venues' program accounts (testing/chains/solana/venues), then the Save reserves given by their amounts.
    account: (at) => {
      const acc = self.solanaAccounts.get(at);
      if (acc) return { owner: acc.owner, data: acc.data, lamports: 60_000_000 };
      const r = saveReserves.get(at);
      return r ? { owner: r.owner, data: saveReserveAmounts(r), lamports: 5_000_000 } : null;
    },
    send: (bytes) => submit("sendTransaction", bytes),
    signatureStatus: (sig) => {
      const t = state.txs.get(sig);
      if (t?.kind !== "solana") return null;
      return { slot: 299999990, confirmations: t.confirmationStatus === "finalized" ? null : 10, err: t.err ?? null, confirmationStatus: t.confirmationStatus };
    },
    transaction: (sig) => {
      const t = state.txs.get(sig);
      if (t?.kind !== "solana") return null;
      const bal = (which: "pre" | "post") => t.tokenBalances.map((b, i) => tokenBalanceJson(i + 1, b.mint, b.owner, b[which]));
      return {
        slot: 299999990,
        blockTime: 1760000000,
        meta: { err: t.err ?? null, fee: 5000, preBalances: [], postBalances: [], preTokenBalances: bal("pre"), postTokenBalances: bal("post"), logMessages: [] },
        transaction: { signatures: [sig], message: { accountKeys: [{ pubkey: t.feePayer, signer: true, writable: true, source: "transaction" }], instructions: [], recentBlockhash: blockhash } },
        version: 0,
      };
    },
    simulationChain: () => fake.solanaChain,
  };
  const solana = solanaRpc(solanaState);

  // ---- move-chain: the local Sui gRPC node over this state ----
  const coinId = (owner: string, coinType: string) => `0x${createHash("sha256").update(`coin|${normalizeSuiAddress(owner)}|${coinType}`).digest("hex")}`;
  const coins = (): SuiObject[] =>
    [...balances.entries()]
      .filter(([k]) => k.startsWith("0x"))
      .map(([k, amount]) => {
        const [owner = "", asset = ""] = k.split("|");
        const coinType = asset === "native" ? "0x2::sui::SUI" : asset;
        return { owner, coinType, amount };
      })
      .filter((c) => c.coinType.includes("::") && /^0x[0-9a-f]{1,64}$/.test(c.owner))
      .map((c) => ({
        id: coinId(c.owner, c.coinType),
        type: `0x2::coin::Coin<${c.coinType}>`,
        owner: { kind: "address", address: c.owner },
        version: 42n,
        json: { id: coinId(c.owner, c.coinType), balance: c.amount.toString() },
        balance: c.amount,
      }));
  const suiObjects = (): SuiObject[] => [
    ...[...upgradeCaps].map(([id, pkg]) => upgradeCapObject(id, pkg, `0x${"ad".repeat(32)}`)),
    ...suiVenueObjects(self),
    ...cctpObjects(),
    ...cetusObjects(),
    ...coins(),
  ];
  const suiTx = (digest: string): SuiTxRecord | undefined => {
    const t = state.txs.get(digest);
    if (t?.kind !== "sui") return undefined;
    return {
      digest,
      sender: t.sender,
      status: t.status === "success" ? { success: true } : { success: false, error: t.error ?? "MoveAbort" },
      balanceChanges: t.balanceChanges.map((c) => ({ address: c.owner, coinType: c.coinType, amount: c.amount })),
      checkpointed: true,
    };
  };
  const withBcs = (o: SuiObject | undefined): SuiObject | undefined => {
    const bcs = o && [...suiObjectBcs].find(([id]) => sameAddress(id, o.id))?.[1];
    return o && bcs ? { ...o, bcs } : o;
  };
  const world: SuiWorld = {
    object: (id) => withBcs(suiObjects().find((o) => sameAddress(o.id, id))),
    owned: (address) => suiObjects().filter((o) => o.owner.kind === "address" && sameAddress(o.owner.address, address)),
    packageVersions,
    functions: new Map([...cctpFunctions(), ...cetusFunctions()]),
    burnsCoin: new Set(cctpBurnFunctions()),
    transaction: suiTx,
    execute: (bytes) => submit("ExecuteTransaction", bytes),
    get referenceGasPrice() {
      return gas.suiMist;
    },
    moveCallAbort: (call, ctx) => suiVenueMoveCallAbort(self, call, ctx),
  };
  const suiHandlers = readHandlers(world);
  const onSuiCall = (name: string) => {
    calls.push(name);
    if (failing.has(name)) throw new GrpcError(Code.FAILED_PRECONDITION, "node is behind");
  };

  const handle = async (req: JsonRpcRequest): Promise<JsonRpcReply> => {
    const method = String(req.method);
    calls.push(method);
    if (failing.has(method)) return jsonRpcError(req, -32000, "node is behind");
    const solanaMethod = solana.get(method);
    if (solanaMethod?.async) return jsonRpcReplyAsync(req, async (_, params) => solanaMethod.answer(params));
    if (solanaMethod) return jsonRpcReply(req, (_, params) => solanaMethod.answer(params));
    const evmMethod = evm.get(method);
    if (evmMethod) return jsonRpcReply(req, (_, params) => evmMethod.answer(params));
    return jsonRpcReply(req, () => {
      throw new Error(`method ${method} not found`);
    });
  };

  const server: Server = createServer((req, res) => {
    if (state.down) {
      req.socket.destroy();
      return;
    }
    if (isGrpcWeb(req)) {
      void serveGrpcWeb(req, res, suiHandlers, onSuiCall);
      return;
    }
    let raw = "";
    req.on("data", (d) => {
      raw += d;
    });
    req.on("end", async () => {
      let body: unknown;
      try {
        body = JSON.parse(raw);
      } catch {
        res.writeHead(400).end();
        return;
      }
      const out = await jsonRpcBodyAsync(body, handle);
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(out));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const addr = server.address();
  const port = typeof addr === "object" && addr ? addr.port : 0;
  const rest: Omit<FakeRpc, keyof FakeTxState | keyof FakeVenues> = {
    url: `http://127.0.0.1:${port}`,
    set: (owner, asset, amount) => balances.set(key(owner, asset), amount),
    suiObjectBcs,
    upgradeCaps,
    packageVersions,
    saveReserves,
    evmCode,
    failing,
    calls,
    blockhash,
    gas,
    solanaChain: null,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  const fake: FakeRpc = Object.assign(state, venues, rest);
  self = fake;
  return fake;
}
