// One fuzzed request to one operation: its key, path and query parameters, headers and body, generated from the
// operation's declared schemas (arbitrary.ts), sent over real HTTP, and what its answer must be (checks.ts).
import fc from "fast-check";
import { type Mutated, type SchemaGen, looksLikeAddress } from "./arbitrary";
import type { Answer, DocValidator, Expectation, Operation } from "./checks";
import { type FuzzRole, ROLE_KEYS, UNKNOWN_KEY, scopedKey } from "./stack";

/** Who calls: the operation's own role, none, an unknown key, a role the operation does not name, or its role for
 * another wallet only. */
export type Auth = "role" | "none" | "unknown" | "wrong-role" | "out-of-scope";

export type Body =
  | { kind: "json"; value: unknown; mutation: string | null }
  | { kind: "raw"; text: string; contentType: string | null; why: string }
  | { kind: "none" };

export interface Case {
  auth: Auth;
  path: Record<string, string>;
  query: Record<string, string>;
  headers: Record<string, string>;
  body: Body;
  /** What was made invalid in parameters or headers (null: nothing on purpose). */
  paramMutation: string | null;
}

/** A body one byte over the 1 MiB limit (server/http/handler.ts MAX_BODY_BYTES). */
export const OVERSIZED = JSON.stringify({ pad: "x".repeat(1024 * 1024) });
/** Nesting depth of the deep JSON bodies (200 kB, under the body limit). */
const DEEP = 100_000;

const INVALID_JSON = ["{", '{"amountMicros":', "[1,", "nul", "{'a':1}", '{"a":1,}', '{"a":1}{"b":2}', "\u0000", "{\"a\":\"\\x\"}"];
const WRONG_TYPES = ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x", "application/xml", "text/json"];

/** A parameter value as it goes on the wire: strings as they are, everything else as JSON. */
const wire = (v: unknown): string => (typeof v === "string" ? v : JSON.stringify(v) ?? "");
/** Path segments the URL parser would swallow or merge ("" "." ".."): no client can send them to this operation. */
const sendableSegment = (v: string) => v !== "" && v !== "." && v !== ".." && !/^%2e/i.test(v);

/** Whether a parameter's schema refuses some string (a pattern, a length, an enum): else every value sent is valid. */
function constrained(schema: unknown): boolean {
  if (schema === null || typeof schema !== "object") return false;
  const s = schema as Record<string, unknown>;
  return s.type !== "string" || ["pattern", "minLength", "maxLength", "enum", "const", "format"].some((k) => k in s);
}

export class CaseGen {
  constructor(
    private readonly gen: SchemaGen,
    private readonly seeded: (path: string, name: string) => string[],
  ) {}

  private param(op: Operation, p: Operation["parameters"][number]): { valid: fc.Arbitrary<string>; invalid: fc.Arbitrary<Mutated> } {
    const seeded = p.in === "path" ? this.seeded(op.path, p.name) : [];
    const options: fc.WeightedArbitrary<string>[] = [{ weight: 1, arbitrary: this.gen.valid(p.schema).map(wire) }];
    // Resources that exist first, then the operation's own example, then the schema's (an address example is only a
    // shape: the schema's draw gives addresses of every family).
    if (seeded.length) options.push({ weight: 4, arbitrary: fc.constantFrom(...seeded) });
    if (p.example !== undefined) options.push({ weight: seeded.length ? 1 : 3, arbitrary: fc.constant(wire(p.example)) });
    const schemaExample = p.schema?.example;
    if (schemaExample !== undefined && !looksLikeAddress(schemaExample)) options.push({ weight: 1, arbitrary: fc.constant(wire(schemaExample)) });
    const invalid = this.gen.invalid(p.schema).map((m) => ({ value: wire(m.value), mutation: `${p.in}.${p.name}: ${m.mutation}` }));
    return { valid: fc.oneof(...options), invalid };
  }

