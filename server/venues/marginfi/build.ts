// marginfi v2 (Solana), production group's USDC bank. Instructions, account lists and flags from the program
// (mrgnlabs/marginfi-v2 programs/marginfi/src/instructions/marginfi_account/{initialize,deposit,withdraw}.rs, commit
// 3031ba3b3368314cfbc5fafa0086bf76f8f795e6) and the IDL the SDK ships (@mrgnlabs/marginfi-client-v2 6.4.2
// dist/idl/marginfi_0.1.7.json, its MARGINFI_IDL); server/venues/marginfi/marginfi.oracle.test.ts builds the same instructions
// with the SDK on the same local chain state and compares them.
// - The owner's marginfi account is the program address ["marginfi_account", group, owner, 0u16, 0u16]
//   (MarginfiAccountInitializePda seeds, account_index 0, no third party): created in the deposit plan with
//   `marginfi_account_initialize_pda` when it does not exist, so the owner is the only signer (the keypair-based
//   `marginfi_account_initialize` would need a second, fresh signer the service cannot give).
// - deposit = `lending_account_deposit(amount, deposit_up_to_limit: None)` from the owner's USDC account.
// - withdraw = `lending_account_withdraw(amount, withdraw_all: Some(false))` to the owner's USDC account (created idempotently
//   first, as the SDK's makeWithdrawIx does), never more than the owner's deposited USDC (asset shares × the bank's
//   asset share value, read now). Remaining accounts: the risk check's [bank, oracle] of every active balance, in the
//   order the program sorts balances (descending bank key: LendingAccount::sort_balances), as the SDK composes them
//   (computeHealthAccountMetas / composeRemainingAccounts).
import { type Address, address, createNoopSigner, getAddressEncoder, getProgramDerivedAddress, getU16Encoder, getUtf8Encoder, type Instruction } from "@solana/kit";
import { findAssociatedTokenPda, getCreateAssociatedTokenIdempotentInstruction, TOKEN_PROGRAM_ADDRESS } from "@solana-program/token";
import { solanaRpc } from "../../chains/clients";
import { latestBlockhash, solanaPayload, solanaPlanTransaction } from "../../chains/solana";
import { marginfi } from "./descriptor";
import { bytesEqual, i128le } from "../../chains/solana/bytes";
import { MARGINFI_BANK_DISCRIMINATOR } from "./read";
import { AccountMismatch, programAccount, pubkeyAt } from "../../chains/solana/accounts";
import type { VenueDescriptor } from "../types";
import { anchorInstruction } from "../../chains/solana/idl";
import { ro } from "../shared/anchor";
import { MARGINFI_IDL } from "./idl";
import { readForPlan } from "../shared/plan-reads";
import { BuildBlocked, type VenueAdapter } from "../shared/build";

const ids = marginfi.onchain as Record<"program" | "group" | "usdcBank" | "usdcMint", string>;
export const MARGINFI_PROGRAM = address(ids.program);
const GROUP = address(ids.group);

/** Instruction discriminators, from the SDK's IDL (./idl.ts). */
export const MARGINFI_DISC = {
  marginfiAccountInitializePda: Uint8Array.from(MARGINFI_IDL.instructions.marginfi_account_initialize_pda.discriminator),
  lendingAccountDeposit: Uint8Array.from(MARGINFI_IDL.instructions.lending_account_deposit.discriminator),
  lendingAccountWithdraw: Uint8Array.from(MARGINFI_IDL.instructions.lending_account_withdraw.discriminator),
};
/** Account discriminator of MarginfiAccount (the same IDL's `accounts`). */
export const MARGINFI_ACCOUNT_DISCRIMINATOR = Uint8Array.from(MARGINFI_IDL.accounts.MarginfiAccount);

/**
 * Offsets after the 8-byte discriminator, from the IDL's `#[repr(C)]` types (marginfi-v2 type-crate): Bank (1864 bytes)
 * mint 8, group 41, asset_share_value 80 (I80F48), liquidity_vault 112, config 296 → oracle_setup 609, oracle_keys[0]
 * 610, asset_tag 785; MarginfiAccount (2312 bytes) group 8, authority 40, lending_account.balances at 72, 16 × 104 bytes:
 * active +0, bank_pk +1, bank_asset_tag +33, asset_shares +40, liability_shares +56.
 */
