import "server-only";
// Server components read the service the way the browser does: over HTTP, from this same server (the UI never
// imports server/). The origin is the one the request came in on.
import { headers } from "next/headers";

export type Read<T> = { ok: true; body: T } | { ok: false; status: number; notFound: boolean };

/** A read of `/api/v1{path}`. */
export function serverApi<T>(path: string): Promise<Read<T> | null> {
  return serverRead<T>(`/api/v1${path}`);
}

/** A keyless read of any path of the service (e.g. `/api/characters/{id}`: 404 when missing, 401 when it exists). */
export async function serverRead<T>(path: string): Promise<Read<T> | null> {
  const h = await headers();
  const host = h.get("host");
  if (!host) return null;
  const proto = h.get("x-forwarded-proto") === "https" ? "https" : "http";
  try {
    const res = await fetch(`${proto}://${host}${path}`, { cache: "no-store", headers: { accept: "application/json" } });
    if (res.ok) return { ok: true, body: (await res.json()) as T };
    const body = (await res.json().catch(() => ({}))) as { message?: unknown };
    // A 404 from the catch-all ("No route …") means the route is missing, not that the id is unknown.
    const noRoute = typeof body.message === "string" && /^No route /.test(body.message);
    return { ok: false, status: res.status, notFound: res.status === 404 && !noRoute };
  } catch {
    // The page still renders; the browser's own read says what failed.
    return null;
  }
}
