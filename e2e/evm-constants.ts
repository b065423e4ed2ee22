// The e2e EVM test account (Anvil's and Hardhat's first default account: a published test key, worthless anywhere but a
// local chain). Its address is the dashboard's test connector account (components/wallet/wagmi-config.ts TEST_EVM_ACCOUNT).
export const E2E_EVM_KEY = "0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80" as const;
export const E2E_EVM_ACCOUNT = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266" as const;
/** USDC (6 decimals) the test account holds on the local Arbitrum at start: 1,000 USDC. */
export const E2E_EVM_START_USDC = 1_000_000_000n;
/** The chain RPC's path that passes through to the local Arbitrum node. */
export const EVM_B_PATH = "/evm-b";
