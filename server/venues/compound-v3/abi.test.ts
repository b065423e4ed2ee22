// COMET_ABI is Comet's own: every entry equals, field by field, its entry in the ABI solc 0.8.15 gives for
// compound-finance/comet d5a30b0aaeff7755f1431e87f818990902237b03 (Comet.sol and CometExt.sol, which Comet's fallback
// delegates to), committed as testing/chains/evm/comet/artifacts.json beside the bytecode the local EVM deploys.
// Every COMET_ERRORS signature (./errors.ts) is a custom error of those two contracts.
import { readFileSync } from "node:fs";
import path from "node:path";
import { type Abi, parseAbi } from "viem";
import { formatAbiItem } from "viem/utils";
import { describe, expect, it } from "vitest";
import { abiDiff } from "../../../testing/chains/evm/abi-diff";
import { COMET_ABI, CONFIGURATOR_ABI } from "./abi";
import { COMET_ERRORS } from "./errors";

const built = JSON.parse(readFileSync(path.join(import.meta.dirname, "../../../testing/chains/evm/comet/artifacts.json"), "utf8")) as {
  source: string;
  artifacts: Record<"Comet" | "CometExt" | "Configurator", { abi: Abi }>;
};
const shipped: Abi = [...built.artifacts.Comet.abi, ...built.artifacts.CometExt.abi];

describe("Compound v3 Comet ABI", () => {
  it("is a verbatim subset of the ABI compiled from the pinned Comet source", () => {
    expect(built.source).toBe("compound-finance/comet d5a30b0aaeff7755f1431e87f818990902237b03");
    expect(abiDiff(COMET_ABI, shipped)).toEqual([]);
  });

  it("the Configurator's getConfiguration is a verbatim subset of the ABI compiled from the pinned Configurator source", () => {
    expect(abiDiff(CONFIGURATOR_ABI, built.artifacts.Configurator.abi)).toEqual([]);
  });

  it("decodes only Comet's and CometExt's own custom errors", () => {
    const sig = (abi: Abi) => abi.filter((e) => e.type === "error").map((e) => formatAbiItem(e, { includeName: true }));
    const shippedErrors = new Set(sig(shipped));
    expect(sig(parseAbi(COMET_ERRORS)).filter((e) => !shippedErrors.has(e))).toEqual([]);
  });
});
