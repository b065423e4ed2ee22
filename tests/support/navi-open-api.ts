// A local stand-in for NAVI's open API (https://open-api.naviprotocol.io/api), the web service @naviprotocol/lending
// 1.4.6 reads its lending config and pools from (src/config.ts getConfig: `/navi/config?env=&sdk=&market=`, answered
// `{ data: LendingConfig }`; src/pool.ts getPools: `/navi/pools?env=&sdk=&market=`, answered `{ data: Pool[], meta:
// { emodes } }`). It answers only those two reads for the main market in prod with the config it is given, and refuses
// anything else, so the SDK can build offline. `routeNaviOpenApi` sends the SDK's fetches of that host here and refuses
// every other address off this machine, so a test never reaches the network.
import { createServer, type Server } from "node:http";

export const NAVI_OPEN_API = "https://open-api.naviprotocol.io/api";

export interface NaviOpenApi {
  url: string;
  /** Paths with query asked, in order. */
  requests: string[];
  close: () => Promise<void>;
}

export async function startNaviOpenApi(config: Record<string, unknown>, pools: Record<string, unknown>[]): Promise<NaviOpenApi> {
  const requests: string[] = [];
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://local");
    requests.push(`${url.pathname}${url.search}`);
    const q = url.searchParams;
    const send = (status: number, body: unknown) => res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
    if (req.method !== "GET" || q.get("env") !== "prod" || q.get("market") !== "main" || !q.get("sdk")) return send(404, { code: 404, message: "not found" });
    if (url.pathname === "/api/navi/config") return send(200, { code: 0, data: config });
    if (url.pathname === "/api/navi/pools") return send(200, { code: 0, data: pools, meta: { emodes: [] } });
    return send(404, { code: 404, message: "not found" });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const addr = server.address();
  const port = typeof addr === "object" && addr ? addr.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Sends fetches of NAVI's open API to `api`; loopback passes through; any other address is refused. Returns the undo. */
export function routeNaviOpenApi(api: NaviOpenApi): () => void {
  const original = globalThis.fetch;
  globalThis.fetch = (input: string | URL | Request, init?: RequestInit) => {
    const href = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
    if (href.startsWith(`${NAVI_OPEN_API}/`)) return original(`${api.url}/api/${href.slice(NAVI_OPEN_API.length + 1)}`, init);
    if (new URL(href).hostname === "127.0.0.1") return original(input, init);
    return Promise.reject(new Error(`test refused a request off this machine: ${href}`));
  };
  return () => {
    globalThis.fetch = original;
  };
}
