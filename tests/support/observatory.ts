// The MDN HTTP Observatory's grading, ported (issue 29 item 3; docs/security.md, docs/decisions.md): every test it runs,
// its score table, its grade chart and its curve, over a record of what a site answered (ObsRequests). The record of our
// own server is made by tests/support/observatory-retrieve.ts the way the Observatory's retriever makes it.
// Source: github.com/mdn/mdn-http-observatory, commit 94042bbfbf9f1af722ad9114ada6d271dcb525b9 (2026-08-20: release
// 1.6.3 plus the COOP/COEP scoring of #498; ALGORITHM_VERSION 6). Each part names its file there. Result names are
// theirs (src/types.js `Expectation`), so a result here can be looked up in their tables and documentation.
// Why a port and not their npm package: docs/decisions.md (the registry's release needs pg-native, a native build).
import { collectElements } from "./observatory-parse";
import {
  contentSecurityPolicyTest,
  cookiesTest,
  crossOriginEmbedderPolicyTest,
  crossOriginOpenerPolicyTest,
  crossOriginResourcePolicyTest,
  crossOriginResourceSharingTest,
  type ObsOutput,
  type ObsRequests,
  redirectionTest,
  referrerPolicyTest,
  strictTransportSecurityTest,
  subresourceIntegrityTest,
  xContentTypeOptionsTest,
  xFrameOptionsTest,
} from "./observatory-tests";

export type { ObsCookie, ObsOutput, ObsRedirect, ObsRequests, ObsResponse } from "./observatory-tests";

// --- src/types.js Expectation @ 94042bbfbf9f1af722ad9114ada6d271dcb525b9, with src/grader/charts.js SCORE_TABLE modifiers
export const SCORE_MODIFIERS: Record<string, number> = {
  "csp-implemented-with-no-unsafe-default-src-none": 10,
  "csp-implemented-with-no-unsafe": 5,
  "csp-implemented-with-unsafe-inline-in-style-src-only": 0,
  "csp-implemented-with-insecure-scheme-in-passive-content-only": -10,
  "csp-implemented-with-unsafe-eval": -10,
  "csp-implemented-with-unsafe-inline": -20,
  "csp-implemented-with-insecure-scheme": -20,
  "csp-header-invalid": -25,
  "csp-not-implemented": -25,
  "csp-not-implemented-but-reporting-enabled": -25,
  "csp-implemented-but-duplicate-directives": 0,
  "cookies-secure-with-httponly-sessions-and-samesite": 5,
  "cookies-secure-with-httponly-sessions": 0,
  "cookies-not-found": 0,
  "cookies-without-secure-flag-but-protected-by-hsts": -5,
  "cookies-session-without-secure-flag-but-protected-by-hsts": -10,
  "cookies-without-secure-flag": -20,
  "cookies-samesite-flag-invalid": -20,
  "cookies-anticsrf-without-samesite-flag": -20,
  "cookies-session-without-httponly-flag": -30,
  "cookies-session-without-secure-flag": -40,
  "cross-origin-resource-sharing-not-implemented": 0,
  "cross-origin-resource-sharing-implemented-with-public-access": 0,
  "cross-origin-resource-sharing-implemented-with-restricted-access": 0,
  "cross-origin-resource-sharing-implemented-with-universal-access": -50,
  "redirection-all-redirects-preloaded": 0,
  "redirection-to-https": 0,
  "redirection-not-needed-no-http": 0,
  "redirection-off-host-from-http": -5,
  "redirection-not-to-https-on-initial-redirection": -10,
  "redirection-not-to-https": -20,
  "redirection-missing": -20,
  "redirection-invalid-cert": -20,
  "referrer-policy-private": 5,
  "referrer-policy-not-implemented": 0,
  "referrer-policy-unsafe": -5,
  "referrer-policy-header-invalid": -5,
  "hsts-preloaded": 5,
  "hsts-implemented-max-age-at-least-six-months": 0,
  "hsts-implemented-max-age-less-than-six-months": -10,
  "hsts-not-implemented": -20,
  "hsts-header-invalid": -20,
  "hsts-not-implemented-no-https": -20,
  "hsts-invalid-cert": -20,
  "sri-implemented-and-all-scripts-loaded-securely": 5,
  "sri-implemented-and-external-scripts-loaded-securely": 5,
  "sri-not-implemented-response-not-html": 0,
  "sri-not-implemented-but-no-scripts-loaded": 0,
  "sri-not-implemented-but-all-scripts-loaded-from-secure-origin": 0,
  "sri-not-implemented-but-external-scripts-loaded-securely": -5,
  "sri-implemented-but-external-scripts-not-loaded-securely": -20,
  "sri-not-implemented-and-external-scripts-not-loaded-securely": -50,
  "x-content-type-options-nosniff": 0,
  "x-content-type-options-not-implemented": -5,
  "x-content-type-options-header-invalid": -5,
  "x-frame-options-implemented-via-csp": 5,
  "x-frame-options-sameorigin-or-deny": 5,
  "x-frame-options-allow-from-origin": 0,
  "x-frame-options-not-implemented": -20,
  "x-frame-options-header-invalid": -20,
  "corp-header-invalid": -5,
  "corp-implemented-with-cross-origin": 0,
  "corp-implemented-with-same-origin": 10,
  "corp-implemented-with-same-site": 10,
  "corp-not-implemented": 0,
  "coep-implemented-with-require-corp": 10,
  "coep-implemented-with-credentialless": 10,
  "coep-implemented-with-unsafe-none": 0,
  "coep-not-implemented": 0,
  "coep-header-invalid": -5,
  "coop-implemented-with-same-origin": 10,
  "coop-implemented-with-same-origin-allow-popups": 10,
  "coop-implemented-with-noopener-allow-popups": 10,
  "coop-implemented-with-unsafe-none": 0,
  "coop-not-implemented": 0,
  "coop-header-invalid": -5,
  "html-not-parseable": -20,
};

