// The endpoint registry, at the top of the layers (docs/architecture.md "Layers"): every endpoint the server has.
// The OpenAPI document and GET /svc/routes are built from this list, and a test checks that every route file serves
// exactly these. Domains append their arrays here. The endpoints that describe the API itself (GET /openapi.json,
// /api/v1/openapi.json and /api/v1/svc/routes) live here too, since they read the whole list.
import { z } from "zod";
import { autopilotEndpoints } from "./autopilot/endpoints";
import { catalogEndpoints } from "./catalog/endpoints";
import { characterEndpoints } from "./characters/endpoints";
import { executeEndpoints } from "./execute/endpoints";
import { type AnyEndpoint, endpoint, ok, publicRoute } from "./http/endpoint";
import { CAPABILITIES } from "./http/roles";
import { ledgerEndpoints } from "./ledger/endpoints";
import { postReconcile } from "./ledger/reconcile-endpoint";
import { buildDocument } from "./openapi/document";
import { opsEndpoints } from "./ops/endpoints";
import { planEndpoints } from "./plans/endpoints";
import { svcEndpoints } from "./svc/endpoints";
import { webhookEndpoints } from "./webhooks/endpoints";

export function allEndpoints(): AnyEndpoint[] {
  return [...svcEndpoints, ...catalogEndpoints, ...planEndpoints, ...executeEndpoints, ...ledgerEndpoints, postReconcile, ...autopilotEndpoints, ...characterEndpoints, ...webhookEndpoints, ...opsEndpoints, ...openapiEndpoints];
}

const holder = globalThis as unknown as { __svcOpenapi?: string };

/** The OpenAPI document of allEndpoints(), serialized once per process. */
export function documentJson(): string {
  holder.__svcOpenapi ??= JSON.stringify(buildDocument(allEndpoints()));
  return holder.__svcOpenapi;
}

const openapiSchema = z.looseObject({ openapi: z.string(), info: z.looseObject({}), paths: z.looseObject({}) }).meta({
  id: "OpenApiDocument",
  description: "This document.",
});

export const getOpenapi = endpoint({
  ...publicRoute("getOpenapi", "GET", "/api/v1/openapi.json", "OpenAPI 3.1 description of this API (also at /openapi.json)", ["svc"]),
  responses: { 200: openapiSchema },
  handler: async () => ok(JSON.parse(documentJson()) as z.input<typeof openapiSchema>),
});

// Its own summary: the reference's sidebar lists operations by summary, and two equal ones read as a duplicate.
export const getOpenapiRoot = endpoint({
  ...getOpenapi,
  operationId: "getOpenapiRoot",
  path: "/openapi.json",
  summary: "The same document at the service root (for tools that look there)",
});

const routeSchema = z.object({
  method: z.string(),
  path: z.string(),
  operationId: z.string(),
  summary: z.string(),
  tags: z.array(z.string()),
  access: z.string(),
  roles: z.array(z.string()),
  idempotent: z.boolean(),
});

export const getRoutes = endpoint({
  ...publicRoute("getRoutes", "GET", "/api/v1/svc/routes", "Machine-readable list of every route", ["svc"]),
  responses: {
    200: z.object({ schemaVersion: z.literal("svc-routes.v1"), count: z.number().int(), routes: z.array(routeSchema) }).meta({ id: "RouteCatalog" }),
  },
  handler: async () => {
    const routes = allEndpoints().map((d) => ({
      method: d.method,
      path: d.path,
      operationId: d.operationId,
      summary: d.summary,
      tags: d.tags,
      access: d.access,
      roles: d.access === "public" || d.access === "permissionless" ? [] : [...(CAPABILITIES[d.access] as readonly string[])],
      idempotent: Boolean(d.idempotent),
    }));
    return ok({ schemaVersion: "svc-routes.v1" as const, count: routes.length, routes });
  },
});

export const openapiEndpoints = [getOpenapi, getOpenapiRoot, getRoutes];
