// The one route wrapper: boot, auth, rate limit, body limits, validation, wallet scope, idempotency,
// errors and logs, in that order. Route files only call `route(endpoint…)`.
import { performance } from "node:perf_hooks";
import { ensureBooted } from "../boot";
import { config } from "../config";
import type { Db, DbHandle } from "../db/client";
import { newId } from "../ids";
import { API_CSP, HSTS, SECURITY_HEADERS } from "../../lib/security-headers";
import { inRequest, log } from "../log";
import { observeRequest } from "../metrics";
import { authenticate, inScope, type Principal } from "./auth";
import type { AnyEndpoint, Method } from "./endpoint";
import { METHODS } from "./endpoint";
import { ERROR_CODES, type ErrorCode, uncatalogued } from "./codes";
import { ApiError } from "./errors";
import { bodyBytes, toJson } from "./json";
import { isDatabaseUnavailable, unavailable } from "./unavailable";
import { requestFingerprint, validateIdempotencyKey, withIdempotency } from "./idempotency";
import { etagMatches } from "./conditional";
import { parseInput } from "./validate";
import { consumeRate, consumeRateNow } from "./rate-limit";
import { roleMay } from "./roles";

export const MAX_BODY_BYTES = 1024 * 1024;
// Where they always were, for the domains that cache a body (catalog) and the tests.
export { cacheJson, toJson } from "./json";

type RouteContext = { params: Promise<Record<string, string | string[] | undefined>> };
export type NextHandler = (req: Request, ctx: RouteContext) => Promise<Response>;

/**
 * What the wrapper needs from an HTTP request, whatever server carries it: the production node:http server
 * (node-bridge.ts) and Next.js route files (Web Request, `route()` below) both adapt to it.
 */
export interface ApiRequest {
  method: string;
  /** Path and query as received: "/api/v1/svc/home?chain=evm-a". */
  url: string;
  /** A header's value (lower-case name), or null. */
  header: (name: string) => string | null;
  /** The client address for the per-address rate limit (the hop closest to this server). */
  clientAddress: string;
  /** Reads the body as UTF-8; throws 413 PAYLOAD_TOO_LARGE past MAX_BODY_BYTES. Empty string when there is none. */
  readBody: () => Promise<string>;
  params: Record<string, string | string[] | undefined>;
}

/** The wrapper's answer, written by each server its own way. */
export interface ApiReply {
  status: number;
  headers: Record<string, string>;
  /** null for 204 and 304. A Buffer is the cached bytes of a body serialized once (see `cacheJson`). */
  body: string | Buffer | null;
}

function jsonReply(status: number, body: string | Buffer, requestId: string, extra?: Record<string, string>, more?: Record<string, string>): ApiReply {
  const headers: Record<string, string> = {
    "content-type": "application/json; charset=utf-8",
    "cache-control": "no-store",
    "x-request-id": requestId,
  };
  if (extra) for (const k in extra) headers[k] = extra[k] as string;
  if (more) for (const k in more) headers[k] = more[k] as string;
  return { status, headers, body: status === 204 ? null : body };
}

export function errorReply(err: ApiError, requestId: string): ApiReply {
  const body: Record<string, unknown> = { code: err.code, message: err.message, requestId };
  if (err.details !== undefined) body.details = err.details;
  return jsonReply(err.status, toJson(body), requestId, err.headers);
}

/** A Response for Next.js route files. */
function toResponse(r: ApiReply): Response {
  return new Response(r.body === null ? null : typeof r.body === "string" ? r.body : new Uint8Array(r.body), {
    status: r.status,
    headers: r.headers,
  });
}

/** The client address behind Next.js (a proxy in front sets x-forwarded-for): the hop closest to this server. */
function forwardedAddress(req: Request): string {
  const fwd = req.headers.get("x-forwarded-for");
  const last = fwd?.split(",").pop()?.trim();
  return last || req.headers.get("x-real-ip") || "unknown";
}

/**
 * Every non-2xx answer is `{ code, message, requestId, … }` with a catalogued code (contract §3), whatever
 * the handler returned: a blocked answer (status "blocked", blockers[]) gets the catalogued BLOCKED and its
 * blockers' messages beside its own fields. Each answer is given only with a status the catalog (codes.ts,
 * served by GET /svc/errors) lists for its code and for each of its blockers: anything else, like a non-2xx
 * body of neither shape, is a server fault (500 INTERNAL, logged), so the catalog cannot drift from the answers.
 */
