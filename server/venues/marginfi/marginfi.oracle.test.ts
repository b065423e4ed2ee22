// marginfi: our deposit (with the owner's account created in the same plan when absent) and withdraw instructions
// against the protocol's own SDK (@mrgnlabs/marginfi-client-v2 6.4.2, its IDL through @coral-xyz/anchor 0.30.1),
// both built from the same Bank and MarginfiAccount accounts served by the local Solana RPC. The SDK resolves the
// group and liquidity vault from those accounts itself (Anchor `relations`), derives the vault authority from its IDL
// seeds, and composes the withdraw's risk accounts with its own computeHealthAccountMetas; program id, account metas
// (address, signer, writable, in order) and data must be equal.
import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { MARGINFI_DISC, marginfiAccountAddress } from "./build";
import { marginfi } from "./descriptor";
import { type FakeRpc, startFakeRpc } from "../../../tests/support/fake-rpc";
import { fixtureAddress } from "../../../testing/chains/solana/venues/encode";
import { MFI_IDL, MfiPublicKey, marginfiAccount, mfiRequire, setMarginfiBank } from "../../../testing/chains/solana/venues/marginfi";
import { expectSameAs, fromWeb3Instruction as fromSdk, type OracleInstruction, ourInstructions, ourPlan, useLocalChain, type Web3Instruction } from "../../../testing/oracle";

const OWNER = "7jaiZR5Sk8hdYN9MxTpczTcwbWpb5WEoxSANuUwveuat";
const ONE = 1n << 48n; // I80F48 1.0
const ids = marginfi.onchain as Record<"program" | "group" | "usdcBank" | "usdcMint", string>;
const ORACLE = fixtureAddress("mfi-usdc-pyth-push");

// ---- the SDK ----
interface Key {
  toBase58(): string;
  toBuffer(): Buffer;
}
type SdkIx = Web3Instruction;
interface PureAccount {
  makeDepositIx(program: unknown, banks: Map<string, unknown>, mints: Map<string, unknown>, amount: string, bank: Key): Promise<{ instructions: SdkIx[] }>;
  makeWithdrawIx(program: unknown, banks: Map<string, unknown>, mints: Map<string, unknown>, metadata: object, amount: string, bank: Key): Promise<{ instructions: SdkIx[] }>;
}
const sdk = mfiRequire("@mrgnlabs/marginfi-client-v2") as {
  getConfig(env: string): { programId: Key; groupPk: Key };
  instructions: {
    makeInitMarginfiAccountPdaIx(p: unknown, a: { marginfiGroup: Key; marginfiAccount: Key; authority: Key; feePayer: Key }, args: { accountIndex: number }): Promise<SdkIx>;
    makeDepositIx(p: unknown, a: { marginfiAccount: Key; signerTokenAccount: Key; bank: Key; tokenProgram: Key; group: Key; authority: Key }, args: { amount: unknown }): Promise<SdkIx>;
  };
  MarginfiAccount: { fromAccountDataRaw(pk: Key, data: Buffer, idl: unknown): PureAccount };
  Bank: { fromBuffer(pk: Key, data: Buffer, idl: unknown, feedIdMap: Map<string, unknown>): unknown };
};
const common = mfiRequire("@mrgnlabs/mrgn-common") as { TOKEN_PROGRAM_ID: Key; getAssociatedTokenAddressSync(mint: Key, owner: Key, allowOffCurve: boolean): Key };
const anchor = mfiRequire("@coral-xyz/anchor") as {
  AnchorProvider: new (c: unknown, w: unknown, o: object) => unknown;
  Program: new (idl: unknown, provider: unknown) => unknown;
  BN: new (v: string) => unknown;
};
const web3 = mfiRequire("@solana/web3.js") as { Connection: new (url: string, c: string) => { getAccountInfo(k: Key): Promise<{ data: Buffer } | null> } };

async function ours(action: "deposit" | "withdraw", amountMicros: bigint): Promise<OracleInstruction[]> {
  return (await ourInstructions("marginfi", action, OWNER, amountMicros)).instructions;
}

