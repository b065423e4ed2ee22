// Hardhat artifacts as the protocols publish them (creation bytecode, ABI, library link references), linked and
// encoded for deployment on the local EVM. Nothing here is compiled or edited: the bytecode is the package's own.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { type Abi, encodeDeployData, type Hex } from "viem";

export interface HardhatArtifact {
  contractName: string;
  abi: Abi;
  bytecode: Hex;
  linkReferences: Record<string, Record<string, { start: number; length: number }[]>>;
}

const require = createRequire(import.meta.url);

/** `@aave/core-v3` (1.19.3, devDependency) artifact by its path under artifacts/contracts, e.g. "protocol/pool/Pool.sol/Pool". */
export function aaveArtifact(path: string): HardhatArtifact {
  return JSON.parse(readFileSync(require.resolve(`@aave/core-v3/artifacts/contracts/${path}.json`), "utf8")) as HardhatArtifact;
}

/** The creation code with every library placeholder replaced by the library's deployed address (by library name). */
export function linked(a: HardhatArtifact, libraries: Record<string, string>): Hex {
  let code = a.bytecode.slice(2);
  for (const libs of Object.values(a.linkReferences)) {
    for (const [name, refs] of Object.entries(libs)) {
      const at = libraries[name];
      if (!at) throw new Error(`${a.contractName} links ${name}, which was not given`);
      for (const { start, length } of refs) {
        code = code.slice(0, start * 2) + at.slice(2).toLowerCase().padStart(length * 2, "0") + code.slice((start + length) * 2);
      }
    }
  }
  if (code.includes("__$")) throw new Error(`${a.contractName}: an unlinked library placeholder remains`);
  return `0x${code}`;
}

/** Creation code plus ABI-encoded constructor arguments. */
export function initcode(a: HardhatArtifact, args: readonly unknown[] = [], libraries: Record<string, string> = {}): Hex {
  return encodeDeployData({ abi: a.abi, bytecode: linked(a, libraries), args } as Parameters<typeof encodeDeployData>[0]);
}