function asError(status: number, body: unknown, requestId: string): unknown {
  const b = (body ?? {}) as Record<string, unknown>;
  const blockers = Array.isArray(b.blockers) ? (b.blockers as { code?: unknown; message?: unknown }[]) : null;
  if (blockers && (b.status === "blocked" || status >= 300)) {
    const off = uncatalogued(status, blockers);
    if (off.length > 0) throw new Error(`blocker ${off.join(", ")} answered with HTTP ${status}, which GET /svc/errors does not list for it (server/http/codes.ts)`);
  }
  if (status < 300) return body;
  if (typeof b.code === "string" && b.code in ERROR_CODES && typeof b.message === "string") {
    if (!(ERROR_CODES[b.code as ErrorCode].statuses as readonly number[]).includes(status)) throw new Error(`${b.code} answered with HTTP ${status}, which the catalog does not list for it`);
    return { ...b, requestId };
  }
  if (b.status === "blocked" && blockers && blockers.length > 0 && status === 422) {
    const message = blockers.map((x) => String(x.message)).join("; ");
    return { code: "BLOCKED" satisfies ErrorCode, message, requestId, ...b };
  }
  throw new Error(`handler answered ${status} without the error shape`);
}

const CLOSE = { connection: "close" };

export function tooLarge(): ApiError {
  return new ApiError("PAYLOAD_TOO_LARGE", `Request body is over ${MAX_BODY_BYTES} bytes`, undefined, undefined, CLOSE);
}

/** A declared Content-Length over the limit is refused before reading. */
export function checkDeclaredLength(declared: string | null): void {
  if (declared && Number(declared) > MAX_BODY_BYTES) throw tooLarge();
}

async function readWebBody(req: Request): Promise<string> {
  checkDeclaredLength(req.headers.get("content-length"));
  if (!req.body) return "";
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_BODY_BYTES) {
      // Stop reading without cancelling: cancelling would reset the connection before the 413 is sent.
      // The rest of the body stays unread, so the connection cannot be reused: ask the client to close it.
      reader.releaseLock();
      throw tooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
}

function isJsonType(ct: string | null): boolean {
  if (!ct) return false;
  const base = ct.split(";")[0]?.trim().toLowerCase() ?? "";
  return base === "application/json" || (base.startsWith("application/") && base.endsWith("+json"));
}

async function readJsonBody(req: ApiRequest): Promise<unknown> {
  const raw = await req.readBody();
  if (raw.trim().length === 0) return undefined;
  if (!isJsonType(req.header("content-type"))) {
    throw new ApiError("UNSUPPORTED_MEDIA_TYPE", "Request bodies must be JSON (Content-Type: application/json)");
  }
  try {
    return JSON.parse(raw);
  } catch {
    throw new ApiError("INVALID_REQUEST", "Request body is not valid JSON");
  }
}

function authorize(def: AnyEndpoint, rawKey: string | null, principal: Principal | null): void {
  if (rawKey !== null && !principal) throw new ApiError("INVALID_API_KEY", "Unknown or revoked API key");
  if (def.access === "public" || def.access === "permissionless") return;
  if (!principal) throw new ApiError("UNAUTHORIZED", "This route needs an X-API-Key");
  if (!roleMay(principal.role, def.access)) {
    throw new ApiError("UNAUTHORIZED", `The ${principal.role} role may not do this`, undefined, 403);
  }
}

function splitUrl(url: string): { pathname: string; search: string } {
  const q = url.indexOf("?");
  return q === -1 ? { pathname: url, search: "" } : { pathname: url.slice(0, q), search: url.slice(q + 1) };
}

/** A probe's ctx.db: probes reach the database themselves, bounded (see EndpointDef.probe). */
const NO_DB = new Proxy({} as Db, {
  get: () => {
    throw new Error("a probe has no ctx.db: it reaches the database itself, bounded in time");
  },
});

async function serveProbe(def: AnyEndpoint, requestId: string): Promise<ApiReply> {
  const r = await def.handler({ requestId, db: NO_DB, principal: null, params: undefined, query: undefined, body: undefined });
  return jsonReply(r.status, bodyBytes(asError(r.status, r.body, requestId)), requestId, r.headers);
}

/** A 2xx of an endpoint that `produces` another media type: its string body as it is. */
function textReply(def: AnyEndpoint, r: { status: number; body: unknown; headers?: Record<string, string> }, requestId: string, extra: Record<string, string>): ApiReply | null {
  if (!def.produces || r.status >= 300 || typeof r.body !== "string") return null;
  return { status: r.status, headers: { "content-type": def.produces, "cache-control": "no-store", "x-request-id": requestId, ...extra, ...r.headers }, body: r.body };
}

