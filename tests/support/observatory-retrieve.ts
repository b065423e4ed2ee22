// The record the MDN HTTP Observatory's retriever makes of a site, made of our production server on loopback, for
// tests/support/observatory.ts (issue 29 item 3; docs/security.md "Graded"). It asks as theirs does
// (src/retriever/retriever.js, session.js and url.js, github.com/mdn/mdn-http-observatory commit
// 94042bbfbf9f1af722ad9114ada6d271dcb525b9): the page over http:// and over https://, each following and recording up
// to 10 redirects (301, 302, 303, 307, 308), with their Accept and User-Agent; the answer over https is the one graded
// ("auto"); then a CORS preflight at the final URL with their Origin.
//
// Our server speaks plain http on loopback; the TLS front in production tells it the scheme with X-Forwarded-Proto.
// So a request to https://HOST/p is sent to the server as GET /p with `X-Forwarded-Proto: https`, and one to
// http://HOST/p with `X-Forwarded-Proto: http`: the answers are those the front would pass on. The certificate is the
// front's, so both count as verified. A redirect off this server cannot be followed here and fails the grade.
//
// Left out, because they change no result: robots.txt (their retriever fetches it, discards the answer and, through a
// client without the cookie jar, keeps no cookie from it) and the request's own headers on the CORS answer (axios hands
// the analyzer Node's ClientRequest there, which has no `headers`, so the "universal access" case never matches live).
import { type IncomingHttpHeaders, request } from "node:http";
import { parseHttpEquivHeaders } from "./observatory";
import { parseSetCookie } from "./observatory-parse";
import type { ObsCookie, ObsRedirect, ObsRequests, ObsResponse } from "./observatory-tests";

// src/retriever/retriever.js STANDARD_HEADERS; src/config.js retrieverUserAgent and corsOrigin defaults
const ACCEPT = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8";
const USER_AGENT = "Mozilla/5.0 (Macintosh; Intel Mac OS X 10.15; rv:129.0) Gecko/20100101 Firefox/129.0 Observatory/129.0";
const CORS_ORIGIN = "https://http-observatory.security.mozilla.org";
// src/retriever/session.js REDIRECT_STATUS_CODES, MAX_REDIRECTS
const REDIRECT = new Set([301, 302, 303, 307, 308]);
const MAX_REDIRECTS = 10;

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/** One request for `url` (http:// or https:// on the server's host), as the TLS front would pass it to the server. */
function send(server: URL, method: string, url: URL, headers: Record<string, string>): Promise<Answer> {
  if (url.host !== server.host) return Promise.reject(new Error(`${url.href} is not on the server under test (${server.host}): it cannot be graded here`));
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: server.hostname,
        port: server.port,
        method,
        path: `${url.pathname}${url.search}`,
        headers: { accept: ACCEPT, "user-agent": USER_AGENT, ...headers, host: url.host, "x-forwarded-proto": url.protocol.slice(0, -1) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString("utf8") }));
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.setTimeout(60_000, () => req.destroy(new Error(`${method} ${url.href}: no answer in 60 s`)));
    req.end();
  });
}

/** A session's first request with its redirects followed and recorded, and the cookies its jar kept. */
async function session(server: URL, start: URL): Promise<{ answer: Answer; history: ObsRedirect[]; cookies: ObsCookie[] }> {
  const history: ObsRedirect[] = [];
  const jar = new Map<string, ObsCookie>();
  let url = start;
  for (let count = 0; ; count++) {
    const answer = await send(server, "GET", url, {});
    history.push({ url, status: answer.status });
    for (const raw of answer.headers["set-cookie"] ?? []) {
      const cookie = parseSetCookie(raw);
      if (cookie) jar.set(cookie.key, cookie);
    }
    const location = answer.headers.location;
    if (count >= MAX_REDIRECTS || !REDIRECT.has(answer.status) || !location) return { answer, history, cookies: [...jar.values()] };
    url = new URL(location, url);
  }
}

/** A request whose redirects are followed but not recorded (their `clientInstance`, used for the CORS preflight). */
async function follow(server: URL, method: string, start: URL, headers: Record<string, string>): Promise<Answer> {
  let url = start;
  for (let count = 0; ; count++) {
    const answer = await send(server, method, url, headers);
    const location = answer.headers.location;
    if (count >= MAX_REDIRECTS || !REDIRECT.has(answer.status) || !location) return answer;
    url = new URL(location, url);
  }
}

const graded = (a: Answer): ObsResponse => ({ status: a.status, headers: { ...a.headers }, verified: true });

/** What the Observatory's retriever records of `path` on the server at `serverUrl` (http://127.0.0.1:PORT). */
export async function observe(serverUrl: string, path: string): Promise<ObsRequests> {
  const server = new URL(serverUrl);
  const httpUrl = new URL(path, `http://${server.host}`);
  const httpsUrl = new URL(path, `https://${server.host}`);
  const [http, https] = await Promise.all([session(server, httpUrl), session(server, httpsUrl)]);
  const auto = graded(https.answer);
  const html = https.answer.body;
  const mime = String(auto.headers["content-type"] ?? "").split(";", 1)[0] ?? "";
  auto.httpEquiv = ["text/html", "application/xhtml+xml"].includes(mime) && html ? parseHttpEquivHeaders(html) : new Map();
  const finalUrl = https.history.at(-1)?.url ?? httpsUrl;
  const cors = await follow(server, "OPTIONS", finalUrl, { "access-control-request-method": "GET", origin: CORS_ORIGIN });
  return {
    hostname: server.hostname,
    sessionUrl: httpsUrl,
    auto,
    http: graded(http.answer),
    https: auto,
    cors: graded(cors),
    httpRedirects: http.history,
    html,
    cookies: https.cookies,
    // No preload is claimed: Chromium's HSTS preload list holds no loopback name (a preloaded production name could only
    // turn HSTS's 0 into +5).
    preloaded: () => null,
  };
}
