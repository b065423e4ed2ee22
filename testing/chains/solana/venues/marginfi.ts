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
// as SPL Token instructions, and the shares move as the program moves them (same commit, programs/marginfi/src/state/
// marginfi_account.rs BankAccountWrapper::{find_or_create, find, deposit → increase_balance_internal, withdraw →
// decrease_balance_internal, withdraw_all}, state/bank.rs get_asset_shares / get_asset_amount / change_asset_shares):
// a deposit adds amount ÷ asset_share_value shares to the account's balance for the bank (made in the first empty slot
// when there is none) and to the bank's total_asset_shares; a withdraw takes min(amount, shares × asset_share_value) ÷
// asset_share_value from both, refused OperationWithdrawOnly when it asks more than the balance is worth (beyond
// ZERO_AMOUNT_THRESHOLD, type-crate/src/constants.rs: I80F48 0.0001) and BankAccountNotFound without a balance; withdraw_all
// pays floor(shares × asset_share_value) and closes the balance. Interest accrual, emissions, liabilities, deposit limits
// and the risk engine are not modelled.
import { createRequire } from "node:module";
import { address, getAddressEncoder, getU64Decoder } from "@solana/kit";
import { marginfi } from "../../../../server/venues/marginfi/descriptor";
import { type AnchorContext, type AnchorIdl, anchorProgram } from "../anchor-idl";
import { anchorDiscriminator, pubkey, type SolanaAccounts, type SolanaVenueChain, u8, u128, zeros } from "./encode";
// Interface<TokenInterface> accepts SPL Token or Token-2022 (the program id from @solana-program/token-2022 0.5.0).
import { TOKEN_2022_PROGRAM_ADDRESS } from "@solana-program/token-2022";

const require = createRequire(import.meta.url);
const sdk = createRequire(require.resolve("@mrgnlabs/marginfi-client-v2"));
const mfi = sdk("@mrgnlabs/marginfi-client-v2") as { MARGINFI_IDL: AnchorIdl; getConfig(env: string): { programId: { toBase58(): string } } };
const TOKEN = "TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA"; // Interface<TokenInterface>: SPL Token

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
  programs: { token_program: [TOKEN, TOKEN_2022_PROGRAM_ADDRESS] },
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
      moveShares(c, (balance, asv) => {
        if (!balance) c.fail("LendingAccountBalanceSlotsFull", "marginfi_account");
        return { shares: sharesOf(amount << FRAC, asv), paid: amount };
      });
      c.host.transfer(c.at("signer_token_account"), c.at("liquidity_vault"), c.at("authority"), amount);
      // deposit.rs ends with emit!(LendingAccountDepositEvent { header: AccountEventHeader { signer: Some(signer),
      // marginfi_account, marginfi_account_authority, marginfi_group }, bank, mint: bank.mint, amount }): Anchor logs it
      // as "Program data: " + base64(the IDL's event discriminator + Borsh).
      return [`Program log: Depositing ${amount} into ${c.at("bank")}`, accountEvent(c, "LendingAccountDepositEvent", amount)];
    },
    lending_account_withdraw(c) {
      if (c.decoded("marginfi_account").authority !== c.at("authority")) c.fail("Unauthorized", "marginfi_account");
      // withdraw_all: Option<bool> (the bool's byte, null for None), read as unwrap_or(false).
      const all = c.args.withdraw_all?.[0] === 1;
      const { paid } = moveShares(c, (balance, asv, held) => {
        if (!balance) c.fail("BankAccountNotFound", "bank");
        const worth = (held * asv) >> FRAC; // get_asset_amount: shares × asset_share_value (I80F48 bits)
        if (all) {
          if (worth < ZERO_AMOUNT_THRESHOLD) c.fail("NoAssetFound", "marginfi_account");
          return { shares: -held, paid: worth >> FRAC, close: true };
        }
        const asked = amountOf(c.args.amount) << FRAC;
        if (asked - worth >= ZERO_AMOUNT_THRESHOLD) c.fail("OperationWithdrawOnly", "marginfi_account");
        const taken = asked < worth ? asked : worth;
        return { shares: -sharesOf(taken, asv), paid: asked >> FRAC };
      }, false);
      c.host.transfer(c.at("liquidity_vault"), c.at("destination_token_account"), c.at("bank_liquidity_vault_authority"), paid);
      // withdraw.rs: emit!(LendingAccountWithdrawEvent { header, bank, mint, amount, close_balance }) after the transfer.
      return [`Program log: Withdrawing ${paid} from ${c.at("bank")}`, accountEvent(c, "LendingAccountWithdrawEvent", paid, all)];
    },
  },
});

