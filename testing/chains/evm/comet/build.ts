// Compiles Compound v3's Comet from its published source with solc-js at the version and settings the project pins
// (compound-finance/comet hardhat.config.ts: solc 0.8.15, viaIR, optimizer runs 1 with its yulDetails optimizerSteps),
// and writes the ABI and creation bytecode of what the tests deploy to artifacts.json beside this file. About 100 s on
// one core, so the tests load the committed output instead of compiling each run.
//
//   npx tsx testing/chains/evm/comet/build.ts <comet git dir> [commit]
//
// The git dir is a clone (or the `fetch` tool's mirror, …/compound-finance+comet/repo); sources are read with
// `git show <commit>:<path>`, so no work tree is needed.
import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import path from "node:path";
import solc from "solc";
import { contractOf, solcCompile } from "../solc";

const COMMIT = "d5a30b0aaeff7755f1431e87f818990902237b03";
const CONTRACTS = {
  Comet: "contracts/Comet.sol",
  CometExt: "contracts/CometExt.sol",
  SimplePriceFeed: "contracts/test/SimplePriceFeed.sol",
  FaucetToken: "contracts/test/FaucetToken.sol",
  Configurator: "contracts/Configurator.sol",
  ConfiguratorProxy: "contracts/ConfiguratorProxy.sol",
} as const;
// compound-finance/comet hardhat.config.ts (at COMMIT): solidity.settings.
const OPTIMIZER_STEPS = "dhfoDgvulfnTUtnIf [xa[r]scLM cCTUtTOntnfDIul Lcul Vcul [j] Tpeul xa[rul] xa[r]cL gvif CTUca[r]LsTOtfDnca[r]Iulc] jmul[jul] VcTOcul jmul";

const [gitDir, commit = COMMIT] = process.argv.slice(2);
if (!gitDir) throw new Error("usage: build.ts <comet git dir> [commit]");
const show = (p: string) => execFileSync("git", ["-C", gitDir, "show", `${commit}:${p}`], { encoding: "utf8" });

if (!solc.version().startsWith("0.8.15+")) throw new Error(`solc ${solc.version()} is not the pinned 0.8.15`);
const input = {
  language: "Solidity",
  sources: Object.fromEntries(Object.values(CONTRACTS).map((p) => [p, { content: show(p) }])),
  settings: {
    viaIR: true,
    optimizer: { enabled: true, runs: 1, details: { yulDetails: { optimizerSteps: OPTIMIZER_STEPS } } },
    outputSelection: { "*": { "*": ["abi", "evm.bytecode.object"] } },
  },
};
const out = solcCompile(solc, input, show);
const artifacts = Object.fromEntries(
  Object.entries(CONTRACTS).map(([name, file]) => {
    const c = contractOf(out, file, name);
    return [name, { abi: c.abi, bytecode: `0x${c.evm.bytecode.object}` }];
  }),
);
writeFileSync(
  path.join(import.meta.dirname, "artifacts.json"),
  `${JSON.stringify({ source: `compound-finance/comet ${commit}`, compiler: solc.version(), settings: input.settings, artifacts })}\n`,
);
console.log(`wrote artifacts.json (${Object.keys(artifacts).join(", ")}) with solc ${solc.version()}`);
