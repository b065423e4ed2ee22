// Jupiter's aggregator (v6 program) as the local Solana chain sees it: the generic Anchor checker (./anchor-idl.ts) fed
// with the IDL Jupiter publishes on npm in @jup-ag/instruction-parser 6.0.28 (ISC; dist/index.js `IDL`, the `program`
// it exports is an @coral-xyz/anchor 0.29 Program of it at JUPITER_V6_PROGRAM_ID): program id, the `route`
// instruction's discriminator, its accounts in order with their signer and mut flags and the optional ones, and its
// arguments decoded by that Program's own instruction coder (route_plan: Vec<RoutePlanStep { swap: Swap, percent,
// input_index, output_index }>, in_amount, quoted_out_amount, slippage_bps, platform_fee_bps), its error codes.
//
// What the program then does is modelled, not run (its source is not published):
// - platform_fee_bps > 0 without a platform_fee_account: MissingPlatformFeeAccount;
// - a fee account of the destination mint takes platform_fee_bps of the output, any other (the input mint) of the input
//   before the route: Jupiter's Swap API states both for ExactIn ("including the fee if feeMint is the input mint",
//   jup-ag/docs openapi-spec/swap/v2/swap.yaml PostExecute totalInputAmount/inputAmountResult);
// - the user's source pays in_amount (signed by user_transfer_authority), the route's output arrives in
//   destination_token_account when given, else user_destination_token_account, and an output below quoted_out_amount × (1 − slippage_bps) is
//   SlippageToleranceExceeded.
// The route's pools are a stand-in: one step, its remaining accounts a local constant-rate pool (state, authority, input
// vault, output vault; see `localPool`). The pools are the router's business (the quote names them, the service never
// builds them); what the service's checks depend on is the router's instruction, the owner's accounts and the fee.
// Every token movement runs as a real SPL Token instruction, so a wrong mint, owner or balance fails as on chain.
import { createRequire } from "node:module";
import { address } from "@solana/kit";
import { ADDRESS_LOOKUP_TABLE_PROGRAM_ADDRESS, getAddressLookupTableEncoder } from "@solana-program/address-lookup-table";
import { type AnchorContext, anchorProgram, type ChainAccount, fromLegacyIdl, type IdlType } from "./anchor-idl";
import { fixtureAddress, u64 } from "./venues/encode";

const require = createRequire(import.meta.url);

interface LegacyIdl {
  instructions: { name: string; accounts: { name: string; isMut: boolean; isSigner: boolean; isOptional?: boolean }[]; args: { name: string; type: IdlType }[] }[];
  errors: { code: number; name: string; msg: string }[];
}
interface JupiterProgram {
  programId: { toBase58(): string };
  idl: LegacyIdl;
  coder: { instruction: { decode(data: Buffer): { name: string; data: Record<string, unknown> } | null; encode(name: string, data: Record<string, unknown>): Buffer } };
}

/** Jupiter's published Program (IDL, id and coder), from @jup-ag/instruction-parser. */
export const JUPITER = (require("@jup-ag/instruction-parser") as { program: JupiterProgram }).program;
/** The aggregator v6 program id, as the package gives it (JUPITER_V6_PROGRAM_ID). */
export const JUPITER_V6 = JUPITER.programId.toBase58();

/** The local stand-in pool's state account owner and layout: an 8-byte tag, then the rate as numerator and denominator (u64 each). */
export const LOCAL_POOL_PROGRAM = fixtureAddress("local-swap-pool-program");
const POOL_TAG = Buffer.from("LOCLPOOL");

/** A local pool's accounts: its state (rate), the authority that owns its vaults, and the vaults per mint. */
export interface LocalPool {
  state: string;
  authority: string;
  inVault: string;
  outVault: string;
}

/** A stand-in pool's state account data: it pays `num / den` of the input, in output base units. */
export const localPoolState = (num: bigint, den: bigint): Uint8Array => Uint8Array.from(Buffer.concat([POOL_TAG, u64(num), u64(den)]));

/** A u64 the coder decoded (a bn.js BN, whose toString is decimal). */
const big = (v: unknown) => BigInt(String(v ?? 0));

