// The parsers the MDN HTTP Observatory's analyzers stand on, ported for tests/support/observatory.ts (issue 29 item 3):
// its CSP parser (its own code, ported line for line), and stand-ins for three libraries it uses that this repository
// does not have: htmlparser2 (collecting <script> and <meta> tags), structured-headers (RFC 8941 items, for COOP and
// COEP) and tldts (a script's registrable domain). Each stand-in says where it may differ from the library.
// Source: github.com/mdn/mdn-http-observatory, commit 94042bbfbf9f1af722ad9114ada6d271dcb525b9.

// --- src/analyzer/cspParser.js @ 94042bbfbf9f1af722ad9114ada6d271dcb525b9 -------------------------------------------
const compareString = new Intl.Collator("en").compare;
// "the shortest policy accepted by the CSP test": "img-src".length - 1
const SHORTEST_DIRECTIVE_LENGTH = "img-src".length - 1;
const DIRECTIVES_DISALLOWED_IN_META = ["frame-ancestors", "report-uri", "sandbox"];
const ALLOWED_DUPLICATE_KEYS = new Set(["report-uri", "report-to"]);
export const DUPLICATE_WARNINGS_KEY = "_observatory_duplicate_key_warnings";

type Source = { source: string; index: number; keep: boolean };
export type Csp = Map<string, Set<string>>;

/** Policies from <meta http-equiv>, without the directives only a header may carry. */
export function parseCspMeta(cspList: string[]): Csp {
  const ret = parseCsp(cspList);
  for (const directive of DIRECTIVES_DISALLOWED_IN_META) ret.delete(directive);
  return ret;
}

/** Directive → sources; several policies are intersected (a source counts only if every policy allows it). Throws on a bad policy. */
export function parseCsp(cspList: string[]): Csp {
  const cleanCspList = cspList.map((s) => s.replaceAll(/[\r\n]/g, "").trim());
  if (cleanCspList.length === 0) return new Map();
  for (const cspString of cleanCspList) {
    if (!cspString || cspString.length < SHORTEST_DIRECTIVE_LENGTH) throw new Error(`Invalid policy: ${cspString}`);
  }
  const csp = new Map<string, Source[]>();
  const duplicateWarnings = new Set<string>();
  for (const [policyIndex, policy] of cleanCspList.entries()) {
    const seen = new Set<string>();
    for (const [directiveEntry, ...valueEntries] of policy.split(";").map((e) => e.trim().split(/\s+/))) {
      if (!directiveEntry) continue;
      const directive = directiveEntry.toLowerCase();
      // A repeated directive is invalid (report-uri and report-to excepted: a warning).
      if (seen.has(directive)) {
        if (ALLOWED_DUPLICATE_KEYS.has(directive)) duplicateWarnings.add(directive);
        else throw new Error(`Duplicate directive ${directive} in policy ${policyIndex}`);
      } else seen.add(directive);
      const keep = policyIndex === 0;
      const values: Source[] = [];
      if (valueEntries.length > 0) values.push(...valueEntries.map((raw) => ({ source: raw.trim().toLocaleLowerCase(), index: policyIndex, keep })));
      else if (directive.endsWith("-src")) values.push({ source: "'none'", index: policyIndex, keep });
      const combined = policyIndex === 0 ? [...values] : [...(csp.get(directive) ?? []), ...values];
      combined.sort((a, b) => compareString(a.source, b.source));
      for (let i = 1; i < combined.length; i++) {
        const source = combined[i];
        const prev = combined[i - 1];
        if (!source || !prev) continue;
        // Same policy, same start: the longer one is superfluous.
        if (source.index === prev.index && source.source.startsWith(prev.source)) source.keep = false;
        // A source has to exist in both policies to count.
        if (source.index !== prev.index && pathPartMatch(prev.source, source.source)) source.keep = true;
      }
      csp.set(
        directive,
        combined.filter((s) => s.keep),
      );
      if (policyIndex === 0 && cspList.length > 1) for (const s of csp.get(directive) ?? []) s.keep = false;
    }
  }
  const finalCsp: Csp = new Map([...csp].map(([d, sources]) => [d, sources.length > 0 ? new Set(sources.map((s) => s.source)) : new Set(["'none'"])]));
  if (duplicateWarnings.size > 0) finalCsp.set(DUPLICATE_WARNINGS_KEY, duplicateWarnings);
  return finalCsp;
}