export const MARGINFI_LAYOUT = {
  bank: { length: 1864, mint: 8, group: 41, assetShareValue: 80, liquidityVault: 112, oracleSetup: 609, oracleKey0: 610, assetTag: 785 },
  account: { length: 2312, group: 8, authority: 40, balances: 72, balanceSize: 104, balanceCount: 16, active: 0, bankPk: 1, assetShares: 40, liabilityShares: 56 },
} as const;
/** OracleSetup variants the risk check reads from one oracle account (IDL enum order: 3 PythPushOracle, 4 SwitchboardPull). */
const ONE_ORACLE_SETUPS = new Set([3, 4]);
/** ASSET_TAG_DEFAULT 0 and ASSET_TAG_SOL 1 (type-crate constants.rs): two risk accounts, bank and oracle. */
const TWO_ACCOUNT_TAGS = new Set([0, 1]);

export interface MarginfiBank {
  address: Address;
  mint: Address;
  group: Address;
  /** I80F48 bits (value × 2^48). */
  assetShareValue: bigint;
  liquidityVault: Address;
  oracleSetup: number;
  oracleKey: Address;
  assetTag: number;
}

export interface MarginfiBalance {
  bank: Address;
  /** I80F48 bits. */
  assetShares: bigint;
  liabilityShares: bigint;
}

export function parseMarginfiBank(at: string, data: Uint8Array): MarginfiBank {
  const L = MARGINFI_LAYOUT.bank;
  return {
    address: address(at),
    mint: address(pubkeyAt(data, L.mint)),
    group: address(pubkeyAt(data, L.group)),
    assetShareValue: i128le(data, L.assetShareValue),
    liquidityVault: address(pubkeyAt(data, L.liquidityVault)),
    oracleSetup: data[L.oracleSetup] ?? 0,
    oracleKey: address(pubkeyAt(data, L.oracleKey0)),
    assetTag: data[L.assetTag] ?? 0,
  };
}

/** The active balances of a MarginfiAccount, checked to be the owner's account in the production group. */
export function parseMarginfiAccount(data: Uint8Array, owner: string): MarginfiBalance[] {
  const L = MARGINFI_LAYOUT.account;
  if (data.length < L.length || !bytesEqual(data.subarray(0, 8), MARGINFI_ACCOUNT_DISCRIMINATOR)) throw new AccountMismatch("the owner's marginfi account address holds another kind of account");
  if (pubkeyAt(data, L.group) !== ids.group) throw new AccountMismatch("the owner's marginfi account belongs to another group");
  if (pubkeyAt(data, L.authority) !== owner) throw new AccountMismatch("the marginfi account at the owner's address has another authority");
  const out: MarginfiBalance[] = [];
  for (let i = 0; i < L.balanceCount; i++) {
    const at = L.balances + i * L.balanceSize;
    if (data[at + L.active] === 0) continue;
    out.push({ bank: address(pubkeyAt(data, at + L.bankPk)), assetShares: i128le(data, at + L.assetShares), liabilityShares: i128le(data, at + L.liabilityShares) });
  }
  return out;
}

/**
 * USDC the shares are worth: floor(shares × share value), both I80F48, as the program pays a withdrawal of all of them
 * (mrgnlabs/marginfi-v2 @ 8100d13939699a5dc6e5ad509ebb1ada074d76b9, tag mrgn-0.1.7a: programs/marginfi/src/state/
 * marginfi_account.rs BankAccountWrapper::withdraw_all → bank.get_asset_amount(shares) (bank.rs: shares.checked_mul(
 * asset_share_value)), then checked_floor()).
 */
export function marginfiSharesWorth(shares: bigint, shareValue: bigint): bigint {
  return (shares * shareValue) >> 96n;
}

/** What the account's balance in `bank` pays now (0n without an account or a balance there): its asset shares × the bank's asset share value. */
export function marginfiHeldIn(balances: MarginfiBalance[] | null, bank: MarginfiBank): bigint {
  const b = balances?.find((x) => x.bank === bank.address);
  return b ? marginfiSharesWorth(b.assetShares, bank.assetShareValue) : 0n;
}

const utf8 = getUtf8Encoder();
const addr = getAddressEncoder();

/** The owner's marginfi account: ["marginfi_account", group, owner, account_index 0 (u16 LE), third party 0 (u16 LE)]. */
export async function marginfiAccountAddress(owner: string): Promise<Address> {
  const u16 = getU16Encoder();
  const [a] = await getProgramDerivedAddress({
    programAddress: MARGINFI_PROGRAM,
    seeds: [utf8.encode("marginfi_account"), addr.encode(GROUP), addr.encode(address(owner)), u16.encode(0), u16.encode(0)],
  });
  return a;
}

/** ["liquidity_vault_auth", bank] (LendingAccountWithdraw.bank_liquidity_vault_authority seeds). */
export async function marginfiVaultAuthority(bank: Address): Promise<Address> {
  const [a] = await getProgramDerivedAddress({ programAddress: MARGINFI_PROGRAM, seeds: [utf8.encode("liquidity_vault_auth"), addr.encode(bank)] });
  return a;
}

