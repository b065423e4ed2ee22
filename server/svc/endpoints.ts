// GET /svc/status, /svc/fees, /svc/errors.
import { ensureBooted } from "../boot";
import { BLOCKER_CODES, CATALOG_VERSION, ERROR_CODES } from "../http/codes";
import { endpoint, ok, publicRoute } from "../http/endpoint";
import { errorCatalogSchema, feesSchema, statusSchema } from "./schemas";
import { feesBody, statusBody } from "./status";

export const getStatus = endpoint({
  ...publicRoute("getStatus", "GET", "/api/v1/svc/status", "Phase, execution mode, fee summary and execution flags", ["svc"]),
  responses: { 200: statusSchema },
  handler: async () => ok(statusBody((await ensureBooted()).kind)),
});

export const getFees = endpoint({
  ...publicRoute("getFees", "GET", "/api/v1/svc/fees", "Live fee schedule", ["svc"]),
  responses: { 200: feesSchema },
  handler: async () => ok(feesBody()),
});

export const getErrors = endpoint({
  ...publicRoute("getErrors", "GET", "/api/v1/svc/errors", "Catalog of every error and blocker code with its HTTP status and meaning", ["svc"]),
  responses: { 200: errorCatalogSchema },
  // The table the wrapper answers from (handler.ts checks every answer against it), listed as it is.
  handler: async () =>
    ok({
      schemaVersion: CATALOG_VERSION,
      errors: Object.entries(ERROR_CODES).map(([code, v]) => ({ code, status: v.statuses[0], statuses: [...v.statuses], meaning: v.meaning })),
      blockers: Object.entries(BLOCKER_CODES).map(([code, v]) => ({
        code,
        statuses: [...v.answered],
        answeredAs: v.answered.map((s) => (s === 200 ? "200 with status \"blocked\" (plans, discovery, bridge rescue, autopilot tick)" : "422 BLOCKED (money actions)")).join("; "),
        meaning: v.meaning,
      })),
    }),
});

export const svcEndpoints = [getStatus, getFees, getErrors];