// The booted database handle, once its start-up promise has resolved: later requests take it without waiting a turn.
let booted: { promise: Promise<DbHandle>; handle: DbHandle } | null = null;

async function bootedHandle(requestId: string): Promise<DbHandle> {
  try {
    const promise = ensureBooted();
    const handle = await promise;
    booted = { promise, handle };
    return handle;
  } catch (e) {
    log().error({ requestId, err: e instanceof Error ? e.message : String(e) }, "database unavailable");
    throw unavailable();
  }
}

// A prepared (ETag) answer's query, parsed once per query string: such handlers only read their query.
const parsedQueries = new WeakMap<AnyEndpoint, Map<string, unknown>>();
function preparedQuery(def: AnyEndpoint, search: string): unknown {
  let m = parsedQueries.get(def);
  if (!m) {
    m = new Map();
    parsedQueries.set(def, m);
  }
  if (m.has(search)) return m.get(search);
  const q = parseInput("query", def.query, search === "" ? {} : Object.fromEntries(new URLSearchParams(search)));
  if (m.size > 500) m.clear();
  m.set(search, q);
  return q;
}

async function serve(def: AnyEndpoint, req: ApiRequest, pathname: string, search: string, requestId: string): Promise<ApiReply> {
  if (def.probe) return serveProbe(def, requestId);
  const b = booted;
  const handle = b !== null && b.promise === ensureBooted() ? b.handle : await bootedHandle(requestId);
  const db = handle.db;
  const cfg = config();
  const rawKey = req.header("x-api-key");
  const principal = rawKey === null ? null : await authenticate(db, rawKey);

  const identity = principal ? `k:${principal.keyId}` : `a:${req.clientAddress}`;
  // In-memory counters (PGlite) decide at once; shared ones (PostgreSQL) wait for their upsert.
  const rate = consumeRateNow(handle, cfg.SVC_RATE_LIMIT_PER_MIN, identity) ?? (await consumeRate(handle, cfg.SVC_RATE_LIMIT_PER_MIN, identity));
  if (!rate.allowed) {
    throw new ApiError("RATE_LIMITED", "Too many requests; see Retry-After", undefined, undefined, rate.headers);
  }
  if (rawKey === null && def.missing) {
    const named = def.params ? parseInput("path", def.params, req.params) : undefined;
    const message = await def.missing(db, named);
    if (message !== null) throw new ApiError("NOT_FOUND", message);
  }
  authorize(def, rawKey, principal);

  const params = def.params ? parseInput("path", def.params, req.params) : undefined;
  const query = !def.query
    ? undefined
    : def.etag
      ? preparedQuery(def, search)
      : parseInput("query", def.query, search === "" ? {} : Object.fromEntries(new URLSearchParams(search)));
  const rawBody = def.body ? await readJsonBody(req) : undefined;
  if (def.screen) def.screen(rawBody);
  const body = def.body ? parseInput("body", def.body, rawBody) : undefined;

  if (principal && def.access !== "public" && def.access !== "permissionless" && def.wallets) {
    const touched = def.wallets({ params, query, body });
    const list = touched === undefined ? [] : typeof touched === "string" ? [touched] : touched;
    for (const w of list) {
      if (!inScope(principal, w)) throw new ApiError("WALLET_SCOPE", "This wallet is not in the API key's scope");
    }
  }

  const ctx = { requestId, db, principal, params, query, body };

  const idemKey = def.idempotent ? req.header("idempotency-key") : null;
  if (idemKey !== null) {
    validateIdempotencyKey(idemKey);
    const stored = await withIdempotency(
      db,
      {
        scope: principal?.keyId ?? identity,
        key: idemKey,
        fingerprint: requestFingerprint(def.method, pathname, rawBody ?? null),
        waitMs: cfg.SVC_IDEMPOTENCY_WAIT_MS,
        leaseMs: cfg.SVC_IDEMPOTENCY_LEASE_MS,
      },
      async (actionDb) => {
        const r = await def.handler({ ...ctx, db: actionDb });
        return { status: r.status, body: bodyBytes(asError(r.status, r.body, requestId)).toString(), headers: r.headers };
      },
    );
    const extra: Record<string, string> = stored.replayed ? { "idempotency-replayed": "true" } : {};
    return jsonReply(stored.status, stored.body, requestId, { ...rate.headers, ...stored.headers, ...extra });
  }
  const r = await def.handler(ctx);
  if (def.etag && r.status === 200 && r.headers?.etag !== undefined && etagMatches(req.header("if-none-match"), r.headers.etag)) {
    // 304: the headers the 200 would carry (ETag, Cache-Control, the rate limit), no body.
    return { status: 304, headers: { "x-request-id": requestId, "cache-control": "no-store", ...rate.headers, ...r.headers }, body: null };
  }
  const text = textReply(def, r, requestId, rate.headers);
  if (text) return text;
  return jsonReply(r.status, bodyBytes(asError(r.status, r.body, requestId)), requestId, rate.headers, r.headers);
}

