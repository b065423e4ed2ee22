// The mutations `npm run test:mutations` applies (scripts/mutations.ts), one at a time, to a copy of the builders: the
// kinds of change issue 24 found passing (a wrong-but-valid id for every venue and Circle's Sui CCTP state, swapped
// arguments, missing functions, wrong selectors, wrong account order, dropped signer flags, wrong domains, wrong
// discriminators). Each replaces text that must occur exactly once in its file (else the mutation is STALE and counts
// as missed) and names the test that must fail because of it. Every replacement id is a real one of another object,
// market or network, from the source cited beside it; none is invented.

export type MutationKind =
  | "wrong-but-valid id"
  | "swapped arguments"
  | "missing function"
  | "wrong selector"
  | "wrong account order"
  | "dropped signer flag"
  | "wrong domain"
  | "wrong discriminator";

export interface Edit {
  /** Repository-relative path. */
  file: string;
  /** Exact text, occurring exactly once in the file. */
  find: string;
  replace: string;
}

export interface Mutation {
  id: string;
  kind: MutationKind;
  /** One edit, or a few that only make sense together (an ABI entry and the call that names it). */
  edits: Edit[];
  /** The test that must fail: one of these files, a test whose full name contains `test`. */
  caughtBy: { files: string[]; test: string };
}

const SCALLOP_MARKET = "0xa757975255146dc9686aa823b7838b507f315d704f428cbadad2f4ea061939d9";

