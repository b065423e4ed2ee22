// GET /svc/home's prepared answers (issue 28 item 1): per query, the body serialized once with a strong ETag computed
// once, shared by every request until the catalog changes. A change is a yields refresh (snapshot and venue APY rows,
// one transaction: server/catalog/refresh.ts), signalled on CATALOG_CHANNEL after its commit: at once in this
// instance, by NOTIFY in the others (server/db/signal.ts). A lost NOTIFY is bounded by the 1 s recheck below, which
// also catches what changes with time alone (a snapshot turning stale after SVC_APY_MAX_AGE_S): the body is rebuilt
// at most once a second per query, and when its bytes are unchanged the answer (bytes and ETag) stays the same.
import { createHash } from "node:crypto";
import type { Db } from "../db/client";
import { onSignal } from "../db/signal";
import { cacheJson, toJson } from "../http/json";
import { CATALOG_CHANNEL, invalidateSnapshot } from "./snapshot";

export const RECHECK_MS = 1000;

export interface PreparedAnswer<T> {
  /** The body object; its serialized bytes are cached beside it (cacheJson), so no request serializes it again. */
  body: T;
  /** Strong ETag of those bytes, quoted. */
  etag: string;
  /** The answer's headers (ETag, Cache-Control), made once; the wrapper copies them. */
  headers: Record<string, string>;
}

// Public and the same for every caller: a cache may keep it but must revalidate (the ETag makes that a 304).
const CACHE_CONTROL = "no-cache";

const keys = new WeakMap<object, string>();
/** The memo key of a parsed query (the wrapper hands a prepared answer's handler one object per query string). */
export function queryKey(prefix: string, query: object): string {
  let k = keys.get(query);
  if (k === undefined) {
    k = `${prefix}:${JSON.stringify(query)}`;
    keys.set(query, k);
  }
  return k;
}

interface Entry {
  at: number;
  generation: number;
  bytes: Buffer;
  answer: PreparedAnswer<unknown>;
  pending?: Promise<PreparedAnswer<unknown>>;
}

const holder = globalThis as unknown as {
  __svcHomeMemo?: { entries: Map<string, Entry>; generation: number; listening: WeakSet<object> };
};

function state() {
  holder.__svcHomeMemo ??= { entries: new Map(), generation: 0, listening: new WeakSet() };
  return holder.__svcHomeMemo;
}

/** Marks every prepared answer out of date (a catalog change seen here or signalled by another instance). */
export function catalogChanged(): void {
  state().generation++;
  invalidateSnapshot();
}

/** A strong validator of these exact bytes: 128 bits of their SHA-256, base64url, quoted. */
export function strongEtag(bytes: Buffer): string {
  return `"${createHash("sha256").update(bytes).digest("base64url").slice(0, 22)}"`;
}

async function rebuild<T extends object>(key: string, build: () => Promise<T>): Promise<PreparedAnswer<T>> {
  const s = state();
  const generation = s.generation;
  const body = await build();
  const bytes = Buffer.from(toJson(body), "utf8");
  const before = s.entries.get(key);
  if (before?.bytes.equals(bytes)) {
    // Same bytes: the same answer, so clients holding its ETag keep getting 304.
    before.at = Date.now();
    before.generation = generation;
    return before.answer as PreparedAnswer<T>;
  }
  cacheJson(body);
  const etag = strongEtag(bytes);
  const answer: PreparedAnswer<T> = { body, etag, headers: Object.freeze({ etag, "cache-control": CACHE_CONTROL }) };
  if (s.entries.size > 500) s.entries.clear();
  s.entries.set(key, { at: Date.now(), generation, bytes, answer });
  return answer;
}

/**
 * The prepared answer for `key`, rebuilt by `build` when the catalog changed since it was made or it is over RECHECK_MS
 * old. Concurrent requests for a key being rebuilt share that one rebuild.
 */
export async function preparedAnswer<T extends object>(db: Db, key: string, build: () => Promise<T>): Promise<PreparedAnswer<T>> {
  const s = state();
  if (!s.listening.has(db)) {
    s.listening.add(db);
    onSignal(db, CATALOG_CHANNEL, catalogChanged);
  }
  const hit = s.entries.get(key);
  if (hit && hit.generation === s.generation && Date.now() - hit.at < RECHECK_MS) return hit.answer as PreparedAnswer<T>;
  if (hit?.pending) return hit.pending as Promise<PreparedAnswer<T>>;
  const pending = rebuild(key, build);
  if (hit) {
    hit.pending = pending;
    void pending.finally(() => {
      hit.pending = undefined;
    }).catch(() => {});
  }
  return pending;
}
