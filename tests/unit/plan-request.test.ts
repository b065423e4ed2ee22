// The dashboard's staleness rule (components/plan/plan-request.ts, issue 22 item 1): a plan is offered for signing only
// while the request it was built from deep-equals the request the inputs on screen describe.
import { describe, expect, it } from "vitest";
import { type PlanRequest, sameJson, sameRequest } from "../../components/plan/plan-request";

const deposit = (patch: Record<string, unknown> = {}): PlanRequest => ({
  path: "/svc/strategies/deposit/plan",
  body: { strategyId: "kamino", amountMicros: "100000000", owner: "owner-wallet-a", ...patch },
});

describe("sameRequest", () => {
  it("holds for the same inputs, whatever the key order", () => {
    const a = deposit();
    const b: PlanRequest = { path: a.path, body: { owner: a.body.owner, amountMicros: "100000000", strategyId: "kamino" } };
    expect(sameRequest(a, b)).toBe(true);
  });

  it("fails for any changed input: amount, owner (wallet), venue, endpoint", () => {
    expect(sameRequest(deposit(), deposit({ amountMicros: "10000000" }))).toBe(false);
    expect(sameRequest(deposit(), deposit({ owner: "owner-wallet-b" }))).toBe(false);
    expect(sameRequest(deposit(), deposit({ owner: undefined }))).toBe(false);
    expect(sameRequest(deposit(), deposit({ strategyId: "marginfi" }))).toBe(false);
    expect(sameRequest(deposit(), { ...deposit(), path: "/svc/strategies/withdraw/plan" })).toBe(false);
  });

  it("fails when no plan was asked for or the inputs make no request", () => {
    expect(sameRequest(undefined, deposit())).toBe(false);
    expect(sameRequest(deposit(), null)).toBe(false);
  });
});

describe("sameJson", () => {
  it("treats an undefined key as absent, as JSON does", () => {
    expect(sameJson({ a: "1", speed: undefined }, { a: "1" })).toBe(true);
    expect(sameJson({ a: "1" }, { a: "1", speed: "fast" })).toBe(false);
  });

  it("compares numbers, strings, nesting and arrays exactly", () => {
    expect(sameJson({ slippageBps: 100 }, { slippageBps: 100 })).toBe(true);
    expect(sameJson({ slippageBps: 100 }, { slippageBps: 50 })).toBe(false);
    expect(sameJson({ slippageBps: 100 }, { slippageBps: "100" })).toBe(false);
    expect(sameJson({ legs: [{ x: 1 }, { x: 2 }] }, { legs: [{ x: 1 }, { x: 2 }] })).toBe(true);
    expect(sameJson({ legs: [{ x: 1 }, { x: 2 }] }, { legs: [{ x: 2 }, { x: 1 }] })).toBe(false);
    expect(sameJson({ legs: [] }, { legs: {} })).toBe(false);
    expect(sameJson(null, {})).toBe(false);
  });
});