/**
 * An account event as Anchor's emit! logs it: "Program data: " + base64(the SDK IDL's event discriminator + Borsh of
 * AccountEventHeader { signer: Some(authority), marginfi_account, marginfi_account_authority, marginfi_group }, bank,
 * mint: bank.mint, amount[, close_balance]).
 */
function accountEvent(c: AnchorContext, name: "LendingAccountDepositEvent" | "LendingAccountWithdrawEvent", amount: bigint, closeBalance?: boolean): string {
  const account = c.decoded("marginfi_account");
  const key = (a: unknown) => Uint8Array.from(getAddressEncoder().encode(address(String(a))));
  const events = (mfi.MARGINFI_IDL as { events?: { name: string; discriminator: number[] }[] }).events ?? [];
  const amountLe = Buffer.alloc(8);
  amountLe.writeBigUInt64LE(amount);
  const event = Buffer.concat([
    Buffer.from(events.find((e) => e.name === name)?.discriminator ?? []),
    Buffer.from([1]),
    key(c.at("authority")),
    key(c.at("marginfi_account")),
    key(account.authority),
    key(account.group),
    key(c.at("bank")),
    key(c.decoded("bank").mint),
    amountLe,
    ...(closeBalance === undefined ? [] : [Buffer.from([closeBalance ? 1 : 0])]),
  ]);
  return `Program data: ${event.toString("base64")}`;
}

/** I80F48's 48 fraction bits; ZERO_AMOUNT_THRESHOLD = I80F48!(0.0001) in bits (0.0001 × 2^48, to the nearest). */
const FRAC = 48n;
const ZERO_AMOUNT_THRESHOLD = 28_147_497_671n;

/** get_asset_shares: value ÷ asset_share_value, I80F48 bits in and out (the quotient's bits truncated; 0 for a zero value). */
const sharesOf = (valueBits: bigint, asvBits: bigint) => (asvBits === 0n ? 0n : (valueBits << FRAC) / asvBits);

/** WrappedI80F48 (16 little-endian bytes, two's complement) as its bits. */
function bitsOf(w: unknown): bigint {
  const b = Buffer.from((w as { value: number[] }).value);
  return BigInt.asIntN(128, b.readBigUInt64LE(0) | (b.readBigUInt64LE(8) << 64n));
}

/** An account's data decoded with the SDK's coder, changed, and encoded again in the same layout and size. */
function rewrite(name: "Bank" | "MarginfiAccount", data: Uint8Array, change: (v: Record<string, unknown>) => void): Uint8Array {
  const v = coder.decode(name, Buffer.from(data));
  change(v);
  const layout = coder.accountLayouts.get(name);
  if (!layout) throw new Error(`no ${name} layout in the SDK's IDL`);
  const body = Buffer.alloc(data.length - 8);
  layout.encode(v, body);
  return Buffer.concat([coder.accountDiscriminator(name), body]);
}

type Move = { shares: bigint; paid: bigint; close?: boolean };

/**
 * BankAccountWrapper over the instruction's bank and marginfi account: the account's active balance for the bank (a
 * deposit makes one in the first empty slot, as find_or_create; a withdraw finds it or gets null), the bank's
 * asset_share_value and the balance's shares go to `decide`, whose share change is applied to the balance and to the
 * bank's total_asset_shares (a closed balance is zeroed and inactive), both accounts written back.
 */
