// A round-trip-time proxy for the local chains: an HTTP reverse proxy on loopback that holds every request for half the
// injected round-trip time before forwarding it to the local chain server and every answer for the other half before
// sending it back, so each HTTP exchange the service makes with a chain costs `rttMs` more, as it would across a network
// (a new TCP connection's own handshake is not modelled: the service's clients keep connections alive). It records each
// exchange (what was asked, when it started and ended as the client saw it) and counts sequential round trips.
//
// Waves: the longest chain of exchanges each of which started only after the previous one had ended. Exchanges that
// overlap in time (sent in parallel, or a batch in one HTTP request) are in the same wave; an exchange that waited for
// another's answer is in a later one. With `rttMs` injected, no client can take less than waves × rttMs.
import { createServer, request as httpRequest, type IncomingMessage, type Server } from "node:http";

export interface Exchange {
  /** gRPC-web: the method (`LedgerService/GetObject`); JSON-RPC: the method(s), comma-separated for a batch. */
  what: string;
  /** ms since this module was loaded (performance.now based, one time line for every proxy of the process, so the
   *  exchanges of several proxies can be counted together), as the client saw it: arrival and the answer sent. */
  start: number;
  end: number;
}

export interface RttProxy {
  url: string;
  rttMs: number;
  /** Exchanges since the last reset, in arrival order (ended ones only). */
  exchanges: () => Exchange[];
  /** Sequential round trips of the exchanges since the last reset (see the file comment). */
  waves: () => number;
  reset: () => void;
  close: () => Promise<void>;
}

/** The exchanges by start, each with its wave: 1 + the deepest wave among the exchanges that ended before it started. */
function depths(xs: readonly Exchange[]): { x: Exchange; wave: number }[] {
  const out: { x: Exchange; wave: number }[] = [];
  for (const x of [...xs].sort((a, b) => a.start - b.start)) {
    let wave = 1;
    for (const prev of out) if (prev.x.end <= x.start) wave = Math.max(wave, prev.wave + 1);
    out.push({ x, wave });
  }
  return out;
}

/** The longest chain of exchanges where each started after the one before it ended. */
export function countWaves(xs: readonly Exchange[]): number {
  return depths(xs).reduce((m, d) => Math.max(m, d.wave), 0);
}

/** The exchanges grouped by wave (each exchange in the wave of its own chain depth), for a readable report. */
export function wavesOf(xs: readonly Exchange[]): string[][] {
  const out: string[][] = [];
  for (const { x, wave } of depths(xs)) {
    const w = out[wave - 1] ?? [];
    w.push(x.what);
    out[wave - 1] = w;
  }
  return out;
}

function describe(req: IncomingMessage, body: Buffer): string {
  const url = req.url ?? "/";
  if (String(req.headers["content-type"] ?? "").startsWith("application/grpc-web")) {
    // /sui.rpc.v2.LedgerService/GetObject → LedgerService/GetObject
    return url.split("/").slice(-2).map((p) => p.split(".").at(-1)).join("/");
  }
  try {
    const j = JSON.parse(body.toString("utf8")) as { method?: unknown } | { method?: unknown }[];
    const list = Array.isArray(j) ? j : [j];
    const names = list.map((m) => String(m.method ?? "?"));
    return Array.isArray(j) ? `batch[${names.join(",")}]` : (names[0] ?? "?");
  } catch {
    return `${req.method} ${url}`;
  }
}

/** The time line every proxy of this process records on. */
const T0 = performance.now();

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** Starts a proxy to `target` (http://127.0.0.1:PORT) that adds `rttMs` to every exchange; `port` 0 picks a free one. */
export async function startRttProxy(target: string, rttMs: number, port = 0): Promise<RttProxy> {
  const t0 = T0;
  const upstream = new URL(target);
  let done: Exchange[] = [];
  let generation = 0;
  const server: Server = createServer(async (req, res) => {
    const start = performance.now() - t0;
    const gen = generation;
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const body = Buffer.concat(chunks);
    const what = describe(req, body);
    await sleep(rttMs / 2);
    const headers = { ...req.headers, host: upstream.host };
    const answer = await new Promise<{ status: number; headers: IncomingMessage["headers"]; body: Buffer } | null>((resolve) => {
      const up = httpRequest({ host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers }, (r) => {
        const parts: Buffer[] = [];
        r.on("data", (d: Buffer) => parts.push(d));
        r.on("end", () => resolve({ status: r.statusCode ?? 502, headers: r.headers, body: Buffer.concat(parts) }));
        r.on("error", () => resolve(null));
      });
      up.on("error", () => resolve(null));
      up.end(body);
    });
    await sleep(rttMs / 2);
    if (!answer) {
      req.socket.destroy();
      return;
    }
    const { "transfer-encoding": _te, connection: _c, "keep-alive": _ka, ...rest } = answer.headers;
    // The end is taken before the answer is written: a request that depended on it can only arrive after that.
    if (gen === generation) done.push({ what, start, end: performance.now() - t0 });
    res.writeHead(answer.status, { ...rest, "content-length": String(answer.body.length) });
    res.end(answer.body);
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const addr = server.address();
  const bound = typeof addr === "object" && addr ? addr.port : 0;
  return {
    url: `http://127.0.0.1:${bound}`,
    rttMs,
    exchanges: () => [...done].sort((a, b) => a.start - b.start),
    waves: () => countWaves(done),
    reset: () => {
      done = [];
      generation++;
    },
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