/** The SDK's program on the local RPC, as MarginfiClient.fetch builds it (AnchorProvider + the shipped IDL at the config's program id). */
function sdkOn(url: string) {
  const config = sdk.getConfig("production");
  const connection = new web3.Connection(url, "confirmed");
  const owner = new MfiPublicKey(OWNER);
  const wallet = { publicKey: owner, signTransaction: async <T>(t: T) => t, signAllTransactions: async <T>(t: T) => t };
  const program = new anchor.Program({ ...MFI_IDL, address: config.programId.toBase58() }, new anchor.AnchorProvider(connection, wallet, {})) as { idl: unknown };
  const init = MFI_IDL.instructions.find((i) => i.name === "marginfi_account_initialize_pda") as unknown as { accounts: { name: string; pda?: { seeds: { kind: string; value?: number[] }[] } }[] };
  const seed = Buffer.from(init.accounts.find((a) => a.name === "marginfi_account")?.pda?.seeds[0]?.value ?? []);
  const u16 = Buffer.alloc(2);
  // The IDL's seeds: const "marginfi_account", group, authority, account_index, third_party_id.unwrap_or(0).
  const [pda] = MfiPublicKey.findProgramAddressSync([seed, config.groupPk.toBuffer(), owner.toBuffer(), u16, u16], config.programId);
  const usdcBank = new MfiPublicKey(ids.usdcBank);
  const userUsdc = common.getAssociatedTokenAddressSync(new MfiPublicKey(ids.usdcMint), owner, true);
  const load = async (pk: Key) => {
    const info = await connection.getAccountInfo(pk);
    if (!info) throw new Error(`no account ${pk.toBase58()} on the local chain`);
    return Buffer.from(info.data);
  };
  const model = async (bankKeys: string[]) => {
    const banks = new Map<string, unknown>();
    const mints = new Map<string, unknown>();
    for (const k of bankKeys) {
      const pk = new MfiPublicKey(k);
      banks.set(k, sdk.Bank.fromBuffer(pk, await load(pk), program.idl, new Map()));
      mints.set(k, { mint: new MfiPublicKey(ids.usdcMint), tokenProgram: common.TOKEN_PROGRAM_ID, feeBps: 0, emissionTokenProgram: null });
    }
    return { banks, mints, account: sdk.MarginfiAccount.fromAccountDataRaw(pda, await load(pda), program.idl) };
  };
  return { config, program, owner, pda, usdcBank, userUsdc, model };
}

