// Requests from the OpenAPI document's own schemas: fast-check arbitraries for the JSON Schema (2020-12, as
// OpenAPI 3.1 and zod-openapi write it) of a request body or parameter, valid ones and invalid ones. The subset of
// keywords handled is the one the served document uses ($ref, type, const, enum, anyOf/oneOf, properties, required,
// additionalProperties, items, min/maxItems, pattern, min/maxLength, minimum/maximum, format date-time, example,
// default); a keyword outside it makes `valid` fall back to the schema's example. Whether a generated value is really
// valid is not decided here: the runner asks the JSON Schema validator (ajv), so a mutation that happens to stay
// valid (an optional field dropped) is simply a valid request.
import fc from "fast-check";

export type Schema = { [k: string]: unknown };
export interface OpenApiDoc {
  paths: Record<string, Record<string, unknown>>;
  components?: { schemas?: Record<string, Schema> };
}

/** A value a client may send for one schema, and what was done to it (for the failure report). */
export interface Mutated {
  value: unknown;
  mutation: string;
}

const MAX_DEPTH = 6;
/** Strings far past every declared maxLength, still under the 1 MiB body limit once JSON-encoded. */
export const HUGE_STRING_CHARS = 200_000;
/** Arrays far past every declared maxItems, still under the body limit. */
export const HUGE_ARRAY_ITEMS = 20_000;

const AMOUNT_PATTERNS = new Set(["^(0|[1-9][0-9]*)$", "^-?(0|[1-9][0-9]*)$", "^[0-9]+$", "^-?[0-9]+$"]);
/** Integer-micros strings a client gets wrong (contract §3 INVALID_AMOUNT): float, exponent, sign, empty, leading
 * zeros, over 2^63-1, hex, spaces, a non-ASCII digit. */
export const BAD_AMOUNTS = ["1.5", "1e6", "-1", "+5", "", "01", "9223372036854775808", "99999999999999999999999999", "0x10", " 1", "1 ", "١٢٣", "NaN", "Infinity"];
/** Addresses of no family or the wrong shape: short, long, non-hex, base58 with excluded letters, empty. */
export const BAD_ADDRESSES = [
  "0x1234",
  `0x${"g".repeat(64)}`,
  `0x${"a".repeat(65)}`,
  `0x${"a".repeat(39)}`,
  "0OIl0OIl0OIl0OIl0OIl0OIl0OIl0OIl0OIl0OIl0OI",
  "1111",
  "",
  " ",
  `0x${"a".repeat(64)}\u0000`,
  "x".repeat(5000),
];
const SUI_LIKE = /^0x[0-9a-fA-F]{64}$/;
const EVM_LIKE = /^0x[0-9a-fA-F]{40}$/;
const SOL_LIKE = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/;

export const looksLikeAddress = (v: unknown): boolean => typeof v === "string" && (SUI_LIKE.test(v) || EVM_LIKE.test(v) || SOL_LIKE.test(v));

const isSchema = (v: unknown): v is Schema => typeof v === "object" && v !== null && !Array.isArray(v);
const num = (v: unknown): number | undefined => (typeof v === "number" ? v : undefined);

/** Values of every JSON type, for "wrong type" mutations. */
const ANY_TYPE: Record<string, unknown[]> = {
  string: ["", "x", "1000000", "true"],
  number: [0, -1, 1.5, 1e308, -1e308],
  integer: [0, -1, 2 ** 53 + 2],
  boolean: [true, false],
  null: [null],
  object: [{}, { a: 1 }],
  array: [[], [1, "a"]],
};

export interface Hints {
  /** Valid wallet addresses of every family (a string schema whose example is an address draws from them). */
  addresses: readonly string[];
}

export class SchemaGen {
  private readonly schemas: Record<string, Schema>;

  constructor(
    doc: OpenApiDoc,
    private readonly hints: Hints,
  ) {
    this.schemas = doc.components?.schemas ?? {};
  }

