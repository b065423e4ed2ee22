// Input validation of the route wrapper: a zod schema's first failure as a catalogued 400 (INVALID_REQUEST, or
// INVALID_AMOUNT / INVALID_ADDRESS by the field's kind), every failing field listed once in details.
import type { z } from "zod";
import { ApiError, fieldMessage } from "./errors";
import { kindAt } from "./kinds";

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let v = input;
  for (const k of path) {
    if (v === null || typeof v !== "object") return undefined;
    v = (v as Record<PropertyKey, unknown>)[k];
  }
  return v;
}

/** "slippageBps must be at most 500" at body.slippageBps → "must be at most 500": the field is named once, before it. */
function withoutField(message: string, path: readonly PropertyKey[]): string {
  const last = path[path.length - 1];
  const name = typeof last === "string" ? last : null;
  return name && message.startsWith(`${name} `) ? message.slice(name.length + 1) : message;
}

export function parseInput<S extends z.ZodType>(where: "path" | "query" | "body", schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issues = result.error.issues;
  const first = issues[0];
  let code: "INVALID_REQUEST" | "INVALID_AMOUNT" | "INVALID_ADDRESS" = "INVALID_REQUEST";
  if (first) {
    const missing = valueAt(input, first.path) === undefined;
    const kind = missing ? undefined : kindAt(schema, first.path);
    if (kind === "amount") code = "INVALID_AMOUNT";
    if (kind === "address") code = "INVALID_ADDRESS";
  }
  const describe = (i: z.core.$ZodIssue) => {
    const field = [where, ...i.path.map(String)].join(".");
    const missing = i.code === "invalid_type" && valueAt(input, i.path) === undefined;
    return { field, message: missing ? "is required" : withoutField(i.message, i.path) };
  };
  // One entry per field and message: two checks of one field with one message (a pattern and a range) say it once.
  const seen = new Set<string>();
  const details = issues.map(describe).filter((d) => {
    const k = `${d.field}\u0000${d.message}`;
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
  const head = details[0];
  throw new ApiError(code, head ? fieldMessage(head.field, head.message) : `invalid ${where}`, details);
}
