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
import { CCTP_PROGRAMS } from "./cctp";
import { SOLANA_VENUE_CHAINS } from "./venues";
import { klendProgram } from "./venues/kamino";

/** The programs this chain checks and models, by program id: each venue's (./venues/index.ts), then Circle's CCTP programs (./cctp.ts). */
export const PROGRAMS: ReadonlyMap<string, ProgramModel> = new Map([...SOLANA_VENUE_CHAINS.flatMap((v) => v.programs), ...CCTP_PROGRAMS].map((p) => [p.programId, p]));
/** Compute units a klend instruction is charged on this chain (declared; see above). */
export const KLEND_UNITS = klendProgram.units;
const SYSTEM = address("11111111111111111111111111111111");
const RENT_TOKEN_ACCOUNT = 2_039_280n;

/** A JSON-RPC error the RPC itself answers (not a transaction error). */
export class RpcRefusal extends Error {
  constructor(
    readonly code: number,
    message: string,
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
  if (msg.version === 0 && (msg.addressTableLookups?.length ?? 0) > 0) throw new RpcRefusal(-32602, "this local chain holds no address lookup tables");
  return { tx, msg };
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
    const data = getMintEncoder().encode({ mintAuthority: address(v.authority), supply: supply.get(m) ?? 0n, decimals: v.decimals, isInitialized: true, freezeAuthority: null });
    put(m, TOKEN_PROGRAM_ADDRESS, Uint8Array.from(data), 1_461_600n);
  }
  for (const [a, t] of chain.tokens) {
    put(a, TOKEN_PROGRAM_ADDRESS, splTokenAccountData(t.mint, t.owner, t.amount), RENT_TOKEN_ACCOUNT);
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

function execution(chain: SolanaLocalChain, svm: LiteSVM, payer: string): Execution {
  const created = new Map<string, ChainAccount>();
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
      const r = svm.sendTransaction(compileTransaction(m));
      if ("err" in r) throw new SvmFailure(r.err(), r.meta().logs(), r.meta().computeUnitsConsumed());
      ex.units += r.computeUnitsConsumed();
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
  // `created`: accounts programs create in this transaction (a marginfi account), over the chain's program accounts.
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
  const keys = msg.staticAccounts.map(String);
  const { numSignerAccounts: signers, numReadonlySignerAccounts: roSigners, numReadonlyNonSignerAccounts: roOthers } = msg.header;
  if (config.sigVerify && Object.values(tx.signatures).some((s) => s === null || s.every((b) => b === 0))) {
    throw new RpcRefusal(-32003, "Transaction signature verification failure");
  }
  if (config.accounts && config.accounts.encoding !== "base64") throw new RpcRefusal(-32602, "this local chain answers accounts in base64 only");
  let after: ((a: string) => SimulatedAccount | null) | null = null;
  const blank = (err: unknown, logs: string[] = [], units = 0n): SimulateValue => ({
    err,
    logs,
    // As the RPC does, the accounts' state is given only for a transaction that succeeded.
    accounts: config.accounts ? (err === null && after ? config.accounts.addresses.map(after) : config.accounts.addresses.map(() => null)) : null,
    unitsConsumed: Number(units),
    returnData: null,
    replacementBlockhash: config.replaceRecentBlockhash ? { blockhash: [...chain.blockhashes][0] ?? msg.lifetimeToken, lastValidBlockHeight: 280_000_150 } : null,
  });
  if (!config.replaceRecentBlockhash && !chain.blockhashes.has(msg.lifetimeToken)) return blank("BlockhashNotFound");
  const payer = keys[0] ?? "";
  if ((chain.lamports.get(payer) ?? 0n) < 5000n) return blank("AccountNotFound");

  const svm = loadSvm(chain);
  after = (a: string) => accountAfter(svm, a);
  const ex = execution(chain, svm, payer);
  const { logs } = ex;

  const instructions = msg.instructions ?? [];
  for (const [index, ci] of instructions.entries()) {
    const program = keys[ci.programAddressIndex] ?? "";
    const metas: Meta[] = (ci.accountIndices ?? []).map((i) => ({
      address: keys[i] ?? "",
      signer: i < signers,
      writable: i < signers ? i < signers - roSigners : i < keys.length - roOthers,
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
          return blank({ InstructionError: [index, e.detail] }, logs, ex.units + model.units);
        }
      }
      const ix: Instruction = {
        programAddress: address(program),
        accounts: metas.map((m) => ({ address: address(m.address), role: (m.signer ? 2 : 0) | (m.writable ? 1 : 0) })),
        data: ci.data ?? new Uint8Array(),
      };
      logs.push(...ex.run([ix]));
    } catch (e) {
      if (e instanceof SvmFailure) return blank(reindex(e.err, index), [...logs, ...e.logs], ex.units + e.units);
      throw e;
    }
  }
  if (commit) keep(chain, svm, ex.created, keys);
  return blank(null, logs, ex.units);
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
export function splTokenAccountData(mint: string, owner: string, amount = 0n): Uint8Array {
  return Uint8Array.from(
    getTokenEncoder().encode({ mint: address(mint), owner: address(owner), amount, delegate: null, state: 1, isNative: null, delegatedAmount: 0n, closeAuthority: null }),
  );
}
