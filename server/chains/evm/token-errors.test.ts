// TOKEN_ERRORS are OpenZeppelin's own: exactly the custom errors of IERC20Errors (draft-IERC6093.sol) in the artifact
// `@openzeppelin/contracts` 5.0.0 ships (build/contracts/IERC20Errors.json).
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { type Abi, parseAbi } from "viem";
import { formatAbiItem } from "viem/utils";
import { describe, expect, it } from "vitest";
import { TOKEN_ERRORS } from "./simulate";

const require = createRequire(import.meta.url);

describe("ERC-20 token errors", () => {
  it("are @openzeppelin/contracts 5.0.0's IERC20Errors", () => {
    expect((JSON.parse(readFileSync(require.resolve("@openzeppelin/contracts/package.json"), "utf8")) as { version: string }).version).toBe("5.0.0");
    const shipped = (JSON.parse(readFileSync(require.resolve("@openzeppelin/contracts/build/contracts/IERC20Errors.json"), "utf8")) as { abi: Abi }).abi;
    const sig = (abi: Abi) => abi.filter((e) => e.type === "error").map((e) => formatAbiItem(e, { includeName: true })).sort();
    expect(sig(parseAbi(TOKEN_ERRORS))).toEqual(sig(shipped));
  });
});
