// A local Solana chain for tests that refuses what the chain refuses: its `simulateTransaction` takes the wire
// transaction a plan offers and runs it instruction by instruction on a fresh litesvm (the real SVM with the real SPL
// Token, Associated Token, System and Compute Budget programs), from this chain's state:
// - instructions of programs litesvm has run for real (ATA creation, compute budget, transfers);
// - instructions of the lending programs in PROGRAMS (each venue's in ./venues: klend, marginfi, Jupiter Lend's lending
//   program, Save) are checked against each program's published interface (the Anchor IDL its SDK ships, through one
//   checker: ./anchor-idl.ts; for Save the instruction layout of its SDK: ./venues/save.ts) and the account constraints
//   of its source, and their token movements then run as SPL Token instructions; such an instruction costs the
//   program's declared `units` here (a stand-in: this chain cannot run the program's code, so the figure is declared,
//   not measured);
// - any other program is refused (ProgramAccountNotFound), as a chain without it would.
// The RPC's own refusals come first: sigVerify with replaceRecentBlockhash, a signature check of an unsigned
// transaction, an unknown blockhash without replaceRecentBlockhash, a fee payer without lamports.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { LiteSVM } from "litesvm";
import {
  type Address,
  address,
  appendTransactionMessageInstructions,
  compileTransaction,
  createTransactionMessage,
  getBase58Decoder,
  getBase64Encoder,
  getCompiledTransactionMessageDecoder,
  getTransactionDecoder,
  type Instruction,
  lamports,
  pipe,
  setTransactionMessageFeePayer,
} from "@solana/kit";
import {
  findAssociatedTokenPda,
  getBurnInstruction,
  getMintEncoder,
  getMintToInstruction,
  getTokenDecoder,
  getTokenEncoder,
  getTransferInstruction,
  TOKEN_PROGRAM_ADDRESS,
} from "@solana-program/token";
import { type ChainAccount, type Meta, type ProgramHost, type ProgramModel, ProgramRefusal } from "./anchor-idl";
import { ADDRESS_LOOKUP_TABLE_PROGRAM_ADDRESS, getAddressLookupTableDecoder } from "@solana-program/address-lookup-table";
import { WRAPPED_SOL_MINT } from "../../../lib/tokens";
import { CCTP_PROGRAMS } from "./cctp";
import { JUPITER_PROGRAMS } from "./jupiter";
import { SOLANA_VENUE_CHAINS } from "./venues";
import { klendProgram } from "./venues/kamino";

/**
 * The programs this chain checks and models, by program id: each venue's (./venues/index.ts), Circle's CCTP programs
 * (./cctp.ts), then Jupiter's aggregator (./jupiter.ts).
 */
export const PROGRAMS: ReadonlyMap<string, ProgramModel> = new Map([...SOLANA_VENUE_CHAINS.flatMap((v) => v.programs), ...CCTP_PROGRAMS, ...JUPITER_PROGRAMS].map((p) => [p.programId, p]));
/** Compute units a klend instruction is charged on this chain (declared; see above). */
export const KLEND_UNITS = klendProgram.units;
const SYSTEM = address("11111111111111111111111111111111");
const RENT_TOKEN_ACCOUNT = 2_039_280n;

/** A JSON-RPC error the RPC itself answers (not a transaction error). */
export class RpcRefusal extends Error {
  constructor(
    readonly code: number,
    message: string,
    /** The error's `data`, when the node gives one. */
    readonly data?: unknown,
  ) {
    super(message);
  }
}

export interface SimulateConfig {
  encoding?: "base58" | "base64";
  sigVerify?: boolean;
  replaceRecentBlockhash?: boolean;
  /** The RPC's `accounts` option: these accounts' state after the transaction, in `value.accounts` (base64 only). */
  accounts?: { encoding?: "base64"; addresses: string[] };
}

/** One account of `value.accounts` as the RPC answers it (null for an account that does not exist afterwards). */
export interface SimulatedAccount {
  lamports: number;
  owner: string;
  data: [string, "base64"];
  executable: boolean;
  rentEpoch: number;
  space: number;
}

export interface SimulateValue {
  err: unknown;
  logs: string[];
  accounts: (SimulatedAccount | null)[] | null;
  unitsConsumed: number;
  returnData: null;
  replacementBlockhash: { blockhash: string; lastValidBlockHeight: number } | null;
}

/**
 * simulateBundle's config, as Jito-Solana's RpcSimulateBundleConfig (jito-foundation/jito-solana @
 * b64857b54a020ce7217ef80cabe20bf80aadcc75, rpc-client-api/src/bundles.rs). The two accounts lists have no serde default:
 * a config without them does not deserialize.
 */
export interface SimulateBundleConfig {
  preExecutionAccountsConfigs?: ({ encoding?: string; addresses: string[] } | null)[];
  postExecutionAccountsConfigs?: ({ encoding?: string; addresses: string[] } | null)[];
  transactionEncoding?: string;
  simulationBank?: unknown;
  skipSigVerify?: boolean;
  replaceRecentBlockhash?: boolean;
}

