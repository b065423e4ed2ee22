// node:http ↔ Web Request/Response bridge and path-template dispatch to the route wrapper (`route()`).
// Used by the production server (scripts/serve.ts) to answer /api without the Next.js pipeline, and by
// tests/support/serve.ts to serve endpoints made by a test.
import type { IncomingMessage, ServerResponse } from "node:http";
import { Readable } from "node:stream";
import type { AnyEndpoint, Method } from "./endpoint";
import { METHODS } from "./endpoint";
import { type NextHandler, notFoundRoute, rawBodies, route } from "./handler";

/** A Web Request for a node:http request. `x-forwarded-for` is the socket's address (per-address rate limit). */
export function toWebRequest(req: IncomingMessage, base: string): Request {
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

/** Writes a Web Response to a node:http response. */
export async function sendWebResponse(res: ServerResponse, response: Response): Promise<void> {
  res.statusCode = response.status;
  response.headers.forEach((v, k) => {
    if (k !== "set-cookie") res.setHeader(k, v);
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) res.setHeader("set-cookie", cookies);
  const raw = rawBodies.get(response);
  if (raw !== undefined && !response.bodyUsed) res.end(raw);
  else res.end(response.body ? Buffer.from(await response.arrayBuffer()) : undefined);
}

export function isRouteMethod(method: string | undefined): method is Method {
  return (METHODS as readonly string[]).includes(method ?? "");
}

interface CompiledPath {
  re: RegExp;
  names: string[];
  /** Per segment: true when static. A static segment wins over a parameter (as in Next.js routing). */
  statics: boolean[];
  handlers: Record<Method, NextHandler>;
}

function moreSpecific(a: CompiledPath, b: CompiledPath): number {
  const n = Math.min(a.statics.length, b.statics.length);
  for (let i = 0; i < n; i++) {
    if (a.statics[i] !== b.statics[i]) return a.statics[i] ? -1 : 1;
  }
  return 0;
}

export type ApiDispatch = (req: IncomingMessage, res: ServerResponse) => Promise<void>;

/**
 * A node:http handler serving the given endpoints through `route()`: known paths answer every method
 * (405 with Allow for undeclared ones), unknown paths a JSON 404. Methods outside GET/POST/PUT/PATCH/DELETE
 * are the caller's to handle (see `isRouteMethod`).
 */
export function apiDispatcher(defs: AnyEndpoint[]): ApiDispatch {
  const byPath = new Map<string, AnyEndpoint[]>();
  for (const d of defs) byPath.set(d.path, [...(byPath.get(d.path) ?? []), d]);
  const exact = new Map<string, Record<Method, NextHandler>>();
  const templated: CompiledPath[] = [];
  for (const [p, list] of byPath) {
    const handlers = route(...list);
    if (!p.includes("{")) {
      exact.set(p, handlers);
      continue;
    }
    const names: string[] = [];
    const re = new RegExp(
      `^${p.replace(/\{([^}]+)\}/g, (_m, n: string) => {
        names.push(n);
        return "([^/]+)";
      })}$`,
    );
    const statics = p
      .split("/")
      .slice(1)
      .map((s) => !s.startsWith("{"));
    templated.push({ re, names, statics, handlers });
  }
  templated.sort(moreSpecific);
  const missing = notFoundRoute();

  return async (req, res) => {
    const method = (isRouteMethod(req.method) ? req.method : "GET") as Method;
    let response: Response;
    try {
      const base = `http://${req.headers.host ?? "127.0.0.1"}`;
      const raw = req.url ?? "/";
      const q = raw.indexOf("?");
      const pathname = q === -1 ? raw : raw.slice(0, q);
      let handler = exact.get(pathname)?.[method];
      let params: Record<string, string> = {};
      if (!handler) {
        for (const t of templated) {
          const m = t.re.exec(pathname);
          if (!m) continue;
          params = Object.fromEntries(t.names.map((n, i) => [n, safeDecode(m[i + 1] ?? "")]));
          handler = t.handlers[method];
          break;
        }
      }
      handler ??= missing[method];
      response = await handler(toWebRequest(req, base), { params: Promise.resolve(params) });
    } catch (e) {
      // Only a malformed request line gets here (the wrapper answers every error itself).
      response = new Response(JSON.stringify({ code: "INVALID_REQUEST", message: e instanceof Error ? e.message : String(e) }), {
        status: 400,
        headers: { "content-type": "application/json; charset=utf-8", "cache-control": "no-store" },
      });
    }
    await sendWebResponse(res, response);
  };
}

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}
