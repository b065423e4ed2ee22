// Compound v3 Comet: the entries the service calls, verbatim from the ABI solc 0.8.15 gives for the published source
// (compound-finance/comet d5a30b0aaeff7755f1431e87f818990902237b03): supply, withdraw, balanceOf, getUtilization and
// getSupplyRate from contracts/Comet.sol; totalsBasic from contracts/CometExt.sol (Comet's fallback delegates it to
// the extension, so it is called at the Comet's address). That compiled ABI is committed in
// testing/chains/evm/comet/artifacts.json (made by testing/chains/evm/comet/build.ts, the bytecode the local chain
// deploys); ./abi.test.ts proves every entry here equal to its entry there, field by field.
export const COMET_ABI = [
  { inputs: [{ internalType: "address", name: "asset", type: "address" }, { internalType: "uint256", name: "amount", type: "uint256" }], name: "supply", outputs: [], stateMutability: "nonpayable", type: "function" },
  { inputs: [{ internalType: "address", name: "asset", type: "address" }, { internalType: "uint256", name: "amount", type: "uint256" }], name: "withdraw", outputs: [], stateMutability: "nonpayable", type: "function" },
  { inputs: [{ internalType: "address", name: "account", type: "address" }], name: "balanceOf", outputs: [{ internalType: "uint256", name: "", type: "uint256" }], stateMutability: "view", type: "function" },
  { inputs: [], name: "getUtilization", outputs: [{ internalType: "uint256", name: "", type: "uint256" }], stateMutability: "view", type: "function" },
  { inputs: [{ internalType: "uint256", name: "utilization", type: "uint256" }], name: "getSupplyRate", outputs: [{ internalType: "uint64", name: "", type: "uint64" }], stateMutability: "view", type: "function" },
  { inputs: [], name: "totalsBasic", outputs: [{ components: [{ internalType: "uint64", name: "baseSupplyIndex", type: "uint64" }, { internalType: "uint64", name: "baseBorrowIndex", type: "uint64" }, { internalType: "uint64", name: "trackingSupplyIndex", type: "uint64" }, { internalType: "uint64", name: "trackingBorrowIndex", type: "uint64" }, { internalType: "uint104", name: "totalSupplyBase", type: "uint104" }, { internalType: "uint104", name: "totalBorrowBase", type: "uint104" }, { internalType: "uint40", name: "lastAccrualTime", type: "uint40" }, { internalType: "uint8", name: "pauseFlags", type: "uint8" }], internalType: "struct CometStorage.TotalsBasic", name: "", type: "tuple" }], stateMutability: "view", type: "function" },
] as const;