/** An account as the node encodes one of pre/postExecutionAccounts (base64; a missing one is the default account). */
export interface BundleAccount {
  data: [string, "base64"];
  executable: boolean;
  lamports: number;
  owner: string;
  rentEpoch: number;
  space: number;
}

/** RpcSimulateBundleTransactionResult (same file); what this chain does not model is null. */
export interface BundleTransactionResult {
  err: unknown;
  logs: string[];
  preExecutionAccounts: BundleAccount[];
  postExecutionAccounts: BundleAccount[];
  unitsConsumed: number;
  loadedAccountsDataSize: null;
  returnData: null;
  replacementBlockhash: { blockhash: string; lastValidBlockHeight: number } | null;
  fee: number | null;
  preBalances: null;
  postBalances: null;
  preTokenBalances: null;
  postTokenBalances: null;
  loadedAddresses: { writable: string[]; readonly: string[] };
}

/** RpcSimulateBundleResult: summary (serde: the variants camelCase, the failed variant's fields as written) and results. */
export interface SimulateBundleValue {
  summary: "succeeded" | { failed: { error: { TransactionFailure: [number[], string] }; tx_signature: string | null } };
  transactionResults: BundleTransactionResult[];
}

// jito-foundation/jito-solana @ b64857b54a020ce7217ef80cabe20bf80aadcc75, rpc/src/rpc.rs simulate_bundle:
// `const MAX_BUNDLES_SIMULATED: usize = 20;` (the block engine's limit on a bundle sent to land, 5 transactions —
// core/src/banking_stage/transaction_scheduler/bam_scheduler.rs MAX_PACKETS_PER_BUNDLE — is not the RPC's).
export const MAX_BUNDLES_SIMULATED = 20;
/** The fee per signature (lamports) this chain charges (litesvm's default), answered as a result's `fee`. */
const LAMPORTS_PER_SIGNATURE = 5000;

interface TokenAccount {
  mint: string;
  owner: string;
  amount: bigint;
}

export class SolanaLocalChain {
  /** Lamports by address (fee payers). */
  readonly lamports = new Map<string, bigint>();
  /** SPL Token mints: decimals and mint authority. */
  readonly mints = new Map<string, { decimals: number; authority: string }>();
  /** SPL Token accounts by address. */
  readonly tokens = new Map<string, TokenAccount>();
  /** Blockhashes this chain knows (the recent ones). */
  readonly blockhashes = new Set<string>();

  /** `programAccounts`: the accounts of programs it does not run (klend's reserves and markets), read on each use. */
  constructor(private readonly programAccounts: () => Map<string, ChainAccount>) {}

  addMint(mint: string, authority: string, decimals = 6): void {
    this.mints.set(mint, { decimals, authority });
  }

  /** The owner's associated token account of `mint` holding `amount` (the mint is added if unknown). */
  async setTokenBalance(owner: string, mint: string, amount: bigint): Promise<string> {
    if (!this.mints.has(mint)) this.addMint(mint, owner);
    const [ata] = await findAssociatedTokenPda({ owner: address(owner), mint: address(mint), tokenProgram: TOKEN_PROGRAM_ADDRESS });
    this.tokens.set(ata, { mint, owner, amount });
    return ata;
  }

  /** A token account at a given address (a reserve's vault). */
  setTokenAccount(at: string, owner: string, mint: string, amount: bigint): void {
    this.tokens.set(at, { mint, owner, amount });
  }

  simulate(wire: string, config: SimulateConfig = {}): Promise<SimulateValue> {
    return simulate(this, wire, config, false);
  }

  /**
   * Lands the transaction (a wallet's sendTransaction once it is signed): runs it as `simulate` does and, when it
   * succeeds, keeps what it did: the program accounts the modelled programs wrote (a CCTP used nonce), and the token
   * accounts and lamports of its accounts. A simulation keeps nothing.
   */
  execute(wire: string): Promise<SimulateValue> {
    return simulate(this, wire, { encoding: "base64", replaceRecentBlockhash: true }, true);
  }

  /** getMultipleAccounts (base64): the accounts as this chain holds them now, as the simulation loads them. */
  accounts(addresses: string[]): (SimulatedAccount | null)[] {
    const svm = loadSvm(this);
    return addresses.map((a) => {
      const inSvm = accountAfter(svm, a);
      // A token account's state is the svm's (SPL Token moves it), not a copy among the program accounts.
      if (inSvm?.owner === TOKEN_PROGRAM_ADDRESS) return inSvm;
      const program = this.state().get(a);
      if (program) return { lamports: 60_000_000, owner: program.owner, data: [Buffer.from(program.data).toString("base64"), "base64"], executable: false, rentEpoch: 0, space: program.data.length };
      return inSvm;
    });
  }

  /** Jito-Solana's simulateBundle: the transactions in order on one scratch copy of this chain, nothing committed. */
  simulateBundle(wires: string[], config: SimulateBundleConfig | null = null): Promise<SimulateBundleValue> {
    return simulateBundle(this, wires, config);
  }

  /** The slot this chain's transactions run at: the clock of the litesvm a simulation loads (its Clock sysvar). */
  slot(): bigint {
    return loadSvm(this).getClock().slot;
  }

  /** @internal */
  state() {
    return this.programAccounts();
  }
}

