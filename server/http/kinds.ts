// Marks request schemas whose failures map to a specific error code (contract §3):
// an amount field → INVALID_AMOUNT, an address field → INVALID_ADDRESS, anything else → INVALID_REQUEST.
import type { z } from "zod";

export type FieldKind = "amount" | "address";

const kinds = new WeakMap<object, FieldKind>();

export function markKind<T extends z.ZodType>(schema: T, kind: FieldKind): T {
  kinds.set(schema, kind);
  return schema;
}

interface Walkable {
  _zod?: { def?: Record<string, unknown> };
}

function unwrap(schema: unknown): unknown {
  let s = schema as Walkable | undefined;
  for (let i = 0; i < 10 && s; i++) {
    if (kinds.has(s as object)) return s;
    const def = s._zod?.def;
    if (!def) return s;
    const inner = (def.innerType ?? (def.type === "pipe" ? def.in : undefined)) as Walkable | undefined;
    if (!inner) return s;
    s = inner;
  }
  return s;
}

/** The kind of the schema found at `path` inside `schema`, if any. */
export function kindAt(schema: unknown, path: readonly PropertyKey[]): FieldKind | undefined {
  let s = unwrap(schema) as Walkable | undefined;
  for (const key of path) {
    const def = s?._zod?.def;
    if (!def) return undefined;
    if (def.type === "object" && typeof key === "string") {
      s = unwrap((def.shape as Record<string, unknown>)[key]) as Walkable | undefined;
    } else if (def.type === "array") {
      s = unwrap(def.element) as Walkable | undefined;
    } else if (def.type === "record") {
      s = unwrap(def.valueType) as Walkable | undefined;
    } else {
      return undefined;
    }
  }
  return s ? kinds.get(s as object) : undefined;
}