  /** The parameters of `where`: every required one, optional ones sometimes; one of them invalid when `broken`. */
  private params(op: Operation, where: "path" | "query" | "header", broken: boolean): fc.Arbitrary<{ values: Record<string, string>; mutation: string | null }> {
    const declared = op.parameters.filter((p) => p.in === where);
    if (declared.length === 0) return fc.constant({ values: {}, mutation: null });
    const parts = declared.map((p) => {
      const { valid, invalid } = this.param(op, p);
      const present = p.required ? fc.constant(true) : fc.boolean();
      return fc.record({ name: fc.constant(p.name), present, valid, invalid });
    });
    return fc.tuple(fc.tuple(...parts), fc.nat()).map(([list, pick]) => {
      const values: Record<string, string> = {};
      let mutation: string | null = null;
      // A header any string satisfies (If-None-Match: an unknown tag is just not a match) cannot be sent invalid.
      const breakable = list.map((_, i) => i).filter((i) => where !== "header" || constrained(declared[i]?.schema));
      const target = broken && breakable.length > 0 ? (breakable[pick % breakable.length] ?? -1) : -1;
      list.forEach((x, i) => {
        if (i === target) {
          values[x.name] = String(x.invalid.value);
          mutation = x.invalid.mutation;
        } else if (x.present) values[x.name] = x.valid;
      });
      if (where === "path") for (const [k, v] of Object.entries(values)) if (!sendableSegment(v)) values[k] = `${v}_`;
      if (where === "header") for (const [k, v] of Object.entries(values)) values[k] = v.replace(/[^\x21-\x7e]/g, "_");
      return { values, mutation };
    });
  }

  private body(op: Operation): fc.Arbitrary<Body> {
    if (!op.requestSchema) return fc.constant({ kind: "none" });
    const valid = this.gen.validNear(op.requestSchema, op.requestExample);
    return fc.oneof(
      { weight: 5, arbitrary: valid.map((value): Body => ({ kind: "json", value, mutation: null })) },
      { weight: 5, arbitrary: this.gen.invalid(op.requestSchema, 0, op.requestExample).map((m): Body => ({ kind: "json", value: m.value, mutation: m.mutation })) },
      { weight: 1, arbitrary: fc.constantFrom(...INVALID_JSON).map((text): Body => ({ kind: "raw", text, contentType: "application/json", why: "invalid JSON" })) },
      {
        weight: 1,
        arbitrary: fc.tuple(valid, fc.constantFrom<string | null>(...WRONG_TYPES, null)).map(
          ([v, ct]): Body => ({ kind: "raw", text: JSON.stringify(v), contentType: ct, why: `content type ${ct ?? "(none)"}` }),
        ),
      },
      { weight: 1, arbitrary: fc.constant<Body>({ kind: "raw", text: OVERSIZED, contentType: "application/json", why: "body over 1 MiB" }) },
      { weight: 1, arbitrary: fc.constantFrom(...this.oddJson(op)) },
    );
  }

  /** JSON that JSON.stringify never writes: nesting 100,000 deep (beside the example's fields, or alone) and numbers
   * past a double (1e400 parses to Infinity) in the example's numeric fields. */
  private oddJson(op: Operation): Body[] {
    const example = op.requestExample;
    const text = JSON.stringify(example ?? {});
    const deep = `${"[".repeat(DEEP)}${"]".repeat(DEEP)}`;
    const beside = text.startsWith("{") ? `${text.slice(0, -1)}${text.length > 2 ? "," : ""}"fuzzDeep":${deep}}` : deep;
    const out: Body[] = [
      { kind: "raw", text: deep, contentType: "application/json", why: `JSON nested ${DEEP} deep` },
      { kind: "raw", text: beside, contentType: "application/json", why: `a field nested ${DEEP} deep` },
    ];
    const numeric = typeof example === "object" && example !== null ? Object.keys(example).filter((k) => typeof (example as Record<string, unknown>)[k] === "number") : [];
    for (const k of numeric) out.push({ kind: "raw", text: text.replace(new RegExp(`"${k}":-?[0-9.eE+-]+`), `"${k}":1e400`), contentType: "application/json", why: `${k}: 1e400` });
    return out;
  }

