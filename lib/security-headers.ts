// The security headers every answer carries, pages (next.config.ts `headers()`) and API (server/http/handler.ts) alike
// (issue 29, contract §11; docs/security.md says why each). The Content-Security-Policy differs: pages get theirs, with
// a per-request nonce, from proxy.ts (lib/csp.ts); API answers get API_CSP.
export const SECURITY_HEADERS: readonly { key: string; value: string }[] = [
  { key: "X-Content-Type-Options", value: "nosniff" },
  { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
  // Denied: what the app never uses. WebHID/WebUSB stay allowed for this origin (hardware wallets sign through them).
  { key: "Permissions-Policy", value: "camera=(), microphone=(), geolocation=(), payment=(), display-capture=(), midi=(), magnetometer=(), gyroscope=(), accelerometer=()" },
  // No site may frame the pages where people sign (clickjacking a "Sign" click): the old header and the CSP form.
  { key: "X-Frame-Options", value: "DENY" },
  // Wallet pop-ups (WalletConnect, Coinbase) keep their opener; any other cross-origin window gets none.
  { key: "Cross-Origin-Opener-Policy", value: "same-origin-allow-popups" },
];

/** Sent only when the answer went out over https (a TLS proxy in front says so with X-Forwarded-Proto). */
export const HSTS = { key: "Strict-Transport-Security", value: "max-age=63072000; includeSubDomains" } as const;

/** What every page's policy ends with (lib/csp.ts): the CSP form of X-Frame-Options, no <base>, no plugins, forms only here. */
export const PAGE_CSP_FIXED = "frame-ancestors 'none'; base-uri 'none'; object-src 'none'; form-action 'self'";

/** A JSON answer loads nothing and is never framed. */
export const API_CSP = { key: "Content-Security-Policy", value: "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'" } as const;