/**
 * Answers one API request: the endpoint for its method (undefined: 405 with `allow`, or, when `allow` is
 * null, a JSON 404 for an unknown path). Never throws: every error becomes its catalogued JSON answer.
 */
export function handleApi(def: AnyEndpoint | undefined, allow: string | null, req: ApiRequest): Promise<ApiReply> {
  const requestId = newId("req");
  // Every log line written while this request is served carries its id (server/log.ts).
  return inRequest(requestId, () => answer(def, allow, req, requestId));
}

async function answer(def: AnyEndpoint | undefined, allow: string | null, req: ApiRequest, requestId: string): Promise<ApiReply> {
  const started = performance.now();
  const { pathname, search } = splitUrl(req.url);
  let reply: ApiReply;
  try {
    // Every route, with a body or not, refuses a declared body over the limit (413) before anything else.
    checkDeclaredLength(req.header("content-length"));
    if (allow === null) throw new ApiError("NOT_FOUND", `No route ${req.method} ${pathname}`);
    if (!def) {
      throw new ApiError("METHOD_NOT_ALLOWED", `${req.method} is not allowed here; allowed: ${allow}`, undefined, undefined, { Allow: allow });
    }
    reply = await serve(def, req, pathname, search, requestId);
  } catch (e) {
    if (e instanceof ApiError) {
      reply = errorReply(e, requestId);
    } else if (isDatabaseUnavailable(e)) {
      log().warn({ requestId, err: e instanceof Error ? e.message : String(e) }, "database unavailable");
      reply = errorReply(unavailable(), requestId);
    } else {
      log().error({ err: e instanceof Error ? { message: e.message, stack: e.stack } : String(e) }, "unhandled error");
      reply = errorReply(new ApiError("INTERNAL", "Internal error; report the requestId"), requestId);
    }
  }
  for (const h of SECURITY_HEADERS) reply.headers[h.key] = h.value;
  reply.headers[API_CSP.key] = API_CSP.value;
  if (req.header("x-forwarded-proto") === "https") reply.headers[HSTS.key] = HSTS.value;
  const seconds = (performance.now() - started) / 1000;
  // Unknown paths and methods share one label: a scanner's paths must not grow the series without bound.
  observeRequest(def?.operationId ?? (allow === null ? "not_found" : "method_not_allowed"), reply.status, seconds);
  const logger = log();
  if (logger.isLevelEnabled("info")) {
    logger.info({ method: req.method, path: pathname, status: reply.status, ms: Math.round(seconds * 1000) }, "request");
  }
  return reply;
}

/** An ApiRequest for a Web Request (Next.js route files). */
async function fromWebRequest(req: Request, ctx: RouteContext): Promise<ApiRequest> {
  const url = new URL(req.url);
  return {
    method: req.method,
    url: url.pathname + url.search,
    header: (name) => req.headers.get(name),
    clientAddress: forwardedAddress(req),
    readBody: () => readWebBody(req),
    params: await ctx.params,
  };
}

/** Endpoints of one path by method, and the Allow list for the others (405). */
export function methodTable(defs: AnyEndpoint[]): { byMethod: Map<string, AnyEndpoint>; allow: string } {
  const byMethod = new Map<string, AnyEndpoint>(defs.map((d) => [d.method, d]));
  return { byMethod, allow: [...byMethod.keys()].join(", ") };
}

/** Next.js handlers for one path: each declared method served, every other method 405 with Allow. */
export function route(...defs: AnyEndpoint[]): Record<Method, NextHandler> {
  const { byMethod, allow } = methodTable(defs);
  const out = {} as Record<Method, NextHandler>;
  for (const m of METHODS) {
    out[m] = async (req, ctx) => toResponse(await handleApi(byMethod.get(m), allow, await fromWebRequest(req, ctx)));
  }
  return out;
}

/** Every method of an unknown path under /api answers a JSON 404. */
export function notFoundRoute(): Record<Method, NextHandler> {
  const out = {} as Record<Method, NextHandler>;
  for (const m of METHODS) {
    out[m] = async (req, ctx) => toResponse(await handleApi(undefined, null, await fromWebRequest(req, ctx)));
  }
  return out;
}
