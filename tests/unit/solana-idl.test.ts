// The Solana instruction interfaces the builders use (server/venues/<venue>/idl.ts) are generated from the IDLs the
// SDKs in package.json ship (scripts/solana-idl/generate.ts): regenerated here, any difference (a hand edit, an SDK
// upgrade whose IDL changed) fails with the command that brings them back in line.
import { readFileSync } from "node:fs";
import path from "node:path";
import { AccountRole, address } from "@solana/kit";
import { describe, expect, it } from "vitest";
import { render, TARGETS } from "../../scripts/solana-idl/generate";
import { anchorInstruction } from "../../server/chains/solana/idl";
import { MARGINFI_IDL } from "../../server/venues/marginfi/idl";

const root = path.resolve(import.meta.dirname, "../..");

describe("generated Solana IDL subsets", () => {
  it.each(TARGETS)("%s is what the IDLs generate (npm run gen:idl)", (target) => {
    expect(readFileSync(path.join(root, target), "utf8")).toBe(render(target));
  });

  it("anchorInstruction lays out accounts and Borsh arguments as the IDL declares them", () => {
    const group = address("11111111111111111111111111111112");
    const acct = address("SysvarC1ock11111111111111111111111111111111");
    const owner = address("SysvarRent111111111111111111111111111111111");
    const program = address("TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA");
    const ix = anchorInstruction(
      program,
      MARGINFI_IDL.instructions.marginfi_account_initialize_pda,
      { marginfi_group: group, marginfi_account: acct, authority: owner, fee_payer: owner },
      { account_index: 258, third_party_id: 7 },
    );
    expect(ix.accounts?.map((a) => [a.address, a.role])).toEqual([
      [group, AccountRole.READONLY],
      [acct, AccountRole.WRITABLE],
      [owner, AccountRole.READONLY_SIGNER],
      [owner, AccountRole.WRITABLE_SIGNER],
      // Fixed addresses come from the IDL.
      ["Sysvar1nstructions1111111111111111111111111", AccountRole.READONLY],
      ["11111111111111111111111111111111", AccountRole.READONLY],
    ]);
    // discriminator ‖ u16 258 (LE) ‖ Some(u16 7)
    expect([...(ix.data ?? [])]).toEqual([...MARGINFI_IDL.instructions.marginfi_account_initialize_pda.discriminator, 2, 1, 1, 7, 0]);
    const none = anchorInstruction(program, MARGINFI_IDL.instructions.lending_account_withdraw, {
      group, marginfi_account: acct, authority: owner, bank: acct, destination_token_account: acct, bank_liquidity_vault_authority: acct, liquidity_vault: acct, token_program: program,
    }, { amount: 2n ** 64n - 1n, withdraw_all: null });
    expect([...(none.data ?? [])].slice(8)).toEqual([255, 255, 255, 255, 255, 255, 255, 255, 0]);
    expect(() => anchorInstruction(program, MARGINFI_IDL.instructions.lending_account_deposit, {
      group, marginfi_account: acct, authority: owner, bank: acct, signer_token_account: acct, liquidity_vault: acct, token_program: program,
    }, { amount: 2n ** 64n, deposit_up_to_limit: null })).toThrow(/amount \(u64\) is out of range/);
  });
});