function route(c: AnchorContext): string[] {
  const plan = (c.values.routePlan ?? []) as { swap: Record<string, unknown>; percent: number; inputIndex: number; outputIndex: number }[];
  const inAmount = big(c.values.inAmount);
  const quotedOut = big(c.values.quotedOutAmount);
  const slippageBps = BigInt(Number(c.values.slippageBps));
  const feeBps = BigInt(Number(c.values.platformFeeBps));
  if (plan.length === 0) c.fail("EmptyRoute");
  const [step] = plan;
  if (plan.length !== 1 || !step) c.fail("InvalidRoutePlan"); // the local chain models one-step routes only
  if (step.percent !== 100) c.fail("NotEnoughPercent");
  if (step.inputIndex !== 0) c.fail("InvalidInputIndex");
  if (step.outputIndex !== 1) c.fail("InvalidOutputIndex");
  if (feeBps > 0n && !c.given("platform_fee_account")) c.fail("MissingPlatformFeeAccount");
  const [state, authority, inVault, outVault] = c.remaining;
  if (!state || !authority || !inVault || !outVault) c.fail("NotEnoughAccountKeys");
  const pool = c.host.account(state.address);
  if (!pool || pool.owner !== LOCAL_POOL_PROGRAM || !Buffer.from(pool.data.subarray(0, 8)).equals(POOL_TAG)) c.fail("InvalidRoutePlan");
  const data = Buffer.from(pool.data);
  const [num, den] = [data.readBigUInt64LE(8), data.readBigUInt64LE(16)];

  const user = c.at("user_transfer_authority");
  const source = c.at("user_source_token_account");
  // The optional destination_token_account, when given, receives the output instead of the user's account.
  const destination = c.given("destination_token_account") ? c.at("destination_token_account") : c.at("user_destination_token_account");
  const fee = c.given("platform_fee_account") ? c.at("platform_fee_account") : null;
  const feeOnOutput = fee !== null && c.host.tokenMint(fee) === c.at("destination_mint");
  const inFee = fee && !feeOnOutput ? (inAmount * feeBps) / 10_000n : 0n;
  if (fee && inFee > 0n) c.host.transfer(source, fee, user, inFee);
  const routed = inAmount - inFee;
  c.host.transfer(source, inVault.address, user, routed);
  const gross = (routed * num) / den;
  c.host.transfer(outVault.address, destination, authority.address, gross);
  const outFee = fee && feeOnOutput ? (gross * feeBps) / 10_000n : 0n;
  if (fee && outFee > 0n) c.host.transfer(destination, fee, user, outFee);
  const out = gross - outFee;
  if (out < (quotedOut * (10_000n - slippageBps)) / 10_000n) c.fail("SlippageToleranceExceeded");
  return [`Program log: route ${inAmount} in (fee ${inFee + outFee}) → ${out} out`];
}

export const jupiterProgram = anchorProgram({
  name: "Jupiter aggregator v6",
  idl: fromLegacyIdl(JUPITER.idl, JUPITER_V6),
  units: 120_000n,
  errors: JUPITER.idl.errors,
  programs: { token_program: ["TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA"] },
  argsOf: (data) => {
    try {
      const d = JUPITER.coder.instruction.decode(Buffer.from(data));
      return d ? d.data : null;
    } catch {
      return null;
    }
  },
  handlers: { route },
});

/** The Jupiter programs of the local chain. */
export const JUPITER_PROGRAMS = [jupiterProgram];

/** The BN class of the anchor the package's coder is built with (its u64 fields take one). */
const BN = (createRequire(require.resolve("@jup-ag/instruction-parser"))("@coral-xyz/anchor") as { BN: new (v: string) => unknown }).BN;

/** A one-step `route` instruction's data (through the stand-in pool), encoded by Jupiter's coder. */
export function jupiterRouteData(r: { inAmount: bigint; quotedOutAmount: bigint; slippageBps: number; platformFeeBps: number }): Buffer {
  return JUPITER.coder.instruction.encode("route", {
    routePlan: [{ swap: { tokenSwap: {} }, percent: 100, inputIndex: 0, outputIndex: 1 }],
    inAmount: new BN(r.inAmount.toString()),
    quotedOutAmount: new BN(r.quotedOutAmount.toString()),
    slippageBps: r.slippageBps,
    platformFeeBps: r.platformFeeBps,
  });
}

/** A local pool and the address lookup table that holds its accounts (as a /build answer names them). */
export interface InstalledPool {
  pool: LocalPool;
  lookupTable: string;
  tableAddresses: string[];
}

/**
 * Puts a stand-in pool for `inMint` → `outMint` on the local chain: its state (paying num/den), its vaults (the output
 * one holding `liquidity`), and an address lookup table (@solana-program/address-lookup-table's layout, owned by that
 * program, active) listing the pool's accounts, among `accounts` (the chain's program accounts).
 */
export function installLocalPool(
  chain: { setTokenAccount(at: string, owner: string, mint: string, amount: bigint): void },
  accounts: Map<string, ChainAccount>,
  label: string,
  pair: { inMint: string; outMint: string },
  rate: { num: bigint; den: bigint },
  liquidity: bigint,
): InstalledPool {
  const pool: LocalPool = {
    state: fixtureAddress(`pool-state-${label}`),
    authority: fixtureAddress(`pool-authority-${label}`),
    inVault: fixtureAddress(`pool-in-vault-${label}`),
    outVault: fixtureAddress(`pool-out-vault-${label}`),
  };
  accounts.set(pool.state, { owner: LOCAL_POOL_PROGRAM, data: localPoolState(rate.num, rate.den) });
  chain.setTokenAccount(pool.inVault, pool.authority, pair.inMint, 0n);
  chain.setTokenAccount(pool.outVault, pool.authority, pair.outMint, liquidity);
  const lookupTable = fixtureAddress(`pool-table-${label}`);
  const tableAddresses = [pool.state, pool.authority, pool.inVault, pool.outVault];
  const data = getAddressLookupTableEncoder().encode({
    deactivationSlot: 0xffff_ffff_ffff_ffffn, // u64::MAX: never deactivated
    lastExtendedSlot: 0n,
    lastExtendedSlotStartIndex: 0,
    authority: null,
    addresses: tableAddresses.map((a) => address(a)),
  });
  accounts.set(lookupTable, { owner: ADDRESS_LOOKUP_TABLE_PROGRAM_ADDRESS, data: Uint8Array.from(data) });
  return { pool, lookupTable, tableAddresses };
}