  resolve(s: unknown, seen = 0): Schema {
    if (!isSchema(s)) return {};
    const ref = s.$ref;
    if (typeof ref === "string" && seen < 20) {
      const name = ref.replace(/^#\/components\/schemas\//, "");
      return this.resolve(this.schemas[name], seen + 1);
    }
    return s;
  }

  private types(s: Schema): string[] {
    const t = s.type;
    if (typeof t === "string") return [t];
    if (Array.isArray(t)) return t.filter((x): x is string => typeof x === "string");
    if (isSchema(s.properties)) return ["object"];
    if (s.items !== undefined) return ["array"];
    return [];
  }

  /** A value the schema accepts (best effort: see the file's head). */
  valid(schema: unknown, depth = 0): fc.Arbitrary<unknown> {
    const s = this.resolve(schema);
    if ("const" in s) return fc.constant(s.const);
    if (Array.isArray(s.enum)) return fc.constantFrom(...(s.enum as unknown[]));
    const branches = (s.anyOf ?? s.oneOf) as unknown[] | undefined;
    if (Array.isArray(branches) && branches.length > 0) return fc.oneof(...branches.map((b) => this.valid(b, depth + 1)));
    const types = this.types(s);
    if (types.length > 1) return fc.oneof(...types.map((t) => this.validOfType({ ...s, type: t }, t, depth)));
    if (types.length === 1) return this.validOfType(s, types[0] as string, depth);
    if ("example" in s) return fc.constant(s.example);
    return fc.jsonValue({ maxDepth: 2 });
  }

  private validOfType(s: Schema, type: string, depth: number): fc.Arbitrary<unknown> {
    switch (type) {
      case "null":
        return fc.constant(null);
      case "boolean":
        return fc.boolean();
      case "integer":
        return this.integer(s);
      case "number":
        return fc.double({ noNaN: true, noDefaultInfinity: true, min: num(s.minimum) ?? -1e12, max: num(s.maximum) ?? 1e12 });
      case "string":
        return this.string(s);
      case "array": {
        const min = num(s.minItems) ?? 0;
        const max = Math.max(min, Math.min(num(s.maxItems) ?? 4, depth > 2 ? min + 1 : 4));
        return fc.array(this.valid(s.items, depth + 1), { minLength: min, maxLength: max });
      }
      case "object":
        return this.object(s, depth);
      default:
        return fc.constant(s.example ?? null);
    }
  }

  private integer(s: Schema): fc.Arbitrary<unknown> {
    const lo = BigInt(Math.max(num(s.minimum) ?? -1_000_000_000, Number.MIN_SAFE_INTEGER));
    const hi = BigInt(Math.min(num(s.maximum) ?? 1_000_000_000, Number.MAX_SAFE_INTEGER));
    const edges = [lo, hi].map((x) => fc.constant(Number(x)));
    return fc.oneof({ arbitrary: fc.bigInt({ min: lo, max: hi }).map(Number), weight: 4 }, ...edges);
  }

  private string(s: Schema): fc.Arbitrary<unknown> {
    const minLength = num(s.minLength) ?? 0;
    const maxLength = num(s.maxLength);
    const fits = (v: string) => v.length >= minLength && (maxLength === undefined || v.length <= maxLength);
    const options: fc.Arbitrary<string>[] = [];
    if (typeof s.example === "string" && fits(s.example)) options.push(fc.constant(s.example));
    if (looksLikeAddress(s.example)) options.push(fc.constantFrom(...this.hints.addresses));
    if (s.format === "date-time") options.push(fc.date({ min: new Date(0), max: new Date(4102444800000), noInvalidDate: true }).map((d) => d.toISOString()));
    else if (typeof s.pattern === "string") {
      const re = new RegExp(s.pattern);
      options.push(fc.stringMatching(re).filter(fits));
      if (AMOUNT_PATTERNS.has(s.pattern)) options.push(fc.bigInt({ min: 0n, max: 10n ** 13n }).map(String).filter(fits));
    } else options.push(fc.string({ unit: "grapheme", minLength, maxLength: Math.min(maxLength ?? 40, 200) }));
    return fc.oneof(...options);
  }

  private object(s: Schema, depth: number): fc.Arbitrary<unknown> {
    const props = isSchema(s.properties) ? s.properties : {};
    const required = Array.isArray(s.required) ? (s.required as string[]) : [];
    if (depth > MAX_DEPTH) return fc.constant(isSchema(s.example) ? s.example : {});
    const model: Record<string, fc.Arbitrary<unknown>> = {};
    for (const [k, v] of Object.entries(props)) model[k] = this.valid(v, depth + 1);
    const generated = fc.record(model, { requiredKeys: required.filter((k) => k in props) });
    return isSchema(s.example) && depth === 0 ? fc.oneof(generated, fc.constant(s.example)) : generated;
  }

  /**
   * Valid values around the document's example of a request body (its media type `example`): the example itself, the
   * example with one field drawn anew from its schema, or a value drawn from the schema alone. Requests close to a
   * working one get past validation into the handlers.
   */
  validNear(schema: unknown, example: unknown): fc.Arbitrary<unknown> {
    const s = this.resolve(schema);
    const props = isSchema(s.properties) ? s.properties : {};
    if (!isSchema(example) || Object.keys(props).length === 0) return example === undefined ? this.valid(s) : fc.oneof(fc.constant(example), this.valid(s));
    const field = fc
      .constantFrom(...Object.keys(props))
      .chain((k) => this.valid(props[k], 1).map((v) => ({ ...example, [k]: v })));
    return fc.oneof({ weight: 3, arbitrary: fc.constant(example) }, { weight: 4, arbitrary: field }, { weight: 2, arbitrary: this.valid(s) });
  }

  /** A value made from a valid one (`near`: around this example) by one of the mutations a careless or hostile client makes. */
  invalid(schema: unknown, depth = 0, near?: unknown): fc.Arbitrary<Mutated> {
    const s = this.resolve(schema);
    const options: fc.Arbitrary<Mutated>[] = [this.wrongType(s)];
    const types = this.types(s);
    if (Array.isArray(s.enum) || "const" in s) options.push(fc.string({ maxLength: 30 }).map((v) => ({ value: v, mutation: "value outside enum/const" })));
    if (types.includes("string")) options.push(...this.badStrings(s));
    if (types.includes("integer") || types.includes("number")) options.push(...this.badNumbers(s));
    if (types.includes("array")) options.push(...this.badArrays(s, depth));
    if (types.includes("object") && depth <= MAX_DEPTH) options.push(...this.badObjects(s, depth, near));
    return fc.oneof(...options);
  }

  private wrongType(s: Schema): fc.Arbitrary<Mutated> {
    const own = new Set(this.types(s));
    const others = Object.entries(ANY_TYPE)
      .filter(([t]) => !own.has(t) && !(t === "integer" && own.has("number")))
      .flatMap(([t, vs]) => vs.map((v) => ({ value: v, mutation: `wrong type (${t})` })));
    return fc.constantFrom(...others);
  }

  private badStrings(s: Schema): fc.Arbitrary<Mutated>[] {
    const out: fc.Arbitrary<Mutated>[] = [
      fc.constant({ value: "x".repeat(HUGE_STRING_CHARS), mutation: `huge string (${HUGE_STRING_CHARS} chars)` }),
      fc.string({ unit: "grapheme", maxLength: 60 }).map((v) => ({ value: v, mutation: "arbitrary string" })),
    ];
    const maxLength = num(s.maxLength);
    if (maxLength !== undefined) out.push(fc.constant({ value: "a".repeat(maxLength + 1), mutation: `maxLength ${maxLength} + 1` }));
    const minLength = num(s.minLength);
    if (minLength !== undefined && minLength > 0) out.push(fc.constant({ value: "a".repeat(minLength - 1), mutation: `minLength ${minLength} - 1` }));
    if (typeof s.pattern === "string") {
      const re = new RegExp(s.pattern);
      out.push(fc.string({ maxLength: 30 }).filter((v) => !re.test(v)).map((v) => ({ value: v, mutation: "pattern mismatch" })));
      if (AMOUNT_PATTERNS.has(s.pattern)) out.push(fc.constantFrom(...BAD_AMOUNTS).map((v) => ({ value: v, mutation: "bad amount" })));
    }
    if (looksLikeAddress(s.example)) out.push(fc.constantFrom(...BAD_ADDRESSES).map((v) => ({ value: v, mutation: "bad address" })));
    return out;
  }

  private badNumbers(s: Schema): fc.Arbitrary<Mutated>[] {
    const out: fc.Arbitrary<Mutated>[] = [fc.constantFrom(1e308, -1e308, 2 ** 63, -(2 ** 63)).map((v) => ({ value: v, mutation: "huge number" }))];
    const min = num(s.minimum);
    const max = num(s.maximum);
    if (min !== undefined) out.push(fc.constant({ value: min - 1, mutation: `minimum ${min} - 1` }));
    if (max !== undefined) out.push(fc.constant({ value: max + 1, mutation: `maximum ${max} + 1` }));
    if (this.types(s).includes("integer")) out.push(fc.constant({ value: 1.5, mutation: "fraction for an integer" }));
    return out;
  }

  private badArrays(s: Schema, depth: number): fc.Arbitrary<Mutated>[] {
    const item = this.resolve(s.items);
    const out: fc.Arbitrary<Mutated>[] = [
      fc.constant({ value: Array.from({ length: HUGE_ARRAY_ITEMS }, (_, i) => i), mutation: `huge array (${HUGE_ARRAY_ITEMS} numbers)` }),
      this.valid(item, depth + 1).map((v) => ({ value: Array.from({ length: HUGE_ARRAY_ITEMS }, () => v), mutation: `huge array (${HUGE_ARRAY_ITEMS} valid items)` })),
      this.invalid(item, depth + 1).map((m) => ({ value: [m.value], mutation: `item: ${m.mutation}` })),
    ];
    const maxItems = num(s.maxItems);
    if (maxItems !== undefined) {
      out.push(this.valid(item, depth + 1).map((v) => ({ value: Array.from({ length: maxItems + 1 }, () => v), mutation: `maxItems ${maxItems} + 1` })));
    }
    const minItems = num(s.minItems);
    if (minItems !== undefined && minItems > 0) out.push(fc.constant({ value: [], mutation: `minItems ${minItems}, none given` }));
    return out;
  }

  private badObjects(s: Schema, depth: number, near: unknown): fc.Arbitrary<Mutated>[] {
    const props = isSchema(s.properties) ? s.properties : {};
    const required = (Array.isArray(s.required) ? (s.required as string[]) : []).filter((k) => k in props);
    const drawn = near === undefined ? this.valid(s, depth) : this.validNear(s, near);
    const base = drawn.map((v) => (isSchema(v) ? v : {}));
    const out: fc.Arbitrary<Mutated>[] = [
      base.map((v) => ({ value: { ...v, fuzzExtraField: "x" }, mutation: "extra field" })),
      base.map((v) => ({ value: { ...v, ["x".repeat(1000)]: 1, constructor: { prototype: 1 }, ["__proto__"]: { admin: true } }, mutation: "odd field names" })),
    ];
    if (required.length > 0) {
      out.push(
        fc.tuple(base, fc.constantFrom(...required)).map(([v, k]) => {
          const { [k]: _dropped, ...rest } = v;
          return { value: rest, mutation: `missing required ${k}` };
        }),
      );
    }
    const names = Object.keys(props);
    if (names.length > 0) {
      out.push(
        fc
          .constantFrom(...names)
          .chain((k) => fc.tuple(fc.constant(k), base, this.invalid(props[k], depth + 1)))
          .map(([k, v, m]) => ({ value: { ...v, [k]: m.value }, mutation: `${k}: ${m.mutation}` })),
      );
    }
    return out;
  }
}