export const MUTATIONS: Mutation[] = [
  // ---- wrong-but-valid ids ----
  {
    id: "kamino-reserve-jlp-market",
    kind: "wrong-but-valid id",
    // Kamino's USDC reserve of its JLP market: Kamino-Finance/klend-sdk cf46535690930a5d1e9d9fab1550a3de59a59fad
    // examples/utils/constants.ts USDC_RESERVE_JLP_MARKET.
    edits: [{ file: "server/venues/kamino/descriptor.ts", find: `usdcReserve: "D6q6wuQSrifJKZYpR1M8R4YawnLDtDsMmWM1NbBmgJ59"`, replace: `usdcReserve: "Ga4rZytCpq1unD4DbEJ5bkHeUz9g3oh9AAFEi6vSauXp"` }],
    caughtBy: { files: ["server/venues/kamino/kamino.ids.test.ts"], test: "the pinned reserve is the one Kamino's own example deposits USDC into" },
  },
  {
    id: "marginfi-bank-sol",
    kind: "wrong-but-valid id",
    // Another production-group bank: mrgnlabs/marginfi-v2 3031ba3b3368314cfbc5fafa0086bf76f8f795e6
    // programs/marginfi/tests/misc/regression.rs (the same mainnet account's second balance, bank_pk).
    edits: [{ file: "server/venues/marginfi/descriptor.ts", find: `usdcBank: "2s37akK2eyBbp8DZgCm7RtsaEz8eJP3Nxd4urLHQv7yB"`, replace: `usdcBank: "CCKtUs6Cgwo4aaQUmBPmyoApH2gUDErxNZCAntD6LYGh"` }],
    caughtBy: { files: ["server/venues/marginfi/marginfi.ids.test.ts"], test: "the pinned bank is the USDC bank marginfi's own regression test reads" },
  },
  {
    id: "save-reserve-usdt",
    kind: "wrong-but-valid id",
    // The main market's USDT reserve: solendprotocol/solana-program-library 9ffd16ddf0047bb0e500c1bb1b3cb66725581546
    // token-lending/cli/scripts/withdraw.sh USDT_RESERVE.
    edits: [{ file: "server/venues/save/descriptor.ts", find: `usdcReserve: "BgxfHJDzm44T7XG68MYKx7YisTjZu73tVovyZSjJMpmw"`, replace: `usdcReserve: "8K9WC8xoh2rtQNY7iEGXtPvfbDCi563SdWhCAhuMP2xE"` }],
    caughtBy: { files: ["server/venues/save/save.ids.test.ts"], test: "the pinned reserve is the USDC reserve Save's own scripts name" },
  },
  {
    id: "jupiter-lend-lending-is-jlusdc-mint",
    kind: "wrong-but-valid id",
    // Jupiter Lend's jlUSDC mint (the descriptor's own jlUsdcMint, a real account of the program) given as the lending.
    edits: [{ file: "server/venues/jupiter-lend/descriptor.ts", find: `usdcLending: "2vVYHYM8VYnvZqQWpTJSj8o8DBf1wM8pVs3bsTgYZiqJ"`, replace: `usdcLending: "9BEcn9aPEmhSPbPQeFGjidRiEKki46fVQDyPpSQXPA2D"` }],
    caughtBy: { files: ["server/venues/jupiter-lend/jupiter-lend.ids.test.ts"], test: "the registry's lending and jlUSDC are the SDK program's PDAs for USDC" },
  },
  {
    id: "comet-base-weth-market",
    kind: "wrong-but-valid id",
    // Base's WETH Comet: compound-finance/comet d5a30b0aaeff7755f1431e87f818990902237b03 deployments/base/weth/roots.json "comet".
    edits: [{ file: "server/venues/compound-v3/base.ts", find: `cUSDCv3: "0xb125E6687d4313864e53df431d5425969c15Eb2F"`, replace: `cUSDCv3: "0x46e6b214b524310239732D51387075E0e70970bf"` }],
    caughtBy: { files: ["server/venues/compound-v3/compound-v3.evm.test.ts"], test: "Comet, USDC and Configurator of deployments/base/usdc" },
  },
  {
    id: "morpho-base-vault-is-steakhouse-eth",
    kind: "wrong-but-valid id",
    // Steakhouse's ETH vault on Base, a listed MetaMorpho vault of another asset: morpho-org/morpho-blue-api-metadata
    // be217e4ecd435d9c12e4bdd96c750c15005ed0a3 data/vaults-listing.json (chainId 8453).
    edits: [{ file: "server/venues/morpho/base.ts", find: `vault: "0xbeeF010f9cb27031ad51e3333f9aF9C6B1228183"`, replace: `vault: "0xbEEf050a7485865A7a8d8Ca0CC5f7536b7a3443e"` }],
    caughtBy: { files: ["server/venues/morpho/morpho.evm.test.ts"], test: "morpho-base: listed on chain 8453" },
  },
  {
    id: "aave-base-pool-is-arbitrums",
    kind: "wrong-but-valid id",
    // Aave v3 Arbitrum's Pool: @bgd-labs/aave-address-book 4.44.22 AaveV3Arbitrum.POOL.
    edits: [{ file: "server/venues/aave-v3/base.ts", find: `pool: "0xA238Dd80C259a72e81d7e4664a9801593F98d1c5"`, replace: `pool: "0x794a61358D6845594F94dc1DB02A252b5b4814aD"` }],
    caughtBy: { files: ["server/venues/aave-v3/aave-v3.evm.test.ts"], test: "Base and Arbitrum: Pool, PoolAddressesProvider, USDC" },
  },
  {
    id: "aave-base-provider-is-arbitrums",
    kind: "wrong-but-valid id",
    // Aave v3 Arbitrum's PoolAddressesProvider: @bgd-labs/aave-address-book 4.44.22 AaveV3Arbitrum.POOL_ADDRESSES_PROVIDER.
    edits: [{ file: "server/venues/aave-v3/base.ts", find: `poolAddressesProvider: "0xe20fCBdBfFC4Dd138cE8b2E6FBb6CB49777ad64D"`, replace: `poolAddressesProvider: "0xa97684ead0e402dC232d5A977953DF7ECBaB3CDb"` }],
    caughtBy: { files: ["server/venues/aave-v3/aave-v3.evm.test.ts"], test: "Base and Arbitrum: Pool, PoolAddressesProvider, USDC" },
  },
  {
    id: "scallop-market-is-version",
    kind: "wrong-but-valid id",
    // Scallop's Version object (a real Scallop shared object of another type) given as the Market.
    edits: [{ file: "server/venues/scallop/descriptor.ts", find: `market: "${SCALLOP_MARKET}"`, replace: `market: "0x07871c4b3c847a0f674510d4978d5cf6f960452795e8ff6f189fd2088a3f6ac7"` }],
    caughtBy: { files: ["server/venues/scallop/scallop.oracle.test.ts"], test: "deposit: coinWithBalance → mint::mint<USDC>" },
  },
  {
    id: "suilend-market-is-scallops",
    kind: "wrong-but-valid id",
    // Scallop's Market (server/venues/scallop/descriptor.ts, cited there) given as Suilend's LendingMarket.
    edits: [{ file: "server/venues/suilend/descriptor.ts", find: `lendingMarket: "0x84030d26d85eaa7035084a057f2f11f701b7e2e4eda87551becbc7c97505ece1"`, replace: `lendingMarket: "${SCALLOP_MARKET}"` }],
    caughtBy: { files: ["server/venues/suilend/suilend.oracle.test.ts"], test: "deposit: USDC → deposit_liquidity_and_mint_ctokens" },
  },
  {
    id: "navi-storage-is-incentive-v2",
    kind: "wrong-but-valid id",
    // NAVI's IncentiveV2 (naviprotocol/navi-sdk 2e0914a src/address.ts IncentiveV2, a real NAVI shared object) as Storage.
    edits: [{ file: "server/venues/navi/descriptor.ts", find: `storage: "0xbb4e2f4b6205c2e2a2db47aeb4f830796ec7c005f88537ee775986639bc442fe"`, replace: `storage: "0xf87a8acb8b81d14307894d12595541a73f19933f88e1326d5be349c7a6f7559c"` }],
    caughtBy: { files: ["server/venues/navi/navi.oracle.test.ts"], test: "deposit: coinWithBalance → incentive_v3::entry_deposit<USDC>" },
  },
  {
    id: "sui-cctp-token-messenger-state-testnet",
    kind: "wrong-but-valid id",
    // Circle's Sui testnet TokenMessengerMinter State: tests/fixtures/sui-cctp/wormhole-sdk-sui-cctp-objects.ts.txt ("Testnet").
    edits: [{ file: "lib/cctp-ids.ts", find: `SUI_TOKEN_MESSENGER_MINTER_STATE = "0x45993eecc0382f37419864992c12faee2238f5cfe22b98ad3bf455baf65c8a2f"`, replace: `SUI_TOKEN_MESSENGER_MINTER_STATE = "0x5252abd1137094ed1db3e0d75bc36abcd287aee4bc310f8e047727ef5682e7c2"` }],
    caughtBy: { files: ["tests/unit/sui-cctp-ids.test.ts"], test: "the builder's burn simulates ok against Circle's objects" },
  },
  {
    id: "sui-cctp-message-transmitter-state-testnet",
    kind: "wrong-but-valid id",
    // Circle's Sui testnet MessageTransmitter State: the same fixture ("Testnet").
    edits: [{ file: "lib/cctp-ids.ts", find: `SUI_MESSAGE_TRANSMITTER_STATE = "0xf68268c3d9b1df3215f2439400c1c4ea08ac4ef4bb7d6f3ca6a2a239e17510af"`, replace: `SUI_MESSAGE_TRANSMITTER_STATE = "0x98234bd0fa9ac12cc0a20a144a22e36d6a32f7e0a97baaeaf9c76cdc6d122d2e"` }],
    caughtBy: { files: ["tests/unit/sui-cctp-ids.test.ts"], test: "the shared objects the calls take" },
  },

  // ---- swapped arguments ----
  {
    id: "scallop-mint-version-market-swapped",
    kind: "swapped arguments",
    edits: [{ file: "server/venues/scallop/build.ts", find: "arguments: [tx.object(ids.version), tx.object(ids.market), coin, tx.object.clock()]", replace: "arguments: [tx.object(ids.market), tx.object(ids.version), coin, tx.object.clock()]" }],
    caughtBy: { files: ["server/venues/scallop/scallop.oracle.test.ts"], test: "the local node simulates both" },
  },
  {
    id: "suilend-deposit-index-clock-swapped",
    kind: "swapped arguments",
    edits: [{ file: "server/venues/suilend/build.ts", find: "arguments: [tx.object(ids.lendingMarket), tx.pure.u64(arrayIndex), tx.object.clock(), usdc]", replace: "arguments: [tx.object(ids.lendingMarket), tx.object.clock(), tx.pure.u64(arrayIndex), usdc]" }],
    caughtBy: { files: ["server/venues/suilend/suilend.oracle.test.ts"], test: "the local node simulates both" },
  },
  {
    id: "sui-cctp-burn-domain-recipient-swapped",
    kind: "swapped arguments",
    edits: [
      {
        file: "server/rails/cctp-v1/sui.ts",
        find: "      tx.pure.u32(destinationDomain),\n      tx.pure.address(mintRecipient),\n",
        replace: "      tx.pure.address(mintRecipient),\n      tx.pure.u32(destinationDomain),\n",
      },
    ],
    caughtBy: { files: ["tests/unit/sui-cctp-ids.test.ts"], test: "the builder's burn simulates ok against Circle's objects" },
  },
  {
    id: "comet-supply-args-swapped",
    kind: "swapped arguments",
    edits: [{ file: "server/venues/compound-v3/build.ts", find: `COMET_ABI, "supply", [usdc, amountMicros]`, replace: `COMET_ABI, "supply", [amountMicros, usdc]` }],
    caughtBy: { files: ["server/venues/compound-v3/compound-v3.evm.test.ts"], test: "the calls are the ones Comet's own ABI" },
  },

  // ---- missing functions ----
  {
    id: "scallop-redeem-v2",
    kind: "missing function",
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the builder's own template literal, matched as text
    edits: [{ file: "server/venues/scallop/build.ts", find: "target: `${pkg}::${fn}::${fn}`", replace: 'target: `${pkg}::${fn}::${fn === "redeem" ? "redeem_v2" : fn}`' }],
    caughtBy: { files: ["server/venues/scallop/scallop.oracle.test.ts"], test: "the local node simulates both" },
  },
  {
    id: "suilend-fulfill-v2",
    kind: "missing function",
    edits: [{ file: "server/venues/suilend/build.ts", find: "::lending_market::fulfill_liquidity_request`", replace: "::lending_market::fulfill_liquidity_request_v2`" }],
    caughtBy: { files: ["server/venues/suilend/suilend.oracle.test.ts"], test: "the local node simulates both" },
  },

  {
    id: "sui-cctp-deposit-for-burn-v2",
    kind: "missing function",
    edits: [{ file: "server/rails/cctp-v1/sui.ts", find: "::deposit_for_burn::deposit_for_burn`", replace: "::deposit_for_burn::deposit_for_burn_v2`" }],
    caughtBy: { files: ["tests/unit/sui-cctp-ids.test.ts"], test: "the builder's burn simulates ok against Circle's objects" },
  },

  // ---- wrong selectors ----
  {
    id: "aave-supply-as-deposit",
    kind: "wrong selector",
    // Aave v3's Pool still has the deprecated deposit(address,uint256,address,uint16) (same arguments, another selector).
    edits: [
      { file: "server/venues/aave-v3/abi.ts", find: `name: "supply"`, replace: `name: "deposit"` },
      { file: "server/venues/aave-v3/build.ts", find: `AAVE_POOL_ABI, "supply", [`, replace: `AAVE_POOL_ABI, "deposit", [` },
    ],
    caughtBy: { files: ["server/venues/aave-v3/aave-v3.evm.test.ts"], test: "the calls are the ones Aave's own Pool ABI" },
  },
  {
    id: "morpho-deposit-as-mint",
    kind: "wrong selector",
    // ERC-4626 mint(uint256 shares, address receiver): the amount read as shares.
    edits: [
      { file: "server/venues/morpho/abi.ts", find: `name: "deposit"`, replace: `name: "mint"` },
      { file: "server/venues/morpho/build.ts", find: `ERC4626_ABI, "deposit", [`, replace: `ERC4626_ABI, "mint", [` },
    ],
    caughtBy: { files: ["server/venues/morpho/morpho.evm.test.ts"], test: "the calls are the ones MetaMorpho's own ABI" },
  },

  // ---- wrong account order ----
  {
    id: "kamino-deposit-supply-and-cmint-swapped",
    kind: "wrong account order",
    edits: [
      {
        file: "server/venues/kamino/build.ts",
        find: "reserveLiquiditySupply: a.liquiditySupply,\n          reserveCollateralMint: a.collateralMint,",
        replace: "reserveLiquiditySupply: a.collateralMint,\n          reserveCollateralMint: a.liquiditySupply,",
      },
    ],
    caughtBy: { files: ["server/venues/kamino/kamino.oracle.test.ts"], test: "deposit: the same instructions as KaminoAction.buildDepositReserveLiquidityTxns" },
  },
  {
    id: "save-deposit-supply-and-cmint-swapped",
    kind: "wrong account order",
    edits: [{ file: "server/venues/save/build.ts", find: "w(r.liquiditySupply),\n      w(r.collateralMint),\n      ro(r.lendingMarket),", replace: "w(r.collateralMint),\n      w(r.liquiditySupply),\n      ro(r.lendingMarket)," }],
    caughtBy: { files: ["server/venues/save/save.oracle.test.ts"], test: "deposit: create the owner's cUSDC account, then depositReserveLiquidity" },
  },

  // ---- dropped signer flags ----
  {
    id: "marginfi-deposit-authority-not-signer",
    kind: "dropped signer flag",
    edits: [
      {
        file: "server/venues/marginfi/idl.ts",
        find: `{"name":"authority","signer":true},{"name":"bank","writable":true},{"name":"signer_token_account"`,
        replace: `{"name":"authority"},{"name":"bank","writable":true},{"name":"signer_token_account"`,
      },
    ],
    caughtBy: { files: ["server/venues/marginfi/marginfi.oracle.test.ts"], test: "deposit into the owner's existing account and withdraw from it" },
  },
  {
    id: "save-owner-not-signer",
    kind: "dropped signer flag",
    edits: [{ file: "server/venues/save/build.ts", find: "const signer = (a: Address) => ({ address: a, role: AccountRole.READONLY_SIGNER });", replace: "const signer = (a: Address) => ({ address: a, role: AccountRole.READONLY });" }],
    caughtBy: { files: ["server/venues/save/save.oracle.test.ts"], test: "deposit: create the owner's cUSDC account, then depositReserveLiquidity" },
  },

  {
    id: "solana-cctp-v2-event-account-not-signer",
    kind: "dropped signer flag",
    // The fresh MessageSent event account of Circle's V2 deposit_for_burn must sign (token_messenger_minter_v2 IDL).
    edits: [
      {
        file: "server/rails/cctp/idl.ts",
        find: `{"name":"event_rent_payer","writable":true,"signer":true},{"name":"sender_authority_pda"},{"name":"burn_token_account","writable":true},{"name":"denylist_account"}`,
        replace: `{"name":"event_rent_payer","writable":true},{"name":"sender_authority_pda"},{"name":"burn_token_account","writable":true},{"name":"denylist_account"}`,
      },
    ],
    caughtBy: { files: ["tests/unit/cctp-solana.test.ts"], test: "accounts: the IDL's order, signer and writable flags" },
  },

  // ---- wrong domains ----
  {
    id: "cctp-base-domain-optimism",
    kind: "wrong domain",
    // 2 is Optimism's CCTP domain (@circle-fin/bridge-kit 1.15.1), a real domain that is not Base's.
    edits: [{ file: "server/rails/cctp/domains.ts", find: `{ "evm-a": 6, "evm-b": 3,`, replace: `{ "evm-a": 2, "evm-b": 3,` }],
    caughtBy: { files: ["tests/unit/cctp-v2.test.ts"], test: "domains, USDC, V2 and V1 contracts of Base" },
  },
  {
    id: "cctp-sui-domain-aptos",
    kind: "wrong domain",
    // 9 is Aptos's CCTP domain (@circle-fin/bridge-kit 1.15.1), the other Move chain.
    edits: [{ file: "server/rails/cctp/domains.ts", find: `"move-chain": 8 }`, replace: `"move-chain": 9 }` }],
    caughtBy: { files: ["tests/unit/sui-cctp-ids.test.ts"], test: "the Sui domain" },
  },

  // ---- wrong discriminators ----
  {
    id: "kamino-deposit-discriminator",
    kind: "wrong discriminator",
    edits: [{ file: "server/venues/kamino/idl.ts", find: "discriminator: [169,201,30,126,6,205,102,68]", replace: "discriminator: [169,201,30,126,6,205,102,69]" }],
    caughtBy: { files: ["server/venues/kamino/kamino.oracle.test.ts"], test: "deposit: the same instructions as KaminoAction.buildDepositReserveLiquidityTxns" },
  },
];
