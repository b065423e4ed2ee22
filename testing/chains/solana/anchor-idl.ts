// One checker for every Anchor program the local Solana chain knows, fed with that program's IDL as its SDK ships it:
// the checks Anchor's generated `try_accounts` makes before the handler runs, in Anchor's order and with Anchor's own
// error codes and log line (anchor-lang ErrorCode; the same table klend-sdk ships in dist/@codegen/klend/errors/anchor.js):
// - the instruction is found by its 8-byte discriminator (InstructionFallbackNotFound), its arguments deserialize
//   (InstructionDidNotDeserialize), there are at least as many accounts as the IDL lists (AccountNotEnoughKeys);
// - every account the IDL marks `signer` signed (AccountNotSigner), every `writable` one is writable (ConstraintMut);
// - an account with an `address` in the IDL is that address (InvalidProgramId for a program, else ConstraintAddress);
// - an account with `pda` seeds in the IDL is the program address of those seeds (const bytes, another account's key,
//   an argument's bytes, `x.unwrap_or(n)` of an optional argument) (ConstraintSeeds);
// - `relations` (Anchor's has_one, which the IDL writes on the related account) hold in the decoded account data
//   (ConstraintHasOne, or the error the program's source names for that has_one);
// - the accounts the program loads as typed accounts (`AccountLoader<T>` / `Account<T>`: which ones is not in an IDL,
//   so each program says it from its source) exist (AccountNotInitialized), are owned by the right program
//   (AccountOwnedByWrongProgram) and carry T's discriminator from the IDL (AccountDiscriminatorMismatch).
// Account data is decoded with @coral-xyz/anchor's BorshAccountsCoder over the same IDL. What the handler then does
// (its own checks and token movements) is each program's `run`, which moves tokens as real SPL Token instructions.
import { createHash } from "node:crypto";
import { createRequire } from "node:module";
import { address, getAddressDecoder, getAddressEncoder, getProgramDerivedAddress } from "@solana/kit";

const require = createRequire(import.meta.url);

export interface IdlSeed {
  kind: "const" | "account" | "arg";
  value?: number[];
  path?: string;
  /** For an `account` seed of a field (`local_token.mint`): the account's IDL type. */
  account?: string;
}
export interface IdlAccountItem {
  name: string;
  writable?: boolean;
  signer?: boolean;
  optional?: boolean;
  address?: string;
  pda?: { seeds: IdlSeed[]; program?: IdlSeed };
  relations?: string[];
}
export type IdlType = string | { option: IdlType } | { defined: { name: string } | string } | { vec: IdlType } | { array: unknown };
export interface IdlInstruction {
  name: string;
  discriminator: number[];
  accounts: IdlAccountItem[];
  args: { name: string; type: IdlType }[];
}
export interface AnchorIdl {
  address: string;
  metadata?: { name: string; version?: string };
  instructions: IdlInstruction[];
  accounts?: { name: string; discriminator: number[] }[];
  types?: { name: string; type: { kind: string; fields?: { name: string; type: IdlType }[] } }[];
  errors?: { code: number; name: string; msg?: string }[];
}

const sha8 = (s: string) => [...createHash("sha256").update(s).digest().subarray(0, 8)];
export const snake = (n: string) => n.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** A legacy (pre-0.30) IDL such as klend-sdk's in the current shape: snake names, sha256 discriminators, flags renamed. */
export function fromLegacyIdl(
  legacy: { instructions: { name: string; accounts: { name: string; isMut: boolean; isSigner: boolean; isOptional?: boolean }[]; args: { name: string; type: IdlType }[] }[]; accounts?: { name: string }[] },
  programAddress: string,
): AnchorIdl {
  return {
    address: programAddress,
    instructions: legacy.instructions.map((i) => ({
      name: snake(i.name),
      discriminator: sha8(`global:${snake(i.name)}`),
      accounts: i.accounts.map((a) => ({ name: snake(a.name), writable: a.isMut, signer: a.isSigner, optional: a.isOptional })),
      args: i.args.map((a) => ({ name: snake(a.name), type: a.type })),
    })),
    accounts: (legacy.accounts ?? []).map((a) => ({ name: a.name, discriminator: sha8(`account:${a.name}`) })),
  };
}

