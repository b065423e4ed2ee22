// ERC4626_ABI is ERC-4626's own: every entry equals, field by field, its entry in the IERC4626 ABI
// `@openzeppelin/contracts` 5.0.0 ships (build/contracts/IERC4626.json), and each signature (types, mutability, returns)
// is one of the vault the local EVM deploys (morpho-org/metamorpho 163eb2ae… compiled: testing/chains/evm/morpho/artifacts.json).
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import type { Abi } from "viem";
import { describe, expect, it } from "vitest";
import { abiDiff, signatureDiff } from "../../../testing/chains/evm/abi-diff";
import { ERC4626_ABI, METAMORPHO_FACTORY_ABI } from "./abi";

const require = createRequire(import.meta.url);
const read = <T>(file: string) => JSON.parse(readFileSync(file, "utf8")) as T;

const compiled = () =>
  read<{ sources: { MetaMorpho: string }; artifacts: { MetaMorpho: { abi: Abi }; MetaMorphoFactory: { abi: Abi } } }>(
    path.join(import.meta.dirname, "../../../testing/chains/evm/morpho/artifacts.json"),
  );

describe("Morpho vault (MetaMorpho, ERC-4626) ABI", () => {
  it("is a verbatim subset of @openzeppelin/contracts 5.0.0's IERC4626", () => {
    const oz = read<{ version: string }>(require.resolve("@openzeppelin/contracts/package.json"));
    expect(oz.version).toBe("5.0.0");
    const ierc4626 = read<{ contractName: string; abi: Abi }>(require.resolve("@openzeppelin/contracts/build/contracts/IERC4626.json"));
    expect(ierc4626.contractName).toBe("IERC4626");
    expect(abiDiff(ERC4626_ABI, ierc4626.abi)).toEqual([]);
  });

  it("has MetaMorpho's signatures, as compiled from the pinned source", () => {
    const built = compiled();
    expect(built.sources.MetaMorpho).toMatch(/^morpho-org\/metamorpho 163eb2ae022629d4c35e598a668a30451af25f44 /);
    expect(signatureDiff(ERC4626_ABI, built.artifacts.MetaMorpho.abi)).toEqual([]);
  });

  it("the factory's isMetaMorpho is a verbatim subset of MetaMorphoFactory's ABI, as compiled from the pinned source", () => {
    expect(abiDiff(METAMORPHO_FACTORY_ABI, compiled().artifacts.MetaMorphoFactory.abi)).toEqual([]);
  });
});
