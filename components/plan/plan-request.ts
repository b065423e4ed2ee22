// What makes a plan signable on screen: the exact request it was built from equals the request the inputs on screen
// describe now (issue 22 item 1). No React here, so the rule is testable as a unit (tests/unit/plan-request.test.ts).

/** A plan request as a form sends it: the endpoint and its JSON body (amounts as integer strings, never numbers). */
export interface PlanRequest {
  path: string;
  body: Readonly<Record<string, unknown>>;
}

/** Deep equality of two JSON-shaped values; a key whose value is undefined counts as absent (JSON drops it too). */
export function sameJson(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    return a.every((v, i) => sameJson(v, b[i]));
  }
  const ra = a as Record<string, unknown>;
  const rb = b as Record<string, unknown>;
  const keys = (r: Record<string, unknown>) => Object.keys(r).filter((k) => r[k] !== undefined);
  const ka = keys(ra);
  if (ka.length !== keys(rb).length) return false;
  return ka.every((k) => Object.hasOwn(rb, k) && sameJson(ra[k], rb[k]));
}

/** Whether a plan built from `built` may be offered for signing while the inputs describe `onScreen`. */
export function sameRequest(built: PlanRequest | undefined, onScreen: PlanRequest | null): boolean {
  return built !== undefined && onScreen !== null && built.path === onScreen.path && sameJson(built.body, onScreen.body);
}