describe("marginfi builders agree with @mrgnlabs/marginfi-client-v2 on the same chain state", () => {
  let rpc: FakeRpc;
  useLocalChain(["SVC_RPC_SVM"], async () => {
    rpc = await startFakeRpc();
    setMarginfiBank(rpc, ids.usdcBank, { assetShareValue: (5n * ONE) / 4n, oracle: ORACLE }); // 1.25 USDC per share
    return rpc;
  });

  it("the registry's program and group are the SDK's production config; discriminators are the IDL's", async () => {
    const s = sdkOn(rpc.url);
    expect(ids.program).toBe(s.config.programId.toBase58());
    expect(ids.group).toBe(s.config.groupPk.toBase58());
    const disc = (name: string) => createHash("sha256").update(`global:${name}`).digest().subarray(0, 8);
    for (const [name, ours] of [
      ["marginfi_account_initialize_pda", MARGINFI_DISC.marginfiAccountInitializePda],
      ["lending_account_deposit", MARGINFI_DISC.lendingAccountDeposit],
      ["lending_account_withdraw", MARGINFI_DISC.lendingAccountWithdraw],
    ] as const) {
      expect([...ours]).toEqual([...disc(name)]);
      expect([...ours]).toEqual(MFI_IDL.instructions.find((i) => i.name === name)?.discriminator);
    }
    expect(await marginfiAccountAddress(OWNER)).toBe(s.pda.toBase58());
  });

  it("deposit with no marginfi account: marginfi_account_initialize_pda (owner the only signer) then lending_account_deposit", async () => {
    const s = sdkOn(rpc.url);
    rpc.solanaAccounts.delete(s.pda.toBase58());
    const mine = await ours("deposit", 2_500_000n);
    const init = await sdk.instructions.makeInitMarginfiAccountPdaIx(s.program, { marginfiGroup: s.config.groupPk, marginfiAccount: s.pda, authority: s.owner, feePayer: s.owner }, { accountIndex: 0 });
    const deposit = await sdk.instructions.makeDepositIx(
      s.program,
      { marginfiAccount: s.pda, signerTokenAccount: s.userUsdc, bank: s.usdcBank, tokenProgram: common.TOKEN_PROGRAM_ID, group: s.config.groupPk, authority: s.owner },
      { amount: new anchor.BN("2500000") },
    );
    expectSameAs("instructions.makeInitMarginfiAccountPdaIx + makeDepositIx", mine, [fromSdk(init), fromSdk(deposit)]);
    const signers = new Set(mine.flatMap((i) => i.accounts.filter((a) => a.signer).map((a) => a.address)));
    expect([...signers]).toEqual([OWNER]);
  });

  it("deposit into the owner's existing account and withdraw from it: equal to the SDK account model's makeDepositIx / makeWithdrawIx", async () => {
    const s = sdkOn(rpc.url);
    // 4 shares at 1.25 = 5 USDC deposited.
    rpc.solanaAccounts.set(s.pda.toBase58(), { owner: ids.program, data: marginfiAccount(OWNER, [{ bank: ids.usdcBank, assetShares: 4_000_000n * ONE }]) });
    const m = await s.model([ids.usdcBank]);
    const dep = await m.account.makeDepositIx(s.program, m.banks, m.mints, "2.5", s.usdcBank);
    expectSameAs("MarginfiAccount.makeDepositIx", await ours("deposit", 2_500_000n), dep.instructions.map(fromSdk));
    const wd = await m.account.makeWithdrawIx(s.program, m.banks, m.mints, {}, "1.5", s.usdcBank);
    const mine = await ours("withdraw", 1_500_000n);
    expectSameAs("MarginfiAccount.makeWithdrawIx", mine, wd.instructions.map(fromSdk));
    // The risk accounts: the USDC bank and its oracle, read from the bank.
    expect(mine[1]?.accounts.slice(8).map((a) => a.address)).toEqual([ids.usdcBank, ORACLE]);
  });

  it("withdraw with another active position: risk accounts of every balance in the program's order (descending bank key), as the SDK composes them", async () => {
    const s = sdkOn(rpc.url);
    const other = fixtureAddress("\u00ffmfi-other-bank"); // sorts before the USDC bank (first byte 0xff)
    const low = fixtureAddress("\u0001mfi-low-bank"); // sorts after it
    setMarginfiBank(rpc, other, { mint: fixtureAddress("mint-a"), assetShareValue: ONE, oracle: fixtureAddress("oracle-a"), oracleSetup: "SwitchboardPull" });
    setMarginfiBank(rpc, low, { mint: fixtureAddress("mint-b"), assetShareValue: ONE, oracle: fixtureAddress("oracle-b") });
    // Slot order differs from key order on purpose.
    rpc.solanaAccounts.set(s.pda.toBase58(), {
      owner: ids.program,
      data: marginfiAccount(OWNER, [
        { bank: low, assetShares: ONE },
        { bank: ids.usdcBank, assetShares: 4_000_000n * ONE },
        { bank: other, assetShares: ONE },
      ]),
    });
    const m = await s.model([ids.usdcBank, other, low]);
    const wd = await m.account.makeWithdrawIx(s.program, m.banks, m.mints, {}, "5", s.usdcBank);
    const mine = await ours("withdraw", 5_000_000n);
    expectSameAs("MarginfiAccount.makeWithdrawIx", mine, wd.instructions.map(fromSdk));
    expect(mine[1]?.accounts.slice(8).map((a) => a.address)).toEqual([other, fixtureAddress("oracle-a"), ids.usdcBank, ORACLE, low, fixtureAddress("oracle-b")]);
    // A position whose bank needs more risk accounts (a Kamino-tag bank): not guessed, blocked in words.
    setMarginfiBank(rpc, low, { mint: fixtureAddress("mint-b"), assetShareValue: ONE, oracle: fixtureAddress("oracle-b"), oracleSetup: "KaminoPythPush", assetTag: 3 });
    expect(await ourPlan("marginfi", "withdraw", OWNER, 1_000_000n)).toMatchObject({ ok: false, blocker: { code: "adapter_not_ready", message: expect.stringContaining("asset tag 3") } });
  });

  it("never withdraws more than the owner's deposited USDC; no account → nothing to withdraw", async () => {
    const s = sdkOn(rpc.url);
    rpc.solanaAccounts.set(s.pda.toBase58(), { owner: ids.program, data: marginfiAccount(OWNER, [{ bank: ids.usdcBank, assetShares: 4_000_000n * ONE }]) });
    expect(await ourPlan("marginfi", "withdraw", OWNER, 5_000_000n)).toMatchObject({ ok: true });
    expect(await ourPlan("marginfi", "withdraw", OWNER, 5_000_001n)).toMatchObject({
      ok: false,
      blocker: { code: "insufficient_balance", message: expect.stringContaining("holds 5000000 micro-USDC") },
    });
    rpc.solanaAccounts.delete(s.pda.toBase58());
    expect(await ourPlan("marginfi", "withdraw", OWNER, 1_000_000n)).toMatchObject({
      ok: false,
      blocker: { code: "insufficient_balance", message: expect.stringContaining("no marginfi account") },
    });
  });

  it("a bank of another group or mint, an account of another authority: blocked venue_state_unavailable, nothing built", async () => {
    const s = sdkOn(rpc.url);
    const deposit = () => ourPlan("marginfi", "deposit", OWNER, 1_000_000n);
    setMarginfiBank(rpc, ids.usdcBank, { group: fixtureAddress("other-group"), assetShareValue: ONE, oracle: ORACLE });
    expect(await deposit()).toMatchObject({ ok: false, blocker: { code: "venue_state_unavailable", message: expect.stringContaining("another marginfi group") } });
    setMarginfiBank(rpc, ids.usdcBank, { mint: fixtureAddress("not-usdc"), assetShareValue: ONE, oracle: ORACLE });
    expect(await deposit()).toMatchObject({ ok: false, blocker: { code: "venue_state_unavailable", message: expect.stringContaining("not USDC") } });
    setMarginfiBank(rpc, ids.usdcBank, { assetShareValue: ONE, oracle: ORACLE });
    rpc.solanaAccounts.set(s.pda.toBase58(), { owner: ids.program, data: marginfiAccount(fixtureAddress("someone-else"), []) });
    expect(await deposit()).toMatchObject({ ok: false, blocker: { code: "venue_state_unavailable", message: expect.stringContaining("another authority") } });
    rpc.solanaAccounts.delete(s.pda.toBase58());
  });
});
