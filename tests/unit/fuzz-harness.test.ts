// The OpenAPI fuzz's own parts (tests/fuzz), without a server: its checks flag each kind of wrong answer and pass a
// right one, and its generator draws, from this service's own document, valid values the validator accepts and
// invalid ones it refuses, so a fuzz run that finds nothing has looked.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { documentJson } from "../../server/api";
import { type OpenApiDoc, SchemaGen } from "../fuzz/arbitrary";
import { type Answer, DocValidator, type Expectation, type Operation, checkAnswer, operationsOf } from "../fuzz/checks";
import { ADDRESSES } from "../fuzz/stack";

const tiny: OpenApiDoc = {
  paths: {
    "/thing": {
      post: {
        operationId: "makeThing",
        "x-svc-roles": ["owner"],
        requestBody: { content: { "application/json": { schema: { $ref: "#/components/schemas/Req" } } } },
        responses: {
          "200": { content: { "application/json": { schema: { $ref: "#/components/schemas/Thing" } } } },
          "400": { content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } } },
          "401": { content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } } },
        },
      },
    },
  },
  components: {
    schemas: {
      Req: { type: "object", properties: { amountMicros: { type: "string", pattern: "^(0|[1-9][0-9]*)$" } }, required: ["amountMicros"], additionalProperties: false },
      Thing: { type: "object", properties: { at: { type: "string", format: "date-time" } }, required: ["at"], additionalProperties: false },
      Error: { type: "object", properties: { code: { type: "string" }, message: { type: "string" } }, required: ["code", "message"] },
    },
  },
};
const catalog = new Map([
  ["INVALID_REQUEST", [400]],
  ["UNAUTHORIZED", [401, 403]],
]);
const json = "application/json; charset=utf-8";
const fine: Expectation = { invalid: null, auth: null };

describe("the fuzz checks (tests/fuzz/checks.ts)", () => {
  const v = new DocValidator(tiny);
  const [op] = operationsOf(tiny) as [Operation];
  const check = (a: Answer, e: Expectation = fine) => checkAnswer(v, op, a, e, catalog);

  it("pass a declared status with its content type and a body of its schema", () => {
    expect(check({ status: 200, contentType: json, text: '{"at":"2026-11-27T02:00:00.000Z"}' })).toEqual([]);
    expect(check({ status: 400, contentType: json, text: '{"code":"INVALID_REQUEST","message":"m"}' }, { invalid: "x", auth: null })).toEqual([]);
  });

  it("flag a 5xx, an undeclared status, another content type, a body off its schema, a non-JSON body", () => {
    expect(check({ status: 500, contentType: json, text: '{"code":"INTERNAL","message":"m"}' }).join()).toMatch(/server error 500.*status 500 is not declared/);
    expect(check({ status: 200, contentType: "text/html", text: '{"at":"2026-11-27T02:00:00.000Z"}' }).join()).toMatch(/content type text\/html is not declared/);
    expect(check({ status: 200, contentType: json, text: '{"at":"yesterday"}' }).join()).toMatch(/does not match the 200 schema: \/at must match format "date-time"/);
    expect(check({ status: 200, contentType: json, text: '{"at":"2026-11-27T02:00:00.000Z","extra":1}' }).join()).toMatch(/must NOT have additional properties/);
    expect(check({ status: 200, contentType: json, text: "<html>" }).join()).toMatch(/body is not JSON/);
  });

  it("check a declared non-JSON answer for its status and content type only", () => {
    const text = { ...op, responses: { "200": { content: { "text/plain": { schema: { type: "string" } } } } } };
    expect(checkAnswer(v, text, { status: 200, contentType: "text/plain; version=0.0.4", text: "# HELP up 1\nup 1\n" }, fine, catalog)).toEqual([]);
    expect(checkAnswer(v, text, { status: 200, contentType: json, text: "{}" }, fine, catalog).join()).toMatch(/content type application\/json is not declared/);
  });

  it("flag an invalid request accepted, a 4xx code the catalog does not list for its status, a key rule broken", () => {
    expect(check({ status: 200, contentType: json, text: '{"at":"2026-11-27T02:00:00.000Z"}' }, { invalid: "body /amountMicros must match pattern", auth: null }).join()).toMatch(/accepted an invalid request/);
    expect(check({ status: 400, contentType: json, text: '{"code":"NOPE","message":"m"}' }).join()).toMatch(/4xx code NOPE is not catalogued for 400/);
    expect(check({ status: 401, contentType: json, text: '{"code":"INVALID_REQUEST","message":"m"}' }).join()).toMatch(/INVALID_REQUEST is not catalogued for 401/);
    expect(check({ status: 200, contentType: json, text: '{"at":"2026-11-27T02:00:00.000Z"}' }, { invalid: null, auth: { statuses: [401], why: "without a key" } }).join()).toMatch(/answered 200 without a key \(expected 401\)/);
  });

  it("read parameters as sent (strings) and coerce them to their declared type", () => {
    const withQuery = { ...op, parameters: [{ name: "limit", in: "query", schema: { type: "integer", minimum: 1, maximum: 100 } }] };
    expect(v.paramsProblem(withQuery, { path: {}, query: { limit: "20" }, header: {} })).toBeNull();
    expect(v.paramsProblem(withQuery, { path: {}, query: { limit: "abc" }, header: {} })).toMatch(/query.limit/);
    expect(v.paramsProblem(withQuery, { path: {}, query: { limit: "101" }, header: {} })).toMatch(/query.limit/);
  });
});

