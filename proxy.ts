// Next.js proxy (the middleware of Next 16): every page request gets a fresh nonce and the Content-Security-Policy that
// allows only scripts carrying it (lib/csp.ts; issue 29). The policy goes on the request too: Next.js reads the nonce
// from it and puts it on its own bootstrap and chunk scripts; the root layout reads `x-nonce` for the theme script.
// API answers (/api) carry their own headers (server/http/handler.ts); static files need no script policy.
import { type NextRequest, NextResponse } from "next/server";
import { pageCsp } from "./lib/csp";
import { ID_ALPHABET, ID_CHARS, isIdOf } from "./lib/ids";

/** The request id of a page answer (contract §10): the one the production server made (scripts/serve.ts), else a new one. */
function requestIdOf(request: NextRequest): string {
  const given = request.headers.get("x-request-id");
  if (given && isIdOf("req", given)) return given;
  const bytes = crypto.getRandomValues(new Uint8Array(ID_CHARS));
  let id = "req_";
  for (const b of bytes) id += ID_ALPHABET[b & 31];
  return id;
}

export function proxy(request: NextRequest) {
  const nonce = Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString("base64");
  const csp = pageCsp(nonce);
  const headers = new Headers(request.headers);
  headers.set("x-nonce", nonce);
  headers.set("Content-Security-Policy", csp);
  const response = NextResponse.next({ request: { headers } });
  response.headers.set("Content-Security-Policy", csp);
  response.headers.set("x-request-id", requestIdOf(request));
  return response;
}

export const config = {
  matcher: [
    {
      source: "/((?!api|openapi.json|_next/static|_next/image|favicon.ico|icon.svg|apple-icon.png).*)",
      missing: [
        { type: "header", key: "next-router-prefetch" },
        { type: "header", key: "purpose", value: "prefetch" },
      ],
    },
  ],
};