function pathPartMatch(pathA: string, pathB: string): boolean {
  if (pathA.length === 0) return true;
  if (pathA === "/" && pathB.length === 0) return true;
  const exactMatch = !pathA.endsWith("/");
  const listA = pathA.split("/");
  const listB = pathB.split("/");
  if (listA.length > listB.length) return false;
  if (exactMatch && listA.length !== listB.length) return false;
  if (!exactMatch) listA.pop();
  for (const [i, a] of listA.entries()) {
    const b = listB[i];
    if (a === undefined || b === undefined) return false;
    if (decodeURIComponent(a) !== decodeURIComponent(b)) return false;
  }
  return true;
}

// --- src/utils/html-parser.js (htmlparser2 with lowerCaseTags, lowerCaseAttributeNames, decodeEntities) ---------------
// Stand-in: a tag scanner that skips comments, declarations and end tags and, as htmlparser2 does, reads the content of
// script, style, textarea and title as text (a "<script" inside a script is not a tag). Attribute names are lower-cased;
// the first of a repeated attribute wins; values decode &amp; &lt; &gt; &quot; &apos; and numeric references (other
// named references stay as written, where htmlparser2 would decode them).
export type Attributes = Record<string, string>;
const RAW_TEXT = new Set(["script", "style", "textarea", "title"]);

const decodeEntities = (v: string) =>
  v.replace(/&(#x[0-9a-f]+|#[0-9]+|amp|lt|gt|quot|apos);/gi, (m, e: string) => {
    const named: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };
    if (e[0] !== "#") return named[e.toLowerCase()] ?? m;
    const code = e[1] === "x" || e[1] === "X" ? Number.parseInt(e.slice(2), 16) : Number.parseInt(e.slice(1), 10);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : m;
  });

/** Reads one tag's attributes from `i` (just after its name); returns them and the index after its `>`. */
function readAttributes(html: string, start: number): { attrs: Attributes; end: number } {
  const attrs: Attributes = {};
  let i = start;
  while (i < html.length) {
    while (i < html.length && /[\s/]/.test(html[i] ?? "")) i++;
    if (i >= html.length || html[i] === ">") return { attrs, end: i + 1 };
    const nameStart = i;
    while (i < html.length && !/[\s/>=]/.test(html[i] ?? "")) i++;
    const name = html.slice(nameStart, i).toLowerCase();
    while (i < html.length && /\s/.test(html[i] ?? "")) i++;
    let value = "";
    if (html[i] === "=") {
      i++;
      while (i < html.length && /\s/.test(html[i] ?? "")) i++;
      const q = html[i];
      if (q === '"' || q === "'") {
        const close = html.indexOf(q, i + 1);
        const stop = close === -1 ? html.length : close;
        value = html.slice(i + 1, stop);
        i = stop + 1;
      } else {
        const vStart = i;
        while (i < html.length && !/[\s>]/.test(html[i] ?? "")) i++;
        value = html.slice(vStart, i);
      }
    }
    if (name && !Object.hasOwn(attrs, name)) attrs[name] = decodeEntities(value);
  }
  return { attrs, end: i };
}

/** The attributes of every `tagName` element in `html`, in document order. */
export function collectElements(html: string, tagName: string): Attributes[] {
  const target = tagName.toLowerCase();
  const lower = html.toLowerCase();
  const out: Attributes[] = [];
  let i = 0;
  while (i < html.length) {
    const lt = html.indexOf("<", i);
    if (lt === -1) break;
    const next = html[lt + 1] ?? "";
    if (html.startsWith("<!--", lt)) {
      const end = html.indexOf("-->", lt + 4);
      i = end === -1 ? html.length : end + 3;
      continue;
    }
    if (next === "!" || next === "?" || next === "/") {
      const end = html.indexOf(">", lt);
      i = end === -1 ? html.length : end + 1;
      continue;
    }
    const m = /^[a-zA-Z][^\s/>]*/.exec(html.slice(lt + 1, lt + 200));
    if (!m) {
      i = lt + 1;
      continue;
    }
    const name = m[0].toLowerCase();
    const { attrs, end } = readAttributes(html, lt + 1 + m[0].length);
    if (name === target) out.push(attrs);
    i = end;
    if (RAW_TEXT.has(name)) {
      const close = lower.indexOf(`</${name}`, i);
      i = close === -1 ? html.length : close;
    }
  }
  return out;
}

