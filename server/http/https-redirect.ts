// http → https at the server, for a TLS front that forwards plain http (issue 29; docs/security.md, docs/decisions.md).
// With SVC_HTTPS_REDIRECT=1 the production server (scripts/serve.ts) answers a request the front says arrived over
// plain http (`X-Forwarded-Proto: http`, the first value when proxies list several) with 308 to the same host, path and
// query over https; 308 keeps the method and body, so an API POST is re-sent as a POST. A request without the header
// (this machine's own loopback, a health check) or one that came over https is served as it is. Off by default: local
// http has no https to go to.
import type { IncomingHttpHeaders } from "node:http";
import { SECURITY_HEADERS } from "../../lib/security-headers";

/** A host header this server would put in a Location: a name or IPv4, or a bracketed IPv6, with an optional port. */
const HOST = /^(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*|\[[0-9A-Fa-f:.]+\])(?::[0-9]{1,5})?$/;

/** The https URL to send this request to, or null when it is to be served as it is. */
export function httpsRedirectLocation(headers: IncomingHttpHeaders, url: string): string | null {
  const raw = headers["x-forwarded-proto"];
  const proto = (Array.isArray(raw) ? raw[0] : raw)?.split(",")[0]?.trim().toLowerCase();
  if (proto !== "http") return null;
  const host = headers.host;
  // A request line in origin form only ("/path?query"); a Host that is not a plain host[:port] is never echoed.
  if (!host || !HOST.test(host) || !url.startsWith("/")) return null;
  return `https://${host}${url}`;
}

/** The 308 answer's headers: where to go, and the headers every answer carries (lib/security-headers.ts). */
export function httpsRedirectHeaders(location: string): Record<string, string> {
  const headers: Record<string, string> = { Location: location, "Content-Length": "0" };
  for (const h of SECURITY_HEADERS) headers[h.key] = h.value;
  return headers;
}
