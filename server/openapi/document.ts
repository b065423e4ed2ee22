// OpenAPI 3.1, generated (zod-openapi) from the same endpoint definitions and zod schemas that serve requests.
import { z } from "zod";
import {
  createDocument,
  type ZodOpenApiOperationObject,
  type ZodOpenApiPathsObject,
  type ZodOpenApiResponseObject,
} from "zod-openapi";
import { ERROR_CODES, type ErrorCode } from "../http/codes";
import type { AnyEndpoint } from "../http/endpoint";
import { CAPABILITIES } from "../http/roles";
import { MAX_BODY_BYTES } from "../http/handler";
import { errorBody } from "../http/schemas";

/** Error codes any endpoint of this shape can answer with. */
export function errorCodesOf(def: AnyEndpoint): ErrorCode[] {
  // Every route refuses a body over MAX_BODY_BYTES, whether it takes one or not.
  // A probe is answered before key, rate limit and database (handler.ts): only its own errors and these.
  // Every route refuses a request line and headers over Node.js's limit, whatever it declares (node-bridge.ts).
  const codes = new Set<ErrorCode>(
    def.probe
      ? ["PAYLOAD_TOO_LARGE", "HEADERS_TOO_LARGE", "INTERNAL"]
      : ["INVALID_API_KEY", "PAYLOAD_TOO_LARGE", "HEADERS_TOO_LARGE", "RATE_LIMITED", "INTERNAL", "UNAVAILABLE"],
  );
  if (def.params || def.query || def.body) codes.add("INVALID_REQUEST");
  if (def.body) codes.add("UNSUPPORTED_MEDIA_TYPE");
  if (def.access !== "public" && def.access !== "permissionless") {
    codes.add("UNAUTHORIZED");
    if (def.wallets) codes.add("WALLET_SCOPE");
  }
  if (def.idempotent) {
    codes.add("IDEMPOTENCY_KEY_IN_FLIGHT");
    codes.add("IDEMPOTENCY_KEY_REUSED");
  }
  for (const c of def.errors ?? []) codes.add(c);
  return [...codes];
}

const STATUS_TEXT: Record<number, string> = {
  200: "OK",
  201: "Created",
  202: "Accepted: prepared, the owner must sign",
  204: "No content",
  422: "Blocked: see blockers[]",
};