export type MarginfiOnchain = Ids;
type Ids = Record<"program" | "group" | "usdcBank" | "usdcMint", string>;

/** A bank of the cited group (owner, type and group checked; AccountMismatch naming it otherwise). */
async function readBank(at: string, signal: AbortSignal, v: Ids = ids): Promise<MarginfiBank> {
  const data = await programAccount(at, v.program, `marginfi bank ${at}`, signal, { discriminator: MARGINFI_BANK_DISCRIMINATOR, minLength: MARGINFI_LAYOUT.bank.length });
  const bank = parseMarginfiBank(at, data);
  if (bank.group !== v.group) throw new AccountMismatch(`marginfi bank ${at} belongs to another marginfi group (${bank.group}), not the production group ${v.group}`);
  return bank;
}

/** The cited USDC bank, proven a bank of the cited group whose mint is USDC (issue 24: another real bank would simulate). */
export async function readUsdcBank(v: Ids, signal: AbortSignal): Promise<MarginfiBank> {
  const bank = await readBank(v.usdcBank, signal, v);
  if (bank.mint !== v.usdcMint) throw new AccountMismatch(`marginfi bank ${v.usdcBank}'s mint is ${bank.mint}, not USDC ${v.usdcMint}`);
  return bank;
}

/** The owner's marginfi account and its active balances, or null when it does not exist yet. */
export async function readOwnerAccount(owner: string, signal: AbortSignal): Promise<{ address: Address; balances: MarginfiBalance[] | null }> {
  const at = await marginfiAccountAddress(owner);
  const res = await solanaRpc().getAccountInfo(at, { encoding: "base64", commitment: "confirmed" }).send({ abortSignal: signal });
  if (!res.value) return { address: at, balances: null };
  if (res.value.owner !== ids.program) throw new AccountMismatch(`the owner's marginfi account address ${at} is not owned by ${ids.program}`);
  return { address: at, balances: parseMarginfiAccount(Buffer.from(res.value.data[0], "base64"), owner) };
}

// Account order and flags, discriminators and argument types from the SDK's IDL (./idl.ts).
const IX = MARGINFI_IDL.instructions;

export function marginfiInitializePda(owner: Address, account: Address): Instruction {
  return anchorInstruction(
    MARGINFI_PROGRAM,
    IX.marginfi_account_initialize_pda,
    { marginfi_group: GROUP, marginfi_account: account, authority: owner, fee_payer: owner },
    { account_index: 0, third_party_id: null },
  );
}

export function marginfiDeposit(owner: Address, account: Address, bank: MarginfiBank, userUsdc: Address, amount: bigint): Instruction {
  return anchorInstruction(
    MARGINFI_PROGRAM,
    IX.lending_account_deposit,
    {
      group: GROUP,
      marginfi_account: account,
      authority: owner,
      bank: bank.address,
      signer_token_account: userUsdc,
      liquidity_vault: bank.liquidityVault,
      token_program: TOKEN_PROGRAM_ADDRESS,
    },
    { amount, deposit_up_to_limit: null },
  );
}

export async function marginfiWithdraw(owner: Address, account: Address, bank: MarginfiBank, userUsdc: Address, amount: bigint, risk: Address[]): Promise<Instruction> {
  return anchorInstruction(
    MARGINFI_PROGRAM,
    IX.lending_account_withdraw,
    {
      group: GROUP,
      marginfi_account: account,
      authority: owner,
      bank: bank.address,
      destination_token_account: userUsdc,
      bank_liquidity_vault_authority: await marginfiVaultAuthority(bank.address),
      liquidity_vault: bank.liquidityVault,
      token_program: TOKEN_PROGRAM_ADDRESS,
    },
    // withdraw_all: Some(false), as the SDK's makeWithdrawIx encodes it (the program reads unwrap_or(false)).
    { amount, withdraw_all: false },
    risk.map(ro),
  );
}

const keyBytes = (a: Address) => addr.encode(a);
/** Descending by key bytes, as LendingAccount::sort_balances orders balances (and the SDK's composeRemainingAccounts). */
function descending(a: Address, b: Address): number {
  const A = keyBytes(a);
  const B = keyBytes(b);
  for (let i = 0; i < 32; i++) if ((A[i] ?? 0) !== (B[i] ?? 0)) return (B[i] ?? 0) - (A[i] ?? 0);
  return 0;
}

