// The pages' Content-Security-Policy (issue 29 item 1; docs/security.md): scripts only with this request's nonce (Next.js
// puts it on its own scripts when the proxy hands it the policy) and what they load ('strict-dynamic'), never
// 'unsafe-inline' or 'unsafe-eval' for scripts in production; connections only to this origin and the chain RPCs the
// wallet stack is built with (lib/wallet-rpc.ts, so a configured RPC is never blocked); no framing, no <base>, no
// plugins, forms only here.
import { PAGE_CSP_FIXED } from "./security-headers";
import { WALLET_RPC } from "./wallet-rpc";

/** The origins of the browser's chain RPCs (fixed at build: computed once, not per page request). */
const WALLET_RPC_ORIGINS = [...new Set(Object.values(WALLET_RPC).map((u) => new URL(u).origin))].join(" ");

export function pageCsp(nonce: string, dev = process.env.NODE_ENV !== "production"): string {
  return [
    "default-src 'self'",
    // React's development build evaluates code for its error overlay: next dev only, never a production build.
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${dev ? " 'unsafe-eval'" : ""}`,
    // Style attributes (React `style`) and the reference page's injected styles; no script can come through a style.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src 'self' ${WALLET_RPC_ORIGINS}`,
    "worker-src 'self' blob:",
    "manifest-src 'self'",
    PAGE_CSP_FIXED,
  ].join("; ");
}