function moveShares(c: AnchorContext, decide: (balance: Record<string, unknown> | null, asv: bigint, held: bigint) => Move, create = true): Move {
  const [bankAt, accountAt] = [c.at("bank"), c.at("marginfi_account")];
  const bank = c.host.account(bankAt);
  const account = c.host.account(accountAt);
  if (!bank || !account) throw new Error("marginfi: bank or account missing after the checks");
  const b = coder.decode("Bank", Buffer.from(bank.data));
  const asv = bitsOf(b.asset_share_value);
  let move: Move = { shares: 0n, paid: 0n };
  const data = rewrite("MarginfiAccount", account.data, (v) => {
    const balances = (v.lending_account as { balances: Record<string, unknown>[] }).balances;
    let balance = balances.find((x) => x.active === 1 && (x.bank_pk as KeyLike).toBase58() === bankAt) ?? null;
    if (!balance && create) {
      balance = balances.find((x) => x.active === 0) ?? null;
      if (balance) Object.assign(balance, { active: 1, bank_pk: key(bankAt), bank_asset_tag: (b.config as { asset_tag: number }).asset_tag, asset_shares: i80f48(0n), liability_shares: i80f48(0n), emissions_outstanding: i80f48(0n) });
    }
    move = decide(balance, asv, balance ? bitsOf(balance.asset_shares) : 0n);
    if (!balance) return;
    if (move.close) Object.assign(balance, { active: 0, bank_pk: key("11111111111111111111111111111111"), asset_shares: i80f48(0n), liability_shares: i80f48(0n) });
    else balance.asset_shares = i80f48(bitsOf(balance.asset_shares) + move.shares);
  });
  c.host.setAccount(accountAt, { owner: account.owner, data });
  const bankData = rewrite("Bank", bank.data, (v) => {
    v.total_asset_shares = i80f48(bitsOf(v.total_asset_shares) + move.shares);
  });
  c.host.setAccount(bankAt, { owner: bank.owner, data: bankData });
  return move;
}

// ---------- marginfi's accounts on the local chain ----------
// marginfi Bank and MarginfiAccount accounts for the local Solana RPC, encoded with the protocol's own IDL layout
// (@mrgnlabs/marginfi-client-v2 6.4.2 MARGINFI_IDL, through @coral-xyz/anchor 0.30.1's BorshAccountsCoder), so the
// builder's offsets are checked against the SDK's layout, not against themselves. Served from
// `solanaAccounts` (getAccountInfo, base64).

/** The SDK's modules, resolved from the SDK's folder. */
export const mfiRequire = sdk;

interface KeyLike {
  toBase58(): string;
  toBuffer(): Buffer;
}
interface Layout {
  encode(v: unknown, b: Buffer): number;
}
interface AccountsCoder {
  accountDiscriminator(name: string): Buffer;
  decode(name: string, data: Buffer): Record<string, unknown>;
  accountLayouts: Map<string, Layout>;
}
type KeyClass = (new (v: string | Uint8Array) => KeyLike) & { findProgramAddressSync(seeds: Buffer[], program: KeyLike): [KeyLike, number] };

const anchor = mfiRequire("@coral-xyz/anchor") as { BorshAccountsCoder: new (idl: unknown) => AccountsCoder; BN: new (v: string) => unknown };
export const MFI_IDL = (mfiRequire("@mrgnlabs/marginfi-client-v2") as { MARGINFI_IDL: { instructions: { name: string; discriminator: number[] }[] } }).MARGINFI_IDL;
export const MfiPublicKey = (mfiRequire("@solana/web3.js") as { PublicKey: KeyClass }).PublicKey;
const coder = new anchor.BorshAccountsCoder(MFI_IDL);

/** I80F48 bits of `v` (v × 2^48) as the 16 little-endian bytes of WrappedI80F48. */
export function i80f48(bits: bigint): { value: number[] } {
  const b = Buffer.alloc(16);
  b.writeBigUInt64LE(BigInt.asUintN(64, bits));
  b.writeBigUInt64LE(BigInt.asUintN(64, bits >> 64n), 8);
  return { value: [...b] };
}

function encode(name: "Bank" | "MarginfiAccount", size: number, fill: (v: Record<string, unknown>) => void): Uint8Array {
  const zero = Buffer.alloc(size);
  coder.accountDiscriminator(name).copy(zero);
  const v = coder.decode(name, zero);
  fill(v);
  const layout = coder.accountLayouts.get(name);
  if (!layout) throw new Error(`no ${name} layout in the SDK's IDL`);
  const body = Buffer.alloc(size - 8);
  layout.encode(v, body);
  return Buffer.concat([coder.accountDiscriminator(name), body]);
}

