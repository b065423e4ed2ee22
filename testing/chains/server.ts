// The local chain: one server for every family on one URL, used by the unit and API tests, the bench and the e2e
// stack. Its state is ./state.ts; each RPC method is answered once, by its family's method table over that state:
// - move-chain: the local Sui node (./sui/node.ts, gRPC-web with the protobuf messages of @mysten/sui) over
//   ./sui/state.ts;
// - Solana JSON-RPC: ./solana/rpc.ts over ./solana/state.ts;
// - EVM JSON-RPC: the answered EVM (./evm/rpc.ts) over ./evm/state.ts (the EVM that runs real bytecode is
//   ./evm/node.ts, a server of its own that `passThrough` can put behind a path of this one, or that runs the calls to
//   the contracts `evmExecuted` names for a path: ./evm/executed.ts).
// Options for the e2e stack, where the browser's wallets reach this server through Playwright's routing
// (e2e/support.ts routeChainRpc) so a wallet's submission and the app server's confirmation meet: a fixed `port`,
// `cors` headers and preflights, `passThrough` paths (e.g. "/evm-b" → the EVM node's URL, passed as they are), the
// `wallets` book (./wallets.ts: every wallet's starting balances, signed transactions that land and turn final after
// PROCESSING_MS) and `log` (each method on stdout).
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { Code, GrpcError, isGrpcWeb, serveGrpcWeb } from "./sui/grpc-web";
import { readHandlers } from "./sui/node";
import { suiWorld } from "./sui/state";
import { CCTP_PACKAGE_VERSIONS } from "./sui/cctp";
import { CETUS_PACKAGE_VERSIONS } from "./sui/cetus-aggregator";
import { suiVenuePackageVersions, suiVenueState, suiVenueUpgradeCaps } from "./sui/venues";
import { setScallopUsdc } from "./sui/venues/scallop";
import { executedEvmReply } from "./evm/executed";
import { evmMethods } from "./evm/state";
import { evmVenueState } from "./evm/venues";
import { solanaMethods } from "./solana/state";
import { chainState, type LocalChain } from "./state";
import { walletBook } from "./wallets";
import { type JsonRpcReply, type JsonRpcRequest, jsonRpcBodyAsync, jsonRpcError, jsonRpcReply, jsonRpcReplyAsync } from "./json-rpc";

export type { ChainTx, ChainTxState, ChainVenues, LocalChain, SaveReserveState } from "./state";
export { fundSuiOwner } from "./sui/state";

export interface LocalChainOptions {
  /** The port to listen on (0, the default: any free one). */
  port?: number;
  /** CORS headers on every JSON-RPC answer and 204 to preflights (the browser's wallets call it). */
  cors?: boolean;
  /** Paths passed through as they are to another JSON-RPC node (e.g. "/evm-b" → the in-process EVM). */
  passThrough?: Record<string, string>;
  /** The wallets' book (./wallets.ts): starting balances for every wallet, signed transactions land. */
  wallets?: boolean;
  /** Writes each method called to stdout. */
  log?: boolean;
}

const CORS = { "access-control-allow-origin": "*", "access-control-allow-headers": "*", "access-control-allow-methods": "POST, OPTIONS" };