/** Anchor framework errors (anchor-lang ErrorCode; klend-sdk's dist/@codegen/klend/errors/anchor.js lists them). */
export const ANCHOR = {
  InstructionFallbackNotFound: [101, "Fallback functions are not supported"],
  InstructionDidNotDeserialize: [102, "The program could not deserialize the given instruction"],
  ConstraintMut: [2000, "A mut constraint was violated"],
  ConstraintHasOne: [2001, "A has one constraint was violated"],
  ConstraintRaw: [2003, "A raw constraint was violated"],
  ConstraintSeeds: [2006, "A seeds constraint was violated"],
  ConstraintAddress: [2012, "An address constraint was violated"],
  ConstraintTokenMint: [2014, "A token mint constraint was violated"],
  AccountDiscriminatorMismatch: [3002, "8 byte discriminator did not match what was expected"],
  AccountDidNotDeserialize: [3003, "Failed to deserialize the account"],
  AccountNotEnoughKeys: [3005, "Not enough account keys given to the instruction"],
  AccountOwnedByWrongProgram: [3007, "The given account is owned by a different program than expected"],
  InvalidProgramId: [3008, "Program ID was not as expected"],
  AccountNotSigner: [3010, "The given account did not sign"],
  AccountNotInitialized: [3012, "The program expected this account to be already initialized"],
} as const;
export type AnchorErrorName = keyof typeof ANCHOR;

/** A program's refusal: the RPC's instruction error detail (`{ Custom: n }` or a runtime error's name) and its log lines. */
export class ProgramRefusal extends Error {
  constructor(
    readonly detail: { Custom: number } | string,
    readonly logs: string[],
  ) {
    super(logs.at(-1) ?? JSON.stringify(detail));
  }
}

/** An Anchor error as the program logs it: `AnchorError caused by account: <name>. Error Code: …`. */
export class AnchorRefusal extends ProgramRefusal {
  constructor(
    readonly code: number,
    readonly log: string,
  ) {
    super({ Custom: code }, [`Program log: ${log}`]);
  }
}

export function anchorError(name: string, code: number, message: string, account?: string): AnchorRefusal {
  const where = account ? ` caused by account: ${account}.` : ".";
  return new AnchorRefusal(code, `AnchorError${where} Error Code: ${name}. Error Number: ${code}. Error Message: ${message}.`);
}

export function refuse(kind: AnchorErrorName, account?: string): never {
  const [code, msg] = ANCHOR[kind];
  throw anchorError(kind, code, msg, account);
}

export interface ChainAccount {
  owner: string;
  data: Uint8Array;
}

export interface TokenAccountView {
  mint: string;
  owner: string;
  amount: bigint;
}

/** What the local chain gives a program model: accounts as they stand in this transaction, and SPL Token's own moves. */
export interface ProgramHost {
  account(a: string): ChainAccount | null;
  /** Writes a program-owned account for the rest of the transaction (an account a program creates). */
  setAccount(a: string, account: ChainAccount): void;
  /** An SPL token account, or null when `a` is not one. */
  token(a: string): TokenAccountView | null;
  /** An SPL token account's mint, or null when `a` is not one. */
  tokenMint(a: string): string | null;
  /** Whether an account is executable (a program) on this chain. */
  executable(a: string): boolean;
  /** The CPIs a program makes, run as SPL Token instructions with `authority` signing. */
  transfer(from: string, to: string, authority: string, amount: bigint): void;
  mintTo(mint: string, to: string, authority: string, amount: bigint): void;
  burn(account: string, mint: string, authority: string, amount: bigint): void;
  /** A CPI into another program this chain models, `metas` as the caller passes them; answers the callee's logs. */
  invoke(program: string, data: Uint8Array, metas: Meta[]): Promise<string[]>;
  /** The current slot (the Clock sysvar's). */
  slot(): bigint;
}

export interface Meta {
  address: string;
  signer: boolean;
  writable: boolean;
}

/** A program the local chain checks (its interface) and runs (its effects), without its binary. */
export interface ProgramModel {
  name: string;
  programId: string;
  /** Compute units one instruction is charged here (declared: the program's code does not run). */
  units: bigint;
  run(host: ProgramHost, data: Uint8Array, metas: Meta[]): Promise<string[]>;
}

/** A typed account the handler loads (`AccountLoader<'info, T>` / `Account<'info, T>`), from the program's source. */
export interface TypedAccount {
  /**
   * The IDL account type (its discriminator comes from the IDL's `accounts`), or "TokenAccount" for anchor-spl's
   * `Account<TokenAccount>` (an SPL Token account, no discriminator; decoded as { mint, owner, amount }).
   */
  type: string;
  /** The owning program, when not the program itself (a type of another program, as Anchor checks it). */
  owner?: string;
}

