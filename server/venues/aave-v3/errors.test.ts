// AAVE_V3_ERRORS is Aave's own list: every `error` declaration of the Errors library, in order and as declared, read
// from the published source kept verbatim as a fixture (tests/fixtures/aave/Errors.sol: aave-dao/aave-v3-origin
// fd1fbd9150426ca8ace9cee45b4acf912ae84f5b src/contracts/protocol/libraries/helpers/Errors.sol). No package ships it:
// @aave/core-v3's artifacts are the older numeric-string errors and @bgd-labs/aave-address-book's IPool ABI has no errors.
import { readFileSync } from "node:fs";
import path from "node:path";
import { toFunctionSelector } from "viem";
import { describe, expect, it } from "vitest";
import { AAVE_V3_ERRORS } from "./errors";

const source = readFileSync(path.join(import.meta.dirname, "..", "..", "..", "tests", "fixtures", "aave", "Errors.sol"), "utf8");

describe("Aave v3 errors", () => {
  it("are the Errors library's declarations, in order", () => {
    const declared = [...source.matchAll(/^\s*(error \w+\([^)]*\));/gm)].map((m) => m[1]);
    expect(declared.length).toBeGreaterThan(80);
    expect(AAVE_V3_ERRORS).toEqual(declared);
  });

  it("have distinct selectors (a revert decodes to one name)", () => {
    const selectors = AAVE_V3_ERRORS.map((e) => toFunctionSelector(e.replace(/^error /, "function ")));
    expect(new Set(selectors).size).toBe(AAVE_V3_ERRORS.length);
  });
});
