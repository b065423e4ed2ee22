// What every Anchor-program builder needs: account metas, program addresses, and an instruction encoded exactly as
// the program's IDL declares it (the IDL subsets in server/venues/<venue>/idl.ts, generated from the SDKs' IDLs).
import { AccountRole, type Address, address, getAddressEncoder, getProgramDerivedAddress, getUtf8Encoder, type Instruction } from "@solana/kit";

export const ro = (a: Address) => ({ address: a, role: AccountRole.READONLY });
export const w = (a: Address) => ({ address: a, role: AccountRole.WRITABLE });

const utf8 = getUtf8Encoder();
const addr = getAddressEncoder();

/** The program address of `program` for a string seed followed by public-key seeds. */
export async function pdaOf(program: Address, seed: string, ...keys: Address[]): Promise<Address> {
  const [a] = await getProgramDerivedAddress({ programAddress: program, seeds: [utf8.encode(seed), ...keys.map((k) => addr.encode(k))] });
  return a;
}

/** One instruction of an Anchor IDL as server/venues/<venue>/idl.ts holds it (generated from the SDK's IDL). */
export interface IdlAccount {
  readonly name: string;
  readonly writable?: boolean;
  readonly signer?: boolean;
  readonly optional?: boolean;
  readonly address?: string;
}
export type IdlArgType = string | { readonly option: IdlArgType };
export interface IdlInstruction {
  readonly discriminator: readonly number[];
  readonly accounts: readonly IdlAccount[];
  readonly args: readonly { readonly name: string; readonly type: IdlArgType }[];
}
/** The accounts a caller names: every account of the IDL's list but those with a fixed `address`. */
type Named<A> = A extends { address: string } ? never : A extends { name: infer N extends string } ? N : never;
export type IdlArgValue = bigint | number | boolean | Address | null;

function roleOf(a: IdlAccount): AccountRole {
  if (a.signer) return a.writable ? AccountRole.WRITABLE_SIGNER : AccountRole.READONLY_SIGNER;
  return a.writable ? AccountRole.WRITABLE : AccountRole.READONLY;
}

/** Borsh, as Anchor's coder writes an argument: little-endian integers, bool as a byte, Option as a tag byte. */
function encodeArg(type: IdlArgType, v: IdlArgValue, name: string): Uint8Array {
  if (typeof type === "object") return v === null ? Uint8Array.of(0) : Uint8Array.from([1, ...encodeArg(type.option, v, name)]);
  const int = (bytes: number) => {
    if (typeof v !== "bigint" && typeof v !== "number") throw new Error(`argument ${name} (${type}) must be an integer`);
    const n = BigInt(v);
    if (n < 0n || n >= 1n << BigInt(bytes * 8)) throw new Error(`argument ${name} (${type}) is out of range`);
    return Uint8Array.from({ length: bytes }, (_, i) => Number((n >> BigInt(8 * i)) & 0xffn));
  };
  switch (type) {
    case "u8":
      return int(1);
    case "u16":
      return int(2);
    case "u32":
      return int(4);
    case "u64":
      return int(8);
    case "bool":
      if (typeof v !== "boolean") throw new Error(`argument ${name} (bool) must be a boolean`);
      return Uint8Array.of(v ? 1 : 0);
    case "pubkey":
      if (typeof v !== "string") throw new Error(`argument ${name} (pubkey) must be an address`);
      return Uint8Array.from(getAddressEncoder().encode(v as Address));
    default:
      throw new Error(`argument ${name}: IDL type ${type} is not encoded here`);
  }
}

/**
 * An instruction exactly as the IDL declares it: accounts in the IDL's order with its signer/writable flags (fixed
 * `address`es filled from the IDL), then `remaining` accounts; data = the IDL's discriminator ‖ its arguments in order.
 */
export function anchorInstruction<I extends IdlInstruction>(
  programAddress: Address,
  ix: I,
  accounts: Record<Named<I["accounts"][number]>, Address>,
  args: Record<I["args"][number]["name"], IdlArgValue>,
  remaining: readonly { address: Address; role: AccountRole }[] = [],
): Instruction {
  const given = accounts as Record<string, Address | undefined>;
  const values = args as Record<string, IdlArgValue | undefined>;
  const metas = ix.accounts.map((a) => {
    const at = a.address === undefined ? given[a.name] : address(a.address);
    if (at === undefined) throw new Error(`account ${a.name} is missing`);
    return { address: at, role: roleOf(a) };
  });
  const parts = ix.args.map((x) => {
    const v = values[x.name];
    if (v === undefined) throw new Error(`argument ${x.name} is missing`);
    return encodeArg(x.type, v, x.name);
  });
  const data = new Uint8Array(ix.discriminator.length + parts.reduce((n, p) => n + p.length, 0));
  data.set(ix.discriminator, 0);
  let at = ix.discriminator.length;
  for (const p of parts) {
    data.set(p, at);
    at += p.length;
  }
  return { programAddress, accounts: [...metas, ...remaining], data };
}
