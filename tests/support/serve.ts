// Serves endpoint definitions through the production route wrapper (`route()` from server/http/handler.ts)
// on a real node:http server on loopback. Used to test the wrapper itself with endpoints made by the test;
// the app's own routes are tested against the running Next.js server (tests/support/app.ts).
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { Readable } from "node:stream";
import type { AnyEndpoint } from "../../server/http/endpoint";
import { notFoundRoute, route } from "../../server/http/handler";

function toRequest(req: IncomingMessage, base: string): Request {
  const headers = new Headers();
  for (const [k, v] of Object.entries(req.headers)) {
    if (Array.isArray(v)) for (const x of v) headers.append(k, x);
    else if (v !== undefined) headers.set(k, v);
  }
  headers.set("x-forwarded-for", req.socket.remoteAddress ?? "unknown");
  const hasBody = req.method !== "GET" && req.method !== "HEAD";
  return new Request(new URL(req.url ?? "/", base), {
    method: req.method,
    headers,
    body: hasBody ? (Readable.toWeb(req) as ReadableStream) : undefined,
    // @ts-expect-error: Node's fetch needs duplex for streamed request bodies.
    duplex: "half",
  });
}

export async function serveEndpoints(defs: AnyEndpoint[]): Promise<{ url: string; close: () => Promise<void> }> {
  const byPath = new Map<string, AnyEndpoint[]>();
  for (const d of defs) byPath.set(d.path, [...(byPath.get(d.path) ?? []), d]);
  const table = [...byPath.entries()].map(([p, list]) => {
    const names: string[] = [];
    const re = new RegExp(`^${p.replace(/\{([^}]+)\}/g, (_m, n: string) => {
      names.push(n);
      return "([^/]+)";
    })}$`);
    return { re, names, handlers: route(...list) };
  });
  const missing = notFoundRoute();
  const server = createServer(async (req, res) => {
    const base = `http://${req.headers.host ?? "127.0.0.1"}`;
    const url = new URL(req.url ?? "/", base);
    const method = (req.method ?? "GET") as keyof typeof missing;
    let response: Response | undefined;
    for (const t of table) {
      const m = t.re.exec(url.pathname);
      if (!m) continue;
      const params = Object.fromEntries(t.names.map((n, i) => [n, decodeURIComponent(m[i + 1] ?? "")]));
      const h = t.handlers[method];
      response = await h(toRequest(req, base), { params: Promise.resolve(params) });
      break;
    }
    response ??= await missing[method](toRequest(req, base), { params: Promise.resolve({}) });
    res.statusCode = response.status;
    response.headers.forEach((v, k) => {
      res.setHeader(k, v);
    });
    res.end(Buffer.from(await response.arrayBuffer()));
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