const key = (a: string) => new MfiPublicKey(a);

export interface BankFixture {
  mint?: string;
  group?: string;
  /** I80F48 bits. */
  assetShareValue: bigint;
  oracle: string;
  /** OracleSetup variant name in the IDL (default PythPushOracle). */
  oracleSetup?: string;
  assetTag?: number;
}

/** The bank's liquidity vault: ["liquidity_vault", bank] (the SDK's PDA_BANK_LIQUIDITY_VAULT_SEED). */
export function liquidityVaultOf(bank: string): string {
  const seed = (mfiRequire("@mrgnlabs/marginfi-client-v2") as { PDA_BANK_LIQUIDITY_VAULT_SEED: Buffer }).PDA_BANK_LIQUIDITY_VAULT_SEED;
  return MfiPublicKey.findProgramAddressSync([seed, key(bank).toBuffer()], key(marginfi.onchain.program ?? ""))[0].toBase58();
}

export function marginfiBank(at: string, f: BankFixture): Uint8Array {
  return encode("Bank", 1864, (v) => {
    const config = v.config as Record<string, unknown>;
    const oracleKeys = config.oracle_keys as KeyLike[];
    Object.assign(v, {
      mint: key(f.mint ?? marginfi.onchain.usdcMint ?? ""),
      mint_decimals: 6,
      group: key(f.group ?? marginfi.onchain.group ?? ""),
      asset_share_value: i80f48(f.assetShareValue),
      liability_share_value: i80f48(1n << 48n),
      liquidity_vault: key(liquidityVaultOf(at)),
    });
    Object.assign(config, {
      operational_state: { Operational: {} },
      oracle_setup: { [f.oracleSetup ?? "PythPushOracle"]: {} },
      oracle_keys: [key(f.oracle), ...oracleKeys.slice(1)],
      asset_tag: f.assetTag ?? 0,
    });
  });
}

export interface BalanceFixture {
  bank: string;
  /** I80F48 bits. */
  assetShares: bigint;
}

/** A MarginfiAccount of `authority` in the production group with these active balances, in this slot order. */
export function marginfiAccount(authority: string, balances: BalanceFixture[], group = marginfi.onchain.group ?? ""): Uint8Array {
  return encode("MarginfiAccount", 2312, (v) => {
    const lending = v.lending_account as { balances: Record<string, unknown>[] };
    balances.forEach((b, i) => {
      Object.assign(lending.balances[i] ?? {}, { active: 1, bank_pk: key(b.bank), asset_shares: i80f48(b.assetShares) });
    });
    Object.assign(v, { group: key(group), authority: key(authority) });
  });
}

export function setMarginfiBank(v: SolanaAccounts, at: string, f: BankFixture, owner = marginfi.onchain.program ?? ""): void {
  v.solanaAccounts.set(at, { owner, data: marginfiBank(at, f) });
}

/**
 * A marginfi Bank written field by field in the program's own struct order (`#[repr(C)]` Bank after the discriminator),
 * 8 + 1856 bytes, so the offsets follow from the layout, not from the readers.
 */
export interface MarginfiBankState {
  mint: string;
  group: string;
  /** I80F48 bits (value × 2^48). */
  assetShareValue: bigint;
}

/** A marginfi Bank account (`#[repr(C)]` Bank after the discriminator), 8 + 1856 bytes. */
export function marginfiBankAccount(s: MarginfiBankState): Uint8Array {
  const head = Buffer.concat([
    anchorDiscriminator("Bank"),
    pubkey(s.mint),
    u8(6), // mint_decimals
    pubkey(s.group),
    zeros(7), // _pad0
    u128(BigInt.asUintN(128, s.assetShareValue)), // asset_share_value (WrappedI80F48, LE)
    u128(1n << 48n), // liability_share_value
  ]);
  return Buffer.concat([head, zeros(8 + 1856 - head.length)]);
}

/** marginfi's part of the local chain: the marginfi v2 program. */
export const marginfiChain: SolanaVenueChain = { venue: "marginfi", programs: [marginfiProgram] };
