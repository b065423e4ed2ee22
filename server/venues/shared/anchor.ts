// Small pieces every Anchor-program builder needs: account metas and `discriminator ‖ u64` instruction data.
import { AccountRole, type Address, getAddressEncoder, getProgramDerivedAddress, getU64Encoder, getUtf8Encoder } from "@solana/kit";

export const ro = (a: Address) => ({ address: a, role: AccountRole.READONLY });
export const w = (a: Address) => ({ address: a, role: AccountRole.WRITABLE });

/** Instruction data: the Anchor discriminator, then one u64 argument. */
export function u64Instruction(discriminator: Uint8Array, arg: bigint): Uint8Array {
  const data = new Uint8Array(16);
  data.set(discriminator, 0);
  data.set(getU64Encoder().encode(arg), 8);
  return data;
}

const utf8 = getUtf8Encoder();
const addr = getAddressEncoder();

/** The program address of `program` for a string seed followed by public-key seeds. */
export async function pdaOf(program: Address, seed: string, ...keys: Address[]): Promise<Address> {
  const [a] = await getProgramDerivedAddress({ programAddress: program, seeds: [utf8.encode(seed), ...keys.map((k) => addr.encode(k))] });
  return a;
}