describe("the fuzz generator on the service's own document (tests/fuzz/arbitrary.ts)", () => {
  const doc = JSON.parse(documentJson()) as OpenApiDoc;
  const v = new DocValidator(doc);
  const gen = new SchemaGen(doc, { addresses: ADDRESSES });
  const bodies = operationsOf(doc).filter((op) => op.requestSchema);

  it("draws request bodies the document's validator accepts, around each example, for every operation that takes one", () => {
    expect(bodies.length).toBeGreaterThan(30);
    const refused: string[] = [];
    for (const op of bodies) {
      const schema = op.requestSchema ?? {};
      for (const value of fc.sample(gen.validNear(schema, op.requestExample), { numRuns: 20, seed: 26 })) {
        const p = v.problem(schema, value);
        if (p) refused.push(`${op.operationId}: ${p} in ${JSON.stringify(value).slice(0, 120)}`);
      }
    }
    expect(refused).toEqual([]);
  });

  it("declares the Idempotency-Key the server takes: 1 to 255 visible ASCII characters", () => {
    const route = operationsOf(doc).find((op) => op.operationId === "routeWalletMoney");
    const header = (value: string) => v.paramsProblem(route as Operation, { path: { address: ADDRESSES[0] }, query: {}, header: { "Idempotency-Key": value } });
    expect(header("order-1")).toBeNull();
    for (const bad of ["", "a b", "k".repeat(256)]) expect(header(bad), JSON.stringify(bad)).toMatch(/header.Idempotency-Key/);
  });

  it("draws invalid request bodies the validator refuses, for every operation that takes one (most draws)", () => {
    const accepted: string[] = [];
    let drawn = 0;
    for (const op of bodies) {
      const schema = op.requestSchema ?? {};
      for (const m of fc.sample(gen.invalid(schema, 0, op.requestExample), { numRuns: 20, seed: 26 })) {
        drawn += 1;
        if (v.problem(schema, m.value) === null) accepted.push(`${op.operationId}: ${m.mutation}`);
      }
    }
    // A mutation may stay valid (a field of an open object, an optional field dropped): the runner asks the
    // validator each time. Most must not.
    expect(accepted.length / drawn).toBeLessThan(0.15);
  });
});
