// The MDN HTTP Observatory's twelve tests, ported for tests/support/observatory.ts (issue 29 item 3), over the record of
// what a site answered (ObsRequests, src/types.js `Requests` flattened). Source: github.com/mdn/mdn-http-observatory,
// commit 94042bbfbf9f1af722ad9114ada6d271dcb525b9, the file named above each part. Results carry their names
// (src/types.js `Expectation`); their score is in observatory.ts.
import { collectElements, type Csp, DUPLICATE_WARNINGS_KEY, parseCsp, parseCspMeta, parseStructuredFieldToken, registrableDomain } from "./observatory-parse";

export interface ObsResponse {
  status: number;
  /** As Node's http client hands them to axios: lower-case names, repeats joined with ", ", set-cookie an array. */
  headers: Record<string, string | string[] | undefined>;
  /** Whether the TLS certificate chain verified (always true for plain http). */
  verified: boolean;
  /** <meta http-equiv="content-security-policy"> and <meta name="referrer"> (src/retriever/utils.js), on `auto` only. */
  httpEquiv?: Map<string, string[]>;
  /** The request's headers, read by the CORS test (a live axios response carries none there: see the retriever). */
  requestHeaders?: Record<string, string>;
}

export interface ObsRedirect {
  url: URL;
  status: number;
}

export interface ObsCookie {
  key: string;
  secure: boolean;
  httpOnly: boolean;
  /** tough-cookie's parse: "strict" | "lax" | "none", else unset. */
  sameSite?: string;
}

/** src/types.js `Requests`, flattened to what the analyzers read. */
export interface ObsRequests {
  /** requests.site.hostname */
  hostname: string;
  /** requests.session.url: the https URL when https answered, else the http one. */
  sessionUrl: URL | null;
  auto: ObsResponse | null;
  http: ObsResponse | null;
  https: ObsResponse | null;
  cors: ObsResponse | null;
  httpRedirects: ObsRedirect[];
  /** requests.resources.path: the body of `auto`. */
  html: string | null;
  /** The session's cookie jar (every Set-Cookie of the `auto` redirect chain). */
  cookies: ObsCookie[];
  /** src/analyzer/hsts.js isHstsPreloaded over Chromium's preload list (conf/hsts-preload.json, fetched at install). */
  preloaded: (hostname: string) => { includeSubDomains: boolean } | null;
}

export interface ObsOutput {
  result: string | null;
  pass: boolean;
  data?: unknown;
  [k: string]: unknown;
}

// --- src/analyzer/utils.js @ 94042bbfbf9f1af722ad9114ada6d271dcb525b9 -------------------------------------------------
export function getHttpHeaders(response: { headers?: Record<string, string | string[] | undefined> } | null | undefined, name: string): string[] {
  if (!response?.headers) return [];
  const lc = name.toLowerCase();
  return Object.entries(response.headers)
    .filter(([k, v]) => k.toLowerCase() === lc && v !== undefined)
    .flatMap(([, v]) => v as string | string[]);
}

export const getFirstHttpHeader = (response: Parameters<typeof getHttpHeaders>[0], name: string): string | null => getHttpHeaders(response, name)[0] ?? null;

/** The worse of two results in `order` (best first). */
export function onlyIfWorse(next: string, old: string | null, order: string[]): string {
  if (!old) return next;
  return order.indexOf(next) > order.indexOf(old) ? next : old;
}

// --- src/analyzer/tests/csp.js @ 94042bbfbf9f1af722ad9114ada6d271dcb525b9 ----------------------------------------------
// Several headers are one comma-separated list; commas separate policies (RFC 9110 §5.3, CSP3 §2.2).
const splitCspHeaders = (raw: string[]) => raw.flatMap((v) => v.split(",").map((s) => s.trim()));
const DANGEROUSLY_BROAD = new Set(["ftp:", "http:", "https:", "*", "http://*", "http://*.*", "https://*", "https://*.*"]);
const UNSAFE_INLINE = new Set(["'unsafe-inline'", "data:"]);
const BROAD_OR_INLINE = new Set([...DANGEROUSLY_BROAD, ...UNSAFE_INLINE]);
const PASSIVE_DIRECTIVES = new Set(["img-src", "media-src"]);
const NONCES_HASHES = ["'sha256-", "'sha384-", "'sha512-", "'nonce-"];
const startsWithNoncesHash = (sources: Iterable<string>) => [...sources].some((s) => NONCES_HASHES.some((p) => s.startsWith(p)));
const CSP_PASSING = ["csp-implemented-with-no-unsafe", "csp-implemented-with-no-unsafe-default-src-none", "csp-implemented-with-unsafe-inline-in-style-src-only", "csp-implemented-with-insecure-scheme-in-passive-content-only"];

