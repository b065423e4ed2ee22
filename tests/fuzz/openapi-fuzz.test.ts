// Issue 26 item 1: the API fuzzed from its own OpenAPI document. For every operation of the document the running
// production app serves (GET /api/v1/openapi.json), fast-check generates requests from the declared schemas, valid
// and invalid (tests/fuzz/cases.ts), sends them over HTTP to the app on a fresh database with its upstreams and chains
// local, and checks each answer as Schemathesis does (tests/fuzz/checks.ts): no 5xx, only declared statuses and
// content types, bodies valid against the declared schema, invalid requests refused with a catalogued 4xx, keys and
// roles enforced. `npm test` runs a short seeded run; `npm run test:fuzz` a long one (scripts/fuzz.ts). A failure
// prints its seed and path: FUZZ_SEED=<seed> FUZZ_OP=<operationId> FUZZ_PATH=<path> npm run test:fuzz replays it.
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DbKind, dbKinds } from "../support/app";
import { call } from "../support/http";
import { type OpenApiDoc, SchemaGen } from "./arbitrary";
import { type Case, CaseGen, describeCase, expectationOf, send } from "./cases";
import { DocValidator, type Operation, checkAnswer, operationsOf } from "./checks";
import { ADDRESSES, type FuzzStack, seededValues, startFuzzStack } from "./stack";

const SEED = Number(process.env.FUZZ_SEED ?? 20261126);
/** Generated requests per operation, after its fixed ones. */
const RUNS = Number(process.env.FUZZ_RUNS ?? 20);
const ONLY_OP = process.env.FUZZ_OP;
const REPLAY_PATH = process.env.FUZZ_PATH;
/** Each operation's whole budget, shrinking included. */
const OP_TIME_LIMIT_MS = Number(process.env.FUZZ_OP_TIME_LIMIT_MS ?? 60_000);
const DBS: DbKind[] = process.env.FUZZ_DB ? (process.env.FUZZ_DB.split(",") as DbKind[]) : dbKinds();

describe.each(DBS)("fuzzed from the served OpenAPI document (%s)", (db) => {
  let stack: FuzzStack;
  let ops: Operation[] = [];
  let validator: DocValidator;
  let cases: CaseGen;
  const catalog = new Map<string, number[]>();

  beforeAll(async () => {
    stack = await startFuzzStack(db);
    const doc = await call<OpenApiDoc>(stack.app.url, "GET", "/api/v1/openapi.json");
    ops = operationsOf(doc.json).filter((op) => !ONLY_OP || op.operationId === ONLY_OP);
    validator = new DocValidator(doc.json);
    cases = new CaseGen(new SchemaGen(doc.json, { addresses: ADDRESSES }), (path, name) => seededValues(stack.pathValues, path, name));
    const errors = await call<{ errors: { code: string; statuses: number[] }[] }>(stack.app.url, "GET", "/api/v1/svc/errors");
    for (const e of errors.json.errors) catalog.set(e.code, e.statuses);
  }, 180_000);
  afterAll(async () => {
    await stack?.stop();
  });

  it(`every operation, ${RUNS} generated requests each after its fixed ones (seed ${SEED})`, { timeout: 30 * 60_000 }, async () => {
    expect(ops.length, ONLY_OP ? `no operation ${ONLY_OP}` : "operations in the document").toBeGreaterThan(0);
    const failures: string[] = [];
    let sent = 0;
    /** Statuses answered, by operation: printed at the end, so a run shows which operations it reached past validation. */
    const statuses = new Map<string, Map<number, number>>();
    for (const op of ops) {
      const property = fc.asyncProperty(cases.cases(op), async (c: Case) => {
        sent += 1;
        const answer = await send(stack.app.url, op, c);
        if (process.env.FUZZ_TRACE === "1") console.log(`${answer.status} ${describeCase(op, c).slice(0, 300)}\n    → ${answer.text.slice(0, 200)}`);
        const seen = statuses.get(op.operationId) ?? new Map<number, number>();
        seen.set(answer.status, (seen.get(answer.status) ?? 0) + 1);
        statuses.set(op.operationId, seen);
        const problems = checkAnswer(validator, op, answer, expectationOf(validator, op, c), catalog);
        if (problems.length > 0) {
          throw new Error(`${problems.join("; ")}\n    request: ${describeCase(op, c)}\n    answer: ${answer.status} ${answer.text.slice(0, 400)}`);
        }
      });
      const run = await fc.check(property, {
        seed: SEED,
        numRuns: RUNS,
        path: REPLAY_PATH,
        // Kept on a replay too: fast-check counts them in the path it prints.
        examples: cases.fixed(op).map((c) => [c] as [Case]),
        interruptAfterTimeLimit: OP_TIME_LIMIT_MS,
        markInterruptAsFailure: false,
      });
      if (run.failed) {
        const error = run.errorInstance instanceof Error ? run.errorInstance.message : String(run.errorInstance);
        failures.push(
          `${op.operationId} (${op.method} ${op.path}): ${error}\n    replay: FUZZ_SEED=${run.seed} FUZZ_OP=${op.operationId} FUZZ_PATH=${run.counterexamplePath ?? ""} FUZZ_DB=${db} npm run test:fuzz`,
        );
      }
    }
    if (process.env.FUZZ_STATS === "1") {
      const line = (id: string, m: Map<number, number>) => `${id}: ${[...m].sort(([a], [b]) => a - b).map(([k, n]) => `${k}×${n}`).join(" ")}`;
      console.log(`\nfuzz (${db}, seed ${SEED}): ${sent} requests\n${[...statuses].map(([id, m]) => line(id, m)).join("\n")}`);
    }
    if (failures.length > 0) console.error(`\nfuzz failures (${db}, seed ${SEED}):\n${failures.join("\n\n")}`);
    expect(failures).toEqual([]);
    // Each operation's fixed cases and then generated ones were sent (a replay sends its one case).
    if (REPLAY_PATH === undefined) expect(sent).toBeGreaterThan(ops.length);
  });
});
