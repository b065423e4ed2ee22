// Anchor instructions encoded exactly as the program's IDL declares them. The IDLs are not read at run time: each
// program's instructions are generated into an `as const` file (server/venues/<venue>/idl.ts, server/rails/cctp/idl.ts)
// from the IDL its SDK or its pinned source ships (scripts/solana-idl/generate.ts, `npm run gen:idl`; a unit test
// regenerates them and fails on any difference), so no discriminator, account list, flag or layout is typed by hand.
import { AccountRole, type Address, address, getAddressEncoder, type Instruction } from "@solana/kit";

export interface IdlAccount {
  readonly name: string;
  readonly writable?: boolean;
  readonly signer?: boolean;
  readonly optional?: boolean;
  readonly address?: string;
}
/** An argument's type: IDL primitives, Option, and a struct the generator inlined from the IDL's `types`. */
export type IdlArgType = string | { readonly option: IdlArgType } | { readonly struct: readonly { readonly name: string; readonly type: IdlArgType }[] };
export interface IdlInstruction {
  readonly discriminator: readonly number[];
  readonly accounts: readonly IdlAccount[];
  readonly args: readonly { readonly name: string; readonly type: IdlArgType }[];
}
/** The accounts a caller names: every account of the IDL's list but those with a fixed `address`. */
type Named<A> = A extends { address: string } ? never : A extends { name: infer N extends string } ? N : never;
export type IdlValue = bigint | number | boolean | Address | Uint8Array | null | { readonly [field: string]: IdlValue };

function roleOf(a: IdlAccount): AccountRole {
  if (a.signer) return a.writable ? AccountRole.WRITABLE_SIGNER : AccountRole.READONLY_SIGNER;
  return a.writable ? AccountRole.WRITABLE : AccountRole.READONLY;
}

const INT_BYTES: Record<string, number> = { u8: 1, u16: 2, u32: 4, u64: 8 };

function integer(v: IdlValue, bytes: number, name: string, type: string): Uint8Array {
  if (typeof v !== "bigint" && typeof v !== "number") throw new Error(`argument ${name} (${type}) must be an integer`);
  const n = BigInt(v);
  if (n < 0n || n >= 1n << BigInt(bytes * 8)) throw new Error(`argument ${name} (${type}) is out of range`);
  return Uint8Array.from({ length: bytes }, (_, i) => Number((n >> BigInt(8 * i)) & 0xffn));
}

/** Borsh, as Anchor's coder writes an argument: little-endian integers, bool as a byte, Option as a tag byte, `bytes`
 * as a u32 length and the bytes, a struct as its fields in order. */
function encodeArg(type: IdlArgType, v: IdlValue, name: string): Uint8Array {
  if (typeof type === "object") {
    if ("option" in type) return v === null ? Uint8Array.of(0) : Uint8Array.from([1, ...encodeArg(type.option, v, name)]);
    if (v === null || typeof v !== "object" || v instanceof Uint8Array) throw new Error(`argument ${name} must be a struct`);
    const fields = v as { readonly [field: string]: IdlValue };
    const unknown = Object.keys(fields).filter((k) => !type.struct.some((f) => f.name === k));
    if (unknown.length > 0) throw new Error(`argument ${name} has no field ${unknown.join(", ")}`);
    return concatBytes(type.struct.map((f) => encodeArg(f.type, required(fields[f.name], `${name}.${f.name}`), `${name}.${f.name}`)));
  }
  const bytes = INT_BYTES[type];
  if (bytes !== undefined) return integer(v, bytes, name, type);
  if (type === "bool") {
    if (typeof v !== "boolean") throw new Error(`argument ${name} (bool) must be a boolean`);
    return Uint8Array.of(v ? 1 : 0);
  }
  if (type === "pubkey") {
    // An address, or its 32 bytes (a CCTP mint recipient arrives as the message's bytes32).
    if (v instanceof Uint8Array && v.length === 32) return v;
    if (typeof v !== "string") throw new Error(`argument ${name} (pubkey) must be an address or 32 bytes`);
    return Uint8Array.from(getAddressEncoder().encode(v as Address));
  }
  if (type === "bytes") {
    if (!(v instanceof Uint8Array)) throw new Error(`argument ${name} (bytes) must be bytes`);
    return concatBytes([integer(v.length, 4, name, "bytes length"), v]);
  }
  throw new Error(`argument ${name}: IDL type ${type} is not encoded here`);
}

function required(v: IdlValue | undefined, name: string): IdlValue {
  if (v === undefined) throw new Error(`argument ${name} is missing`);
  return v;
}

function concatBytes(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/**
 * An instruction exactly as the IDL declares it: accounts in the IDL's order with its signer/writable flags (fixed
 * `address`es filled from the IDL, and a given one must equal it), then `remaining` accounts; data = the IDL's
 * discriminator ‖ its arguments in order. A name the IDL does not list, or a missing one, throws.
 */
export function anchorInstruction<I extends IdlInstruction>(
  programAddress: Address,
  ix: I,
  accounts: Record<Named<I["accounts"][number]>, Address>,
  args: Record<I["args"][number]["name"], IdlValue>,
  remaining: readonly { address: Address; role: AccountRole }[] = [],
): Instruction {
  const given = accounts as Record<string, Address | undefined>;
  const unknown = Object.keys(given).filter((k) => !ix.accounts.some((a) => a.name === k));
  if (unknown.length > 0) throw new Error(`the IDL's instruction has no account ${unknown.join(", ")}`);
  const metas = ix.accounts.map((a) => {
    const at = given[a.name] ?? (a.address === undefined ? undefined : address(a.address));
    if (at === undefined) throw new Error(`account ${a.name} is missing`);
    if (a.address !== undefined && at !== a.address) throw new Error(`account ${a.name} must be ${a.address} (the IDL's address), not ${at}`);
    return { address: at, role: roleOf(a) };
  });
  const values = args as Record<string, IdlValue | undefined>;
  const data = concatBytes([Uint8Array.from(ix.discriminator), ...ix.args.map((x) => encodeArg(x.type, required(values[x.name], x.name), x.name))]);
  return { programAddress, accounts: [...metas, ...remaining], data };
}
