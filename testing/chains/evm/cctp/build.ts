// Compiles Circle's CCTP EVM contracts from their published source with solc-js at the version and settings Circle
// pins, and writes the ABI and creation bytecode of what the local EVM deploys (./deploy.ts) to artifacts.json beside
// this file; the tests load the committed output instead of compiling each run.
//
// Sources, each read with `git show <commit>:<path>` (no work tree needed):
//  - circlefin/evm-cctp-contracts @ 4061786a5726bc05f99fcdb53b0985599f0dbaf7: src/ (pragma solidity 0.7.6);
//    foundry.toml: optimizer_runs = 100000; remappings.txt: `@memview-sol/=lib/memview-sol`,
//    `@openzeppelin/=lib/openzeppelin-contracts`;
//  - its submodules at the commits that tree pins (`git ls-tree 4061786a lib`): OpenZeppelin/openzeppelin-contracts
//    @ 8e0296096449d9b1cd7c5631e917330635244c37 and summa-tx/memview-sol @ 79a08cb25aac047d81c67c5422c9b55abfac8635.
//
//   npx tsx testing/chains/evm/cctp/build.ts <evm-cctp-contracts git dir> <openzeppelin-contracts git dir> <memview-sol git dir>
//
// (the `fetch` tool's mirrors: /work/.mirror/circlefin+evm-cctp-contracts/repo, …/OpenZeppelin+openzeppelin-contracts/repo,
// …/summa-tx+memview-sol/repo). The compiler is the `solc-0.7.6` devDependency (npm alias of solc@0.7.6).
import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { contractOf, type Solc, solcCompile } from "../solc";

const CCTP_COMMIT = "4061786a5726bc05f99fcdb53b0985599f0dbaf7";
const OZ_COMMIT = "8e0296096449d9b1cd7c5631e917330635244c37";
const MEMVIEW_COMMIT = "79a08cb25aac047d81c67c5422c9b55abfac8635";

/** What the local EVM deploys: V1 (constructed in place), V2 (implementations behind Circle's AdminUpgradableProxy). */
export const CCTP_CONTRACTS = {
  MessageTransmitter: "src/MessageTransmitter.sol",
  TokenMessenger: "src/TokenMessenger.sol",
  TokenMinter: "src/TokenMinter.sol",
  MessageTransmitterV2: "src/v2/MessageTransmitterV2.sol",
  TokenMessengerV2: "src/v2/TokenMessengerV2.sol",
  TokenMinterV2: "src/v2/TokenMinterV2.sol",
  AdminUpgradableProxy: "src/proxy/AdminUpgradableProxy.sol",
  // The library V1's transmitter and messenger link (its `addressToBytes32` / `bytes32ToAddress` are public).
  Message: "src/messages/Message.sol",
  // Circle's own mint-and-burn token of its tests (the TokenMinters' `burn(uint256)`), so the real messengers burn
  // here as they do on chain: the local USDC where a test burns through Circle's contracts (./deploy.ts deployBurnableUsdc).
  MockMintBurnToken: "test/mocks/MockMintBurnToken.sol",
} as const;

const [cctpDir, ozDir, memviewDir] = process.argv.slice(2);
if (!cctpDir || !ozDir || !memviewDir) throw new Error("usage: build.ts <evm-cctp-contracts git dir> <openzeppelin-contracts git dir> <memview-sol git dir>");
const show = (dir: string, commit: string, p: string) => execFileSync("git", ["-C", dir, "show", `${commit}:${p}`], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] });
// remappings.txt at CCTP_COMMIT (given to solc as `remappings`, so both spellings name one source unit); each
// submodule's files read from its pinned commit.
const REMAPPINGS = ["@openzeppelin/=lib/openzeppelin-contracts/", "@memview-sol/=lib/memview-sol/"];
const read = (p: string): string => {
  if (p.startsWith("lib/openzeppelin-contracts/")) return show(ozDir, OZ_COMMIT, p.slice("lib/openzeppelin-contracts/".length));
  if (p.startsWith("lib/memview-sol/")) return show(memviewDir, MEMVIEW_COMMIT, p.slice("lib/memview-sol/".length));
  return show(cctpDir, CCTP_COMMIT, p);
};

const require = createRequire(import.meta.url);
const solc = require("solc-0.7.6") as Solc;
if (!solc.version().startsWith("0.7.6+")) throw new Error(`solc ${solc.version()} is not the pinned 0.7.6`);
const input = {
  language: "Solidity",
  sources: Object.fromEntries(Object.values(CCTP_CONTRACTS).map((p) => [p, { content: read(p) }])),
  // foundry.toml at CCTP_COMMIT: optimizer_runs = 100000 (the optimizer on, as Circle's deployments are built).
  settings: { remappings: REMAPPINGS, optimizer: { enabled: true, runs: 100000 }, outputSelection: { "*": { "*": ["abi", "evm.bytecode.object", "evm.bytecode.linkReferences"] } } },
};
const out = solcCompile(solc, input, read);
const artifacts = Object.fromEntries(
  Object.entries(CCTP_CONTRACTS).map(([name, file]) => {
    const c = contractOf(out, file, name);
    return [name, { contractName: name, abi: c.abi, bytecode: `0x${c.evm.bytecode.object}`, linkReferences: c.evm.bytecode.linkReferences }];
  }),
);
writeFileSync(
  path.join(import.meta.dirname, "artifacts.json"),
  `${JSON.stringify({
    source: `circlefin/evm-cctp-contracts ${CCTP_COMMIT} (OpenZeppelin/openzeppelin-contracts ${OZ_COMMIT}, summa-tx/memview-sol ${MEMVIEW_COMMIT})`,
    compiler: solc.version(),
    settings: input.settings,
    artifacts,
  })}\n`,
);
console.log(`wrote artifacts.json (${Object.keys(artifacts).join(", ")}) with solc ${solc.version()}`);
