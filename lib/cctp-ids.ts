// Circle CCTP's contracts, programs, packages and shared objects on the four chains. Client-safe (no server imports): the
// recipient check (lib/destination.ts) refuses every one of them as a destination in the dashboard as on the server,
// and the server's rail modules (server/rails/cctp*/) re-export them.
import type { ChainId } from "./api-types";

/** CCTP V1 TokenMessenger on Base and Arbitrum (provider-cctp-v2 1.14.0 `cctp.contracts.v1.tokenMessenger`). */
export const TOKEN_MESSENGER: Partial<Record<ChainId, string>> = {
  "evm-a": "0x1682Ae6375C4E4A97e4B583BC394c861A46D8962",
  "evm-b": "0x19330d10D9Cc8751218eaf51E8885D058642E08A",
};

/** CCTP V1 MessageTransmitter on Base and Arbitrum (@circle-fin/provider-cctp-v2 1.14.0 `cctp.contracts.v1.messageTransmitter`). */
export const MESSAGE_TRANSMITTER: Partial<Record<ChainId, string>> = {
  "evm-a": "0xAD09780d193884d503182aD4588450C416D6F9D4",
  "evm-b": "0xC30362313FBBA5cf9163F0bb16a0e01f01A896ca",
};

/**
 * TokenMessengerV2 and MessageTransmitterV2, one address on every EVM chain: provider-cctp-v2 1.14.0 (Base and
 * Arbitrum `cctp.contracts.v2.tokenMessenger` / `.messageTransmitter`), and evm-cctp-contracts @ 4061786a
 * test/v2.1/TokenMessengerV2_1.t.sol (TOKEN_MESSENGER_V2_PROXY_ADDRESS, MESSAGE_TRANSMITTER_V2_PROXY_ADDRESS).
 */
// source: @circle-fin/provider-cctp-v2 1.14.0 and evm-cctp-contracts commit 4061786a (above).
export const TOKEN_MESSENGER_V2 = "0x28b5a0e9C621a5BadaA536219b3a228C8168cf5d";
export const MESSAGE_TRANSMITTER_V2 = "0x81D40F21F12A8F0E3252Bccb954D722d4c464B64";

/** Circle's programs on Solana (circlefin/solana-cctp-contracts @ 76018c2b28bb44ef10affa97216a0d983c88e5f8 IDLs). */
export const SOLANA_CCTP_PROGRAMS = {
  /** token_messenger_minter_v2 (IDL `address`; @circle-fin/provider-cctp-v2 1.14.0 Solana `cctp.contracts.v2.tokenMessenger`). */
  tokenMessengerMinterV2: "CCTPV2vPZJS2u2BBsUoscuikbYjnpFmbFsvVuJdgUMQe",
  /** message_transmitter_v2 (IDL `deposit_for_burn.accounts.message_transmitter_program.address`; provider-cctp-v2 1.14.0 `messageTransmitter`). */
  // source: circlefin/solana-cctp-contracts idl commit 76018c2b (tests/fixtures/cctp).
  messageTransmitterV2: "CCTPV2Sm4AdWt5296sk4P66VBZ7bEhcARwFaaS9YPbeC",
  /** token_messenger_minter V1 (IDL token_messenger_minter_031.json `address`; provider-cctp-v2 1.14.0 Solana `cctp.contracts.v1.tokenMessenger`). */
  // source: solana-cctp-contracts 76018c2b examples/target/idl/token_messenger_minter_031.json `address`.
  tokenMessengerMinterV1: "CCTPiPYPc6AsJuwueEnWgSgucamXDZwBd53dQ11YiKX3",
  /** message_transmitter V1 (IDL message_transmitter_031.json `address`; provider-cctp-v2 1.14.0 Solana `cctp.contracts.v1.messageTransmitter`). */
  // source: solana-cctp-contracts 76018c2b examples/target/idl/message_transmitter_031.json `address`.
  messageTransmitterV1: "CCTPmbSD7gX1bxKPAmg77w8oFzNFpaQiQUWD43TKaecd",
} as const;

/**
 * TokenMessengerMinter and MessageTransmitter (original ids): provider-cctp-v2 1.14.0 `Sui.cctp.contracts.v1`, the
 * same as sui-cctp mainnet @ 83e522af packages/token_messenger_minter/Move.lock and packages/message_transmitter/Move.lock
 * `[env.mainnet] original-published-id`.
 */
// source: @circle-fin/provider-cctp-v2 1.14.0 index.mjs `Sui.cctp.contracts.v1.tokenMessenger`; sui-cctp mainnet 83e522af token_messenger_minter/Move.lock.
export const SUI_TOKEN_MESSENGER_MINTER = "0x2aa6c5d56376c371f88a6cc42e852824994993cb9bab8d3e6450cbe3cb32b94e";
// source: @circle-fin/provider-cctp-v2 1.14.0 index.mjs `Sui.cctp.contracts.v1.messageTransmitter`; sui-cctp mainnet 83e522af message_transmitter/Move.lock.
export const SUI_MESSAGE_TRANSMITTER = "0x08d87d37ba49e785dde270a83f8e979605b03dc552b5548f26fdf2f49bf7ed1b";

/**
 * The shared objects the calls take. Circle's repository leaves them to deployment (its scripts read
 * SUI_*_STATE_ID / SUI_TREASURY_ID from the environment) and no Circle npm package carries them; they are taken from
 * the Wormhole TypeScript SDK's Sui CCTP package, @wormhole-foundation/sdk-sui-cctp 6.1.5 dist/esm/objects.js
 * (`suiCircleObjects` Mainnet), whose circleBridge.js makes the same calls as Circle's scripts. The local chain serves
 * them as shared objects of these types, so a wrong id or type is refused by the simulation. The local chain takes its
 * ids not from here but from copies of the publishers' files at a commit (tests/fixtures/sui-cctp: sui-cctp 83e522af
 * Move.lock, wormhole-sdk-ts 12489add objects.ts); tests/unit/sui-cctp-ids.test.ts checks these against them.
 */
// source: @wormhole-foundation/sdk-sui-cctp 6.1.5 dist/esm/objects.js Mainnet `tokenMessengerState`.
export const SUI_TOKEN_MESSENGER_MINTER_STATE = "0x45993eecc0382f37419864992c12faee2238f5cfe22b98ad3bf455baf65c8a2f";
// source: @wormhole-foundation/sdk-sui-cctp 6.1.5 dist/esm/objects.js Mainnet `messageTransmitterState`.
export const SUI_MESSAGE_TRANSMITTER_STATE = "0xf68268c3d9b1df3215f2439400c1c4ea08ac4ef4bb7d6f3ca6a2a239e17510af";
// source: @wormhole-foundation/sdk-sui-cctp 6.1.5 dist/esm/objects.js Mainnet `usdcTreasury`.
export const SUI_USDC_TREASURY = "0x57d6725e7a8b49a7b2a612f6bd66ab5f39fc95332ca48be421c3229d514a6de7";