export interface AnchorProgramSpec {
  name: string;
  idl: AnchorIdl;
  units: bigint;
  /** Instructions this chain runs: name → the handler's own checks and token movements after the IDL checks. */
  handlers: Record<string, (ctx: AnchorContext) => Promise<string[]> | string[]>;
  /** Accounts each handler loads as typed accounts, by IDL account name (`<instruction>.<account>` overrides). */
  typed?: Record<string, TypedAccount>;
  /** Accounts an instruction creates (`init`): they must not exist yet. `<instruction>.<account>`. */
  init?: string[];
  /** Accounts an instruction creates when absent (`init_if_needed`): typed checks only when they exist. `<instruction>.<account>`. */
  initIfNeeded?: string[];
  /** Seeds the program's source gives an account that its IDL does not (`<instruction>.<account>` or account). */
  seeds?: Record<string, { seeds: IdlSeed[]; program?: IdlSeed }>;
  /** Errors of the program's source its IDL leaves out (an Anchor IDL keeps one `#[error_code]` enum of several). */
  errors?: { code: number; name: string; msg: string }[];
  /** Program accounts without an `address` in the IDL (Interface<TokenInterface>, Program<T>): allowed program ids. */
  programs?: Record<string, string[]>;
  /** The error a has_one raises when the source names one (`<account>.<field>` → IDL error name); else ConstraintHasOne. */
  hasOneErrors?: Record<string, string>;
  /** Seeds for accounts whose seeds the IDL gives only on the instruction that creates them: account → instruction. */
  seedsFrom?: Record<string, string>;
  /**
   * The arguments decoded by the program's own coder (a legacy IDL whose arguments hold enums: Jupiter's route plan),
   * instead of this checker's reader; null when they do not deserialize. The handler reads them as `values`.
   */
  argsOf?: (data: Uint8Array) => Record<string, unknown> | null;
}

export interface AnchorContext {
  ix: IdlInstruction;
  host: ProgramHost;
  args: Record<string, Uint8Array | null>;
  /** The account's address by IDL name. */
  at(name: string): string;
  /** The account's data decoded with the IDL (snake_case fields; keys as base58 strings). */
  decoded(name: string): Record<string, unknown>;
  /** Extra accounts after the IDL's (remaining accounts). */
  remaining: Meta[];
  /** The arguments as the spec's `argsOf` decodes them (empty without one). */
  values: Record<string, unknown>;
  /** Whether an optional account was given (Anchor: an absent optional account is passed as the program's own id). */
  given(name: string): boolean;
  /** Refuses with an Anchor framework error or an error of the program's IDL. */
  fail(kind: string, account?: string): never;
}

const ARG_SIZE: Record<string, number> = { u8: 1, i8: 1, bool: 1, u16: 2, i16: 2, u32: 4, i32: 4, u64: 8, i64: 8, u128: 16, i128: 16, pubkey: 32, publicKey: 32 };

/**
 * Each argument's bytes (null for an absent Option), or null when the data does not deserialize (Borsh). A struct
 * argument (`defined` in the IDL's `types`) also gives each field as `<arg>.<field>`; `bytes` and `vec<u8>` give their
 * contents (after the u32 length).
 */
function readArgs(idl: AnchorIdl, ix: IdlInstruction, data: Uint8Array): Record<string, Uint8Array | null> | null {
  const out: Record<string, Uint8Array | null> = {};
  let at = 8;
  const read = (name: string, t: IdlType): boolean => {
    let type = t;
    if (typeof type === "object" && "option" in type) {
      const tag = data[at];
      at += 1;
      if (tag === 0) {
        out[name] = null;
        return true;
      }
      if (tag !== 1) return false;
      type = type.option;
    }
    const start = at;
    if (type === "bytes" || (typeof type === "object" && "vec" in type && type.vec === "u8")) {
      if (at + 4 > data.length) return false;
      const n = Buffer.from(data.subarray(at, at + 4)).readUInt32LE(0);
      if (at + 4 + n > data.length) return false;
      out[name] = data.subarray(at + 4, at + 4 + n);
      at += 4 + n;
      return true;
    }
    if (typeof type === "object" && "defined" in type) {
      const typeName = typeof type.defined === "string" ? type.defined : type.defined.name;
      const def = idl.types?.find((x) => x.name === typeName);
      if (def?.type.kind !== "struct" || !def.type.fields) throw new Error(`the local chain cannot decode ${typeName} (${ix.name})`);
      for (const f of def.type.fields) if (!read(`${name}.${f.name}`, f.type)) return false;
      out[name] = data.subarray(start, at);
      return true;
    }
    const size = typeof type === "string" ? ARG_SIZE[type] : undefined;
    if (size === undefined) throw new Error(`the local chain cannot decode argument ${name} of ${ix.name} (${JSON.stringify(t)})`);
    if (at + size > data.length) return false;
    out[name] = data.subarray(at, at + size);
    at += size;
    return true;
  };
  for (const a of ix.args) if (!read(a.name, a.type)) return null;
  return out;
}

