// An endpoint is one definition used three ways: to serve requests (handler.ts), to describe the API
// (openapi/document.ts) and to list routes (GET /svc/routes). It cannot drift from what is served.
import type { z } from "zod";
import type { Db } from "../db/client";
import type { Principal } from "./auth";
import type { ErrorCode } from "./codes";
import type { Access } from "./roles";

export type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
export const METHODS: readonly Method[] = ["GET", "POST", "PUT", "PATCH", "DELETE"];

type Out<S> = S extends z.ZodType ? z.output<S> : undefined;
type ResponseMap = Partial<Record<200 | 201 | 202 | 204 | 422, z.ZodType>>;

/** A 422 body as a handler returns it: the wrapper adds code, message and requestId (schemas.ts blockedEnvelope). */
type BodyOf<K, S> = S extends z.ZodType ? (K extends 422 ? Omit<z.input<S>, "code" | "message" | "requestId"> : z.input<S>) : never;

export type ReplyOf<R extends ResponseMap> = {
  [K in keyof R & number]: { status: K; body: BodyOf<K, R[K]>; headers?: Record<string, string> };
}[keyof R & number];

export interface Ctx<P, Q, B> {
  requestId: string;
  db: Db;
  principal: Principal | null;
  params: Out<P>;
  query: Out<Q>;
  body: Out<B>;
}

export interface EndpointDef<
  P extends z.ZodType | undefined = z.ZodType | undefined,
  Q extends z.ZodType | undefined = z.ZodType | undefined,
  B extends z.ZodType | undefined = z.ZodType | undefined,
  R extends ResponseMap = ResponseMap,
> {
  operationId: string;
  method: Method;
  /** Full path from the origin, OpenAPI style: /api/v1/wallets/{address}/route */
  path: string;
  summary: string;
  description?: string;
  tags: string[];
  access: Access;
  params?: P;
  query?: Q;
  body?: B;
  responses: R;
  /** Error codes this endpoint can answer with, beyond the ones every endpoint can (see handler.ts). */
  errors?: ErrorCode[];
  /** The wallets the request touches; each must be in the key's scope (403 WALLET_SCOPE). */
  wallets?: (input: { params: Out<P>; query: Out<Q>; body: Out<B> }) => string | readonly string[] | undefined;
  /**
   * A valid request (path params, query, body as sent on the wire). The OpenAPI contract test sends it to
   * the running app and checks the answer against `responses`; required when the endpoint takes input.
   */
  example?: { params?: Record<string, string>; query?: Record<string, string>; body?: unknown };
  /** Inspects the raw JSON body before validation (e.g. refuses key material whatever field carries it). */
  screen?: (rawBody: unknown) => void;
  /**
   * The resource the path names, looked up before a key is asked for: its 404 message when there is no such
   * resource, else null. A missing resource is 404 to every caller (contract §3); a keyless request for one that
   * exists still gets 401. Only for resources whose existence any key already learns (404 before 403).
   */
  missing?: (db: Db, params: Out<P>) => Promise<string | null>;
  /**
   * Its 200 answers carry a strong ETag (the handler sets the `etag` header, computed once per change of the data, not
   * per request): a request whose If-None-Match names it is answered 304 with the same headers and no body (handler.ts).
   */
  etag?: boolean;
  /** Honors the Idempotency-Key header (contract §4). */
  idempotent?: boolean;
  /**
   * A health probe (healthz, readyz): answered without start-up, key, rate limit or input, so it answers while
   * the database does not. Its handler gets no `ctx.db` (reading it throws): it reaches the database itself,
   * bounded in time. Public only.
   */
  probe?: boolean;
  /**
   * The media type of the 2xx answers when not JSON (the metrics exposition): the handler's body is a string,
   * written as it is. Errors stay JSON.
   */
  produces?: string;
  handler: (ctx: Ctx<P, Q, B>) => Promise<ReplyOf<R>>;
}

// biome-ignore lint/suspicious/noExplicitAny: the registry holds endpoints of every shape.
export type AnyEndpoint = EndpointDef<any, any, any, any>;

export function endpoint<
  P extends z.ZodType | undefined = undefined,
  Q extends z.ZodType | undefined = undefined,
  B extends z.ZodType | undefined = undefined,
  R extends ResponseMap = ResponseMap,
>(def: EndpointDef<P, Q, B, R>): EndpointDef<P, Q, B, R> {
  return def;
}

/** The fields that name a public endpoint (no key needed): its id, method, path, summary and tags. */
export function publicRoute<M extends Method>(operationId: string, method: M, path: string, summary: string, tags: string[]) {
  return { operationId, method, path, summary, tags, access: "public" as const };
}

export const ok = <T>(body: T) => ({ status: 200 as const, body });
export const created = <T>(body: T) => ({ status: 201 as const, body });
export const accepted = <T>(body: T) => ({ status: 202 as const, body });
export const unprocessable = <T>(body: T) => ({ status: 422 as const, body });
