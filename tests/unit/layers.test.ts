// Layers point one way (docs/architecture.md "Layers"): reads the import graph of server/ and testing/ from the
// sources (TypeScript's own pre-processor, so `import type`, `export … from` and `import()` all count) and fails on
// an import circle, on server/chains reaching up into the venue/plan/rail/quote code, on server/http or
// server/openapi reaching into a domain, on the protocol layer (venues, rails, quotes, fees) reaching up into a
// product domain, and on service code importing the test harness.
import { existsSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { sourceFiles } from "../support/source-files";

const root = path.resolve(import.meta.dirname, "..", "..");
// tests/support too: a circle that runs testing/ → tests/support → testing/ is still a circle in testing/.
const SCANNED = ["server", "testing", "tests/support"];

/** The repository-relative file a specifier names, or null for a package. */
function resolve(from: string, spec: string): string | null {
  let base: string;
  if (spec.startsWith("@/")) base = path.join(root, spec.slice(2));
  else if (spec.startsWith(".")) base = path.resolve(path.dirname(from), spec);
  else return null;
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, "index.ts"), path.join(base, "index.tsx")]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return path.relative(root, candidate);
  }
  if (/\.(json|css)$/.test(spec)) return null;
  throw new Error(`${path.relative(root, from)}: cannot resolve "${spec}"`);
}

/** file → the files it imports (repository-relative, forward slashes). */
function importGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const dir of SCANNED) {
    for (const file of sourceFiles(path.join(root, dir))) {
      const { importedFiles } = ts.preProcessFile(readFileSync(file, "utf8"), true, true);
      const targets = importedFiles.map((f) => resolve(file, f.fileName)).filter((t): t is string => t !== null);
      graph.set(path.relative(root, file), [...new Set(targets)]);
    }
  }
  return graph;
}

/** Every strongly connected component with more than one file (or a file importing itself), each as a circle. */
function circles(graph: Map<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  let next = 0;
  const visit = (v: string): void => {
    index.set(v, next);
    low.set(v, next);
    next += 1;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!graph.has(w)) continue; // outside server/ and testing/
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v) ?? 0, low.get(w) ?? 0));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v) ?? 0, index.get(w) ?? 0));
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string | undefined;
      do {
        w = stack.pop();
        if (w === undefined) break;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1 || (graph.get(v) ?? []).includes(v)) found.push(component.sort());
    }
  };
  for (const v of [...graph.keys()].sort()) if (!index.has(v)) visit(v);
  return found;
}

const under = (file: string, dir: string) => file === `${dir}.ts` || file.startsWith(`${dir}/`);

/** The layers below the HTTP plumbing: what server/http and server/openapi may import besides each other. */
const BELOW_HTTP = ["server/db", "server/chains", "server/money", "server/config", "server/ids", "server/log", "server/metrics"];
// The one exception: the request handler starts the service on the first request (server/boot.ts, then jobs).
const HTTP_EXCEPTIONS = ["server/boot.ts"];

/** The protocol layer: one module per venue, rail, quote provider, and the fee policy they apply. */
const PROTOCOL_LAYER = ["server/venues", "server/rails", "server/quotes", "server/fees"];
/** The product domains above it: what the endpoints serve. */
const PRODUCT_DOMAINS = ["server/plans", "server/execute", "server/ledger", "server/autopilot", "server/characters", "server/catalog", "server/svc", "server/webhooks", "server/ops", "server/jobs", "server/api"];
/** Test code kept beside what it tests: a venue's oracle test and its SDK fixture. */
const isTestCode = (file: string) => /\.(test|fixture)\.tsx?$/.test(file);

describe("import layers of server/ and testing/", () => {
  const graph = importGraph();
  const edges = [...graph].flatMap(([from, tos]) => tos.map((to) => ({ from, to })));

  it("reads a real graph", () => {
    expect(graph.size).toBeGreaterThan(100);
    expect(graph.get("server/http/handler.ts")).toContain("server/http/errors.ts");
  });

  it("has no import circle", () => {
    const named = circles(graph).map((c) => c.join(" ↔ "));
    expect(named).toEqual([]);
  });

  it("server/chains imports nothing from venues, plans, rails or quotes", () => {
    const upward = edges.filter(
      (e) => under(e.from, "server/chains") && ["server/venues", "server/plans", "server/rails", "server/quotes"].some((d) => under(e.to, d)),
    );
    expect(upward.map((e) => `${e.from} → ${e.to}`)).toEqual([]);
  });

  it("the protocol layer (venues, rails, quotes, fees) imports no product domain", () => {
    const upward = edges.filter((e) => !isTestCode(e.from) && PROTOCOL_LAYER.some((d) => under(e.from, d)) && PRODUCT_DOMAINS.some((d) => under(e.to, d)));
    expect(upward.map((e) => `${e.from} → ${e.to}`)).toEqual([]);
  });

  it("service code imports nothing of the test harness (testing/, tests/)", () => {
    const harness = edges.filter((e) => e.from.startsWith("server/") && !isTestCode(e.from) && (e.to.startsWith("testing/") || e.to.startsWith("tests/")));
    expect(harness.map((e) => `${e.from} → ${e.to}`)).toEqual([]);
  });

  it("server/http and server/openapi import no domain (the endpoint registry sits above them in server/api.ts)", () => {
    const upward = edges.filter(
      (e) =>
        (under(e.from, "server/http") || under(e.from, "server/openapi")) &&
        e.to.startsWith("server/") &&
        ![...BELOW_HTTP, "server/http", "server/openapi"].some((d) => under(e.to, d)) &&
        !HTTP_EXCEPTIONS.includes(e.to),
    );
    expect(upward.map((e) => `${e.from} → ${e.to}`)).toEqual([]);
  });
});