function argSize(ix: IdlInstruction, name: string): number {
  const t = ix.args.find((a) => a.name === name)?.type;
  const inner = typeof t === "object" && t !== null && "option" in t ? t.option : t;
  return typeof inner === "string" ? (ARG_SIZE[inner] ?? 0) : 0;
}

interface Coder {
  decode(name: string, data: Buffer): Record<string, unknown>;
}

/** The IDL's account decoder (@coral-xyz/anchor BorshAccountsCoder), or null for an IDL without types (legacy). */
function coderOf(idl: AnchorIdl): Coder | null {
  if (!idl.types?.length) return null;
  const anchor = require("@coral-xyz/anchor") as { BorshAccountsCoder: new (idl: unknown) => Coder };
  return new anchor.BorshAccountsCoder(idl);
}

/** Base58 strings for public keys and bigints for BN integers, recursively (the coder answers web3.js and bn.js objects). */
function plain(v: unknown): unknown {
  if (v && typeof v === "object") {
    const k = v as { toBase58?: () => string; toArrayLike?: unknown };
    if (typeof k.toBase58 === "function" && "_bn" in (v as object)) return k.toBase58();
    if (typeof k.toArrayLike === "function" && "words" in (v as object)) return BigInt(String(v));
    if (Array.isArray(v)) return v.map(plain);
    return Object.fromEntries(Object.entries(v).map(([key, x]) => [key, plain(x)]));
  }
  return v;
}

