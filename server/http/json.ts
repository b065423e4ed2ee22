// JSON bodies of answers: bigint as decimal strings, and bodies serialized once when a domain memoizes them.

const serialized = new WeakMap<object, Buffer>();

/**
 * Serializes a response body once and keeps its bytes beside it: every later answer with this same object
 * (a memoized read) writes the cached bytes instead of running JSON.stringify again. The body must not be
 * changed afterwards (memoized bodies are shared by every request anyway).
 */
export function cacheJson<T extends object>(body: T): T {
  serialized.set(body, Buffer.from(toJson(body), "utf8"));
  return body;
}

/** bigint never reaches JSON.stringify as a number: it is written as its decimal string. */
export function toJson(body: unknown): string {
  return JSON.stringify(body, (_k, v) => (typeof v === "bigint" ? v.toString() : v));
}

export function bodyBytes(body: unknown): string | Buffer {
  if (body !== null && typeof body === "object") {
    const cached = serialized.get(body);
    if (cached) return cached;
  }
  return toJson(body);
}