export interface CspPolicy {
  antiClickjacking: boolean;
  defaultNone: boolean;
  insecureBaseUri: boolean;
  insecureFormAction: boolean;
  insecureSchemeActive: boolean;
  insecureSchemePassive: boolean;
  strictDynamic: boolean;
  unsafeEval: boolean;
  unsafeInline: boolean;
  unsafeInlineStyle: boolean;
  unsafeObjects: boolean;
}

function parsedPolicies(httpPolicies: string[], equivPolicies: string[]): { csp: Csp; headerOnly: Csp; meta: Csp } | null {
  let csp: Csp;
  try {
    csp = parseCsp([...httpPolicies, ...equivPolicies]);
  } catch {
    return null;
  }
  const safe = (f: () => Csp) => {
    try {
      return f();
    } catch {
      return new Map() as Csp;
    }
  };
  return { csp, headerOnly: safe(() => parseCsp(httpPolicies)), meta: safe(() => parseCspMeta(equivPolicies)) };
}

export type CspOutput = ObsOutput & { data: Record<string, string[]> | null; http: boolean; meta: boolean; policy: CspPolicy | null; numPolicies: number };

export function contentSecurityPolicyTest(r: ObsRequests): CspOutput {
  const out = { result: null as string | null, pass: false, data: null as Record<string, string[]> | null, http: false, meta: false, policy: null as CspPolicy | null, numPolicies: 0 };
  const response = r.auto;
  const url = r.sessionUrl;
  if (!response || !url) return { ...out, result: "csp-not-implemented" };
  const httpPolicies = splitCspHeaders(getHttpHeaders(response, "content-security-policy"));
  const equivPolicies = splitCspHeaders(response.httpEquiv?.get("content-security-policy") ?? []);
  out.numPolicies = httpPolicies.length + equivPolicies.length;
  const parsed = parsedPolicies(httpPolicies, equivPolicies);
  if (!parsed) return { ...out, result: "csp-header-invalid" };
  const { csp, headerOnly, meta } = parsed;
  // A meta with only directives a meta may not carry counts as no policy.
  if (headerOnly.size + meta.size === 0) {
    out.result = getFirstHttpHeader(response, "content-security-policy-report-only") ? "csp-not-implemented-but-reporting-enabled" : "csp-not-implemented";
    return out;
  }
  const policy: CspPolicy = {
    antiClickjacking: false, defaultNone: false, insecureBaseUri: false, insecureFormAction: false, insecureSchemeActive: false,
    insecureSchemePassive: false, strictDynamic: false, unsafeEval: false, unsafeInline: false, unsafeInlineStyle: false, unsafeObjects: false,
  };
  out.policy = policy;
  out.http = httpPolicies.length > 0;
  out.meta = equivPolicies.length > 0;
  const baseUri = csp.get("base-uri") || new Set(["*"]);
  // frame-ancestors only counts from a header.
  const frameAncestors = headerOnly.get("frame-ancestors") || new Set(["*"]);
  const formAction = csp.get("form-action") || new Set(["*"]);
  const objectSrc = csp.get("object-src") || csp.get("default-src") || new Set(["*"]);
  const scriptSrc = csp.get("script-src") || csp.get("default-src") || new Set(["*"]);
  const styleSrc = csp.get("style-src") || csp.get("default-src") || new Set(["*"]);
  // 'unsafe-inline' is ignored beside a nonce or hash.
  for (const list of [scriptSrc, styleSrc]) if (startsWithNoncesHash(list) && list.has("'unsafe-inline'")) list.delete("'unsafe-inline'");
  // 'strict-dynamic' with a nonce or hash: scheme sources, 'self' and 'unsafe-inline' are ignored; without one: invalid.
  if (startsWithNoncesHash(scriptSrc) && scriptSrc.has("'strict-dynamic'")) {
    for (const s of [...scriptSrc]) if ([...DANGEROUSLY_BROAD].some((b) => s.startsWith(b)) || s === "'self'" || s === "'unsafe-inline'") scriptSrc.delete(s);
    policy.strictDynamic = true;
  } else if (scriptSrc.has("'strict-dynamic'") && out.result === null) out.result = "csp-header-invalid";
  const active = [...csp].filter(([d]) => !PASSIVE_DIRECTIVES.has(d) && d !== "script-src").flatMap(([, l]) => [...l]);
  active.push(...scriptSrc);
  const passive = [...PASSIVE_DIRECTIVES].flatMap((d) => [...(csp.get(d) || csp.get("default-src") || new Set<string>())]);
  const setFirst = (result: string) => {
    if (out.result === null) out.result = result;
  };
  const insecure = (s: string) => s.startsWith("http:") || s.startsWith("ftp:");
  if ([...scriptSrc].some((s) => BROAD_OR_INLINE.has(s)) || [...objectSrc].some((s) => DANGEROUSLY_BROAD.has(s))) {
    setFirst("csp-implemented-with-unsafe-inline");
    policy.unsafeInline = true;
  }
  if (url.protocol === "https:" && active.some(insecure)) {
    setFirst("csp-implemented-with-insecure-scheme");
    policy.insecureSchemeActive = true;
  }
  if (scriptSrc.has("'unsafe-eval'") || styleSrc.has("'unsafe-eval'")) {
    setFirst("csp-implemented-with-unsafe-eval");
    policy.unsafeEval = true;
  }
  if (url.protocol === "https:" && passive.some(insecure)) {
    setFirst("csp-implemented-with-insecure-scheme-in-passive-content-only");
    policy.insecureSchemePassive = true;
  }
  if ([...styleSrc].some((s) => BROAD_OR_INLINE.has(s))) {
    setFirst("csp-implemented-with-unsafe-inline-in-style-src-only");
    policy.unsafeInlineStyle = true;
  }
  if (csp.get("default-src")?.has("'none'") && csp.get("default-src")?.size === 1) {
    setFirst("csp-implemented-with-no-unsafe-default-src-none");
    policy.defaultNone = true;
  } else setFirst("csp-implemented-with-no-unsafe");
  policy.antiClickjacking = [...frameAncestors].every((s) => !DANGEROUSLY_BROAD.has(s));
  policy.insecureBaseUri = [...baseUri].some((s) => BROAD_OR_INLINE.has(s));
  policy.insecureFormAction = [...formAction].some((s) => DANGEROUSLY_BROAD.has(s));
  policy.unsafeObjects = [...objectSrc].some((s) => DANGEROUSLY_BROAD.has(s));
  // Passed: a duplicate report-uri/report-to is then reported (score 0).
  if (CSP_PASSING.includes(out.result ?? "")) {
    out.pass = true;
    if (csp.has(DUPLICATE_WARNINGS_KEY)) out.result = "csp-implemented-but-duplicate-directives";
  }
  out.data = {};
  for (const [k, v] of csp) if (k !== DUPLICATE_WARNINGS_KEY) out.data[k] = [...v].sort();
  return out;
}

