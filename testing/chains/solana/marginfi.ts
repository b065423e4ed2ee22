// marginfi v2 as the local Solana chain sees it: the generic Anchor checker (./anchor-idl.ts) fed with the IDL that
// ships with @mrgnlabs/marginfi-client-v2 6.4.2 (its MARGINFI_IDL, dist/idl/marginfi_0.1.7.json: program id, discriminators,
// account flags, `relations`, the marginfi account's and vault authority's `pda` seeds), plus what the IDL does not say,
// from the program's source, mrgnlabs/marginfi-v2 @ 3031ba3b3368314cfbc5fafa0086bf76f8f795e6
// programs/marginfi/src/instructions/marginfi_account/{initialize,deposit,withdraw}.rs:
// - typed accounts: `group: AccountLoader<'info, MarginfiGroup>`, `marginfi_account: AccountLoader<'info, MarginfiAccount>`,
//   `bank: AccountLoader<'info, Bank>` (owner marginfi, the IDL's account discriminators); `marginfi_group` of
//   MarginfiAccountInitializePda likewise; `marginfi_account` there is `init` (must not exist);
// - has_one = group @ MarginfiError::InvalidGroup, has_one = liquidity_vault @ MarginfiError::InvalidLiquidityVault
//   (the IDL's relations, with the program's own error codes from the IDL's `errors`);
// - the marginfi account's authority must be the signer (is_signer_authorized → MarginfiError::Unauthorized);
// - `token_program: Interface<'info, TokenInterface>` (SPL Token or Token-2022).
// The token movements (deposit: owner → liquidity vault; withdraw: vault → owner, signed by the vault authority PDA) run
// as SPL Token instructions; balances of the marginfi account (shares) are not kept (the withdraw's amount is sized by
// the service from the account read at plan time; the risk engine is not modelled).
import { createRequire } from "node:module";
import { address, getAddressEncoder, getU64Decoder } from "@solana/kit";
import { type AnchorIdl, anchorProgram } from "./anchor-idl";

const require = createRequire(import.meta.url);
const sdk = createRequire(require.resolve("@mrgnlabs/marginfi-client-v2"));
const mfi = sdk("@mrgnlabs/marginfi-client-v2") as { MARGINFI_IDL: AnchorIdl; getConfig(env: string): { programId: { toBase58(): string } } };
const TOKEN = "TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA"; // Interface<TokenInterface>: SPL Token
const TOKEN_2022 = "TokenzQdBNbLqP5VEhdkAS6EN5Tb3tQpXfYz1gV9ruy"; // or Token-2022

/** The marginfi program's id: the shipped IDL leaves `address` empty; the SDK's getConfig("production") (dist/configs.json,
 *  label "production") names it, and MarginfiClient sets it on the IDL as done here. */
export const MARGINFI = mfi.getConfig("production").programId.toBase58();
const MARGINFI_IDL: AnchorIdl = { ...mfi.MARGINFI_IDL, address: MARGINFI };

const amountOf = (a: Uint8Array | null | undefined) => getU64Decoder().decode(a ?? new Uint8Array(8));

export const marginfiProgram = anchorProgram({
  name: "marginfi",
  idl: MARGINFI_IDL,
  units: 60_000n,
  typed: {
    group: { type: "MarginfiGroup" },
    marginfi_group: { type: "MarginfiGroup" },
    marginfi_account: { type: "MarginfiAccount" },
    bank: { type: "Bank" },
  },
  init: ["marginfi_account_initialize_pda.marginfi_account"],
  programs: { token_program: [TOKEN, TOKEN_2022] },
  hasOneErrors: {
    "marginfi_account.group": "InvalidGroup",
    "bank.group": "InvalidGroup",
    "bank.liquidity_vault": "InvalidLiquidityVault",
  },
  handlers: {
    marginfi_account_initialize_pda(c) {
      // load_init + MarginfiAccount::initialize(group, authority): a zeroed account of the IDL's size with its
      // discriminator, group and authority (offsets 8 and 40 after the discriminator: the IDL's MarginfiAccount).
      const data = new Uint8Array(2312);
      data.set(MARGINFI_IDL.accounts?.find((a) => a.name === "MarginfiAccount")?.discriminator ?? [], 0);
      data.set(Uint8Array.from(getAddressEncoder().encode(address(c.at("marginfi_group")))), 8);
      data.set(Uint8Array.from(getAddressEncoder().encode(address(c.at("authority")))), 40);
      c.host.setAccount(c.at("marginfi_account"), { owner: MARGINFI, data });
      return [`Program log: Initialized marginfi account ${c.at("marginfi_account")}`];
    },
    lending_account_deposit(c) {
      if (c.decoded("marginfi_account").authority !== c.at("authority")) c.fail("Unauthorized", "marginfi_account");
      const amount = amountOf(c.args.amount);
      c.host.transfer(c.at("signer_token_account"), c.at("liquidity_vault"), c.at("authority"), amount);
      return [`Program log: Depositing ${amount} into ${c.at("bank")}`];
    },
    lending_account_withdraw(c) {
      if (c.decoded("marginfi_account").authority !== c.at("authority")) c.fail("Unauthorized", "marginfi_account");
      const amount = amountOf(c.args.amount);
      c.host.transfer(c.at("liquidity_vault"), c.at("destination_token_account"), c.at("bank_liquidity_vault_authority"), amount);
      return [`Program log: Withdrawing ${amount} from ${c.at("bank")}`];
    },
  },
});
