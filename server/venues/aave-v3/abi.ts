// Aave v3 Pool: the entries the service calls, verbatim from the artifact Aave publishes in `@aave/core-v3` 1.19.3
// (devDependency): artifacts/contracts/protocol/pool/Pool.sol/Pool.json, `abi`. Kept here `as const` (viem types the
// calls from it; the artifact's JSON would import untyped and bring the Pool's bytecode into the server bundle), and
// proven equal to the artifact's entries, field by field, by ./abi.test.ts: an entry that differs fails the test.
export const AAVE_POOL_ABI = [
  { inputs: [{ internalType: "address", name: "asset", type: "address" }, { internalType: "uint256", name: "amount", type: "uint256" }, { internalType: "address", name: "onBehalfOf", type: "address" }, { internalType: "uint16", name: "referralCode", type: "uint16" }], name: "supply", outputs: [], stateMutability: "nonpayable", type: "function" },
  { inputs: [{ internalType: "address", name: "asset", type: "address" }, { internalType: "uint256", name: "amount", type: "uint256" }, { internalType: "address", name: "to", type: "address" }], name: "withdraw", outputs: [{ internalType: "uint256", name: "", type: "uint256" }], stateMutability: "nonpayable", type: "function" },
  { inputs: [{ internalType: "address", name: "asset", type: "address" }], name: "getReserveNormalizedIncome", outputs: [{ internalType: "uint256", name: "", type: "uint256" }], stateMutability: "view", type: "function" },
  // getReserveData(asset): the reserve's aTokenAddress proves the cited aToken is the Pool's own for USDC.
  { inputs: [{ internalType: "address", name: "asset", type: "address" }], name: "getReserveData", outputs: [{ components: [{ components: [{ internalType: "uint256", name: "data", type: "uint256" }], internalType: "struct DataTypes.ReserveConfigurationMap", name: "configuration", type: "tuple" }, { internalType: "uint128", name: "liquidityIndex", type: "uint128" }, { internalType: "uint128", name: "currentLiquidityRate", type: "uint128" }, { internalType: "uint128", name: "variableBorrowIndex", type: "uint128" }, { internalType: "uint128", name: "currentVariableBorrowRate", type: "uint128" }, { internalType: "uint128", name: "currentStableBorrowRate", type: "uint128" }, { internalType: "uint40", name: "lastUpdateTimestamp", type: "uint40" }, { internalType: "uint16", name: "id", type: "uint16" }, { internalType: "address", name: "aTokenAddress", type: "address" }, { internalType: "address", name: "stableDebtTokenAddress", type: "address" }, { internalType: "address", name: "variableDebtTokenAddress", type: "address" }, { internalType: "address", name: "interestRateStrategyAddress", type: "address" }, { internalType: "uint128", name: "accruedToTreasury", type: "uint128" }, { internalType: "uint128", name: "unbacked", type: "uint128" }, { internalType: "uint128", name: "isolationModeTotalDebt", type: "uint128" }], internalType: "struct DataTypes.ReserveData", name: "", type: "tuple" }], stateMutability: "view", type: "function" },
] as const;

// PoolAddressesProvider.getPool(): verbatim from `@aave/core-v3` 1.19.3
// artifacts/contracts/protocol/configuration/PoolAddressesProvider.sol/PoolAddressesProvider.json, `abi` (./abi.test.ts
// proves it). The provider is the market's root: the Pool it names is the market's Pool.
export const AAVE_POOL_ADDRESSES_PROVIDER_ABI = [
  { inputs: [], name: "getPool", outputs: [{ internalType: "address", name: "", type: "address" }], stateMutability: "view", type: "function" },
] as const;