function messageOf(wire: string, encoding: SimulateConfig["encoding"]) {
  if (encoding !== "base64") throw new RpcRefusal(-32602, "invalid transaction: this local chain is sent base64 (encoding: base64)");
  let tx: ReturnType<ReturnType<typeof getTransactionDecoder>["decode"]>;
  try {
    tx = getTransactionDecoder().decode(getBase64Encoder().encode(wire));
  } catch (e) {
    throw new RpcRefusal(-32602, `invalid transaction: failed to deserialize (${e instanceof Error ? e.message : String(e)})`);
  }
  const msg = getCompiledTransactionMessageDecoder().decode(tx.messageBytes);
  if (msg.version !== 0 && msg.version !== "legacy") throw new RpcRefusal(-32602, "invalid transaction: unsupported version");
  return { tx, msg };
}

/** The RPC's answer to a transaction the runtime refuses before running it: -32602 "invalid transaction: " and the text. */
const invalidTransaction = (text: string) => new RpcRefusal(-32602, `invalid transaction: ${text}`);

/**
 * Message sanitization's instruction indexes, as SanitizedTransaction::try_create runs it before any table is loaded
 * (anza-xyz/solana-sdk @ 122f32e571ce39face4beffaccea733e37c207fd, message/src/versions/v0/mod.rs 176-203
 * `v0::Message::sanitize`, the same in legacy.rs 180-192): a program id is a static key other than the fee payer (index 0)
 * — never one looked up from a table — and an account index is below the static plus looked-up keys; else
 * SanitizeError::IndexOutOfBounds, which transaction-error/src/lib.rs 247-251 makes TransactionError::SanitizeFailure
 * (Display, 192-193: "Transaction failed to sanitize accounts offsets correctly"), and anza-xyz/agave @
 * 4afe27140c0e467bb98f41d49aa71f06da1f510d, rpc/src/rpc.rs `fn sanitize_transaction` (called by simulate_transaction)
 * answers as `Error::invalid_params(format!("invalid transaction: {err}"))`.
 */
function sanitizeInstructionIndexes(msg: ReturnType<typeof messageOf>["msg"]): void {
  const statics = msg.staticAccounts.length;
  const lookups = msg.version === 0 ? (msg.addressTableLookups ?? []) : [];
  const keys = statics + lookups.reduce((n, l) => n + (l.writableIndexes?.length ?? 0) + (l.readonlyIndexes?.length ?? 0), 0);
  for (const ci of msg.instructions ?? []) {
    const outOfBounds = ci.programAddressIndex >= statics || ci.programAddressIndex === 0 || (ci.accountIndices ?? []).some((i) => i >= keys);
    if (outOfBounds) throw invalidTransaction("Transaction failed to sanitize accounts offsets correctly");
  }
}

// u64::MAX: a table never deactivated (LookupTableMeta::default in the state.rs below).
const NOT_DEACTIVATED = 0xffff_ffff_ffff_ffffn;
// The SlotHashes sysvar's length (anza-xyz/solana-sdk @ 122f32e571ce39face4beffaccea733e37c207fd,
// slot-hashes/src/lib.rs 22: `pub const MAX_ENTRIES: usize = 512;`).
const SLOT_HASHES_ENTRIES = 512n;

/**
 * The addresses of a lookup table the runtime lets a transaction at `slot` use (anza-xyz/solana-sdk @
 * 122f32e571ce39face4beffaccea733e37c207fd, address-lookup-table-interface/src/state.rs 101-124 LookupTableMeta::status
 * and 169-191 get_active_addresses_len): a table deactivated at the current slot, or at a slot still among the SlotHashes
 * sysvar's, is deactivating and usable; once its deactivation slot has left them it is deactivated and loads as
 * AddressLookupError::LookupTableAccountNotFound ("it can be closed at any point"); the addresses a table was extended
 * with in the current slot (from last_extended_slot_start_index) are not usable yet, so an index at them is an invalid
 * index, and a start index past the table's end is AddressLookupError::InvalidAccountData (lookup_iter, 218-222). This
 * chain skips no slot: the SlotHashes sysvar holds the 512 slots before the current one.
 */
function activeAddresses(table: ReturnType<ReturnType<typeof getAddressLookupTableDecoder>["decode"]>, slot: bigint): string[] {
  const d = table.deactivationSlot;
  const usable = d === NOT_DEACTIVATED || d === slot || (d < slot && slot - d <= SLOT_HASHES_ENTRIES);
  if (!usable) throw invalidTransaction("Transaction loads an address table account that doesn't exist");
  const active = slot > table.lastExtendedSlot ? table.addresses.length : table.lastExtendedSlotStartIndex;
  if (active > table.addresses.length) throw invalidTransaction("Transaction loads an address table account with invalid data");
  return table.addresses.slice(0, active).map(String);
}