/** The risk check's accounts for the account's active balances: [bank, oracle] each, in the program's balance order. */
async function riskAccounts(balances: MarginfiBalance[], usdc: MarginfiBank, signal: AbortSignal): Promise<Address[]> {
  const banks = [...new Set(balances.map((b) => b.bank))].sort(descending);
  const out: Address[] = [];
  for (const at of banks) {
    const bank = at === usdc.address ? usdc : await readBank(at, signal);
    if (!TWO_ACCOUNT_TAGS.has(bank.assetTag) || !ONE_ORACLE_SETUPS.has(bank.oracleSetup)) {
      throw new BuildBlocked(
        "adapter_not_ready",
        `The owner's marginfi account also holds a position in bank ${at} (asset tag ${bank.assetTag}, oracle setup ${bank.oracleSetup}), whose risk-check accounts this builder does not derive.`,
      );
    }
    out.push(bank.address, bank.oracleKey);
  }
  return out;
}

const ownerAccountNow = (owner: string) => readForPlan("The owner's marginfi account", (signal) => readOwnerAccount(owner, signal));

/**
 * The builders for a marginfi descriptor (the registry's, or a copy with another bank in tests): the USDC bank is read
 * and proven (the cited group's, mint USDC) before anything is built, else the plan is blocked naming the bank.
 */
export function marginfiAdapterOf(v: VenueDescriptor): VenueAdapter {
  const ids = v.onchain as Ids;
  const usdcBankNow = () => readForPlan(`marginfi's USDC bank ${ids.usdcBank}`, (signal) => readUsdcBank(ids, signal));
  return {
    venueId: v.id,
    onchainInterface: `${ids.program} marginfi_account_initialize_pda (when needed) + lending_account_deposit(amount: u64) / lending_account_withdraw(amount: u64) on bank ${ids.usdcBank} of group ${ids.group}`,
    deposit: async ({ owner, amountMicros }) => {
      // The bank, the owner's account and the blockhash depend on nothing of each other: asked at once, one round trip.
      const blockhash = latestBlockhash();
      const [bank, account] = await Promise.all([usdcBankNow(), ownerAccountNow(owner)]);
      const ownerAddr = address(owner);
      const [userUsdc] = await findAssociatedTokenPda({ owner: ownerAddr, mint: bank.mint, tokenProgram: TOKEN_PROGRAM_ADDRESS });
      const create = account.balances === null ? [marginfiInitializePda(ownerAddr, account.address)] : [];
      const description = `${create.length ? `Create the owner's marginfi account ${account.address}, then supply` : "Supply"} ${amountMicros} micro-USDC to marginfi's USDC bank`;
      return solanaPlanTransaction("deposit", description, await solanaPayload(owner, [...create, marginfiDeposit(ownerAddr, account.address, bank, userUsdc, amountMicros)], [], blockhash));
    },
    withdraw: async ({ owner, amountMicros }) => {
      const blockhash = latestBlockhash();
      const [bank, account] = await Promise.all([usdcBankNow(), ownerAccountNow(owner)]);
      const held = marginfiHeldIn(account.balances, bank);
      if (held < amountMicros) {
        throw new BuildBlocked(
          "insufficient_balance",
          account.balances === null
            ? `The owner has no marginfi account at ${account.address}: nothing to withdraw.`
            : `This withdrawal asks for ${amountMicros} micro-USDC but the owner's marginfi account holds ${held} micro-USDC in the USDC bank at its share value now: withdraw at most that.`,
        );
      }
      const balances = account.balances ?? [];
      const risk = await readForPlan("The banks of the owner's other marginfi positions", async (signal) => {
        try {
          return await riskAccounts(balances, bank, signal);
        } catch (e) {
          if (e instanceof BuildBlocked) return e;
          throw e;
        }
      });
      if (risk instanceof BuildBlocked) throw risk;
      const ownerAddr = address(owner);
      const [userUsdc] = await findAssociatedTokenPda({ owner: ownerAddr, mint: bank.mint, tokenProgram: TOKEN_PROGRAM_ADDRESS });
      const createUsdcAta = getCreateAssociatedTokenIdempotentInstruction({ payer: createNoopSigner(ownerAddr), ata: userUsdc, owner: ownerAddr, mint: bank.mint });
      return solanaPlanTransaction("withdraw", `Withdraw ${amountMicros} micro-USDC from the owner's marginfi account ${account.address} (USDC bank), of ${held} deposited`, await solanaPayload(owner, [createUsdcAta, await marginfiWithdraw(ownerAddr, account.address, bank, userUsdc, amountMicros, risk)], [], blockhash));
    },
  };
}

export const marginfiAdapter = marginfiAdapterOf(marginfi);
