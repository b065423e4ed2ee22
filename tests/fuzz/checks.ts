// The checks of one answer against the OpenAPI document, as Schemathesis makes them (not_a_server_error,
// status_code_conformance, content_type_conformance, response_schema_conformance, negative_data_rejection,
// ignored_auth), plus this API's own rule that every 4xx carries a catalogued code for its status (contract §3).
// Schemas are compiled by ajv (JSON Schema 2020-12, the dialect of OpenAPI 3.1) with its date-time format.
import { Ajv2020, type ValidateFunction } from "ajv/dist/2020";
import addFormats from "ajv-formats";
import type { OpenApiDoc, Schema } from "./arbitrary";

const DOC_ID = "https://svc.invalid/openapi.json";

export interface Operation {
  method: string;
  path: string;
  operationId: string;
  roles: string[];
  parameters: { name: string; in: string; required?: boolean; schema?: Schema; example?: unknown }[];
  requestSchema: Schema | null;
  /** The document's example of the request body (its media type `example`), if any. */
  requestExample: unknown;
  responses: Record<string, { content?: Record<string, { schema?: Schema }> }>;
}

export interface Answer {
  status: number;
  contentType: string | null;
  text: string;
}

export interface Expectation {
  /** The request breaks the document (body, parameter or header), or is malformed below it (not JSON, not JSON's
   * content type, over the body limit): it must be refused with a 4xx. */
  invalid: string | null;
  /** The statuses the key (none, unknown, a role the operation does not name) allows, with why; null: no rule. */
  auth: { statuses: number[]; why: string } | null;
}

/** The operations of the document, in its order. */
export function operationsOf(doc: OpenApiDoc): Operation[] {
  const out: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, raw] of Object.entries(item)) {
      if (!["get", "post", "put", "patch", "delete"].includes(method)) continue;
      const op = raw as Record<string, unknown>;
      const media = (op.requestBody as { content?: Record<string, { schema?: Schema; example?: unknown }> } | undefined)?.content?.["application/json"];
      const body = media?.schema;
      out.push({
        method: method.toUpperCase(),
        path,
        operationId: String(op.operationId),
        roles: (op["x-svc-roles"] as string[] | undefined) ?? [],
        parameters: (op.parameters as Operation["parameters"] | undefined) ?? [],
        requestSchema: body ?? null,
        requestExample: media?.example,
        responses: op.responses as Operation["responses"],
      });
    }
  }
  return out;
}

/** "#/components/schemas/X" → the document's absolute id, so a schema compiles on its own. */
function absolute(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(absolute);
  if (schema === null || typeof schema !== "object") return schema;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(schema)) out[k] = k === "$ref" && typeof v === "string" && v.startsWith("#/") ? `${DOC_ID}${v}` : absolute(v);
  return out;
}

export class DocValidator {
  private readonly ajv: Ajv2020;
  /** Parameters as they arrive: strings, coerced to the declared type as a server reads them. */
  private readonly coercing: Ajv2020;
  private readonly cache = new Map<Schema, ValidateFunction>();

  constructor(doc: OpenApiDoc) {
    // strict off: OpenAPI adds keywords of its own (example) that are not JSON Schema's.
    this.ajv = new Ajv2020({ strict: false, allErrors: false, validateFormats: true });
    this.coercing = new Ajv2020({ strict: false, coerceTypes: true });
    for (const a of [this.ajv, this.coercing]) {
      addFormats.default(a, ["date-time"]);
      a.addSchema({ $id: DOC_ID, components: absolute(doc.components ?? {}) });
    }
  }

  private compile(schema: Schema, coerce = false): ValidateFunction {
    if (coerce) return this.coercing.compile(absolute(schema) as Schema);
    let v = this.cache.get(schema);
    if (!v) {
      v = this.ajv.compile(absolute(schema) as Schema);
      this.cache.set(schema, v);
    }
    return v;
  }

  /** null when `value` is valid against `schema`, else ajv's first complaint. */
  problem(schema: Schema, value: unknown): string | null {
    const v = this.compile(schema);
    if (v(value)) return null;
    const e = v.errors?.[0];
    return e ? `${e.instancePath || "(root)"} ${e.message ?? ""}`.trim() : "invalid";
  }

  /** null when the parameters (strings as sent) are valid for the operation, else which is not. */
  paramsProblem(op: Operation, sent: Record<"path" | "query" | "header", Record<string, string>>): string | null {
    for (const where of ["path", "query", "header"] as const) {
      const declared = op.parameters.filter((p) => p.in === where);
      const values = sent[where];
      for (const p of declared) {
        const value = values[p.name];
        if (value === undefined) {
          if (p.required) return `${where}.${p.name} is required`;
          continue;
        }
        const holder = { v: value };
        if (!this.compile({ type: "object", properties: { v: p.schema ?? {} } }, true)(holder)) return `${where}.${p.name} ${JSON.stringify(value).slice(0, 80)} breaks its schema`;
      }
    }
    return null;
  }
}

const isJson = (type: string) => type === "application/json" || type.endsWith("+json");

/** What is wrong with `answer` to a request to `op` (empty: nothing). `catalog`: error code → its statuses. */
export function checkAnswer(v: DocValidator, op: Operation, answer: Answer, expect: Expectation, catalog: ReadonlyMap<string, readonly number[]>): string[] {
  const problems: string[] = [];
  const { status } = answer;
  if (status >= 500) problems.push(`server error ${status}`);
  const declared = op.responses[String(status)];
  if (!declared) problems.push(`status ${status} is not declared for ${op.method} ${op.path}`);
  if (expect.invalid && status < 400) problems.push(`accepted an invalid request (${expect.invalid}) with ${status}`);
  if (expect.auth && !expect.auth.statuses.includes(status)) problems.push(`answered ${status} ${expect.auth.why} (expected ${expect.auth.statuses.join(" or ")})`);
  // No body: 204, and 304 (If-None-Match named the current ETag).
  if (status === 204 || status === 304) return problems;
  const types = Object.keys(declared?.content ?? {});
  const base = answer.contentType?.split(";")[0]?.trim().toLowerCase() ?? null;
  if (declared && !types.includes(base ?? "")) problems.push(`content type ${base ?? "(none)"} is not declared for ${status} (${types.join(", ") || "none"})`);
  // A declared non-JSON answer (Prometheus text, say) is checked for its status and content type only.
  if (base !== null && types.includes(base) && !isJson(base)) return problems;
  let body: unknown;
  try {
    body = JSON.parse(answer.text);
  } catch {
    problems.push(`body is not JSON: ${answer.text.slice(0, 120)}`);
    return problems;
  }
  const schema = declared?.content?.[base ?? ""]?.schema;
  if (schema) {
    const p = v.problem(schema, body);
    if (p) problems.push(`body does not match the ${status} schema: ${p}`);
  }
  if (status >= 400 && status < 500) {
    const code = (body as { code?: unknown } | null)?.code;
    const statuses = typeof code === "string" ? catalog.get(code) : undefined;
    if (!statuses?.includes(status)) problems.push(`4xx code ${String(code)} is not catalogued for ${status}`);
  }
  return problems;
}