  /**
   * The requests every run sends first (fast-check `examples`): the operation's own example with its role's key, the
   * same without a key, with an unknown key, and its body as invalid JSON, under another content type and over 1 MiB.
   */
  fixed(op: Operation): Case[] {
    const path: Record<string, string> = {};
    const query: Record<string, string> = {};
    for (const p of op.parameters) {
      const example = p.example ?? p.schema?.example;
      if (p.in === "path") path[p.name] = this.seeded(op.path, p.name)[0] ?? wire(example ?? "x");
      if (p.in === "query" && (p.required || p.example !== undefined)) query[p.name] = wire(example ?? "");
    }
    const example = op.requestExample ?? (op.requestSchema ? this.gen.resolve(op.requestSchema).example : undefined);
    const json: Body = op.requestSchema ? { kind: "json", value: example ?? {}, mutation: null } : { kind: "none" };
    const base: Case = { auth: "role", path, query, headers: {}, body: json, paramMutation: null };
    const out: Case[] = [base, { ...base, auth: "unknown" }];
    if (op.roles.length) out.push({ ...base, auth: "none" });
    if (op.requestSchema) {
      const text = JSON.stringify(example ?? {});
      out.push(
        { ...base, body: { kind: "raw", text: text.slice(0, -1), contentType: "application/json", why: "invalid JSON" } },
        { ...base, body: { kind: "raw", text, contentType: "text/plain", why: "content type text/plain" } },
        { ...base, body: { kind: "raw", text: OVERSIZED, contentType: "application/json", why: "body over 1 MiB" } },
      );
    }
    return out;
  }

  /** Requests to `op`: mostly with its role's key and valid parameters, the rest broken in one place. */
  cases(op: Operation): fc.Arbitrary<Case> {
    const auth: fc.Arbitrary<Auth> = op.roles.length
      ? fc.constantFrom<Auth>("role", "role", "role", "role", "role", "role", "none", "unknown", "wrong-role", "out-of-scope")
      : fc.constantFrom<Auth>("none", "none", "none", "none", "role", "unknown");
    const breakParams = fc.constantFrom<"none" | "path" | "query" | "header">("none", "none", "none", "path", "query", "header");
    return fc.tuple(auth, breakParams).chain(([a, broken]) =>
      fc
        .record({
          path: this.params(op, "path", broken === "path"),
          query: this.params(op, "query", broken === "query"),
          headers: this.params(op, "header", broken === "header"),
          body: this.body(op),
        })
        .map((r) => ({
          auth: a,
          path: r.path.values,
          query: r.query.values,
          headers: r.headers.values,
          body: r.body,
          paramMutation: r.path.mutation ?? r.query.mutation ?? r.headers.mutation,
        })),
    );
  }
}

function keyFor(op: Operation, auth: Auth): string | undefined {
  const own = (op.roles[0] ?? "owner") as FuzzRole;
  if (auth === "role") return ROLE_KEYS[own];
  if (auth === "unknown") return UNKNOWN_KEY;
  if (auth === "out-of-scope") return scopedKey(own);
  if (auth === "wrong-role") {
    const other = (Object.keys(ROLE_KEYS) as FuzzRole[]).find((r) => !op.roles.includes(r));
    return other ? ROLE_KEYS[other] : undefined;
  }
  return undefined;
}

export function urlOf(op: Operation, c: Case): string {
  let p = op.path;
  for (const [k, v] of Object.entries(c.path)) p = p.replace(`{${k}}`, encodeURIComponent(v));
  const qs = new URLSearchParams(c.query).toString();
  return qs ? `${p}?${qs}` : p;
}

export async function send(base: string, op: Operation, c: Case): Promise<Answer> {
  const headers: Record<string, string> = { ...c.headers };
  const key = keyFor(op, c.auth);
  if (key !== undefined) headers["x-api-key"] = key;
  let body: string | Blob | undefined;
  if (c.body.kind === "json") {
    body = JSON.stringify(c.body.value) ?? "null";
    headers["content-type"] = "application/json";
  } else if (c.body.kind === "raw") {
    // A Blob without a type, so fetch adds no content type of its own when the case sends none.
    body = new Blob([c.body.text]);
    if (c.body.contentType !== null) headers["content-type"] = c.body.contentType;
  }
  let r: Response;
  try {
    r = await fetch(`${base}${urlOf(op, c)}`, { method: op.method, headers, body, redirect: "manual" });
  } catch (e) {
    // undici's "fetch failed" names nothing: the socket error under it (ECONNRESET, ECONNREFUSED, EPIPE…) says which,
    // and the request that met it.
    const cause = (e as { cause?: { code?: string; message?: string } }).cause;
    throw new Error(`${(e as Error).message} (${cause?.code ?? cause?.message ?? "no cause"})\n    request: ${describeCase(op, c)}`);
  }
  return { status: r.status, contentType: r.headers.get("content-type"), text: await r.text() };
}

