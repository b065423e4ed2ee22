// marginfi Bank and MarginfiAccount accounts for the local Solana RPC, encoded with the protocol's own IDL layout
// (@mrgnlabs/marginfi-client-v2 6.4.2 MARGINFI_IDL, through @coral-xyz/anchor 0.30.1's BorshAccountsCoder), so the
// builder's offsets are checked against the SDK's layout, not against themselves. Served by tests/support/fake-rpc.ts
// from `solanaAccounts` (getAccountInfo, base64).
import { createRequire } from "node:module";
import { marginfi } from "../../server/venues/marginfi/descriptor";
import type { FakeVenues } from "./fake-venues";

/** The SDK's modules, resolved from the SDK's folder. */
export const mfiRequire = createRequire(createRequire(import.meta.url).resolve("@mrgnlabs/marginfi-client-v2"));

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

export function setMarginfiBank(v: FakeVenues, at: string, f: BankFixture, owner = marginfi.onchain.program ?? ""): void {
  v.solanaAccounts.set(at, { owner, data: marginfiBank(at, f) });
}
