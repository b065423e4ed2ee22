// The local Sui node on its own loopback port (the all-chains local chain, ../server.ts, mounts the same handlers beside
// its JSON-RPC): for a test, bench or e2e process that only needs move-chain.
import { createServer } from "node:http";
import { isGrpcWeb, serveGrpcWeb } from "./grpc-web";
import { readHandlers, type SuiWorld } from "./node";

export interface SuiNodeServer {
  url: string;
  /** gRPC method names in the order they were called. */
  calls: string[];
  close: () => Promise<void>;
}

export async function startSuiNode(world: SuiWorld): Promise<SuiNodeServer> {
  const handlers = readHandlers(world);
  const calls: string[] = [];
  const server = createServer((req, res) => {
    if (!isGrpcWeb(req)) return void res.writeHead(415).end();
    void serveGrpcWeb(req, res, handlers, (name) => calls.push(name));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const addr = server.address();
  const port = typeof addr === "object" && addr ? addr.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