/**
 * The message's account keys with its address table lookups resolved against this chain's lookup tables at `slot` (the
 * bank's slot: litesvm's clock), as the runtime loads them (v0: the static keys, then every table's writable lookups in
 * order, then the readonly ones; a looked-up key is writable when it was looked up as writable and never a signer), after
 * message sanitization's index checks (sanitizeInstructionIndexes). Table by table as anza-xyz/agave @
 * 00c7a2175f4d42e4eef8b80031d2fd7af53507c6, accounts-db/src/accounts.rs load_lookup_table_addresses_into loads them: a
 * table that does not exist, is not owned by the Address Lookup Table program, does not decode, is deactivated
 * (activeAddresses), or has no usable entry at an index refuses the transaction as the RPC does: -32602
 * "invalid transaction: " and the TransactionError's text (@solana/errors messages:
 * SOLANA_ERROR__TRANSACTION_ERROR__ADDRESS_LOOKUP_TABLE_NOT_FOUND and the three after it). The tables are
 * @solana-program/address-lookup-table's account layout, held among the program accounts.
 */
function accountKeys(
  chain: SolanaLocalChain,
  msg: ReturnType<typeof messageOf>["msg"],
  slot: bigint,
): { keys: string[]; writable: (i: number) => boolean; loaded: { writable: string[]; readonly: string[] } } {
  sanitizeInstructionIndexes(msg);
  const statics = msg.staticAccounts.map(String);
  const { numSignerAccounts: signers, numReadonlySignerAccounts: roSigners, numReadonlyNonSignerAccounts: roOthers } = msg.header;
  const lookups = msg.version === 0 ? (msg.addressTableLookups ?? []) : [];
  const tables = lookups.map((l) => {
    const acc = chain.state().get(l.lookupTableAddress);
    if (!acc) throw invalidTransaction("Transaction loads an address table account that doesn't exist");
    if (acc.owner !== ADDRESS_LOOKUP_TABLE_PROGRAM_ADDRESS) throw invalidTransaction("Transaction loads an address table account with an invalid owner");
    let table: ReturnType<ReturnType<typeof getAddressLookupTableDecoder>["decode"]>;
    try {
      table = getAddressLookupTableDecoder().decode(acc.data);
    } catch {
      throw invalidTransaction("Transaction loads an address table account with invalid data");
    }
    const addresses = activeAddresses(table, slot);
    const pick = (indexes: readonly number[] | undefined) =>
      (indexes ?? []).map((i) => {
        const a = addresses[i];
        if (a === undefined) throw invalidTransaction("Transaction address table lookup uses an invalid index");
        return a;
      });
    return { writable: pick(l.writableIndexes), readonly: pick(l.readonlyIndexes) };
  });
  const loaded = { writable: tables.flatMap((t) => t.writable), readonly: tables.flatMap((t) => t.readonly) };
  const keys = [...statics, ...loaded.writable, ...loaded.readonly];
  const n = statics.length;
  const writable = (i: number) => (i < n ? (i < signers ? i < signers - roSigners : i < n - roOthers) : i < n + loaded.writable.length);
  return { keys, writable, loaded };
}

/** A fresh litesvm holding this chain's lamports, mints (supply = the sum of their token accounts) and token accounts. */
function loadSvm(chain: SolanaLocalChain): LiteSVM {
  const svm = new LiteSVM().withSigverify(false).withBlockhashCheck(false).withTransactionHistory(0n);
  const put = (at: string, owner: Address, data: Uint8Array, lam: bigint) =>
    svm.setAccount({ address: address(at), lamports: lamports(lam), programAddress: owner, executable: false, data, space: BigInt(data.length) });
  for (const [a, l] of chain.lamports) put(a, SYSTEM, new Uint8Array(), l);
  const supply = new Map<string, bigint>();
  for (const t of chain.tokens.values()) supply.set(t.mint, (supply.get(t.mint) ?? 0n) + t.amount);
  for (const [m, v] of chain.mints) {
    // The native mint has no mint authority: wrapped SOL is minted by holding lamports (SPL Token's native_mint.rs).
    const mintAuthority = m === WRAPPED_SOL_MINT ? null : address(v.authority);
    const data = getMintEncoder().encode({ mintAuthority, supply: supply.get(m) ?? 0n, decimals: v.decimals, isInitialized: true, freezeAuthority: null });
    put(m, TOKEN_PROGRAM_ADDRESS, Uint8Array.from(data), 1_461_600n);
  }
  for (const [a, t] of chain.tokens) {
    // A wrapped-SOL account is native: is_native holds its rent reserve and its lamports are the reserve plus the amount
    // (SPL Token's processor moves both on a transfer and pays them all out on CloseAccount).
    const native = t.mint === WRAPPED_SOL_MINT;
    put(a, TOKEN_PROGRAM_ADDRESS, splTokenAccountData(t.mint, t.owner, t.amount, native ? RENT_TOKEN_ACCOUNT : null), native ? RENT_TOKEN_ACCOUNT + t.amount : RENT_TOKEN_ACCOUNT);
  }
  return svm;
}

/** An account's state in the svm as `value.accounts` gives it (null when it does not exist). */
function accountAfter(svm: LiteSVM, a: string): SimulatedAccount | null {
  const acc = svm.getAccount(address(a));
  if (!acc.exists) return null;
  return { lamports: Number(acc.lamports), owner: acc.programAddress, data: [Buffer.from(acc.data).toString("base64"), "base64"], executable: acc.executable, rentEpoch: 0, space: acc.data.length };
}