/** Builds the program model: every check above from `spec.idl`, then the handler. */
export function anchorProgram(spec: AnchorProgramSpec): ProgramModel {
  const { idl } = spec;
  const coder = coderOf(idl);
  const discOf = new Map((idl.accounts ?? []).map((a) => [a.name, Buffer.from(a.discriminator)]));
  const typeOfAccount = (ix: string, name: string) => spec.typed?.[`${ix}.${name}`] ?? spec.typed?.[name];
  const errors = [...(idl.errors ?? []), ...(spec.errors ?? [])];

  const fail = (kind: string, account?: string): never => {
    if (kind in ANCHOR) refuse(kind as AnchorErrorName, account);
    const e = errors.find((x) => x.name === kind);
    if (!e) throw new Error(`${spec.name}: no error ${kind} in the IDL`);
    throw anchorError(e.name, e.code, e.msg ?? e.name, account);
  };

  return {
    name: spec.name,
    programId: idl.address,
    units: spec.units,
    async run(host, data, metas) {
      const ix = idl.instructions.find((i) => Buffer.from(data.subarray(0, 8)).equals(Buffer.from(i.discriminator)));
      if (!ix || data.length < 8) return refuse("InstructionFallbackNotFound");
      const handler = spec.handlers[ix.name];
      if (!handler) throw new ProgramRefusal({ Custom: 101 }, [`Program log: The local chain does not model ${spec.name}'s ${ix.name}.`]);
      const values = spec.argsOf ? spec.argsOf(data) : {};
      const args = spec.argsOf ? {} : readArgs(idl, ix, data);
      if (!args || !values) return refuse("InstructionDidNotDeserialize");
      const required = ix.accounts.filter((a) => !a.optional).length;
      if (metas.length < required) refuse("AccountNotEnoughKeys");
      const acc: Record<string, Meta> = {};
      ix.accounts.forEach((a, i) => {
        const m = metas[i];
        // An optional account passed as the program's own id is None: no constraint applies to it (anchor-lang
        // Option<Account>, "pass the program ID" for an absent one).
        if (m && !(a.optional && m.address === idl.address)) acc[a.name] = m;
      });
      const at = (name: string) => {
        const m = acc[name];
        if (!m) throw new Error(`${spec.name}.${ix.name} has no account ${name}`);
        return m.address;
      };
      const decodedCache = new Map<string, Record<string, unknown>>();
      const decoded = (name: string) => {
        const hit = decodedCache.get(name);
        if (hit) return hit;
        const type = typeOfAccount(ix.name, name)?.type;
        if (type === TOKEN_ACCOUNT) {
          const t = host.token(at(name));
          if (!t) throw new Error(`${spec.name}: ${name} is not a token account`);
          const v = { ...t } as Record<string, unknown>;
          decodedCache.set(name, v);
          return v;
        }
        const a = host.account(at(name));
        if (!type || !a || !coder) throw new Error(`${spec.name}: ${name} is not a typed account the IDL decodes`);
        const v = plain(coder.decode(type, Buffer.from(a.data))) as Record<string, unknown>;
        decodedCache.set(name, v);
        return v;
      };

      // Pass 1, as each field's try_accounts: Signer, typed accounts (owner, discriminator), programs.
      for (const a of ix.accounts) {
        const m = acc[a.name];
        if (!m) continue;
        if (a.signer && !m.signer) refuse("AccountNotSigner", a.name);
        if (spec.init?.includes(`${ix.name}.${a.name}`)) {
          const existing = host.account(m.address);
          // `init` allocates through the System program, which refuses an account in use (SystemError::AccountAlreadyInUse).
          if (existing && existing.data.length > 0) {
            throw new ProgramRefusal({ Custom: 0 }, [
              `Program ${SYSTEM_PROGRAM} invoke [2]`,
              `Allocate: account Address { address: ${m.address}, base: None } already in use`,
              `Program ${SYSTEM_PROGRAM} failed: custom program error: 0x0`,
            ]);
          }
          continue;
        }
        const typed = typeOfAccount(ix.name, a.name);
        if (typed && spec.initIfNeeded?.includes(`${ix.name}.${a.name}`) && !host.account(m.address)) continue;
        if (typed?.type === TOKEN_ACCOUNT) {
          // anchor-spl Account<TokenAccount>: owned by SPL Token and unpacks as a token account.
          const data = host.account(m.address);
          if (!data) refuse("AccountNotInitialized", a.name);
          if (data.owner !== (typed.owner ?? TOKEN_PROGRAM)) refuse("AccountOwnedByWrongProgram", a.name);
          if (!host.token(m.address)) refuse("AccountDidNotDeserialize", a.name);
        } else if (typed) {
          const data = host.account(m.address);
          if (!data) refuse("AccountNotInitialized", a.name);
          if (data.owner !== (typed.owner ?? idl.address)) refuse("AccountOwnedByWrongProgram", a.name);
          const disc = discOf.get(typed.type);
          if (!disc) throw new Error(`${spec.name}: no ${typed.type} in the IDL's accounts`);
          if (!Buffer.from(data.data.subarray(0, 8)).equals(disc)) refuse("AccountDiscriminatorMismatch", a.name);
        }
        const programs = spec.programs?.[a.name];
        if (programs && !programs.includes(m.address)) refuse("InvalidProgramId", a.name);
        if (a.address && m.address !== a.address) refuse(host.executable(a.address) ? "InvalidProgramId" : "ConstraintAddress", a.name);
      }
      // Pass 2, the constraints in field order: mut, has_one (relations), seeds.
      for (const a of ix.accounts) {
        const m = acc[a.name];
        if (!m) continue;
        if (a.writable && !m.writable) refuse("ConstraintMut", a.name);
      }
      for (const a of ix.accounts) {
        for (const holder of a.relations ?? []) {
          if (!acc[holder]) continue;
          const field = decoded(holder)[a.name];
          if (field !== at(a.name)) fail(spec.hasOneErrors?.[`${holder}.${a.name}`] ?? "ConstraintHasOne", holder);
        }
      }
      await checkSeeds(spec, ix, args, (name) => acc[name] !== undefined, at, decoded);
      const ctx: AnchorContext = { ix, host, args, values, at, decoded, remaining: metas.slice(ix.accounts.length), fail, given: (name) => acc[name] !== undefined };
      return [`Program log: Instruction: ${pascal(ix.name)}`, ...(await handler(ctx))];
    },
  };
}

