// docs/security.md's role × route matrix is the registry's and the role table's (issue 26 item 8): a route added, or a
// capability given to another role, without `npm run docs:security` fails here.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { allEndpoints } from "../../server/api";
import { CAPABILITIES } from "../../server/http/roles";
import { MATRIX_END, MATRIX_START, roleMatrix, SECURITY_DOC, withMatrix } from "../../scripts/security-matrix";

describe("the role × route matrix in docs/security.md", () => {
  it("is the one the endpoint registry and the role table give now", () => {
    const doc = readFileSync(SECURITY_DOC, "utf8");
    expect(doc).toContain(MATRIX_START);
    expect(doc, "run `npm run docs:security`").toBe(withMatrix(doc));
  });

  it("has a row per operation, and a keeper-only route shows only the keeper allowed", () => {
    const matrix = roleMatrix();
    const rows = matrix.split("\n").filter((l) => l.startsWith("| GET") || l.startsWith("| POST") || l.startsWith("| PUT") || l.startsWith("| PATCH") || l.startsWith("| DELETE"));
    expect(rows.length).toBe(allEndpoints().length);
    const keeperOnly = allEndpoints().find((d) => d.access === "keeper.ops");
    expect(keeperOnly, "a keeper.ops route exists").toBeDefined();
    const row = rows.find((l) => l.includes(`\`${keeperOnly?.path}\``) && l.startsWith(`| ${keeperOnly?.method} `));
    expect(row?.startsWith(`| ${keeperOnly?.method} | \`${keeperOnly?.path}\` | keeper.ops | 401 | — | — | ✓ | `)).toBe(true);
    expect(CAPABILITIES["keeper.ops"]).toEqual(["keeper"]);
  });

  it("changes when a capability moves to another role (the table is read, not copied)", () => {
    const move = allEndpoints().find((d) => d.access === "wallet.move");
    expect(move).toBeDefined();
    if (!move) return;
    const asRead = { ...move, access: "wallet.read" as const };
    const before = roleMatrix([move]);
    const after = roleMatrix([asRead]);
    expect(before).not.toBe(after);
    expect(before).toContain("| wallet.move | 401 | ✓ | — | — |");
    expect(after).toContain("| wallet.read | 401 | ✓ | ✓ | — |");
    expect(after.includes(MATRIX_END)).toBe(true);
  });
});