/** One simulation's run over a loaded svm: the units and logs so far, litesvm's own runs, and the programs' host. */
interface Execution {
  units: bigint;
  readonly logs: string[];
  /** Runs instructions as one litesvm transaction paid by the plan's fee payer; throws the failure. */
  run(ixs: Instruction[]): string[];
  readonly host: ProgramHost;
  /** Program accounts the modelled programs wrote in this transaction. */
  readonly created: Map<string, ChainAccount>;
}

/**
 * A simulation's own copy of the chain: a litesvm loaded from it and the program accounts programs created (a marginfi
 * account). Transactions simulated in order (simulateBundle) share one; nothing goes back to the chain.
 */
interface Scratch {
  svm: LiteSVM;
  created: Map<string, ChainAccount>;
}

function execution(chain: SolanaLocalChain, { svm, created }: Scratch, payer: string): Execution {
  const ex: Execution = {
    units: 0n,
    logs: [],
    created,
    run: (ixs) => {
      const m = pipe(
        createTransactionMessage({ version: 0 }),
        (x) => setTransactionMessageFeePayer(address(payer), x),
        (x) => svm.setTransactionMessageLifetimeUsingLatestBlockhash(x),
        (x) => appendTransactionMessageInstructions(ixs, x),
      );
      const compiled = compileTransaction(m);
      const r = svm.sendTransaction(compiled);
      if ("err" in r) throw new SvmFailure(r.err(), r.meta().logs(), r.meta().computeUnitsConsumed());
      ex.units += r.computeUnitsConsumed();
      // One plan transaction runs here as several litesvm transactions, each charging its fee: the fee is given back
      // and the plan transaction's own fee charged once (execute), as the chain charges it.
      addLamports(svm, payer, BigInt(LAMPORTS_PER_SIGNATURE * Object.keys(compiled.signatures).length));
      return r.logs();
    },
    host: programHost(
      chain,
      svm,
      created,
      (ixs) => ex.logs.push(...ex.run(ixs)),
      (units) => {
        ex.units += units;
      },
    ),
  };
  return ex;
}

/** The runtime's last log line of a failed program (`Program <id> failed: …`). */
const failedLine = (program: string, detail: ProgramRefusal["detail"]) =>
  `Program ${program} failed: ${typeof detail === "string" ? detail : `custom program error: 0x${detail.Custom.toString(16)}`}`;

/**
 * What the modelled programs see of the chain and do to it; `cpi` runs their SPL Token movements and keeps the logs,
 * `invoke` their CPIs into another modelled program (charged its units through `charge`).
 */
function programHost(chain: SolanaLocalChain, svm: LiteSVM, created: Map<string, ChainAccount>, cpi: (ixs: Instruction[]) => void, charge: (units: bigint) => void): ProgramHost {
  const tokenAccount = (a: string): TokenAccount | null => {
    const acc = svm.getAccount(address(a));
    if (!acc.exists || acc.programAddress !== TOKEN_PROGRAM_ADDRESS || acc.data.length !== 165) return null;
    const t = getTokenDecoder().decode(acc.data);
    return { mint: t.mint, owner: t.owner, amount: t.amount };
  };
  // The programs' CPIs: the signer is the owner or the program's authority PDA (no signature is checked here, as on chain a
  // PDA signs through invoke_signed); the movement is SPL Token's own.
  const signer = (a: string) => ({ address: address(a), signTransactions: async () => [] });
  // `created`: accounts programs created in this simulation (a marginfi account), over the chain's program accounts.
  const host: ProgramHost = {
    account: (a) => {
      const p = created.get(a) ?? chain.state().get(a);
      if (p) return p;
      const acc = svm.getAccount(address(a));
      return acc.exists ? { owner: acc.programAddress, data: acc.data } : null;
    },
    setAccount: (a, account) => {
      created.set(a, account);
    },
    token: (a) => tokenAccount(a),
    tokenMint: (a) => tokenAccount(a)?.mint ?? null,
    executable: (a) => {
      if (PROGRAMS.has(a)) return true; // a modelled program is deployed here, though not as litesvm bytecode
      const acc = svm.getAccount(address(a));
      return acc.exists && acc.executable;
    },
    transfer: (from, to, authority, amount) => {
      cpi([getTransferInstruction({ source: address(from), destination: address(to), authority: signer(authority), amount })]);
    },
    mintTo: (mint, to, authority, amount) => {
      cpi([getMintToInstruction({ mint: address(mint), token: address(to), mintAuthority: signer(authority), amount })]);
    },
    burn: (account, mint, authority, amount) => {
      cpi([getBurnInstruction({ account: address(account), mint: address(mint), authority: signer(authority), amount })]);
    },
    // A CPI (invoke / invoke_signed) into a modelled program: its logs at stack height 2; its refusal fails the caller
    // with the callee's error, as the runtime does.
    invoke: async (program, data, metas) => {
      const model = PROGRAMS.get(program);
      if (!model) throw new ProgramRefusal("UnsupportedProgramId", [`Program ${program} is not deployed on this chain`]);
      charge(model.units);
      const head = `Program ${program} invoke [2]`;
      try {
        const own = await model.run(host, data, metas);
        return [head, ...own, `Program ${program} consumed ${model.units} of ${model.units} compute units`, `Program ${program} success`];
      } catch (e) {
        if (!(e instanceof ProgramRefusal)) throw e;
        throw new ProgramRefusal(e.detail, [head, ...e.logs, failedLine(program, e.detail)]);
      }
    },
    slot: () => svm.getClock().slot,
  };
  return host;
}

