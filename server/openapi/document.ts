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
  const codes = new Set<ErrorCode>(["INVALID_API_KEY", "PAYLOAD_TOO_LARGE", "RATE_LIMITED", "INTERNAL", "UNAVAILABLE"]);
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
      content: { "application/json": { schema } },
    };
  }
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of errorCodesOf(def)) {
    for (const status of ERROR_CODES[code].statuses) byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  for (const [status, codes] of byStatus) {
    if (responses[String(status)]) continue;
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
  if (def.idempotent) {
    requestParams.header = z.object({
      "Idempotency-Key": z
        .string()
        .max(255)
        .optional()
        .meta({ description: "Replays return the first answer; kept 24 hours, scoped to the API key." }),
    });
  }
  if (Object.keys(requestParams).length) op.requestParams = requestParams;
  if (def.body) {
    op.requestBody = {
      required: true,
      description: `JSON, at most ${MAX_BODY_BYTES} bytes (1 MiB); larger is 413 PAYLOAD_TOO_LARGE.`,
      content: { "application/json": { schema: def.body as z.ZodType } },
    };
  }
  return op;
}

export function buildDocument(endpoints: AnyEndpoint[]) {
  const paths: ZodOpenApiPathsObject = {};
  for (const def of endpoints) {
    paths[def.path] ??= {};
    (paths[def.path] as Record<string, ZodOpenApiOperationObject>)[def.method.toLowerCase()] = operation(def);
  }
  return createDocument({
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
}