// --- src/analyzer/tests/cookies.js @ 94042bbfbf9f1af722ad9114ada6d271dcb525b9 ------------------------------------------
const COOKIES_ORDER = [
  "cookies-without-secure-flag-but-protected-by-hsts",
  "cookies-without-secure-flag",
  "cookies-session-without-secure-flag-but-protected-by-hsts",
  "cookies-samesite-flag-invalid",
  "cookies-anticsrf-without-samesite-flag",
  "cookies-session-without-httponly-flag",
  "cookies-session-without-secure-flag",
];
// See https://github.com/mozilla/http-observatory/issues/282
const COOKIES_TO_DELETE = new Set(["heroku-session-affinity"]);

function containsInvalidSameSiteCookie(cookie: string): boolean {
  for (const p of cookie.trim().split(";")) {
    const [key, value] = p.trim().split("=");
    if (key && key.trim().toLowerCase() === "samesite") {
      if (!value) return true;
      if (!["lax", "strict", "none"].includes(value.trim().toLowerCase())) return true;
    }
  }
  return false;
}

export function cookiesTest(r: ObsRequests): ObsOutput {
  let result: string | null = null;
  const worse = (next: string) => {
    result = onlyIfWorse(next, result, COOKIES_ORDER);
  };
  const hsts = strictTransportSecurityTest(r).pass;
  for (const raw of r.auto ? getHttpHeaders(r.auto, "set-cookie") : []) if (containsInvalidSameSiteCookie(raw)) worse("cookies-samesite-flag-invalid");
  const cookies = r.cookies.filter((c) => c.key && !COOKIES_TO_DELETE.has(c.key));
  let sameSite = false;
  if (cookies.length === 0) result = "cookies-not-found";
  else {
    let missingSameSite = false;
    for (const c of cookies) {
      const sessionId = ["login", "sess"].some((i) => c.key.toLowerCase().includes(i));
      const anticsrf = c.key.toLowerCase().includes("csrf");
      if (!c.secure && c.sameSite?.toLowerCase() === "none") worse("cookies-samesite-flag-invalid");
      if (!c.secure) worse(hsts ? "cookies-without-secure-flag-but-protected-by-hsts" : "cookies-without-secure-flag");
      if (anticsrf && !c.sameSite) worse("cookies-anticsrf-without-samesite-flag");
      if (sessionId && !c.secure) worse(hsts ? "cookies-session-without-secure-flag-but-protected-by-hsts" : "cookies-session-without-secure-flag");
      if (sessionId && !c.httpOnly) worse("cookies-session-without-httponly-flag");
      if (!c.sameSite) missingSameSite = true;
    }
    if (!result) {
      result = missingSameSite ? "cookies-secure-with-httponly-sessions" : "cookies-secure-with-httponly-sessions-and-samesite";
      sameSite = !missingSameSite;
    }
  }
  const pass = ["cookies-not-found", "cookies-secure-with-httponly-sessions-and-samesite", "cookies-secure-with-httponly-sessions"].includes(result ?? "");
  return { result, pass, sameSite, data: cookies.length > 0 ? cookies : null };
}