async function simulate(chain: SolanaLocalChain, wire: string, config: SimulateConfig, commit: boolean): Promise<SimulateValue> {
  if (config.sigVerify && config.replaceRecentBlockhash) throw new RpcRefusal(-32602, "sigVerify may not be used with replaceRecentBlockhash");
  const { tx, msg } = messageOf(wire, config.encoding);
  // agave's simulateTransaction verifies signatures first when asked and answers an error, not a result:
  // RpcCustomError::TransactionSignatureVerificationFailure, code -32003 (anza-xyz/agave rpc/src/rpc.rs
  // simulate_transaction; the code in rpc-client-api/src/custom_error.rs @ 489f483e1d7b30ef114e0123994818b2accfa389).
  if (config.sigVerify && !signed(tx)) throw new RpcRefusal(-32003, "Transaction signature verification failure");
  if (config.accounts && config.accounts.encoding !== "base64") throw new RpcRefusal(-32602, "this local chain answers accounts in base64 only");
  const scratch = scratchOf(chain);
  const resolved = accountKeys(chain, msg, scratch.svm.getClock().slot);
  const { err, logs, units } = await execute(chain, scratch, msg, resolved, config.replaceRecentBlockhash === true);
  // Landed (execute): the chain keeps what a successful transaction did; a simulation keeps nothing.
  if (commit && err === null) keep(chain, scratch.svm, scratch.created, resolved.keys);
  return {
    err,
    logs,
    // As the RPC does, the accounts' state is given only for a transaction that succeeded.
    accounts: config.accounts ? config.accounts.addresses.map((a) => (err === null ? accountAfter(scratch.svm, a) : null)) : null,
    unitsConsumed: Number(units),
    returnData: null,
    replacementBlockhash: config.replaceRecentBlockhash ? replacementBlockhash(chain, msg) : null,
  };
}

/**
 * The node's simulate_bundle (rpc/src/rpc.rs at the commit above), in its order: its refusals (invalid params, -32602,
 * with its messages), then bank.rs simulate_transactions_unchecked_with_pre_accounts: each transaction on the state the
 * ones before it left, the requested accounts read before and after it, stopping after the first that fails; the
 * summary names that one (RpcBundleExecutionError::TransactionFailure: its signature as serde writes a Signature, a
 * 64-number array, and the error's Display text) and its signature.
 */
async function simulateBundle(chain: SolanaLocalChain, wires: string[], config: SimulateBundleConfig | null): Promise<SimulateBundleValue> {
  const invalid = (message: string) => new RpcRefusal(-32602, message);
  if (wires.length > MAX_BUNDLES_SIMULATED) throw invalid(`bundle size too large, max ${MAX_BUNDLES_SIMULATED} transactions`);
  const c: SimulateBundleConfig = config ?? { preExecutionAccountsConfigs: wires.map(() => null), postExecutionAccountsConfigs: wires.map(() => null) };
  const { preExecutionAccountsConfigs: pre, postExecutionAccountsConfigs: post } = c;
  if (!pre) throw invalid("Invalid params: missing field `preExecutionAccountsConfigs`.");
  if (!post) throw invalid("Invalid params: missing field `postExecutionAccountsConfigs`.");
  if (pre.length !== wires.length || post.length !== wires.length) {
    throw invalid("pre/post_execution_accounts_configs must be equal in length to the number of transactions");
  }
  if (c.transactionEncoding !== undefined && c.transactionEncoding !== "base64") throw invalid("Base64 is the only supported encoding for transactions");
  if (pre.some((a) => (a?.encoding ?? "base64") !== "base64")) throw invalid("Base64 is the only supported encoding for pre-execution accounts");
  if (post.some((a) => (a?.encoding ?? "base64") !== "base64")) throw invalid("Base64 is the only supported encoding for post-execution accounts");
  const txs = wires.map((w) => messageOf(w, "base64"));
  const messages = new Set(txs.map(({ tx }) => Buffer.from(tx.messageBytes).toString("base64")));
  if (messages.size !== txs.length) throw invalid("duplicate transactions");
  if (c.replaceRecentBlockhash && !c.skipSigVerify) throw invalid("replace_recent_blockhash cannot be used with !skip_sig_verify");
  // TransactionError::SignatureFailure's Display text (anza-xyz/solana-sdk transaction-error/src/lib.rs).
  if (!c.skipSigVerify && !txs.every(({ tx }) => signed(tx))) throw invalid("transaction signature is invalid: Transaction did not pass signature verification");

  const scratch = scratchOf(chain);
  const accounts = (cfg: { addresses: string[] } | null | undefined) => (cfg?.addresses ?? []).map((a) => bundleAccount(chain, scratch, a));
  const transactionResults: BundleTransactionResult[] = [];
  for (const [i, { tx, msg }] of txs.entries()) {
    const before = accounts(pre[i]);
    const resolved = accountKeys(chain, msg, scratch.svm.getClock().slot);
    const { err, logs, units } = await execute(chain, scratch, msg, resolved, c.replaceRecentBlockhash === true);
    transactionResults.push({
      err,
      logs,
      preExecutionAccounts: before,
      postExecutionAccounts: accounts(post[i]),
      unitsConsumed: Number(units),
      loadedAccountsDataSize: null,
      returnData: null,
      replacementBlockhash: c.replaceRecentBlockhash ? replacementBlockhash(chain, msg) : null,
      fee: err === null ? LAMPORTS_PER_SIGNATURE * Object.keys(tx.signatures).length : null,
      preBalances: null,
      postBalances: null,
      preTokenBalances: null,
      postTokenBalances: null,
      loadedAddresses: resolved.loaded,
    });
    if (err === null) continue;
    // tx.signature(): the first signature (all zeros for an unsigned transaction).
    const first = Object.values(tx.signatures)[0] ?? new Uint8Array(64);
    return {
      summary: { failed: { error: { TransactionFailure: [[...first], transactionErrorText(err)] }, tx_signature: getBase58Decoder().decode(first) } },
      transactionResults,
    };
  }
  return { summary: "succeeded", transactionResults };
}

