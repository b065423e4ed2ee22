// Small pieces Anchor-program builders share: account metas and program addresses (instructions themselves are
// encoded from the generated IDL subsets by `anchorInstruction`, server/chains/solana/idl.ts).
import { AccountRole, type Address, getAddressEncoder, getProgramDerivedAddress, getUtf8Encoder } from "@solana/kit";

export const ro = (a: Address) => ({ address: a, role: AccountRole.READONLY });
export const w = (a: Address) => ({ address: a, role: AccountRole.WRITABLE });

const utf8 = getUtf8Encoder();
const addr = getAddressEncoder();

/** The program address of `program` for a string seed followed by public-key seeds. */
export async function pdaOf(program: Address, seed: string, ...keys: Address[]): Promise<Address> {
  const [a] = await getProgramDerivedAddress({ programAddress: program, seeds: [utf8.encode(seed), ...keys.map((k) => addr.encode(k))] });
  return a;
}