/** The `seeds` constraints, in field order: each PDA account (the IDL's, the spec's, or another instruction's) re-derived. */
async function checkSeeds(
  spec: AnchorProgramSpec,
  ix: AnchorProgramSpec["idl"]["instructions"][number],
  args: Parameters<typeof seedBytes>[2],
  given: (name: string) => boolean,
  at: (name: string) => string,
  decoded: Parameters<typeof seedBytes>[4],
): Promise<void> {
  const { idl } = spec;
  for (const a of ix.accounts) {
    const seedsIx = spec.seedsFrom?.[a.name];
    const pda =
      a.pda ??
      spec.seeds?.[`${ix.name}.${a.name}`] ??
      spec.seeds?.[a.name] ??
      (seedsIx ? idl.instructions.find((i) => i.name === seedsIx)?.accounts.find((x) => x.name === a.name)?.pda : undefined);
    if (!pda || !given(a.name)) continue;
    const seeds = pda.seeds.map((s) => seedBytes(s, ix, args, at, decoded));
    const program = pda.program ? seedBytes(pda.program, ix, args, at, decoded) : null;
    const programAddress = program && program.length === 32 ? getAddressDecoder().decode(program) : address(idl.address);
    const [want] = await getProgramDerivedAddress({ programAddress, seeds });
    if (want !== at(a.name)) refuse("ConstraintSeeds", a.name);
  }
}

const TOKEN_ACCOUNT = "TokenAccount";
const TOKEN_PROGRAM = "TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA";
const SYSTEM_PROGRAM = "11111111111111111111111111111111";

const pascal = (s: string) => s.replace(/(^|_)([a-z])/g, (_, __, c: string) => c.toUpperCase());

function seedBytes(
  s: IdlSeed,
  ix: IdlInstruction,
  args: Record<string, Uint8Array | null>,
  at: (name: string) => string,
  decoded: (name: string) => Record<string, unknown>,
): Uint8Array {
  if (s.kind === "const") return Uint8Array.from(s.value ?? []);
  const path = s.path ?? "";
  if (s.kind === "account") {
    // `account.field`: a key field of another (typed) account of the instruction, as stored.
    const [name = "", field] = path.split(".");
    const key = field ? decoded(name)[field] : at(name);
    if (typeof key !== "string") throw new Error(`seed ${path} of ${ix.name} is not a key`);
    return Uint8Array.from(getAddressEncoder().encode(address(key)));
  }
  if (path in args) {
    const v = args[path];
    if (v) return v;
  }
  // `name` or `name.unwrap_or(n)` of an Option argument (the IDL writes the seed expression as its path).
  const m = /^(\w+)\.unwrap_or\((\d+)\)$/.exec(path);
  const name = m ? (m[1] ?? "") : path;
  const v = args[name];
  if (v) return v;
  if (!m) throw new Error(`argument ${name} of ${ix.name} is absent but is a seed`);
  const out = new Uint8Array(argSize(ix, name));
  let n = BigInt(m[2] ?? "0");
  for (let i = 0; i < out.length; i++, n >>= 8n) out[i] = Number(n & 0xffn);
  return out;
}

/**
 * An account of IDL type `name` as the program stores it (discriminator, then the Borsh layout), every field zero but
 * `fields` (snake_case, keys as web3.js PublicKeys or base58 strings), encoded by @coral-xyz/anchor's coder over the IDL:
 * the local chain's program accounts are the IDL's layout, not ours.
 */
export function encodeAnchorAccount(idl: AnchorIdl, name: string, fields: Record<string, unknown>): Uint8Array {
  const anchor = require("@coral-xyz/anchor") as {
    BorshAccountsCoder: new (idl: unknown) => Coder & { size(name: string): number; accountLayouts: Map<string, { layout: { encode(v: unknown, b: Buffer): number } }> };
    web3: { PublicKey: new (v: string) => unknown };
  };
  const coder = new anchor.BorshAccountsCoder(idl);
  const disc = idl.accounts?.find((a) => a.name === name)?.discriminator;
  const layout = coder.accountLayouts.get(name);
  if (!disc || !layout) throw new Error(`no account ${name} in the IDL`);
  const zero = Buffer.alloc(coder.size(name) + 64);
  zero.set(disc, 0);
  const v = coder.decode(name, zero);
  for (const [k, x] of Object.entries(fields)) v[k] = typeof x === "string" && /^[1-9A-HJ-NP-Za-km-z]{32,44}$/.test(x) ? new anchor.web3.PublicKey(x) : x;
  const body = Buffer.alloc(1 << 16);
  const length = layout.layout.encode(v, body);
  return Uint8Array.from(Buffer.concat([Buffer.from(disc), body.subarray(0, length)]));
}