// --- src/analyzer/utils.js parseStructuredFieldToken (structured-headers parseItem) -----------------------------------
// Stand-in: an RFC 8941 §4.2 item parser (bare item and parameters, nothing left over); the bare item's value when it is
// a token, else null (a string, number, byte sequence or boolean, or anything that does not parse).
const TOKEN_CHAR = /[!#$%&'*+\-.^_`|~0-9A-Za-z:/]/;

function bareItem(s: string, i: number): { token: string | null; end: number } {
  const c = s[i] ?? "";
  if (c === '"') {
    for (let j = i + 1; j < s.length; j++) {
      if (s[j] === "\\") {
        if (s[j + 1] !== '"' && s[j + 1] !== "\\") throw new Error("bad escape");
        j++;
      } else if (s[j] === '"') return { token: null, end: j + 1 };
      else if (!/[\x20-\x7e]/.test(s[j] ?? "")) throw new Error("bad string");
    }
    throw new Error("unterminated string");
  }
  if (c === ":") {
    const m = /^:[A-Za-z0-9+/=]*:/.exec(s.slice(i));
    if (!m) throw new Error("bad byte sequence");
    return { token: null, end: i + m[0].length };
  }
  if (c === "?") {
    if (s[i + 1] !== "0" && s[i + 1] !== "1") throw new Error("bad boolean");
    return { token: null, end: i + 2 };
  }
  if (c === "-" || /[0-9]/.test(c)) {
    // An integer of up to 15 digits, or a decimal of up to 12 before the point and 3 after.
    const m = /^-?(?:[0-9]{1,12}\.[0-9]{1,3}|[0-9]{1,15}(?![0-9.]))/.exec(s.slice(i));
    if (!m) throw new Error("bad number");
    return { token: null, end: i + m[0].length };
  }
  if (!/[A-Za-z*]/.test(c)) throw new Error("bad item");
  let j = i + 1;
  while (j < s.length && TOKEN_CHAR.test(s[j] ?? "")) j++;
  return { token: s.slice(i, j), end: j };
}

export function parseStructuredFieldToken(value: string): string | null {
  try {
    const s = value.replace(/^ +| +$/g, "");
    const item = bareItem(s, 0);
    let i = item.end;
    while (s[i] === ";") {
      i++;
      while (s[i] === " ") i++;
      const key = /^[a-z*][a-z0-9_\-.*]*/.exec(s.slice(i));
      if (!key) throw new Error("bad parameter key");
      i += key[0].length;
      if (s[i] === "=") i = bareItem(s, i + 1).end;
    }
    if (i !== s.length) throw new Error("trailing characters");
    return item.token;
  } catch {
    return null;
  }
}

// --- tldts parse(x).domain, as src/analyzer/tests/subresource-integrity.js uses it --------------------------------------
// Stand-in: the last two labels of the host name; null for an IP address or a one-label name (tldts answers null for
// both). Differs from tldts under multi-label public suffixes (co.uk, github.io), where tldts takes three labels.
export function registrableDomain(urlOrHost: string): string | null {
  let host: string;
  try {
    host = /^[a-z][a-z0-9+.-]*:\/\//i.test(urlOrHost) ? new URL(urlOrHost).hostname : urlOrHost.split(/[/:?#]/)[0] ?? "";
  } catch {
    return null;
  }
  if (host.startsWith("[") || /^[0-9.]+$/.test(host)) return null;
  const labels = host.toLowerCase().split(".").filter(Boolean);
  return labels.length < 2 ? null : labels.slice(-2).join(".");
}

// --- tough-cookie Cookie.parse, as the session's cookie jar records a Set-Cookie -------------------------------------
// Stand-in: the name, the Secure and HttpOnly flags, and SameSite as tough-cookie normalizes it ("strict", "lax" or
// "none"; any other value, or none, leaves it unset). The attributes the cookies test does not read are not parsed.
export function parseSetCookie(header: string): { key: string; secure: boolean; httpOnly: boolean; sameSite?: string } | null {
  const [pair, ...attributes] = header.split(";");
  const eq = pair?.indexOf("=") ?? -1;
  const key = (eq === -1 ? "" : (pair ?? "").slice(0, eq)).trim();
  if (!pair || eq === -1) return null;
  const cookie: { key: string; secure: boolean; httpOnly: boolean; sameSite?: string } = { key, secure: false, httpOnly: false };
  for (const attribute of attributes) {
    const [name = "", value = ""] = attribute.split("=").map((x) => x.trim());
    const n = name.toLowerCase();
    if (n === "secure") cookie.secure = true;
    else if (n === "httponly") cookie.httpOnly = true;
    else if (n === "samesite") {
      const v = value.toLowerCase();
      if (v === "strict" || v === "lax" || v === "none") cookie.sameSite = v;
      else delete cookie.sameSite;
    }
  }
  return cookie;
}
