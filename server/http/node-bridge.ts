// node:http dispatch of API requests to the route wrapper (`handleApi`): path templates to endpoints, request
// headers and body read straight from IncomingMessage, the reply written with one writeHead/end (no Web
// Request/Response objects on this path). Used by the production server (scripts/serve.ts) to answer /api
// without the Next.js pipeline, and by tests/support/serve.ts to serve endpoints made by a test.
import { type IncomingMessage, maxHeaderSize, type ServerResponse, STATUS_CODES } from "node:http";
import type { Duplex } from "node:stream";
import { API_CSP, SECURITY_HEADERS } from "../../lib/security-headers";
import { newId } from "../ids";
import type { AnyEndpoint, Method } from "./endpoint";
import { METHODS } from "./endpoint";
import { ApiError } from "./errors";
import { type ApiReply, type ApiRequest, checkDeclaredLength, errorReply, handleApi, MAX_BODY_BYTES, methodTable, tooLarge } from "./handler";

/** Reads a node:http request body up to MAX_BODY_BYTES (413 past it, leaving the rest unread). */
function readNodeBody(req: IncomingMessage): Promise<string> {
  checkDeclaredLength(req.headers["content-length"] ?? null);
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.byteLength;
      if (size > MAX_BODY_BYTES) {
        // Stop reading: the 413 asks the client to close the connection (the rest of the body stays unread).
        req.off("data", onData);
        req.pause();
        reject(tooLarge());
        return;
      }
      chunks.push(chunk);
    };
    req.on("data", onData);
    req.once("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.once("error", reject);
  });
}

/**
 * An ApiRequest for a node:http request. The rate-limit address is the socket's peer (never a client header).
 * A class, not an object of closures: this runs on every API request.
 */
export class NodeApiRequest implements ApiRequest {
  readonly method: string;
  readonly url: string;
  readonly clientAddress: string;
  constructor(
    private readonly req: IncomingMessage,
    readonly params: Record<string, string>,
  ) {
    this.method = req.method ?? "GET";
    this.url = req.url ?? "/";
    this.clientAddress = req.socket.remoteAddress ?? "unknown";
  }
  header(name: string): string | null {
    const v = this.req.headers[name];
    if (v === undefined) return null;
    return Array.isArray(v) ? v.join(", ") : v;
  }
  readBody(): Promise<string> {
    return readNodeBody(this.req);
  }
}

/** How much of an unread request body is drained after the answer, and for how long, before the socket is destroyed. */
const DRAIN_MAX_BYTES = 64 * MAX_BODY_BYTES;
const DRAIN_MAX_MS = 10_000;

/**
 * Writes the wrapper's reply with one writeHead and end. When the request body was not read to its end (a 413
 * over the limit), the answer goes out first, with its Content-Length, so the client has it whole while it is
 * still sending; the rest of the body is then read and discarded, and the connection closed once it ends.
 * Closing at once would reset the connection under a client still writing, which then sees EPIPE or
 * ECONNRESET instead of the 413. A body past DRAIN_MAX_BYTES or DRAIN_MAX_MS is cut off.
 */
export function sendReply(res: ServerResponse, reply: ApiReply, req?: IncomingMessage): void {
  if (!req || req.complete || reply.body === null) {
    res.writeHead(reply.status, reply.headers);
    res.end(reply.body ?? undefined);
    return;
  }
  const body = typeof reply.body === "string" ? Buffer.from(reply.body, "utf8") : reply.body;
  res.writeHead(reply.status, { ...reply.headers, "content-length": String(body.byteLength), connection: "close" });
  res.write(body);
  let drained = 0;
  const cut = () => {
    clearTimeout(timer);
    req.socket.destroy();
  };
  const timer = setTimeout(cut, DRAIN_MAX_MS);
  timer.unref();
  req.on("data", (chunk: Buffer) => {
    drained += chunk.byteLength;
    if (drained > DRAIN_MAX_BYTES) cut();
  });
  req.once("end", () => {
    clearTimeout(timer);
    res.end();
  });
  req.once("error", cut);
  req.resume();
}

export function isRouteMethod(method: string | undefined): method is Method {
  return (METHODS as readonly string[]).includes(method ?? "");
}

interface PathHandlers {
  byMethod: Map<string, AnyEndpoint>;
  allow: string;
}

interface CompiledPath extends PathHandlers {
  re: RegExp;
  names: string[];
  /** Per segment: true when static. A static segment wins over a parameter (as in Next.js routing). */
  statics: boolean[];
}

