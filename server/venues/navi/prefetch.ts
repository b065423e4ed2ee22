// NAVI's plan reads walk an object graph (Storage → its tables → the owner's entry → reserves → oracle feeds → Pyth's
// objects): each step's ids come from the step before, so read in order they cost one round trip each. The ids such a
// walk asked last time in this process are asked again early, all at once beside the walk's first step; the walk then
// takes an object from those answers only where its own data of this plan leads to the same id, and reads any other id
// itself. Nothing from an earlier plan is trusted: the early answers are this plan's reads, asked one step sooner, and
// an id the chain's data no longer leads to is simply not used. A change in NAVI's graph costs round trips, never
// correctness. (Issue 28 item 3; docs/performance.md, plan latency.)
import { ObjectError } from "@mysten/sui/client";
import { suiRpc } from "../../chains/clients";
import { fieldsOf } from "../../chains/sui/fields";

export type Got = Record<string, unknown> & { __type: string; __id: string };
/** Answers already read in this plan, by object id (undefined: the chain has no such object). */
export type Early = ReadonlyMap<string, Got | undefined>;

/** The gRPC batch read's limit per request. */
const BATCH = 50;

/**
 * Objects by id (batches of 50 asked at once), undefined where the chain has none. Ids answered in `early` are not
 * asked again.
 */
export async function readMany(objectIds: readonly string[], signal: AbortSignal, early?: Early): Promise<(Got | undefined)[]> {
  const todo = [...new Set(objectIds.filter((id) => !early?.has(id)))];
  const got = new Map<string, Got | undefined>();
  const chunks: string[][] = [];
  for (let i = 0; i < todo.length; i += BATCH) chunks.push(todo.slice(i, i + BATCH));
  await Promise.all(
    chunks.map(async (chunk) => {
      const { objects } = await suiRpc().getObjects({ objectIds: chunk, include: { json: true }, signal });
      chunk.forEach((id, k) => {
        const o = objects[k];
        if (o instanceof ObjectError && o.reason === "notFound") got.set(id, undefined);
        else if (!o || o instanceof Error) throw o ?? new Error("no answer for an object");
        else got.set(id, { ...fieldsOf(o.json), __type: o.type, __id: o.objectId });
      });
    }),
  );
  return objectIds.map((id) => (early?.has(id) ? early.get(id) : got.get(id)));
}

const holder = globalThis as unknown as { __svcNaviLastIds?: Map<string, string[]>; __svcNaviWarming?: { done: Promise<void>; signal: AbortSignal } };

/**
 * Runs `walk` as this process's warm-up (./warmup.ts), aborted after `timeoutMs`: a walk that starts before it ends
 * waits for it (`warmed`) instead of walking the same graph cold beside it. A failed warm-up is the caller's to log.
 */
export function warmWith(walk: (signal: AbortSignal) => Promise<void>, timeoutMs: number): Promise<void> {
  const ac = new AbortController();
  const timer = setTimeout(() => ac.abort(new Error(`the warm-up walk did not end within ${timeoutMs} ms (timeout)`)), timeoutMs);
  const done = (async () => walk(ac.signal))().finally(() => {
    clearTimeout(timer);
    if (holder.__svcNaviWarming?.done === done) holder.__svcNaviWarming = undefined;
  });
  holder.__svcNaviWarming = { done, signal: ac.signal };
  return done;
}

/** Resolves once the warm-up in flight (if any) has ended, however it ended, or when `signal` aborts. */
export function warmed(signal: AbortSignal): Promise<void> {
  const w = holder.__svcNaviWarming;
  // The warm-up's own walks (its signal) never wait for it.
  if (!w || w.signal === signal || signal.aborted) return Promise.resolve();
  return new Promise((resolve) => {
    signal.addEventListener("abort", () => resolve(), { once: true });
    w.done.then(resolve, resolve);
  });
}

/** The ids the walk `walk` asked after its first step last time in this process (empty before its first). */
export function lastIds(walk: string): string[] {
  return holder.__svcNaviLastIds?.get(walk) ?? [];
}

/** Remembers what the walk `walk` asked this time (bounded: a walk's ids of one plan). */
export function rememberIds(walk: string, ids: readonly string[]): void {
  holder.__svcNaviLastIds ??= new Map();
  holder.__svcNaviLastIds.set(walk, [...new Set(ids)].slice(0, 500));
}

/** `ids` read now (none: nothing asked); a failure leaves the walk to read each id itself. */
export async function readEarly(ids: readonly string[], signal: AbortSignal): Promise<Early> {
  if (ids.length === 0) return new Map();
  try {
    const got = await readMany(ids, signal);
    return new Map(ids.map((id, i) => [id, got[i]]));
  } catch {
    return new Map();
  }
}
