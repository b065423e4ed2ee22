// Every endpoint the server has. The OpenAPI document and GET /svc/routes are built from this list,
// and a test checks that every route file serves exactly these. Domains append their arrays here.
import { autopilotEndpoints } from "../autopilot/endpoints";
import { characterEndpoints } from "../characters/endpoints";
import { catalogEndpoints } from "../catalog/endpoints";
import { executeEndpoints } from "../execute/endpoints";
import { ledgerEndpoints } from "../ledger/endpoints";
import { openapiEndpoints } from "../openapi/endpoints";
import { planEndpoints } from "../plans/endpoints";
import { svcEndpoints } from "../svc/endpoints";
import { webhookEndpoints } from "../webhooks/endpoints";
import type { AnyEndpoint } from "./endpoint";

export function allEndpoints(): AnyEndpoint[] {
  return [...svcEndpoints, ...catalogEndpoints, ...planEndpoints, ...executeEndpoints, ...ledgerEndpoints, ...autopilotEndpoints, ...characterEndpoints, ...webhookEndpoints, ...openapiEndpoints];
}