function moreSpecific(a: CompiledPath, b: CompiledPath): number {
  const n = Math.min(a.statics.length, b.statics.length);
  for (let i = 0; i < n; i++) {
    if (a.statics[i] !== b.statics[i]) return a.statics[i] ? -1 : 1;
  }
  return 0;
}

export type ApiDispatch = (req: IncomingMessage, res: ServerResponse) => Promise<void>;

const NO_PARAMS: Record<string, string> = Object.freeze({}) as Record<string, string>;

/**
 * A node:http handler serving the given endpoints through `handleApi`: known paths answer every method
 * (405 with Allow for undeclared ones), unknown paths a JSON 404. Methods outside GET/POST/PUT/PATCH/DELETE
 * are the caller's to handle (see `isRouteMethod`).
 */
export function apiDispatcher(defs: AnyEndpoint[]): ApiDispatch {
  const byPath = new Map<string, AnyEndpoint[]>();
  for (const d of defs) byPath.set(d.path, [...(byPath.get(d.path) ?? []), d]);
  const exact = new Map<string, PathHandlers>();
  const templated: CompiledPath[] = [];
  for (const [p, list] of byPath) {
    const handlers = methodTable(list);
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
    templated.push({ re, names, statics, ...handlers });
  }
  templated.sort(moreSpecific);

  return async (req, res) => {
    const raw = req.url ?? "/";
    const q = raw.indexOf("?");
    const pathname = q === -1 ? raw : raw.slice(0, q);
    let found: PathHandlers | undefined = exact.get(pathname);
    let params = NO_PARAMS;
    if (!found) {
      for (const t of templated) {
        const m = t.re.exec(pathname);
        if (!m) continue;
        params = Object.fromEntries(t.names.map((n, i) => [n, safeDecode(m[i + 1] ?? "")]));
        found = t;
        break;
      }
    }
    const reply = await handleApi(found?.byMethod.get(req.method ?? ""), found ? found.allow : null, new NodeApiRequest(req, params));
    sendReply(res, reply, reply.status === 413 ? req : undefined);
  };
}

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/**
 * The server's `clientError` listener: a request Node.js refuses before any handler sees it (request line and headers
 * over its maxHeaderSize, or not HTTP) is answered as every other error, JSON with a catalogued code, a request id and
 * the API's headers: 431 HEADERS_TOO_LARGE or 400 INVALID_REQUEST. Node's own answer has no body at all.
 */
export function answerClientError(err: NodeJS.ErrnoException, socket: Duplex): void {
  // Node's parser raises the error again for every chunk the client still sends after it: the connection was answered
  // and lingers (below); destroying it now would reset it under the answer.
  if (ANSWERED.has(socket)) return;
  if (err.code === "ECONNRESET" || !socket.writable) {
    socket.destroy();
    return;
  }
  const error =
    err.code === "HPE_HEADER_OVERFLOW"
      ? new ApiError("HEADERS_TOO_LARGE", `The request line and headers are over ${maxHeaderSize} bytes`)
      : new ApiError("INVALID_REQUEST", "Malformed HTTP request");
  const reply = errorReply(error, newId("req"));
  for (const h of SECURITY_HEADERS) reply.headers[h.key] = h.value;
  reply.headers[API_CSP.key] = API_CSP.value;
  const body = Buffer.from(typeof reply.body === "string" ? reply.body : (reply.body ?? ""));
  const headers = { ...reply.headers, connection: "close", "content-length": String(body.byteLength) };
  const head = [`HTTP/1.1 ${reply.status} ${STATUS_CODES[reply.status] ?? ""}`, ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`)].join("\r\n");
  ANSWERED.add(socket);
  socket.end(Buffer.concat([Buffer.from(`${head}\r\n\r\n`), body]));
  // A lingering close: the client may still be sending (a body after the oversized headers). Closing with its bytes
  // unread makes the kernel reset the connection, and a reset can reach the client before it has read the answer
  // (fetch fails with ECONNRESET or EPIPE instead of reading the 431). What still arrives is read and dropped until the
  // client closes its side, or for LINGER_MS at most.
  socket.on("data", () => {});
  socket.resume();
  const linger = setTimeout(() => socket.destroy(), LINGER_MS);
  linger.unref();
  socket.once("close", () => clearTimeout(linger));
}

/** Connections answerClientError has answered (and which now linger). */
const ANSWERED = new WeakSet<Duplex>();

/** How long a connection refused by answerClientError keeps draining what its client still sends. */
const LINGER_MS = 5_000;
