// Where webhooks may go: https:// to public addresses only, unless SVC_WEBHOOK_ALLOW_INSECURE=1.
// Checked when a subscription is created and again at every connection (the lookup used by the
// request itself validates every resolved address, so a DNS answer cannot change between check and use).
import type { LookupAddress, LookupAllOptions, LookupOneOptions } from "node:dns";
import { lookup as dnsLookup } from "node:dns";
import { isIP } from "node:net";
import ipaddr from "ipaddr.js";

export class UnsafeTargetError extends Error {}

/** Only globally routable unicast addresses: no loopback, private, link-local (metadata), CGNAT, reserved, NAT64… */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  return ipaddr.process(address).range() === "unicast";
}

function bareHost(hostname: string): string {
  return hostname.startsWith("[") && hostname.endsWith("]") ? hostname.slice(1, -1) : hostname;
}

/** The parts of the check that need no DNS: scheme, credentials, literal addresses. Returns a reason or null. */
export function urlShapeProblem(raw: string, allowInsecure: boolean): string | null {
  let u: URL;
  try {
    u = new URL(raw);
  } catch {
    return "must be an absolute URL";
  }
  if (u.protocol !== "https:" && !(allowInsecure && u.protocol === "http:")) return "must use https://";
  if (u.username || u.password) return "must not carry credentials";
  if (u.hash) return "must not have a #fragment";
  const host = bareHost(u.hostname);
  if (!allowInsecure && isIP(host) && !isPublicAddress(host)) return "must point to a public address";
  if (!allowInsecure && (host === "localhost" || host.endsWith(".localhost"))) return "must point to a public address";
  return null;
}

function resolveAll(host: string): Promise<LookupAddress[]> {
  return new Promise((resolve, reject) => {
    dnsLookup(host, { all: true, verbatim: true }, (err, addresses) => (err ? reject(err) : resolve(addresses)));
  });
}

/** Full check at creation: shape, then every address the host resolves to. Returns a reason or null. */
export async function urlProblem(raw: string, allowInsecure: boolean): Promise<string | null> {
  const shape = urlShapeProblem(raw, allowInsecure);
  if (shape || allowInsecure) return shape;
  const host = bareHost(new URL(raw).hostname);
  if (isIP(host)) return null;
  let addresses: LookupAddress[];
  try {
    addresses = await resolveAll(host);
  } catch {
    return "has a host that does not resolve";
  }
  if (addresses.length === 0 || addresses.some((a) => !isPublicAddress(a.address))) return "must point to a public address";
  return null;
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * A `lookup` for http.request: resolves, refuses the connection when any address is not public, and
 * hands the checked addresses to the socket (IP-literal hosts skip lookup, so callers check those first).
 */
export function safeLookup(hostname: string, options: LookupOneOptions | LookupAllOptions, callback: LookupCallback): void {
  resolveAll(hostname).then(
    (addresses) => {
      const bad = addresses.find((a) => !isPublicAddress(a.address));
      if (addresses.length === 0 || bad) {
        callback(new UnsafeTargetError(`refused: ${hostname} resolves to a non-public address`), "", 0);
        return;
      }
      if ((options as LookupAllOptions).all) callback(null, addresses);
      else {
        const first = addresses.find((a) => !options.family || a.family === options.family) ?? addresses[0];
        callback(null, first?.address ?? "", first?.family ?? 4);
      }
    },
    (err: NodeJS.ErrnoException) => callback(err, "", 0),
  );
}
