// What the fuzzer runs against: the production app (tests/support/app.ts) on a fresh database, every outside service
// it reads pointed at the local ones the API suites use (the local chain for Sui, Solana and both EVM chains with every
// wallet funded, the DefiLlama-format yields upstream with a row per venue, the quote APIs, Circle's attestation
// service, Pyth's Hermes, a webhook receiver), bootstrap API keys of every role, and the resources the document's path
// parameters name (a character, a webhook subscription, a stored plan, an event), so valid requests reach real code.
import { VENUES } from "../../server/venues";
import { type LocalChain, startLocalChain } from "../../testing/chains/server";
import { type App, type DbKind, startApp } from "../support/app";
import { type FakeHermes, startFakeHermes } from "../support/fake-hermes";
import { type FakeIris, startFakeIris } from "../support/fake-iris";
import { type FakeQuotes, quoteEnv, startFakeQuotes } from "../support/fake-quotes";
import { type FakeYields, makePools, startFakeYields, venueRows } from "../support/fake-yields";
import { call } from "../support/http";
import { type Receiver, startReceiver } from "../support/receiver";
import { EVM, EVM_DEST, SOL, SOL_DEST, SUI, SUI_2 } from "../support/wallets";

export const ROLE_KEYS = { owner: "fuzz-owner-star-key-000001", agent: "fuzz-agent-star-key-000001", keeper: "fuzz-keeper-star-key-00001" } as const;
export type FuzzRole = keyof typeof ROLE_KEYS;
/** A wallet no fuzzed request names: the scope of the out-of-scope keys. */
export const FAR = `0x${"9".repeat(64)}`;
export const scopedKey = (role: FuzzRole) => `fuzz-${role}-far-key-0000001`;
export const UNKNOWN_KEY = "fuzz-unknown-key-00000000001";
/** Valid wallets of every family (tests/support/wallets.ts), for any field the document gives an address example. */
export const ADDRESSES = [SUI, SUI_2, SOL, SOL_DEST, EVM, EVM_DEST] as const;

export interface FuzzStack {
  app: App;
  /** Valid values of path parameters, by `${path} ${name}` (resources that exist on this app). */
  pathValues: Map<string, string[]>;
  stop: () => Promise<void>;
}

const KEYS = JSON.stringify(
  (Object.keys(ROLE_KEYS) as FuzzRole[]).flatMap((role) => [
    { key: ROLE_KEYS[role], role, wallets: ["*"] },
    { key: scopedKey(role), role, wallets: [FAR] },
  ]),
);

type J = Record<string, unknown>;

export async function startFuzzStack(db: DbKind): Promise<FuzzStack> {
  const stops: (() => Promise<void>)[] = [];
  try {
    const chain: LocalChain = await startLocalChain({ wallets: true });
    stops.push(() => chain.close());
    const yields: FakeYields = await startFakeYields(makePools(200, venueRows(VENUES.map((v) => v.upstream))));
    stops.push(() => yields.close());
    const quotes: FakeQuotes = await startFakeQuotes();
    stops.push(() => quotes.close());
    const iris: FakeIris = await startFakeIris();
    stops.push(() => iris.close());
    const hermes: FakeHermes = await startFakeHermes();
    stops.push(() => hermes.close());
    const receiver: Receiver = await startReceiver();
    stops.push(() => receiver.close());
    const app = await startApp({
      db,
      env: {
        SVC_API_KEYS: KEYS,
        SVC_RATE_LIMIT_PER_MIN: "1000000000",
        SVC_YIELDS_API_URL: yields.url,
        SVC_RPC_MOVE: chain.url,
        SVC_RPC_SVM: chain.url,
        SVC_RPC_EVM_A: chain.url,
        SVC_RPC_EVM_B: chain.url,
        SVC_RPC_TIMEOUT_MS: "2000",
        ...quoteEnv(quotes.url),
        SVC_CCTP_ATTESTATION_URL: iris.url,
        SVC_PYTH_HERMES_URL: hermes.url,
        SVC_WEBHOOK_ALLOW_INSECURE: "1",
        // The jobs run (catalog refresh, webhook delivery, autopilot): their work shares the database with the requests.
        SVC_DISABLE_JOBS: "0",
      },
    });
    stops.unshift(() => app.stop());
    const pathValues = await seed(app, receiver.url);
    return {
      app,
      pathValues,
      stop: async () => {
        for (const s of stops) await s().catch(() => {});
      },
    };
  } catch (e) {
    for (const s of stops.reverse()) await s().catch(() => {});
    throw e;
  }
}

/** Creates one of each resource a path names and returns the valid values of each path parameter. */
async function seed(app: App, hookUrl: string): Promise<Map<string, string[]>> {
  const owner = ROLE_KEYS.owner;
  const post = (path: string, body: unknown) => call<J>(app.url, "POST", path, { key: owner, body });
  const must = (r: { status: number; text: string }, what: string) => {
    if (r.status >= 300) throw new Error(`fuzz seed: ${what} answered ${r.status}: ${r.text.slice(0, 300)}`);
  };
  // The catalog's first refresh from the local upstream (bounded: the fuzz runs either way).
  for (let i = 0; i < 100; i++) {
    const r = await call<J>(app.url, "GET", "/api/v1/svc/venues/apy");
    if (r.json?.status === "ok") break;
    await new Promise((res) => setTimeout(res, 100));
  }
  const character = await post("/api/characters", { wallet: SUI, name: "Fuzz" });
  must(character, "create character");
  const hook = await post("/api/v1/svc/webhooks", { url: `${hookUrl}/fuzz`, events: ["position.updated", "deposit.settled"] });
  must(hook, "create webhook");
  must(await post(`/api/v1/wallets/${SUI}/route`, { amountMicros: "5000000", token: "USDC", stake: true, chain: "move-chain" }), "route");
  const plan = await post("/api/v1/svc/strategies/deposit/plan", { strategyId: "suilend", amountMicros: "1000000", owner: SUI });
  must(plan, "deposit plan");
  const events = await call<{ events?: { id: string }[] }>(app.url, "GET", "/api/v1/svc/webhooks/events", { key: owner });
  must(events, "event log");
  const strategies = await call<{ strategies: { strategyId?: string; id?: string }[] }>(app.url, "GET", "/api/v1/svc/strategies");
  const strategyIds = strategies.json.strategies.map((s) => String(s.strategyId ?? s.id)).slice(0, 5);
  const values = new Map<string, string[]>();
  const characterId = String(character.json.id);
  const set = (pathPrefix: string, name: string, v: string[]) => values.set(`${pathPrefix} ${name}`, v.filter((x) => x && x !== "undefined"));
  set("/api/characters/", "id", [characterId]);
  set("/api/v1/svc/webhooks/events/", "id", (events.json.events ?? []).slice(0, 3).map((e) => e.id));
  set("/api/v1/svc/webhooks/", "id", [String(hook.json.id)]);
  set("/api/v1/svc/plans/", "planId", [String(plan.json.planId)]);
  set("/api/v1/svc/strategies/", "id", strategyIds);
  set("/api/v1/wallets/", "address", [...ADDRESSES]);
  return values;
}

/** The valid values seeded for path parameter `name` of `path` (the longest matching prefix), if any. */
export function seededValues(values: Map<string, string[]>, path: string, name: string): string[] {
  let best: string[] = [];
  let bestLength = -1;
  for (const [k, v] of values) {
    const [prefix, param] = k.split(" ");
    if (param === name && prefix !== undefined && path.startsWith(prefix) && prefix.length > bestLength) {
      best = v;
      bestLength = prefix.length;
    }
  }
  return best;
}
