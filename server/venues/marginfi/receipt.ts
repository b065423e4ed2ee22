// marginfi's mark of a deposit or withdraw in an executed transaction. marginfi mints no share token (the shares sit in
// the owner's marginfi account), so the proof is the event its program emits: lending_account_deposit ends with
// `emit!(LendingAccountDepositEvent { header: AccountEventHeader { signer: Some(signer), marginfi_account,
// marginfi_account_authority, marginfi_group }, bank, mint: bank.mint, amount })` (mrgnlabs/marginfi-v2
// programs/marginfi/src/instructions/marginfi_account/deposit.rs; newer versions append share_amount, read past here),
// and lending_account_withdraw with LendingAccountWithdrawEvent (withdraw.rs).
// Anchor's emit! logs it as "Program data: <base64 of discriminator + Borsh>" inside the program's invocation, so only
// lines logged while marginfi's program is the one running count.
import { getAddressDecoder } from "@solana/kit";
import type { ExecutedEffects, VenueReceipt } from "../shared/receipt";
import { marginfi } from "./descriptor";

// source: @mrgnlabs/marginfi-client-v2 6.4.2 dist/idl/marginfi_0.1.7.json `events[LendingAccountDepositEvent].discriminator`
// (its `types` give the layout: AccountEventHeader { signer: Option<Pubkey>, marginfi_account, marginfi_account_authority,
// marginfi_group }, then bank, mint: Pubkey, amount: u64).
const DEPOSIT_EVENT = Uint8Array.from([161, 54, 237, 217, 105, 248, 122, 151]);
// source: @mrgnlabs/marginfi-client-v2 6.4.2 dist/idl/marginfi_0.1.7.json `events[LendingAccountWithdrawEvent].discriminator`
// (the same header, bank, mint and amount, then close_balance: bool), emitted by withdraw.rs after the transfer.
const WITHDRAW_EVENT = Uint8Array.from([3, 220, 148, 243, 33, 249, 54, 88]);

const ids = marginfi.onchain as Record<"program" | "usdcBank" | "usdcMint", string>;

interface AccountEvent {
  authority: string;
  bank: string;
  mint: string;
  amount: bigint;
}

/** A deposit or withdraw event of `kind`'s discriminator: its authority, bank, mint and amount. */
function decodeEvent(b: Buffer, kind: Uint8Array): AccountEvent | null {
  if (b.length < 8 || !b.subarray(0, 8).equals(kind)) return null;
  let at = 8;
  const tag = b[at];
  at += tag === 1 ? 33 : 1; // Option<Pubkey>
  if (tag !== 0 && tag !== 1) return null;
  if (b.length < at + 32 * 5 + 8) return null;
  const key = (i: number) => getAddressDecoder().decode(b.subarray(at + 32 * i, at + 32 * (i + 1)));
  // marginfi_account (0), marginfi_account_authority (1), marginfi_group (2), bank (3), mint (4), amount.
  return { authority: key(1), bank: key(3), mint: key(4), amount: b.readBigUInt64LE(at + 32 * 5) };
}

/** The events `program` logged ("Program data:" lines while it is the innermost running program). */
function programData(logs: readonly string[], program: string): Buffer[] {
  const stack: string[] = [];
  const out: Buffer[] = [];
  for (const line of logs) {
    const invoke = /^Program (\S+) invoke \[\d+\]$/.exec(line);
    if (invoke?.[1]) {
      stack.push(invoke[1]);
      continue;
    }
    if (/^Program \S+ (success|failed)/.test(line)) {
      stack.pop();
      continue;
    }
    if (line.startsWith("Program data: ") && stack.at(-1) === program) out.push(Buffer.from(line.slice("Program data: ".length), "base64"));
  }
  return out;
}

const eventsOf = (effects: ExecutedEffects, kind: Uint8Array) =>
  programData(effects.logs, ids.program).flatMap((b) => {
    const e = decodeEvent(b, kind);
    return e && e.bank === ids.usdcBank && e.mint === ids.usdcMint ? [e] : [];
  });

export const marginfiReceipt: VenueReceipt = {
  venueId: marginfi.id,
  async deposit(effects, owner, amount) {
    const events = eventsOf(effects, DEPOSIT_EVENT);
    if (events.some((e) => e.authority === owner && e.amount >= amount)) return { state: "shown" };
    const seen = events.map((e) => `${e.amount} for ${e.authority}`).join("; ");
    return { state: "missing", reason: `no LendingAccountDepositEvent of marginfi's program states ${amount} micro-USDC into its USDC bank ${ids.usdcBank} for ${owner}${seen ? ` (events: ${seen})` : ""}` };
  },
  async withdraw(effects, owner) {
    if (eventsOf(effects, WITHDRAW_EVENT).some((e) => e.authority === owner && e.amount > 0n)) return { state: "shown" };
    return { state: "missing", reason: `no LendingAccountWithdrawEvent of marginfi's program pays ${owner} from its USDC bank ${ids.usdcBank}` };
  },
};
