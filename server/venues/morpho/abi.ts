// Morpho vaults (MetaMorpho): the ERC-4626 (eips.ethereum.org/EIPS/eip-4626) entries the service calls, verbatim from
// the interface OpenZeppelin ships in `@openzeppelin/contracts` 5.0.0 (devDependency; MetaMorpho builds on its
// ERC4626): build/contracts/IERC4626.json, `abi` (balanceOf is IERC20's, which IERC4626 extends). ./abi.test.ts proves
// every entry here equal to that package's entry, field by field, and each signature (types, mutability, returns) one
// of the ABI compiled from morpho-org/metamorpho 163eb2ae022629d4c35e598a668a30451af25f44 src/MetaMorpho.sol
// (testing/chains/evm/morpho/artifacts.json, the bytecode the local chain deploys).
export const ERC4626_ABI = [
  { inputs: [{ internalType: "uint256", name: "assets", type: "uint256" }, { internalType: "address", name: "receiver", type: "address" }], name: "deposit", outputs: [{ internalType: "uint256", name: "shares", type: "uint256" }], stateMutability: "nonpayable", type: "function" },
  { inputs: [{ internalType: "uint256", name: "shares", type: "uint256" }, { internalType: "address", name: "receiver", type: "address" }, { internalType: "address", name: "owner", type: "address" }], name: "redeem", outputs: [{ internalType: "uint256", name: "assets", type: "uint256" }], stateMutability: "nonpayable", type: "function" },
  { inputs: [{ internalType: "uint256", name: "assets", type: "uint256" }], name: "previewWithdraw", outputs: [{ internalType: "uint256", name: "shares", type: "uint256" }], stateMutability: "view", type: "function" },
  { inputs: [{ internalType: "address", name: "owner", type: "address" }], name: "maxWithdraw", outputs: [{ internalType: "uint256", name: "maxAssets", type: "uint256" }], stateMutability: "view", type: "function" },
  { inputs: [{ internalType: "address", name: "account", type: "address" }], name: "balanceOf", outputs: [{ internalType: "uint256", name: "", type: "uint256" }], stateMutability: "view", type: "function" },
] as const;
