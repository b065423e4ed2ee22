// Idempotency-Key (contract §4): stored in the database, scoped to the API key, kept 24 h.
// A replay returns the first status and body byte for byte and applies nothing. The stored answer commits in the
// action's own transaction (./deferred-commit.ts), so a crash can never leave an applied action without its answer,
// nor an answer without its action; a claim left by a crashed server lapses after SVC_IDEMPOTENCY_LEASE_MS.
import { createHash } from "node:crypto";
import { and, eq, lt } from "drizzle-orm";
import { deferredCommit } from "./deferred-commit";
import type { Db } from "../db/client";
import { idempotencyKeys } from "../db/schema";
import { ApiError } from "./errors";

export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
const MAX_KEY_LENGTH = 255;

export interface StoredReply {
  status: number;
  body: string;
  headers: Record<string, string>;
  replayed: boolean;
}

function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}

/** Fingerprint of a request: method, path and the body's canonical JSON (key order and spacing do not matter). */
export function requestFingerprint(method: string, path: string, body: unknown): string {
  return createHash("sha256").update(`${method} ${path}\n${canonical(body)}`).digest("hex");
}

export function validateIdempotencyKey(key: string): void {
  if (key.length === 0 || key.length > MAX_KEY_LENGTH || !/^[\x21-\x7e]+$/.test(key)) {
    throw new ApiError("INVALID_REQUEST", `Idempotency-Key must be 1 to ${MAX_KEY_LENGTH} visible ASCII characters`);
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export interface IdempotencyOptions {
  scope: string;
  key: string;
  fingerprint: string;
  waitMs?: number;
  /** How long a claim blocks duplicates before they may take the key over (a crashed holder's claim lapses). */
  leaseMs?: number;
}

type Answer = { status: number; body: string; headers?: Record<string, string> };

/**
 * Runs `action` at most once per (scope, key). Concurrent duplicates wait up to `waitMs` for the first
 * to finish and then replay its answer; still running after that → 409 IDEMPOTENCY_KEY_IN_FLIGHT.
 * A different body under the same key → 422 IDEMPOTENCY_KEY_REUSED. A thrown action releases the key.
 * `action` gets the database to act on: its first transaction stays open until the answer is written into it.
 */
export async function withIdempotency(db: Db, opts: IdempotencyOptions, action: (db: Db) => Promise<Answer>): Promise<StoredReply> {
  const { scope, key, fingerprint } = opts;
  const waitMs = opts.waitMs ?? 5000;
  const leaseMs = opts.leaseMs ?? 30_000;
  const where = and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key));
  // Expired answers, and claims whose holder is gone (a crash): nothing of theirs was applied without its answer.
  await db.delete(idempotencyKeys).where(and(where, lt(idempotencyKeys.expiresAt, new Date())));
  // The claim's expiry is also its token: the answer is written only where the claim is still this one.
  const claim = new Date(Date.now() + leaseMs);
  const inserted = await db
    .insert(idempotencyKeys)
    .values({ scope, key, requestHash: fingerprint, state: "in_flight", expiresAt: claim })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });

  if (inserted.length > 0) {
    const release = () => db.delete(idempotencyKeys).where(and(where, eq(idempotencyKeys.state, "in_flight"), eq(idempotencyKeys.expiresAt, claim)));
    const run = deferredCommit(db);
    let result: Answer;
    try {
      result = await action(run.db);
    } catch (e) {
      await run.abort().catch(() => {});
      await release().catch(() => {});
      throw e;
    }
    if (result.status >= 500) {
      await run.abort().catch(() => {});
      await release().catch(() => {});
      return { status: result.status, body: result.body, headers: result.headers ?? {}, replayed: false };
    }
    const store = async (tx: Db) => {
      const done = await tx
        .update(idempotencyKeys)
        .set({ state: "done", responseStatus: result.status, responseBody: result.body, responseHeaders: result.headers ?? {}, expiresAt: new Date(Date.now() + IDEMPOTENCY_TTL_MS) })
        .where(and(where, eq(idempotencyKeys.state, "in_flight"), eq(idempotencyKeys.expiresAt, claim)))
        .returning({ key: idempotencyKeys.key });
      // The claim lapsed and a duplicate took the key over: this action must not apply as well.
      if (done.length === 0) throw new ApiError("IDEMPOTENCY_KEY_IN_FLIGHT", "This request's claim on its Idempotency-Key lapsed and another request took it over; nothing was applied", undefined, undefined, { "Retry-After": "1" });
    };
    try {
      await run.commit(store);
    } catch (e) {
      // Nothing of the action committed (the answer and the action are one transaction): the key is free again.
      await release().catch(() => {});
      throw e;
    }
    return { status: result.status, body: result.body, headers: result.headers ?? {}, replayed: false };
  }

  const deadline = Date.now() + waitMs;
  for (let delay = 20; ; delay = Math.min(delay * 2, 200)) {
    const [row] = await db.select().from(idempotencyKeys).where(where);
    if (!row || (row.state === "in_flight" && row.expiresAt.getTime() < Date.now())) {
      // The first attempt failed and released the key, or its holder is gone: this request may run it.
      return withIdempotency(db, { ...opts, waitMs: Math.max(0, deadline - Date.now()) }, action);
    }
    if (row.requestHash !== fingerprint) {
      throw new ApiError("IDEMPOTENCY_KEY_REUSED", "This Idempotency-Key was already used with a different request body");
    }
    if (row.state === "done" && row.responseStatus !== null && row.responseBody !== null) {
      return { status: row.responseStatus, body: row.responseBody, headers: row.responseHeaders ?? {}, replayed: true };
    }
    if (Date.now() >= deadline) {
      throw new ApiError("IDEMPOTENCY_KEY_IN_FLIGHT", "A request with this Idempotency-Key is still in progress; retry later", undefined, undefined, {
        "Retry-After": "1",
      });
    }
    await sleep(delay);
  }
}
