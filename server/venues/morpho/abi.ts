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
  { inputs: [{ internalType: "uint256", name: "shares", type: "uint256" }], name: "previewRedeem", outputs: [{ internalType: "uint256", name: "assets", type: "uint256" }], stateMutability: "view", type: "function" },
  { inputs: [{ internalType: "address", name: "owner", type: "address" }], name: "maxWithdraw", outputs: [{ internalType: "uint256", name: "maxAssets", type: "uint256" }], stateMutability: "view", type: "function" },
  { inputs: [], name: "asset", outputs: [{ internalType: "address", name: "assetTokenAddress", type: "address" }], stateMutability: "view", type: "function" },
  { inputs: [{ internalType: "address", name: "account", type: "address" }], name: "balanceOf", outputs: [{ internalType: "uint256", name: "", type: "uint256" }], stateMutability: "view", type: "function" },
] as const;

// The MetaMorpho factory's index of the vaults it created: `isMetaMorpho(address)` (the public mapping's getter),
// verbatim from the ABI compiled from morpho-org/metamorpho 163eb2ae022629d4c35e598a668a30451af25f44
// src/MetaMorphoFactory.sol (testing/chains/evm/morpho/artifacts.json; ./abi.test.ts proves it). MetaMorphoV1_1Factory
// (morpho-org/metamorpho-v1.1 0b3d2f451d6ae3da94a3a08f574f6553024b8944 src/MetaMorphoV1_1Factory.sol) declares the
// same `mapping(address => bool) public isMetaMorpho`.
export const METAMORPHO_FACTORY_ABI = [
  { inputs: [{ internalType: "address", name: "", type: "address" }], name: "isMetaMorpho", outputs: [{ internalType: "bool", name: "", type: "bool" }], stateMutability: "view", type: "function" },
] as const;