// --- src/grader/charts.js GRADE_CHART and MINIMUM_SCORE_FOR_EXTRA_CREDIT @ 94042bbfbf9f1af722ad9114ada6d271dcb525b9 --
const GRADE_CHART = new Map<number, string>([
  [100, "A+"], [95, "A"], [90, "A"], [85, "A-"], [80, "B+"], [75, "B"], [70, "B"], [65, "B-"], [60, "C+"], [55, "C"],
  [50, "C"], [45, "C-"], [40, "D+"], [35, "D"], [30, "D"], [25, "D-"], [20, "F"], [15, "F"], [10, "F"], [5, "F"], [0, "F"],
]);
export const MINIMUM_SCORE_FOR_EXTRA_CREDIT = 90;

// --- src/grader/grader.js getGradeForScore @ 94042bbfbf9f1af722ad9114ada6d271dcb525b9 ---------------------------------
export function getGradeForScore(raw: number): { score: number; grade: string } {
  const score = Math.max(raw, 0);
  // Above 100: the grade of 100; else round down to a multiple of 5.
  const key = Math.min(score - (score % 5), 100);
  const grade = GRADE_CHART.get(key);
  if (!grade) throw new Error(`Score of ${key} did not map to a grade`);
  return { score, grade };
}

// --- src/retriever/utils.js parseHttpEquivHeaders @ 94042bbfbf9f1af722ad9114ada6d271dcb525b9 ---------------------------
export function parseHttpEquivHeaders(html: string): Map<string, string[]> {
  const out = new Map<string, string[]>([["content-security-policy", []]]);
  for (const meta of collectElements(html, "meta")) {
    if ("http-equiv" in meta && "content" in meta) {
      if (meta.content && meta["http-equiv"]?.toLowerCase().trim() === "content-security-policy") out.get("content-security-policy")?.push(meta.content);
    } else if (meta.name?.toLowerCase().trim() === "referrer" && meta.content) out.set("referrer-policy", [meta.content]);
  }
  return out;
}

// --- src/analyzer/hsts.js @ 94042bbfbf9f1af722ad9114ada6d271dcb525b9: the preload list lookup over a given list -------
export type PreloadList = Map<string, { mode: string; includeSubDomains: boolean }>;
export function preloadLookup(list: PreloadList): ObsRequests["preloaded"] {
  return (hostname) => {
    const existing = list.get(hostname);
    if (existing && existing.mode === "force-https") return existing;
    const parts = hostname.split(".");
    for (parts.shift(); parts.length > 0; parts.shift()) {
      const e = list.get(parts.join("."));
      if (e && e.mode === "force-https" && e.includeSubDomains) return e;
    }
    return null;
  };
}

// --- src/constants.js ALL_TESTS (order) and src/scanner/index.js analyzeScan @ 94042bbfbf9f1af722ad9114ada6d271dcb525b9
export const ALL_TESTS: Array<[string, (r: ObsRequests) => ObsOutput]> = [
  ["content-security-policy", contentSecurityPolicyTest],
  ["cookies", cookiesTest],
  ["cross-origin-embedder-policy", crossOriginEmbedderPolicyTest],
  ["cross-origin-opener-policy", crossOriginOpenerPolicyTest],
  ["cross-origin-resource-sharing", crossOriginResourceSharingTest],
  ["redirection", redirectionTest],
  ["referrer-policy", referrerPolicyTest],
  ["strict-transport-security", strictTransportSecurityTest],
  ["subresource-integrity", subresourceIntegrityTest],
  ["x-content-type-options", xContentTypeOptionsTest],
  ["x-frame-options", xFrameOptionsTest],
  ["cross-origin-resource-policy", crossOriginResourcePolicyTest],
];

export interface ScanResult {
  grade: string;
  score: number;
  testsPassed: number;
  testsFailed: number;
  tests: Record<string, ObsOutput & { scoreModifier: number }>;
}

export function analyzeScan(r: ObsRequests): ScanResult {
  if (!r.auto) throw new Error("The site seems to be down.");
  const { status } = r.auto;
  // 2xx, 3xx, 401 and 403 are graded; anything else is an error.
  if (status < 200 || (status >= 400 && ![401, 403].includes(status))) throw new Error(`Site did respond with an unexpected HTTP status code ${status}.`);
  let passed = 0;
  let withExtraCredit = 100;
  let uncurved = 100;
  const tests: ScanResult["tests"] = {};
  for (const [name, test] of ALL_TESTS) {
    const out = test(r);
    const modifier = out.result ? (SCORE_MODIFIERS[out.result] ?? 0) : 0;
    tests[name] = { ...out, scoreModifier: modifier };
    if (!out.result) continue;
    passed += out.pass ? 1 : 0;
    withExtraCredit += modifier;
    if (modifier < 0) uncurved += modifier;
  }
  // Bonus points count only when the score without them is already an A.
  const final = getGradeForScore(uncurved >= MINIMUM_SCORE_FOR_EXTRA_CREDIT ? withExtraCredit : uncurved);
  return { ...final, testsPassed: passed, testsFailed: ALL_TESTS.length - passed, tests };
}