/** What the answer to `c` must be: refused when the request breaks the document, 401 when it has no key. */
export function expectationOf(v: DocValidator, op: Operation, c: Case): Expectation {
  let invalid = v.paramsProblem(op, { path: c.path, query: c.query, header: c.headers });
  if (!invalid && c.body.kind === "raw") invalid = rawProblem(v, op, c.body);
  if (!invalid && c.body.kind === "none" && op.requestSchema) invalid = "no body";
  if (!invalid && c.body.kind === "json" && op.requestSchema) {
    const p = v.problem(op.requestSchema, c.body.value);
    if (p) invalid = `body ${p}`;
  }
  return { invalid, auth: authRule(op, c) };
}

/** Why a raw body breaks the document: not JSON, not sent as JSON, over the limit, or parsed and invalid (null: valid). */
function rawProblem(v: DocValidator, op: Operation, body: Extract<Body, { kind: "raw" }>): string | null {
  if (body.contentType !== "application/json" || body.text === OVERSIZED) return body.why;
  let parsed: unknown;
  try {
    parsed = JSON.parse(body.text);
  } catch {
    return body.why;
  }
  const p = op.requestSchema ? v.problem(op.requestSchema, parsed) : null;
  return p ? `${body.why}: ${p}` : null;
}

/**
 * The wrapper decides the key before anything else of the request but its size (server/http/handler.ts): no key
 * on a role-gated operation is 401 (404 first when the path names a resource that does not exist, 400 when that name is
 * malformed), an unknown key 401 wherever the operation declares 401, a role the operation does not name 403.
 */
function authRule(op: Operation, c: Case): Expectation["auth"] {
  // Size is refused before the key is read: a body over 1 MiB (413), a request line and headers over 16 KiB (431).
  const tooLarge = [413, 431];
  const named = op.parameters.some((p) => p.in === "path") ? [400, 404] : [];
  // A probe (healthz, readyz) ignores any key and declares no 401: an unknown key there is not refused.
  if (c.auth === "unknown") return op.responses["401"] ? { statuses: [401, ...tooLarge], why: "to an unknown X-API-Key" } : null;
  if (op.roles.length === 0) return null;
  if (c.auth === "none") return { statuses: [401, ...named, ...tooLarge], why: `without an X-API-Key to an operation for ${op.roles.join(", ")}` };
  if (c.auth === "wrong-role" && keyFor(op, c.auth) !== undefined) return { statuses: [403, ...tooLarge], why: `to a key whose role is not ${op.roles.join(", ")}` };
  return null;
}

/** The case, short enough to print: long strings and arrays cut. */
export function describeCase(op: Operation, c: Case): string {
  const cut = (_k: string, v: unknown) =>
    typeof v === "string" && v.length > 80 ? `${v.slice(0, 40)}…(${v.length} chars)` : Array.isArray(v) && v.length > 8 ? [...v.slice(0, 3), `…(${v.length} items)`] : v;
  const body = c.body.kind === "json" ? JSON.stringify(c.body.value, cut) : c.body.kind === "raw" ? `${c.body.why}: ${JSON.stringify(c.body.text.slice(0, 60))}` : "(none)";
  const mutation = [c.paramMutation, c.body.kind === "json" ? c.body.mutation : null].filter(Boolean).join("; ");
  return `${op.method} ${urlOf(op, c).slice(0, 200)} key=${c.auth} headers=${JSON.stringify(c.headers, cut)} body=${body.slice(0, 400)}${mutation ? ` [${mutation}]` : ""}`;
}
