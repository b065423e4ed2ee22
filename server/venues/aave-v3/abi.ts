// Aave v3 Pool: the entries the service calls, verbatim from the artifact Aave publishes in `@aave/core-v3` 1.19.3
// (devDependency): artifacts/contracts/protocol/pool/Pool.sol/Pool.json, `abi`. Kept here `as const` (viem types the
// calls from it; the artifact's JSON would import untyped and bring the Pool's bytecode into the server bundle), and
// proven equal to the artifact's entries, field by field, by ./abi.test.ts: an entry that differs fails the test.
export const AAVE_POOL_ABI = [
  { inputs: [{ internalType: "address", name: "asset", type: "address" }, { internalType: "uint256", name: "amount", type: "uint256" }, { internalType: "address", name: "onBehalfOf", type: "address" }, { internalType: "uint16", name: "referralCode", type: "uint16" }], name: "supply", outputs: [], stateMutability: "nonpayable", type: "function" },
  { inputs: [{ internalType: "address", name: "asset", type: "address" }, { internalType: "uint256", name: "amount", type: "uint256" }, { internalType: "address", name: "to", type: "address" }], name: "withdraw", outputs: [{ internalType: "uint256", name: "", type: "uint256" }], stateMutability: "nonpayable", type: "function" },
  { inputs: [{ internalType: "address", name: "asset", type: "address" }], name: "getReserveNormalizedIncome", outputs: [{ internalType: "uint256", name: "", type: "uint256" }], stateMutability: "view", type: "function" },
] as const;