// --- src/analyzer/tests/subresource-integrity.js @ 94042bbfbf9f1af722ad9114ada6d271dcb525b9 ----------------------------
const SRI_ORDER = [
  "sri-implemented-and-all-scripts-loaded-securely",
  "sri-implemented-and-external-scripts-loaded-securely",
  "sri-implemented-but-external-scripts-not-loaded-securely",
  "sri-not-implemented-but-external-scripts-loaded-securely",
  "sri-not-implemented-and-external-scripts-not-loaded-securely",
  "sri-not-implemented-response-not-html",
];
const SRI_PASSING = [
  "sri-implemented-and-all-scripts-loaded-securely",
  "sri-implemented-and-external-scripts-loaded-securely",
  "sri-not-implemented-response-not-html",
  "sri-not-implemented-but-all-scripts-loaded-from-secure-origin",
  "sri-not-implemented-but-no-scripts-loaded",
];

/** One external (not same-site) script's result, or null when it is on this site. */
function externalScriptResult(r: ObsRequests, src: string, integrity: string | null): { external: boolean; result: string | null } {
  let relativeOrigin = false;
  let relativeProtocol = false;
  let sameSecondLevelDomain: boolean;
  if (/^(\/\/)[^/]/.test(src)) {
    relativeProtocol = true;
    sameSecondLevelDomain = true;
  } else if (/^https?:\/\//.test(src)) sameSecondLevelDomain = registrableDomain(src) === registrableDomain(r.hostname);
  else {
    relativeOrigin = true;
    sameSecondLevelDomain = true;
  }
  const secureOrigin = relativeOrigin || (sameSecondLevelDomain && !relativeProtocol);
  const scheme = !relativeProtocol && !relativeOrigin ? new URL(src).protocol : null;
  const secureScheme = scheme === "https:" || (relativeOrigin && r.sessionUrl?.protocol === "https:");
  if (secureOrigin) return { external: false, result: integrity && secureScheme ? "sri-implemented-and-all-scripts-loaded-securely" : null };
  if (integrity && !secureScheme) return { external: true, result: "sri-implemented-but-external-scripts-not-loaded-securely" };
  if (!integrity && secureScheme) return { external: true, result: "sri-not-implemented-but-external-scripts-loaded-securely" };
  if (!integrity && !secureScheme) return { external: true, result: "sri-not-implemented-and-external-scripts-not-loaded-securely" };
  return { external: true, result: null };
}

export function subresourceIntegrityTest(r: ObsRequests): ObsOutput {
  const resp = r.auto;
  if (!resp) return { result: "sri-not-implemented-but-no-scripts-loaded", pass: false };
  let result: string | null = null;
  const data: Record<string, { crossorigin: string | null; integrity: string | null }> = {};
  const mime = (getFirstHttpHeader(resp, "content-type") ?? "").split(";", 1)[0];
  if (mime && !["text/html", "application/xhtml+xml"].includes(mime)) result = "sri-not-implemented-response-not-html";
  else {
    const scripts = collectElements(r.html ?? "", "script");
    let foreign = false;
    for (const script of scripts) {
      const src = script.src;
      if (!src) continue;
      const integrity = script.integrity || null;
      const one = externalScriptResult(r, src, integrity);
      if (one.external) {
        foreign = true;
        data[src] = { crossorigin: script.crossorigin || null, integrity };
        if (one.result) result = onlyIfWorse(one.result, result, SRI_ORDER);
      } else if (one.result && !result) result = one.result;
    }
    if (scripts.length === 0) result = "sri-not-implemented-but-no-scripts-loaded";
    else if (!result) result = foreign ? "sri-implemented-and-external-scripts-loaded-securely" : "sri-not-implemented-but-all-scripts-loaded-from-secure-origin";
  }
  return { result, pass: SRI_PASSING.includes(result ?? ""), data };
}

// --- src/analyzer/tests/strict-transport-security.js @ 94042bbfbf9f1af722ad9114ada6d271dcb525b9 ----------------------
// 15768000 is six months, "but a lot of sites use 15552000, so a white lie is in order"
const SIX_MONTHS = 15_552_000;
export function strictTransportSecurityTest(r: ObsRequests): ObsOutput {
  const out: ObsOutput = { result: "hsts-not-implemented", pass: false, data: null, maxAge: null as number | null, includeSubDomains: false, preload: false, preloaded: false };
  const response = r.https;
  if (!response) out.result = "hsts-not-implemented-no-https";
  else if (!response.verified) out.result = "hsts-invalid-cert";
  else if (getHttpHeaders(response, "strict-transport-security").length > 0) {
    const data = (getHttpHeaders(response, "strict-transport-security")[0] ?? "").slice(0, 1024);
    out.data = data;
    try {
      if (data.includes(",")) throw new Error("Header set multiple times");
      for (const p of data.split(";").map((i) => i.trim().toLowerCase())) {
        if (p.startsWith("max-age=")) out.maxAge = Number.parseInt(p.slice(8, 128), 10);
        else if (p === "includesubdomains") out.includeSubDomains = true;
        else if (p === "preload") out.preload = true;
      }
      if (out.maxAge === null) throw new Error("MaxAge missing");
      out.result = (out.maxAge as number) < SIX_MONTHS ? "hsts-implemented-max-age-less-than-six-months" : "hsts-implemented-max-age-at-least-six-months";
    } catch {
      out.result = "hsts-header-invalid";
    }
  }
  if (response) {
    const preloaded = r.preloaded(r.hostname);
    if (preloaded) {
      out.result = "hsts-preloaded";
      out.includeSubDomains = preloaded.includeSubDomains;
      out.preloaded = true;
    }
  }
  out.pass = ["hsts-implemented-max-age-at-least-six-months", "hsts-preloaded"].includes(out.result ?? "");
  return out;
}

// --- src/analyzer/tests/redirection.js @ 94042bbfbf9f1af722ad9114ada6d271dcb525b9 --------------------------------------
export function redirectionTest(r: ObsRequests): ObsOutput {
  const out: ObsOutput = { result: null, pass: false, destination: r.httpRedirects.at(-1)?.url.href ?? null, redirects: true, route: [] as string[] };
  const response = r.http;
  out.statusCode = response ? response.status : null;
  if (!response) out.result = "redirection-not-needed-no-http";
  else if (!response.verified) out.result = "redirection-invalid-cert";
  else {
    const route = r.httpRedirects;
    out.route = route.map((x) => x.url.href);
    if (route.every((x) => r.preloaded(x.url.hostname))) out.result = "redirection-all-redirects-preloaded";
    else if (route.length === 1) {
      // No redirection: the http site stayed on http.
      out.result = "redirection-missing";
      out.redirects = false;
    } else if (route.at(-1)?.url.protocol !== "https:") out.result = "redirection-not-to-https";
    else if (route[1]?.url.protocol === "http:") {
      // http should never redirect to another http location first.
      out.result = "redirection-not-to-https-on-initial-redirection";
      out.statusCode = route.at(-1)?.status ?? null;
    } else if (route[0]?.url.protocol === "http:" && route[1]?.url.protocol === "https:" && route[0]?.url.hostname !== route[1]?.url.hostname) {
      out.result = "redirection-off-host-from-http";
    } else out.result = "redirection-to-https";
  }
  out.pass = ["redirection-not-needed-no-http", "redirection-all-redirects-preloaded", "redirection-to-https"].includes(out.result ?? "");
  return out;
}

// --- src/analyzer/tests/referrer-policy.js @ 94042bbfbf9f1af722ad9114ada6d271dcb525b9 -----------------------------------
const REFERRER_GOOD = ["no-referrer", "same-origin", "strict-origin", "strict-origin-when-cross-origin"];
const REFERRER_BAD = ["origin", "origin-when-cross-origin", "unsafe-url", "no-referrer-when-downgrade"];
export function referrerPolicyTest(r: ObsRequests): ObsOutput {
  const response = r.auto;
  if (!response) return { result: "referrer-policy-not-implemented", pass: false };
  const http = getHttpHeaders(response, "referrer-policy");
  const equiv = response.httpEquiv?.get("referrer-policy") ?? [];
  if (http.length === 0 && equiv.length === 0) return { result: "referrer-policy-not-implemented", pass: true, data: null };
  // Header and meta both: the meta (the last value) wins.
  const data = [...http, ...equiv].join(", ");
  const valid = new Set([...REFERRER_GOOD, ...REFERRER_BAD]);
  const policy = data.split(",").filter((e) => valid.has(e.toLowerCase().trim())).reverse()[0]?.toLowerCase().trim() ?? "";
  const result = REFERRER_GOOD.includes(policy) ? "referrer-policy-private" : REFERRER_BAD.includes(policy) ? "referrer-policy-unsafe" : "referrer-policy-header-invalid";
  return { result, pass: ["referrer-policy-private", "referrer-policy-not-implemented"].includes(result), data };
}

// --- src/analyzer/tests/x-content-type-options.js @ 94042bbfbf9f1af722ad9114ada6d271dcb525b9 ---------------------------
export function xContentTypeOptionsTest(r: ObsRequests): ObsOutput {
  if (!r.auto) return { result: "x-content-type-options-not-implemented", pass: false };
  const header = getFirstHttpHeader(r.auto, "x-content-type-options");
  const data = header?.slice(0, 256) ?? null;
  const result = data ? (data.trim().toLowerCase() === "nosniff" ? "x-content-type-options-nosniff" : "x-content-type-options-header-invalid") : "x-content-type-options-not-implemented";
  return { result, pass: result === "x-content-type-options-nosniff", data };
}

// --- src/analyzer/tests/x-frame-options.js @ 94042bbfbf9f1af722ad9114ada6d271dcb525b9 ----------------------------------
export function xFrameOptionsTest(r: ObsRequests): ObsOutput {
  if (!r.auto) return { result: "x-frame-options-not-implemented", pass: false };
  const header = getFirstHttpHeader(r.auto, "x-frame-options");
  const data = header?.slice(0, 1024) ?? null;
  let result = "x-frame-options-not-implemented";
  if (data) {
    const xfo = data.trim().toLowerCase();
    result = ["deny", "sameorigin"].includes(xfo) ? "x-frame-options-sameorigin-or-deny" : xfo.startsWith("allow-from") ? "x-frame-options-allow-from-origin" : "x-frame-options-header-invalid";
  }
  // frame-ancestors in the CSP makes the header unnecessary.
  const csp = contentSecurityPolicyTest(r);
  if (csp.data?.["frame-ancestors"]) result = "x-frame-options-implemented-via-csp";
  const pass = ["x-frame-options-allow-from-origin", "x-frame-options-sameorigin-or-deny", "x-frame-options-implemented-via-csp"].includes(result);
  return { result, pass, data };
}

// --- src/analyzer/tests/cors.js @ 94042bbfbf9f1af722ad9114ada6d271dcb525b9 ---------------------------------------------
export function crossOriginResourceSharingTest(r: ObsRequests): ObsOutput {
  const out: ObsOutput = { result: "cross-origin-resource-sharing-not-implemented", pass: false, data: null };
  const acao = getFirstHttpHeader(r.cors, "access-control-allow-origin");
  const origin = getFirstHttpHeader(r.cors ? { headers: r.cors.requestHeaders } : null, "origin");
  const credentials = getFirstHttpHeader(r.cors, "access-control-allow-credentials");
  if (r.cors && acao) {
    out.data = acao.slice(0, 256).trim().toLowerCase();
    if (out.data === "*") out.result = "cross-origin-resource-sharing-implemented-with-public-access";
    else if (origin && origin === acao && credentials?.toLowerCase().trim() === "true") out.result = "cross-origin-resource-sharing-implemented-with-universal-access";
    else out.result = "cross-origin-resource-sharing-implemented-with-restricted-access";
  }
  out.pass = [
    "cross-origin-resource-sharing-implemented-with-public-access",
    "cross-origin-resource-sharing-implemented-with-restricted-access",
    "cross-origin-resource-sharing-not-implemented",
  ].includes(out.result ?? "");
  return out;
}

// --- src/analyzer/tests/cross-origin-resource-policy.js @ 94042bbfbf9f1af722ad9114ada6d271dcb525b9 ---------------------
const CORP: Record<string, string> = { "same-site": "corp-implemented-with-same-site", "same-origin": "corp-implemented-with-same-origin", "cross-origin": "corp-implemented-with-cross-origin" };
export function crossOriginResourcePolicyTest(r: ObsRequests): ObsOutput {
  const out: ObsOutput = { result: "corp-not-implemented", pass: false, data: null };
  if (!r.auto) return out;
  const http = getHttpHeaders(r.auto, "cross-origin-resource-policy").join(", ");
  const equiv = r.auto.httpEquiv?.get("cross-origin-resource-policy") ?? null;
  // The header wins over a meta.
  const corp = http ? http.slice(0, 256).trim().toLowerCase() : equiv && equiv.length > 0 ? equiv.at(-1)?.slice(0, 256).trim().toLowerCase() : undefined;
  if (corp) {
    out.data = corp;
    out.result = CORP[corp] ?? "corp-header-invalid";
  }
  out.pass = out.result !== "corp-header-invalid";
  return out;
}

// --- src/analyzer/tests/cross-origin-opener-policy.js and cross-origin-embedder-policy.js @ 94042bbfbf9f1af722ad9114ada6d271dcb525b9
function structuredPolicyTest(r: ObsRequests, header: string, prefix: "coop" | "coep", values: string[]): ObsOutput {
  const out: ObsOutput = { result: `${prefix}-not-implemented`, pass: false, data: null, http: false };
  if (r.auto) {
    const headers = getHttpHeaders(r.auto, header);
    out.http = headers.length > 0;
    if (headers.length > 1) out.result = `${prefix}-header-invalid`;
    else if (headers[0]) {
      const value = headers[0].slice(0, 1024).trim();
      out.data = value;
      const policy = parseStructuredFieldToken(value);
      out.result = policy !== null && values.includes(policy) ? `${prefix}-implemented-with-${policy}` : `${prefix}-header-invalid`;
    }
  }
  out.pass = out.result !== `${prefix}-header-invalid`;
  return out;
}
export const crossOriginOpenerPolicyTest = (r: ObsRequests) =>
  structuredPolicyTest(r, "cross-origin-opener-policy", "coop", ["same-origin", "same-origin-allow-popups", "noopener-allow-popups", "unsafe-none"]);
export const crossOriginEmbedderPolicyTest = (r: ObsRequests) => structuredPolicyTest(r, "cross-origin-embedder-policy", "coep", ["require-corp", "credentialless", "unsafe-none"]);

