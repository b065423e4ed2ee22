// What a page or asset request gets while the dashboard cannot be served (issue 28 item 4): 503 with a small
// self-contained page that says the dashboard is being built, how far (`next build`'s phase, elapsed time) and reloads
// itself (meta refresh: no script), or that its build failed and where its output is. A JSON client (Accept:
// application/json without text/html) gets the catalogued error envelope instead: UNAVAILABLE, details.dashboard as in
// GET /api/v1/readyz. Both carry the headers every answer carries (lib/security-headers.ts) and the X-Request-Id the
// server gave the request; the page's own CSP allows nothing but its one inline style (by hash).
import { createHash } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { API_CSP, HSTS, PAGE_CSP_FIXED, SECURITY_HEADERS } from "../lib/security-headers";
import { ApiError } from "../server/http/errors";
import { errorReply } from "../server/http/handler";
import { type DashboardReport, dashboardReport } from "../server/ops/dashboard";

/** Seconds a client should wait before asking again while the build runs (the page reloads as often). */
export const BUILDING_RETRY_AFTER_S = 5;

const STYLE =
  "body{font:16px/1.5 system-ui,sans-serif;margin:0;display:flex;min-height:100vh;align-items:center;justify-content:center;background:#0b1020;color:#e6e9f2}" +
  "main{max-width:34rem;padding:2rem}h1{font-size:1.4rem;margin:0 0 1rem}dl{display:grid;grid-template-columns:auto 1fr;gap:.25rem 1rem}" +
  "dt{color:#9aa3b8}dd{margin:0}code{font-size:.9em}a{color:#8ab4ff}";
const STYLE_HASH = createHash("sha256").update(STYLE).digest("base64");
/** Nothing loads, nothing runs: the page's one inline style, by its hash. */
const PAGE_CSP = `default-src 'none'; style-src 'sha256-${STYLE_HASH}'; ${PAGE_CSP_FIXED}`;

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function duration(seconds: number): string {
  const m = Math.floor(seconds / 60);
  return m > 0 ? `${m} min ${seconds % 60} s` : `${seconds} s`;
}

export function dashboardPageHtml(d: DashboardReport): string {
  const building = d.state === "building";
  const title = building ? "The dashboard is being built" : "The dashboard's build failed";
  const rows = building
    ? [
        ["Step", d.phase ?? "Starting"],
        ["Elapsed", duration(d.elapsedSeconds ?? 0)],
      ]
    : [
        ["Error", d.error ?? "unknown"],
        ["Build output", d.log ?? "not written"],
      ];
  const text = building
    ? `This takes a few minutes on a first start or after the sources changed. The API already answers (<a href="/api/v1/svc/status">/api/v1/svc/status</a>). This page reloads every ${BUILDING_RETRY_AFTER_S} seconds.`
    : `The API still answers (<a href="/api/v1/svc/status">/api/v1/svc/status</a>). The build's output is in <code>${escapeHtml(d.log ?? ".next-build.log")}</code> in the service's folder: fix the cause and start the service again.`;
  return [
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">',
    building ? `<meta http-equiv="refresh" content="${BUILDING_RETRY_AFTER_S}">` : "",
    `<title>${title}</title><style>${STYLE}</style></head><body><main><h1>${title}</h1><dl>`,
    ...rows.map(([k, v]) => `<dt>${k}</dt><dd>${escapeHtml(v ?? "")}</dd>`),
    `</dl><p>${text}</p></main></body></html>`,
  ].join("");
}

/** A JSON client: it asked for JSON and not for HTML (a browser's Accept names text/html). */
function wantsJson(req: IncomingMessage, pathname: string): boolean {
  if (pathname.startsWith("/api/") || pathname === "/openapi.json") return true;
  const accept = String(req.headers.accept ?? "");
  return accept.includes("application/json") && !accept.includes("text/html");
}

/** Answers `req` with the 503 of a dashboard that is building or failed; `requestId` is the one the server gave it. */
export function answerDashboardUnavailable(req: IncomingMessage, res: ServerResponse, pathname: string, requestId: string): void {
  const d = dashboardReport();
  const building = d.state === "building";
  const headers: Record<string, string> = {};
  for (const h of SECURITY_HEADERS) headers[h.key] = h.value;
  if (req.headers["x-forwarded-proto"] === "https") headers[HSTS.key] = HSTS.value;
  if (building) headers["retry-after"] = String(BUILDING_RETRY_AFTER_S);
  let body: string;
  if (wantsJson(req, pathname)) {
    const message = building ? "The dashboard is being built; retry after the Retry-After seconds" : "The dashboard's build failed; the API still answers";
    const reply = errorReply(new ApiError("UNAVAILABLE", message, { dashboard: d }), requestId);
    Object.assign(headers, reply.headers, { [API_CSP.key]: API_CSP.value });
    body = String(reply.body);
  } else {
    body = dashboardPageHtml(d);
    Object.assign(headers, { "content-type": "text/html; charset=utf-8", "cache-control": "no-store", "content-security-policy": PAGE_CSP, "x-request-id": requestId });
  }
  headers["content-length"] = String(Buffer.byteLength(body));
  res.writeHead(503, headers);
  res.end(req.method === "HEAD" ? undefined : body);
}
