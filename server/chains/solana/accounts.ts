// One Solana account's raw data (getAccountInfo, base64) for the readers, checked against its owning program and,
// for Anchor accounts, its 8-byte discriminator (sha256("account:<Name>")[0..8]).
import { address, getAddressDecoder } from "@solana/kit";
import { bytesEqual } from "./bytes";
import { solanaRpc } from "../clients";

/**
 * The account at a pinned id is not the one the venue cites (missing, another program's, another type, or related to
 * another market, group or mint): a plan built on it is blocked naming the id (server/venues/shared/plan-reads.ts),
 * never answered as an unreadable RPC.
 */
export class AccountMismatch extends Error {}

export async function programAccount(
  at: string,
  owner: string,
  what: string,
  signal: AbortSignal,
  opts: { discriminator?: Uint8Array; minLength?: number } = {},
): Promise<Uint8Array> {
  const rpc = solanaRpc();
  const res = await rpc.getAccountInfo(address(at), { encoding: "base64", commitment: "confirmed" }).send({ abortSignal: signal });
  const acc = res.value;
  if (!acc) throw new AccountMismatch(`the ${what} account ${at} does not exist`);
  if (acc.owner !== owner) throw new AccountMismatch(`the ${what} account ${at} is not owned by ${owner} (its owner is ${acc.owner})`);
  const data = Buffer.from(acc.data[0], "base64");
  if (opts.minLength !== undefined && data.length < opts.minLength) throw new AccountMismatch(`the ${what} account ${at} is ${data.length} bytes, shorter than its layout`);
  if (opts.discriminator && !bytesEqual(data.subarray(0, 8), opts.discriminator)) throw new AccountMismatch(`the ${what} account ${at} has another account type (discriminator)`);
  return data;
}

const pubkeyDecoder = getAddressDecoder();

/** The base58 public key stored at `at` (32 bytes). */
export function pubkeyAt(data: Uint8Array, at: number): string {
  return pubkeyDecoder.decode(data.subarray(at, at + 32));
}
