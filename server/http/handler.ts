// The one route wrapper: boot, auth, rate limit, body limits, validation, wallet scope, idempotency,
// errors and logs, in that order. Route files only call `route(endpoint…)`.
import { performance } from "node:perf_hooks";
import type { z } from "zod";
import { ensureBooted } from "../boot";
import { config } from "../config";
import type { DbHandle } from "../db/client";
import { newId } from "../ids";
import { log } from "../log";
import { authenticate, inScope, type Principal } from "./auth";
import type { AnyEndpoint, Method } from "./endpoint";
import { METHODS } from "./endpoint";
import { ApiError } from "./errors";
import { requestFingerprint, validateIdempotencyKey, withIdempotency } from "./idempotency";
import { kindAt } from "./kinds";
import { consumeRate } from "./rate-limit";
import { roleMay } from "./roles";

export const MAX_BODY_BYTES = 1024 * 1024;

type RouteContext = { params: Promise<Record<string, string | string[] | undefined>> };
export type NextHandler = (req: Request, ctx: RouteContext) => Promise<Response>;

/** bigint never reaches JSON.stringify as a number: it is written as its decimal string. */
export function toJson(body: unknown): string {
  return JSON.stringify(body, (_k, v) => (typeof v === "bigint" ? v.toString() : v));
}

/**
 * The body text of a wrapper response, kept beside the Response so the node:http bridge
 * (node-bridge.ts) can write it without reading the body stream back.
 */
export const rawBodies = new WeakMap<Response, string>();

function jsonResponse(status: number, body: string, requestId: string, headers: Record<string, string> = {}): Response {
  const res = new Response(status === 204 ? null : body, {
    status,
    headers: {
      "content-type": "application/json; charset=utf-8",
      "cache-control": "no-store",
      "x-request-id": requestId,
      ...headers,
    },
  });
  if (status !== 204) rawBodies.set(res, body);
  return res;
}

function errorResponse(err: ApiError, requestId: string, headers: Record<string, string> = {}): Response {
  const body: Record<string, unknown> = { code: err.code, message: err.message, requestId };
  if (err.details !== undefined) body.details = err.details;
  return jsonResponse(err.status, toJson(body), requestId, { ...headers, ...err.headers });
}

/** The client address for the per-address rate limit: the hop closest to this server. */
function clientAddress(req: Request): string {
  const fwd = req.headers.get("x-forwarded-for");
  const last = fwd?.split(",").pop()?.trim();
  return last || req.headers.get("x-real-ip") || "unknown";
}

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let v = input;
  for (const k of path) {
    if (v === null || typeof v !== "object") return undefined;
    v = (v as Record<PropertyKey, unknown>)[k];
  }
  return v;
}

function parseInput<S extends z.ZodType>(where: "path" | "query" | "body", schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issues = result.error.issues;
  const first = issues[0];
  let code: "INVALID_REQUEST" | "INVALID_AMOUNT" | "INVALID_ADDRESS" = "INVALID_REQUEST";
  if (first) {
    const missing = valueAt(input, first.path) === undefined;
    const kind = missing ? undefined : kindAt(schema, first.path);
    if (kind === "amount") code = "INVALID_AMOUNT";
    if (kind === "address") code = "INVALID_ADDRESS";
  }
  const describe = (i: z.core.$ZodIssue) => {
    const field = [where, ...i.path.map(String)].join(".");
    const missing = i.code === "invalid_type" && valueAt(input, i.path) === undefined;
    return { field, message: missing ? "is required" : i.message };
  };
  const details = issues.map(describe);
  const head = details[0];
  throw new ApiError(code, head ? `${head.field} ${head.message}` : `invalid ${where}`, details);
}

const CLOSE = { connection: "close" };

