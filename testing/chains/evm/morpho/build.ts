// Compiles Morpho Blue and MetaMorpho (Morpho's USDC vaults are MetaMorpho instances) from their published sources with
// solc-js at the compiler version and settings each project pins, and writes the ABI and creation bytecode of what the
// tests deploy to artifacts.json beside this file. MetaMorpho via IR takes minutes on one core, so the tests load the
// committed output instead of compiling each run.
//
//   npx tsx testing/chains/evm/morpho/build.ts <metamorpho git dir> <morpho-blue git dir>
//
// Sources:
// - Morpho Blue: `@morpho-org/morpho-blue` 1.0.0 on npm (src/Morpho.sol, identical to morpho-org/morpho-blue
//   e701e7ea524633682f81e355bec0d7c88fe02f65, the commit MetaMorpho pins as lib/morpho-blue); settings from that
//   commit's foundry.toml: solc 0.8.19 (the file's pragma), via_ir, optimizer_runs 999999, evm_version paris,
//   bytecode_hash none.
// - MetaMorpho: morpho-org/metamorpho 163eb2ae022629d4c35e598a668a30451af25f44 src/MetaMorpho.sol, the factory that
//   creates and indexes the vaults (src/MetaMorphoFactory.sol: `isMetaMorpho`) and its mocks (IrmMock, OracleMock,
//   ERC20Mock) read with `git show`; its lib/morpho-blue imports from the morpho-blue git dir at
//   the pinned e701e7ea…; its lib/openzeppelin-contracts imports from `@openzeppelin/contracts` 5.0.0 on npm (the
//   submodule pins OpenZeppelin commit c64a1edb67b6e3f4a15cca8909c9482ad33a02b0; the npm release stands in for it).
//   Settings from its foundry.toml: solc 0.8.21 (MetaMorpho.sol's pragma), via-ir, optimizer_runs 200, evm_version
//   paris, bytecode_hash none.
import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import solc19 from "solc-0.8.19";
import solc21 from "solc-0.8.21";
import { type Solc, type SolcOut, solcCompile } from "../solc";

const METAMORPHO_COMMIT = "163eb2ae022629d4c35e598a668a30451af25f44";
const MORPHO_BLUE_COMMIT = "e701e7ea524633682f81e355bec0d7c88fe02f65";

const [metaMorphoGit, morphoBlueGit] = process.argv.slice(2);
if (!metaMorphoGit || !morphoBlueGit) throw new Error("usage: build.ts <metamorpho git dir> <morpho-blue git dir>");
const require = createRequire(import.meta.url);
const blueRoot = path.dirname(require.resolve("@morpho-org/morpho-blue/package.json"));
const ozRoot = path.dirname(require.resolve("@openzeppelin/contracts/package.json"));
const ozVersion = JSON.parse(readFileSync(path.join(ozRoot, "package.json"), "utf8")).version;
if (ozVersion !== "5.0.0") throw new Error(`@openzeppelin/contracts ${ozVersion} is not 5.0.0`);

const gitShow = (dir: string, commit: string, p: string) =>
  execFileSync("git", ["-C", dir, "show", `${commit}:${p}`], { encoding: "utf8" });


function compile(solc: Solc, want: string, sources: Record<string, string>, settings: object, read: (p: string) => string): SolcOut {
  if (!solc.version().startsWith(`${want}+`)) throw new Error(`solc ${solc.version()} is not the pinned ${want}`);
  const input = {
    language: "Solidity",
    sources: Object.fromEntries(Object.entries(sources).map(([p, content]) => [p, { content }])),
    settings: { ...settings, outputSelection: { "*": { "*": ["abi", "evm.bytecode.object"] } } },
  };
  return solcCompile(solc, input, read);
}

const BLUE_SETTINGS = { viaIR: true, optimizer: { enabled: true, runs: 999999 }, evmVersion: "paris", metadata: { bytecodeHash: "none" } };
const blue = compile(
  solc19,
  "0.8.19",
  { "src/Morpho.sol": readFileSync(path.join(blueRoot, "src/Morpho.sol"), "utf8") },
  BLUE_SETTINGS,
  (p) => readFileSync(path.join(blueRoot, p), "utf8"),
);

const MM_SETTINGS = { viaIR: true, optimizer: { enabled: true, runs: 200 }, evmVersion: "paris", metadata: { bytecodeHash: "none" } };
const MM_FILES = { MetaMorpho: "src/MetaMorpho.sol", MetaMorphoFactory: "src/MetaMorphoFactory.sol", IrmMock: "src/mocks/IrmMock.sol", OracleMock: "src/mocks/OracleMock.sol", ERC20Mock: "src/mocks/ERC20Mock.sol" } as const;
const readMm = (p: string) => {
  const q = path.posix.normalize(p);
  if (q.startsWith("lib/morpho-blue/")) return gitShow(morphoBlueGit, MORPHO_BLUE_COMMIT, q.slice("lib/morpho-blue/".length));
  if (q.startsWith("lib/openzeppelin-contracts/contracts/")) return readFileSync(path.join(ozRoot, q.slice("lib/openzeppelin-contracts/contracts/".length)), "utf8");
  return gitShow(metaMorphoGit, METAMORPHO_COMMIT, q);
};
const mm = compile(solc21, "0.8.21", Object.fromEntries(Object.values(MM_FILES).map((p) => [p, readMm(p)])), MM_SETTINGS, readMm);

const pick = (out: SolcOut, file: string, name: string) => {
  const c = out.contracts[file]?.[name];
  if (!c) throw new Error(`${name} not in ${file}`);
  return { abi: c.abi, bytecode: `0x${c.evm.bytecode.object}` };
};
const artifacts = {
  Morpho: pick(blue, "src/Morpho.sol", "Morpho"),
  ...Object.fromEntries(Object.entries(MM_FILES).map(([name, file]) => [name, pick(mm, file, name)])),
};
writeFileSync(
  path.join(import.meta.dirname, "artifacts.json"),
  `${JSON.stringify({
    sources: {
      Morpho: `@morpho-org/morpho-blue 1.0.0 (= morpho-org/morpho-blue ${MORPHO_BLUE_COMMIT})`,
      MetaMorpho: `morpho-org/metamorpho ${METAMORPHO_COMMIT} with morpho-blue ${MORPHO_BLUE_COMMIT} and @openzeppelin/contracts ${ozVersion}`,
    },
    compilers: { Morpho: solc19.version(), MetaMorpho: solc21.version() },
    settings: { Morpho: BLUE_SETTINGS, MetaMorpho: MM_SETTINGS },
    artifacts,
  })}\n`,
);
console.log(`wrote artifacts.json (${Object.keys(artifacts).join(", ")})`);
