// Next.js proxy (the middleware of Next 16): every page request gets a fresh nonce and the Content-Security-Policy that
// allows only scripts carrying it (lib/csp.ts; issue 29). The policy goes on the request too: Next.js reads the nonce
// from it and puts it on its own bootstrap and chunk scripts; the root layout reads `x-nonce` for the theme script.
// API answers (/api) carry their own headers (server/http/handler.ts); static files need no script policy.
import { type NextRequest, NextResponse } from "next/server";
import { pageCsp } from "./lib/csp";

export function proxy(request: NextRequest) {
  const nonce = Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString("base64");
  const csp = pageCsp(nonce);
  const headers = new Headers(request.headers);
  headers.set("x-nonce", nonce);
  headers.set("Content-Security-Policy", csp);
  const response = NextResponse.next({ request: { headers } });
  response.headers.set("Content-Security-Policy", csp);
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