/** An account as the node answers it in pre/postExecutionAccounts: the scratch's state, or the default (empty) account. */
function bundleAccount(chain: SolanaLocalChain, { svm, created }: Scratch, a: string): BundleAccount {
  const acc = svm.getAccount(address(a));
  // A token account lives in the svm (SPL Token moves it); a copy among the program accounts (what the app reads) is
  // not its state.
  const inSvm = acc.exists && acc.programAddress === TOKEN_PROGRAM_ADDRESS;
  const program = inSvm ? undefined : (created.get(a) ?? chain.state().get(a));
  const data = program?.data ?? (acc.exists ? acc.data : new Uint8Array());
  return {
    data: [Buffer.from(data).toString("base64"), "base64"],
    executable: !program && acc.exists && acc.executable,
    lamports: acc.exists ? Number(acc.lamports) : program ? 60_000_000 : 0,
    owner: program?.owner ?? (acc.exists ? acc.programAddress : SYSTEM),
    rentEpoch: 0,
    space: data.length,
  };
}

/**
 * A TransactionError's Display text (anza-xyz/solana-sdk @ 122f32e571ce39face4beffaccea733e37c207fd,
 * transaction-error/src/lib.rs and instruction-error/src/lib.rs) for the errors this chain answers: an instruction's
 * custom program error as the SDK writes it; other errors by their name.
 */
function transactionErrorText(err: unknown): string {
  const named: Record<string, string> = {
    BlockhashNotFound: "Blockhash not found",
    AccountNotFound: "Attempt to debit an account but found no record of a prior credit.",
    ProgramAccountNotFound: "Attempt to load a program that does not exist",
  };
  if (typeof err === "string") return named[err] ?? err;
  const ie = (err as { InstructionError?: [number, unknown] }).InstructionError;
  if (!ie) return JSON.stringify(err);
  const [index, detail] = ie;
  const inner = typeof detail === "object" && detail !== null && "Custom" in detail ? `custom program error: 0x${Number((detail as { Custom: number }).Custom).toString(16)}` : String(detail);
  return `Error processing Instruction ${index}: ${inner}`;
}

/** Every signature present and not all zeros (this chain checks presence, not the ed25519 signature itself). */
const signed = (tx: ReturnType<typeof messageOf>["tx"]) => Object.values(tx.signatures).every((s) => s?.some((b) => b !== 0));
const scratchOf = (chain: SolanaLocalChain): Scratch => ({ svm: loadSvm(chain), created: new Map() });
const replacementBlockhash = (chain: SolanaLocalChain, msg: ReturnType<typeof messageOf>["msg"]) => ({
  blockhash: [...chain.blockhashes][0] ?? msg.lifetimeToken,
  lastValidBlockHeight: 280_000_150,
});

/** What one transaction did on a scratch copy: its error (null: it succeeded), its logs and the units it used. */
interface Outcome {
  err: unknown;
  logs: string[];
  units: bigint;
}