export async function startLocalChain(options: LocalChainOptions = {}): Promise<LocalChain> {
  const book = options.wallets ? await walletBook() : null;
  const core = chainState({ solanaAccounts: new Map(book?.solana.accounts ?? []), ...suiVenueState(), ...evmVenueState(), evmBlock: { number: 30_000_000n, timestamp: 1_760_000_000n } }, book);
  const { chain } = core;
  // With the wallets' book, Scallop's market holds a USDC balance sheet (rate 1.5: 2,000,000 cash + 1,000,000 lent over
  // 2,000,000 sUSDC), as the book's Solana part holds Kamino's reserve: a signed Scallop deposit then runs Scallop's mint
  // as its Move code does and the owner receives the sUSDC a confirmation looks for (a stand-in market minted nothing).
  if (book) setScallopUsdc(chain, { cash: 2_000_000_000_000n, debt: 1_000_000_000_000n, marketCoinSupply: 2_000_000_000_000n });
  // The Sui venues' UpgradeCaps and packages (./sui/venues: Scallop's and Suilend's the original, then the upgrade their
  // UpgradeCaps point at; NAVI's the original, then two upgrades, calls going to the newest; Pyth's and Wormhole's,
  // which a NAVI withdraw's Pyth push calls), Circle's CCTP V1 (./sui/cctp.ts: TokenMessengerMinter with one upgrade,
  // MessageTransmitter) and the Cetus aggregator's router v3 and Cetus adapter (./sui/cetus-aggregator.ts).
  for (const [id, pkg] of suiVenueUpgradeCaps()) chain.upgradeCaps.set(id, pkg);
  for (const [id, versions] of [...suiVenuePackageVersions(), ...CCTP_PACKAGE_VERSIONS, ...CETUS_PACKAGE_VERSIONS]) chain.packageVersions.set(id, versions);

  const solana = solanaMethods(core, book?.solana ?? null);
  const evm = evmMethods(core);
  const suiHandlers = readHandlers(suiWorld(core));
  const called = (kind: "rpc" | "grpc", method: string) => {
    chain.calls.push(method);
    if (options.log) process.stdout.write(`${kind} ${method}\n`);
  };
  const handle = async (req: JsonRpcRequest, path: string): Promise<JsonRpcReply> => {
    const method = String(req.method);
    called("rpc", method);
    if (chain.failing.has(method)) return jsonRpcError(req, -32000, "node is behind");
    const executed = await executedEvmReply(chain.evmExecuted.get(path), req);
    if (executed) return executed;
    const solanaMethod = solana.get(method);
    if (solanaMethod?.async) return jsonRpcReplyAsync(req, async (_, params) => solanaMethod.answer(params));
    if (solanaMethod) return jsonRpcReply(req, (_, params) => solanaMethod.answer(params));
    const evmMethod = evm.get(method);
    if (evmMethod) return jsonRpcReply(req, (_, params) => evmMethod.answer(params));
    return jsonRpcReply(req, () => {
      throw new Error(`method ${method} not found`);
    });
  };
  const headers = options.cors ? CORS : {};
  // Requests taken while the chain stalls: never answered, dropped on close.
  const stalls = new Set<ServerResponse>();
  const server = createServer((req, res) => {
    if (chain.down) return void req.socket.destroy();
    if (chain.stalled) return void stalls.add(res.on("close", () => stalls.delete(res)));
    if (isGrpcWeb(req)) {
      void serveGrpcWeb(req, res, suiHandlers, (name) => {
        called("grpc", name);
        if (chain.failing.has(name)) throw new GrpcError(Code.FAILED_PRECONDITION, "node is behind");
        if (chain.unserved.has(name)) throw new GrpcError(Code.UNIMPLEMENTED, "");
      });
      return;
    }
    void readBody(req).then(async (raw) => {
      if (options.cors && req.method === "OPTIONS") return void res.writeHead(204, headers).end();
      const path = new URL(req.url ?? "/", "http://x").pathname.replace(/\/+$/, "");
      const upstream = options.passThrough?.[path];
      if (upstream) return passThrough(upstream, raw, res, headers);
      let body: unknown;
      try {
        body = JSON.parse(raw);
      } catch {
        return void res.writeHead(400, headers).end();
      }
      const out = await jsonRpcBodyAsync(body, (r) => handle(r, path));
      res.writeHead(200, { "content-type": "application/json", ...headers }).end(JSON.stringify(out));
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const addr = server.address();
  chain.url = `http://127.0.0.1:${typeof addr === "object" && addr ? addr.port : options.port}`;
  chain.close = async () => {
    for (const r of stalls) r.destroy();
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return chain;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let raw = "";
    req.on("data", (d) => {
      raw += d;
    });
    req.on("end", () => resolve(raw));
  });
}

/** A request passed through to another node, its answer given back with this server's headers. */
async function passThrough(upstream: string, raw: string, res: ServerResponse, headers: Record<string, string>): Promise<void> {
  try {
    const r = await fetch(upstream, { method: "POST", headers: { "content-type": "application/json" }, body: raw });
    res.writeHead(r.status, { "content-type": "application/json", ...headers }).end(await r.text());
  } catch {
    res.writeHead(502, headers).end();
  }
}