function operation(def: AnyEndpoint): ZodOpenApiOperationObject {
  const responses: Record<string, ZodOpenApiResponseObject> = {};
  for (const [status, schema] of Object.entries(def.responses as Record<string, z.ZodType>)) {
    responses[status] = {
      description: STATUS_TEXT[Number(status)] ?? "OK",
      // The media type without its parameters (text/plain, not "text/plain; version=0.0.4"): what a client matches on.
      content: { [Number(status) < 300 && def.produces ? (def.produces.split(";")[0] ?? def.produces).trim() : "application/json"]: { schema } },
    };
  }
  if (def.etag) {
    const etag = z.string().meta({ description: "Strong validator of this answer's bytes; the same while the data is unchanged." });
    const ok = responses["200"];
    if (ok) ok.headers = z.object({ ETag: etag });
    responses["304"] = {
      description: "Not modified: If-None-Match names the current ETag. No body; the ETag and Cache-Control of the 200.",
      headers: z.object({ ETag: etag }),
    };
  }
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of errorCodesOf(def)) {
    for (const status of ERROR_CODES[code].statuses) byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  for (const [status, codes] of byStatus) {
    const own = responses[String(status)];
    const others = codes.filter((c) => c !== "BLOCKED");
    if (own && others.length > 0) {
      // The handler's own answer with this status (a blocked 422), or the wrapper's error with it (an Idempotency-Key
      // reused with another body is 422 too): both bodies are declared.
      const schema = def.responses[status as keyof typeof def.responses] as z.ZodType;
      responses[String(status)] = {
        description: `${own.description}; or Error: ${[...new Set(others)].join(", ")}`,
        content: { "application/json": { schema: z.union([schema, errorBody]) } },
      };
      continue;
    }
    if (own) continue;
    const limit = status === 413 ? ` (a request body over ${MAX_BODY_BYTES} bytes; the connection is closed after the answer)` : "";
    responses[String(status)] = {
      description: `Error: ${[...new Set(codes)].join(", ")}${limit}`,
      content: { "application/json": { schema: errorBody } },
    };
  }
  const roles =
    def.access === "public" || def.access === "permissionless" ? [] : [...(CAPABILITIES[def.access] as readonly string[])];
  const op: ZodOpenApiOperationObject = {
    operationId: def.operationId,
    summary: def.summary,
    description: [def.description, roles.length ? `Roles: ${roles.join(", ")}.` : `Access: ${def.access}.`]
      .filter(Boolean)
      .join("\n\n"),
    tags: def.tags,
    responses: responses as ZodOpenApiOperationObject["responses"],
    "x-svc-access": def.access,
    "x-svc-roles": roles,
  };
  // Public and permissionless operations need no key: `security: []` says so (a key, if sent, must still be valid).
  op.security = roles.length ? [{ apiKey: [] }] : [];
  const requestParams: NonNullable<ZodOpenApiOperationObject["requestParams"]> = {};
  if (def.params) requestParams.path = def.params as z.ZodObject;
  if (def.query) requestParams.query = def.query as z.ZodObject;
  if (def.etag) {
    requestParams.header = z.object({
      "If-None-Match": z.string().optional().meta({ description: "An ETag of an earlier answer: 304 without a body while it is still current." }),
    });
  }
  if (def.idempotent) {
    requestParams.header = z.object({
      // As the wrapper checks it (server/http/idempotency.ts validateIdempotencyKey): 1 to 255 visible ASCII characters.
      "Idempotency-Key": z
        .string()
        .min(1)
        .max(255)
        .regex(/^[\x21-\x7e]+$/)
        .optional()
        .meta({ description: "Replays return the first answer; kept 24 hours, scoped to the API key." }),
    });
  }
  if (Object.keys(requestParams).length) op.requestParams = requestParams;
  if (def.body) {
    op.requestBody = {
      required: true,
      description: `JSON, at most ${MAX_BODY_BYTES} bytes (1 MiB); larger is 413 PAYLOAD_TOO_LARGE.`,
      content: { "application/json": { schema: def.body as z.ZodType, ...(def.example?.body === undefined ? {} : { example: def.example.body }) } },
    };
  }
  return op;
}

type Parameter = { name: string; in: string; example?: unknown };

/** The endpoints' own valid requests (the ones the contract tests send) as the document's parameter examples. */
function addParameterExamples(paths: Record<string, Record<string, { parameters?: Parameter[] }> | undefined>, endpoints: AnyEndpoint[]): void {
  for (const def of endpoints) {
    const params = paths[def.path]?.[def.method.toLowerCase()]?.parameters ?? [];
    for (const p of params) {
      const value = p.in === "path" ? def.example?.params?.[p.name] : p.in === "query" ? def.example?.query?.[p.name] : undefined;
      if (value !== undefined) p.example = value;
    }
  }
}

export function buildDocument(endpoints: AnyEndpoint[]) {
  const paths: ZodOpenApiPathsObject = {};
  for (const def of endpoints) {
    paths[def.path] ??= {};
    (paths[def.path] as Record<string, ZodOpenApiOperationObject>)[def.method.toLowerCase()] = operation(def);
  }
  const doc = createDocument({
    openapi: "3.1.0",
    info: {
      title: "svc yield routing API",
      version: "1.0.0",
      license: { name: "Proprietary: all rights reserved", identifier: "LicenseRef-Proprietary" },
      description: `Stablecoin yield opportunities, owner-signed plans and per-wallet ledger. Amounts are integer micros as strings (1000000 = 1 USDC). The service never holds keys. Request bodies are JSON of at most ${MAX_BODY_BYTES} bytes (1 MiB) on every route: a larger one is answered 413 PAYLOAD_TOO_LARGE, then the connection is closed.`,
    },
    servers: [{ url: "/" }],
    components: {
      securitySchemes: { apiKey: { type: "apiKey", in: "header", name: "X-API-Key" } },
    },
    paths,
  });
  addParameterExamples(doc.paths as Parameters<typeof addParameterExamples>[0], endpoints);
  return doc;
}