/** Runs one transaction's instructions on `scratch`, which keeps what they did (for the transactions after it). */
async function execute(
  chain: SolanaLocalChain,
  scratch: Scratch,
  msg: ReturnType<typeof messageOf>["msg"],
  { keys, writable }: ReturnType<typeof accountKeys>,
  replaceRecentBlockhash: boolean,
): Promise<Outcome> {
  const signers = msg.header.numSignerAccounts;
  if (!replaceRecentBlockhash && !chain.blockhashes.has(msg.lifetimeToken)) return { err: "BlockhashNotFound", logs: [], units: 0n };
  const payer = keys[0] ?? "";
  if ((scratch.svm.getBalance(address(payer)) ?? 0n) < 5000n) return { err: "AccountNotFound", logs: [], units: 0n };

  const ex = execution(chain, scratch, payer);
  const { logs } = ex;
  const instructions = msg.instructions ?? [];
  for (const [index, ci] of instructions.entries()) {
    const program = keys[ci.programAddressIndex] ?? "";
    const metas: Meta[] = (ci.accountIndices ?? []).map((i) => ({
      address: keys[i] ?? "",
      signer: i < signers,
      writable: writable(i),
    }));
    try {
      const model = PROGRAMS.get(program);
      if (model) {
        logs.push(`Program ${program} invoke [1]`);
        try {
          const own = await model.run(ex.host, Uint8Array.from(ci.data ?? []), metas);
          ex.units += model.units;
          logs.push(...own, `Program ${program} consumed ${model.units} of ${model.units} compute units`, `Program ${program} success`);
          continue;
        } catch (e) {
          if (!(e instanceof ProgramRefusal)) throw e;
          logs.push(...e.logs, `Program ${program} consumed ${model.units} of ${model.units} compute units`, failedLine(program, e.detail));
          return { err: { InstructionError: [index, e.detail] }, logs, units: ex.units + model.units };
        }
      }
      const ix: Instruction = {
        programAddress: address(program),
        accounts: metas.map((m) => ({ address: address(m.address), role: (m.signer ? 2 : 0) | (m.writable ? 1 : 0) })),
        data: ci.data ?? new Uint8Array(),
      };
      logs.push(...ex.run([ix]));
    } catch (e) {
      if (e instanceof SvmFailure) return { err: reindex(e.err, index), logs: [...logs, ...e.logs], units: ex.units + e.units };
      throw e;
    }
  }
  addLamports(scratch.svm, payer, -BigInt(LAMPORTS_PER_SIGNATURE * signers));
  return { err: null, logs, units: ex.units };
}

/** Moves `payer`'s lamports by `delta` (the fee bookkeeping of execute). */
function addLamports(svm: LiteSVM, payer: string, delta: bigint): void {
  const acc = svm.getAccount(address(payer));
  if (!acc.exists) return;
  svm.setAccount({ ...acc, lamports: lamports(acc.lamports + delta) });
}

/** A landed transaction's effects kept by the chain: the programs' accounts, its accounts' tokens and lamports. */
function keep(chain: SolanaLocalChain, svm: LiteSVM, created: Map<string, ChainAccount>, keys: string[]): void {
  for (const [a, acc] of created) chain.state().set(a, acc);
  for (const a of new Set([...keys, ...created.keys(), ...chain.tokens.keys()])) {
    const acc = svm.getAccount(address(a));
    if (!acc.exists) continue;
    if (acc.programAddress === TOKEN_PROGRAM_ADDRESS && acc.data.length === 165) {
      const t = getTokenDecoder().decode(acc.data);
      chain.tokens.set(a, { mint: t.mint, owner: t.owner, amount: t.amount });
    } else if (acc.programAddress === SYSTEM && acc.data.length === 0) chain.lamports.set(a, acc.lamports);
  }
}

class SvmFailure extends Error {
  constructor(
    readonly err: unknown,
    readonly logs: string[],
    readonly units: bigint,
  ) {
    super("instruction failed");
  }
}

/** litesvm's error object as the RPC's JSON (`{ InstructionError: [index, …] }`), at the plan's instruction index. */
function reindex(err: unknown, index: number): unknown {
  const e = err as { index?: number; err?: () => unknown } | number;
  if (typeof e === "object" && e !== null && typeof e.err === "function") {
    const inner = e.err();
    const custom = typeof inner === "object" && inner !== null && "code" in inner ? { Custom: (inner as { code: number }).code } : instructionErrorName(inner);
    return { InstructionError: [index, custom] };
  }
  return typeof e === "number" ? transactionErrorName(e) : String(err);
}

// litesvm's fieldless error enums are `const enum`s (not in its JavaScript): their names come from its own declaration
// file, dist/internal.d.ts (InstructionErrorFieldless, TransactionErrorFieldless), as the RPC spells them.
function enumNames(name: string): Map<number, string> {
  const dts = readFileSync(path.join(path.dirname(createRequire(import.meta.url).resolve("litesvm")), "internal.d.ts"), "utf8");
  const body = new RegExp(`export declare const enum ${name} \\{([^}]*)\\}`).exec(dts)?.[1] ?? "";
  return new Map([...body.matchAll(/(\w+) = (\d+)/g)].map((m) => [Number(m[2]), m[1] ?? ""]));
}
const INSTRUCTION_ERRORS = enumNames("InstructionErrorFieldless");
const TRANSACTION_ERRORS = enumNames("TransactionErrorFieldless");
const instructionErrorName = (v: unknown) => (typeof v === "number" ? (INSTRUCTION_ERRORS.get(v) ?? `InstructionError${v}`) : String(v));
const transactionErrorName = (v: number) => TRANSACTION_ERRORS.get(v) ?? `TransactionError${v}`;

/** An initialized SPL Token account's data (@solana-program/token's encoder): `owner`'s account of `mint` holding `amount`. */
export function splTokenAccountData(mint: string, owner: string, amount = 0n, isNative: bigint | null = null): Uint8Array {
  return Uint8Array.from(
    getTokenEncoder().encode({ mint: address(mint), owner: address(owner), amount, delegate: null, state: 1, isNative, delegatedAmount: 0n, closeAuthority: null }),
  );
}
