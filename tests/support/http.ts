// A tiny HTTP client for tests: real requests to the running app.
export interface Answer<T = Record<string, unknown>> {
  status: number;
  headers: Headers;
  text: string;
  json: T;
}

export interface CallOptions {
  body?: unknown;
  /** Sent as is (not JSON-encoded) when a string and `raw` is set. */
  raw?: boolean;
  key?: string;
  headers?: Record<string, string>;
}

export async function call<T = Record<string, unknown>>(
  base: string,
  method: string,
  path: string,
  opts: CallOptions = {},
): Promise<Answer<T>> {
  const headers: Record<string, string> = { ...(opts.headers ?? {}) };
  if (opts.key !== undefined) headers["x-api-key"] = opts.key;
  let body: string | undefined;
  if (opts.body !== undefined) {
    body = opts.raw && typeof opts.body === "string" ? opts.body : JSON.stringify(opts.body);
    headers["content-type"] ??= "application/json";
  }
  const r = await fetch(`${base}${path}`, { method, headers, body, redirect: "manual" });
  const text = await r.text();
  let json: unknown = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = null;
  }
  return { status: r.status, headers: r.headers, text, json: json as T };
}
