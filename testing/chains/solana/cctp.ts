// Circle's token_messenger_minter_v2 as the local Solana chain sees it, for `deposit_for_burn` only: what the program
// checks of the accounts our burn passes and what it then does to token balances. Its binary cannot be built here, so:
// - the interface comes from Circle's IDL (tests/fixtures/cctp/token_messenger_minter_v2.json = circlefin/solana-cctp-contracts
//   @ 76018c2b28bb44ef10affa97216a0d983c88e5f8 examples/target/idl/token_messenger_minter_v2.json): the discriminator,
//   the account count, signer and writable flags, fixed program addresses, and the `relations` of `owner`
//   (burn_token_account.owner == owner);
// - the arguments are DepositForBurnParams (IDL `types`): amount u64, destination_domain u32, mint_recipient, destination_caller,
//   max_fee u64, min_finality_threshold u32;
// - its effect is the burn of `amount` from burn_token_account (programs/v2/token-messenger-minter-v2 deposit_for_burn:
//   token_minter.burn), run as a real SPL Token burn, so an amount above the balance fails as SPL Token fails.
// The other PDAs (messenger, minter, remote messenger, local token) are not checked here; tests/unit/cctp-solana.test.ts
// checks our derivation of every one of them against the IDL's seeds.
import { readFileSync } from "node:fs";
import path from "node:path";
import { getU64Decoder } from "@solana/kit";
import { USDC } from "../../../server/chains/balances";
import { type Meta, type ProgramHost, type ProgramModel, ProgramRefusal, refuse } from "./anchor-idl";

interface IdlAccount {
  name: string;
  signer?: boolean;
  writable?: boolean;
  address?: string;
}
const idl = JSON.parse(readFileSync(path.join(import.meta.dirname, "..", "..", "..", "tests", "fixtures", "cctp", "token_messenger_minter_v2.json"), "utf8")) as {
  address: string;
  instructions: { name: string; discriminator: number[]; accounts: IdlAccount[] }[];
};
const ix = idl.instructions.find((i) => i.name === "deposit_for_burn");
if (!ix) throw new Error("token_messenger_minter_v2 IDL without deposit_for_burn");
const DEPOSIT_FOR_BURN = ix;

/** The USDC mint the program burns (its local_token is for this mint on mainnet). */
const USDC_MINT = USDC["svm-chain"];

async function run(host: ProgramHost, data: Uint8Array, metas: Meta[]): Promise<string[]> {
  const disc = DEPOSIT_FOR_BURN.discriminator;
  if (data.length < 8 || disc.some((b, i) => data[i] !== b)) refuse("InstructionFallbackNotFound");
  // DepositForBurnParams: 8 + 4 + 32 + 32 + 8 + 4 bytes after the discriminator.
  if (data.length < 8 + 88) refuse("InstructionDidNotDeserialize");
  const accounts = DEPOSIT_FOR_BURN.accounts;
  if (metas.length < accounts.length) refuse("AccountNotEnoughKeys");
  const at = (name: string) => metas[accounts.findIndex((a) => a.name === name)]?.address ?? "";
  accounts.forEach((a, i) => {
    const m = metas[i];
    if (!m) refuse("AccountNotEnoughKeys", a.name);
    if (a.signer && !m.signer) refuse("AccountNotSigner", a.name);
    if (a.writable && !m.writable) refuse("ConstraintMut", a.name);
    if (a.address && m.address !== a.address) refuse("InvalidProgramId", a.name);
  });
  const burnAccount = host.token(at("burn_token_account"));
  if (!burnAccount) refuse("AccountNotInitialized", "burn_token_account");
  if (burnAccount.owner !== at("owner")) refuse("ConstraintHasOne", "owner");
  if (at("burn_token_mint") !== USDC_MINT || burnAccount.mint !== USDC_MINT) refuse("ConstraintTokenMint", "burn_token_account");
  const amount = getU64Decoder().decode(data.subarray(8, 16));
  if (amount === 0n) throw new ProgramRefusal("InvalidArgument", ["Program log: Error: the burn amount is 0"]);
  host.burn(at("burn_token_account"), USDC_MINT, at("owner"), amount);
  return [`Program log: Instruction: DepositForBurn`, `Program log: burned ${amount} of ${USDC_MINT}`];
}

export const cctpTokenMessengerMinterV2: ProgramModel = { name: "token_messenger_minter_v2", programId: idl.address, units: 60_000n, run };
