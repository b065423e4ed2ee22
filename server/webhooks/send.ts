// One HTTP attempt: POST the raw body to the subscription url, signed, 10 s limit, redirects not followed.
import http from "node:http";
import https from "node:https";
import { isIP } from "node:net";
import { performance } from "node:perf_hooks";
import { computeSignature, EVENT_ID_HEADER, SIGNATURE_HEADER } from "./verify";
import { isPublicAddress, safeLookup, UnsafeTargetError } from "./url-safety";

export const DELIVERY_TIMEOUT_MS = 10_000;
const MAX_RESPONSE_BYTES = 64 * 1024;

export interface SendInput {
  url: string;
  eventId: string;
  deliveryId: string;
  rawBody: string;
  secret: string;
  allowInsecure: boolean;
  timeoutMs?: number;
  /** Aborts the attempt (the worker stopping at shutdown). */
  signal?: AbortSignal;
}

export interface SendResult {
  /** The receiver's HTTP status, or null when it did not answer (refused, timeout, unsafe target). */
  status: number | null;
  durationMs: number;
  error: string | null;
}

// Keep-alive sockets per process: deliveries to the same receiver reuse connections.
const holder = globalThis as unknown as { __svcWebhookAgents?: { http: http.Agent; https: https.Agent } };
function agents() {
  holder.__svcWebhookAgents ??= {
    http: new http.Agent({ keepAlive: true, maxSockets: 128 }),
    https: new https.Agent({ keepAlive: true, maxSockets: 128 }),
  };
  return holder.__svcWebhookAgents;
}

export function signatureHeader(secret: string, rawBody: string, now = Date.now()): string {
  const t = Math.floor(now / 1000);
  return `t=${t},v1=${computeSignature(secret, t, rawBody)}`;
}

export function sendDelivery(input: SendInput): Promise<SendResult> {
  const started = performance.now();
  const done = (status: number | null, error: string | null): SendResult => ({
    status,
    durationMs: Math.max(0, Math.round(performance.now() - started)),
    error,
  });
  let url: URL;
  try {
    url = new URL(input.url);
  } catch {
    return Promise.resolve(done(null, "invalid url"));
  }
  const secure = url.protocol === "https:";
  if (!secure && !(input.allowInsecure && url.protocol === "http:")) return Promise.resolve(done(null, "refused: url is not https"));
  const host = url.hostname.replace(/^\[(.*)\]$/, "$1");
  if (!input.allowInsecure && isIP(host) && !isPublicAddress(host)) {
    return Promise.resolve(done(null, "refused: url points to a non-public address"));
  }
  const body = Buffer.from(input.rawBody, "utf8");
  return new Promise<SendResult>((resolve) => {
    let settled = false;
    const finish = (r: SendResult) => {
      if (!settled) {
        settled = true;
        resolve(r);
      }
    };
    const req = (secure ? https : http).request(
      url,
      {
        method: "POST",
        agent: secure ? agents().https : agents().http,
        lookup: input.allowInsecure ? undefined : safeLookup,
        signal: input.signal
          ? AbortSignal.any([input.signal, AbortSignal.timeout(input.timeoutMs ?? DELIVERY_TIMEOUT_MS)])
          : AbortSignal.timeout(input.timeoutMs ?? DELIVERY_TIMEOUT_MS),
        headers: {
          "content-type": "application/json",
          "content-length": String(body.byteLength),
          "user-agent": "svc-webhooks/1",
          [SIGNATURE_HEADER]: signatureHeader(input.secret, input.rawBody),
          [EVENT_ID_HEADER]: input.eventId,
          "X-SVC-Delivery-Id": input.deliveryId,
        },
      },
      (res) => {
        // The answer body is read (bounded) and dropped: only the status counts.
        let size = 0;
        res.on("data", (chunk: Buffer) => {
          size += chunk.byteLength;
          if (size > MAX_RESPONSE_BYTES) res.destroy();
        });
        const status = res.statusCode ?? null;
        res.on("end", () => finish(done(status, status !== null && status >= 200 && status < 300 ? null : `HTTP ${status}`)));
        res.on("close", () => finish(done(status, status !== null && status >= 200 && status < 300 ? null : `HTTP ${status}`)));
        res.on("error", () => finish(done(status, `HTTP ${status}`)));
      },
    );
    req.on("error", (err: Error) => {
      const reason =
        err instanceof UnsafeTargetError
          ? err.message
          : err.name === "AbortError" || err.name === "TimeoutError"
            ? `no answer within ${input.timeoutMs ?? DELIVERY_TIMEOUT_MS} ms`
            : `connection failed: ${(err as NodeJS.ErrnoException).code ?? err.message}`;
      finish(done(null, reason));
    });
    req.end(body);
  });
}
