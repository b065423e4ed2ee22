// Retries an answer of 429 (rate limited: refused before any work) or 503 (the service's database was unreachable:
// nothing was committed) with backoff, waiting what Retry-After asks when it says. Attempts are bounded, and a
// Retry-After longer than maxDelayMs is not waited for: the 429/503 is returned to the caller instead. The request is
// sent again as it was, headers included, so a money call keeps its Idempotency-Key across attempts.

export interface RetryOptions {
  /** Attempts in all, the first one included (default 3; 1 turns retrying off). */
  attempts?: number;
  /** First backoff when the answer has no Retry-After; doubles each time, with jitter (default 250 ms). */
  baseDelayMs?: number;
  /** The longest wait between two attempts (default 30 000 ms). */
  maxDelayMs?: number;
  /** Statuses that are retried (default 429 and 503). */
  statuses?: readonly number[];
}

type FetchLike = (input: Request) => Promise<Response>;

/** Retry-After in ms: delay-seconds or an HTTP date; null when absent or unreadable. */
export function retryAfterMs(value: string | null, now: number = Date.now()): number | null {
  if (value === null) return null;
  const v = value.trim();
  if (/^[0-9]{1,9}$/.test(v)) return Number(v) * 1000;
  // An HTTP date (IMF-fixdate, RFC 9110 §5.6.7); Date.parse alone would also take "-1" or "1" as a date.
  if (!/^[A-Z][a-z]{2}, [0-9]{2} [A-Z][a-z]{2} [0-9]{4} [0-9]{2}:[0-9]{2}:[0-9]{2} GMT$/.test(v)) return null;
  const at = Date.parse(v);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

function sleep(ms: number, signal: AbortSignal | null): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const done = () => {
      signal?.removeEventListener("abort", abort);
      resolve();
    };
    const timer = setTimeout(done, ms);
    const abort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener("abort", abort, { once: true });
  });
}

/** A fetch that retries `statuses` answers of `inner`. */
export function retryingFetch(inner: FetchLike, opts: RetryOptions = {}): FetchLike {
  const attempts = Math.max(1, Math.floor(opts.attempts ?? 3));
  const base = opts.baseDelayMs ?? 250;
  const max = opts.maxDelayMs ?? 30_000;
  const statuses = new Set(opts.statuses ?? [429, 503]);
  return async (request) => {
    for (let attempt = 1; ; attempt++) {
      const last = attempt >= attempts;
      // The original is sent only on the last attempt: its body can be read once.
      const res = await inner(last ? request : request.clone());
      if (last || !statuses.has(res.status)) return res;
      const backoff = base * 2 ** (attempt - 1);
      const wait = retryAfterMs(res.headers.get("retry-after")) ?? backoff / 2 + Math.random() * (backoff / 2);
      if (wait > max) return res;
      await res.body?.cancel();
      await sleep(wait, request.signal);
    }
  };
}