async function readBody(req: Request): Promise<string> {
  const declared = req.headers.get("content-length");
  if (declared && Number(declared) > MAX_BODY_BYTES) {
    throw new ApiError("PAYLOAD_TOO_LARGE", `Request body is over ${MAX_BODY_BYTES} bytes`, undefined, undefined, CLOSE);
  }
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
      throw new ApiError("PAYLOAD_TOO_LARGE", `Request body is over ${MAX_BODY_BYTES} bytes`, undefined, undefined, CLOSE);
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

async function readJsonBody(req: Request): Promise<unknown> {
  const raw = await readBody(req);
  if (raw.trim().length === 0) return undefined;
  if (!isJsonType(req.headers.get("content-type"))) {
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

async function serve(def: AnyEndpoint, req: Request, ctx: RouteContext, requestId: string): Promise<Response> {
  let handle: DbHandle;
  try {
    handle = await ensureBooted();
  } catch (e) {
    log().error({ requestId, err: e instanceof Error ? e.message : String(e) }, "database unavailable");
    throw new ApiError("UPSTREAM_UNAVAILABLE", "The database is not available; retry shortly");
  }
  const db = handle.db;
  const cfg = config();
  const rawKey = req.headers.get("x-api-key");
  const principal = rawKey === null ? null : await authenticate(db, rawKey);

  const identity = principal ? `k:${principal.keyId}` : `a:${clientAddress(req)}`;
  const rate = await consumeRate(handle, cfg.SVC_RATE_LIMIT_PER_MIN, identity);
  if (!rate.allowed) {
    throw new ApiError("RATE_LIMITED", "Too many requests; see Retry-After", undefined, undefined, rate.headers);
  }
  authorize(def, rawKey, principal);

  const url = new URL(req.url);
  const params = def.params ? parseInput("path", def.params, await ctx.params) : undefined;
  const query = def.query ? parseInput("query", def.query, Object.fromEntries(url.searchParams)) : undefined;
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

  const run = async () => {
    const r = await def.handler({ requestId, db, principal, params, query, body, request: req });
    return { status: r.status, body: toJson(r.body), headers: r.headers };
  };

  const idemKey = def.idempotent ? req.headers.get("idempotency-key") : null;
  if (idemKey !== null) {
    validateIdempotencyKey(idemKey);
    const stored = await withIdempotency(
      db,
      {
        scope: principal?.keyId ?? identity,
        key: idemKey,
        fingerprint: requestFingerprint(def.method, url.pathname, rawBody ?? null),
        waitMs: cfg.SVC_IDEMPOTENCY_WAIT_MS,
      },
      run,
    );
    const extra: Record<string, string> = stored.replayed ? { "idempotency-replayed": "true" } : {};
    return jsonResponse(stored.status, stored.body, requestId, { ...rate.headers, ...stored.headers, ...extra });
  }
  const r = await run();
  return jsonResponse(r.status, r.body, requestId, { ...rate.headers, ...r.headers });
}

async function respond(req: Request, requestId: string, work: () => Promise<Response>): Promise<Response> {
  const started = performance.now();
  let res: Response;
  try {
    res = await work();
  } catch (e) {
    if (e instanceof ApiError) {
      res = errorResponse(e, requestId);
    } else {
      log().error({ requestId, err: e instanceof Error ? { message: e.message, stack: e.stack } : String(e) }, "unhandled error");
      res = errorResponse(new ApiError("INTERNAL", "Internal error; report the requestId"), requestId);
    }
  }
  log().info(
    { requestId, method: req.method, path: new URL(req.url).pathname, status: res.status, ms: Math.round(performance.now() - started) },
    "request",
  );
  return res;
}

/** Next.js handlers for one path: each declared method served, every other method 405 with Allow. */
export function route(...defs: AnyEndpoint[]): Record<Method, NextHandler> {
  const byMethod = new Map(defs.map((d) => [d.method, d]));
  const allow = [...byMethod.keys()].join(", ");
  const out = {} as Record<Method, NextHandler>;
  for (const m of METHODS) {
    const def = byMethod.get(m);
    out[m] = (req, ctx) => {
      const requestId = newId("req");
      return respond(req, requestId, async () => {
        if (!def) {
          throw new ApiError("METHOD_NOT_ALLOWED", `${req.method} is not allowed here; allowed: ${allow}`, undefined, undefined, {
            Allow: allow,
          });
        }
        return serve(def, req, ctx, requestId);
      });
    };
  }
  return out;
}

/** Every method of an unknown path under /api answers a JSON 404. */
export function notFoundRoute(): Record<Method, NextHandler> {
  const out = {} as Record<Method, NextHandler>;
  for (const m of METHODS) {
    out[m] = (req) => {
      const requestId = newId("req");
      return respond(req, requestId, async () => {
        throw new ApiError("NOT_FOUND", `No route ${req.method} ${new URL(req.url).pathname}`);
      });
    };
  }
  return out;
}
