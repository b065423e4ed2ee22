// A marginfi position's worth now, from the chain (issue 23 item 5): the owner's marginfi account (the builder's PDA) and
// its balance in the production group's USDC bank, asset shares × the bank's asset_share_value (both I80F48), floored as
// withdraw_all pays. Bank and account are encoded by the Anchor coder with the IDL @mrgnlabs/marginfi-client-v2 6.4.2
// ships (testing/chains/solana/venues/marginfi.ts); the expected worth is also the SDK's own
// (MarginfiAccount.getBalance(bank).computeQuantity(bank).assets on the same accounts, read from the local RPC).
import { beforeEach, describe, expect, it } from "vitest";
import { type FakeRpc, startFakeRpc } from "../../../tests/support/fake-rpc";
import { fixtureAddress } from "../../../testing/chains/solana/venues/encode";
import { MFI_IDL, MfiPublicKey, marginfiAccount, mfiRequire, setMarginfiBank } from "../../../testing/chains/solana/venues/marginfi";
import { useLocalChain } from "../../../testing/oracle";
import { forgetWorth, readPositionWorth } from "../worth";
import { marginfiAccountAddress } from "./build";
import { marginfi } from "./descriptor";

const OWNER = "7jaiZR5Sk8hdYN9MxTpczTcwbWpb5WEoxSANuUwveuat";
const OTHER = "9B4MhXCsqr2SyQNRw4KoakcwriqN637GhpjxCnaafSmd";
const ONE = 1n << 48n; // I80F48 1.0
const ids = marginfi.onchain as Record<"program" | "group" | "usdcBank" | "usdcMint", string>;
const ORACLE = fixtureAddress("mfi-usdc-pyth-push");

// ---- the SDK (its own web3.js, Anchor and bignumber.js, nested under it) ----
interface Key {
  toBase58(): string;
}
interface Big {
  integerValue(mode: number): Big;
  toFixed(): string;
}
const sdk = mfiRequire("@mrgnlabs/marginfi-client-v2") as {
  getConfig(env: string): { programId: Key };
  Bank: { fromBuffer(pk: Key, data: Buffer, idl: unknown, feedIdMap: Map<string, unknown>): unknown };
  MarginfiAccount: { fromAccountDataRaw(pk: Key, data: Buffer, idl: unknown): { getBalance(bank: Key): { computeQuantity(bank: unknown): { assets: Big } } } };
};
const anchor = mfiRequire("@coral-xyz/anchor") as { AnchorProvider: new (c: unknown, w: unknown, o: object) => unknown; Program: new (idl: unknown, provider: unknown) => { idl: unknown } };
const web3 = mfiRequire("@solana/web3.js") as { Connection: new (url: string, c: string) => { getAccountInfo(k: Key): Promise<{ data: Buffer } | null> } };
const BigNumber = mfiRequire("bignumber.js") as { ROUND_FLOOR: number };

/** The SDK's quantity of USDC the owner's balance holds (floored to the micro), from the accounts on the local RPC. */
async function sdkWorth(url: string, owner: string): Promise<bigint> {
  const connection = new web3.Connection(url, "confirmed");
  const wallet = { publicKey: new MfiPublicKey(owner), signTransaction: async <T>(t: T) => t, signAllTransactions: async <T>(t: T) => t };
  const program = new anchor.Program({ ...MFI_IDL, address: sdk.getConfig("production").programId.toBase58() }, new anchor.AnchorProvider(connection, wallet, {}));
  const load = async (k: string) => {
    const info = await connection.getAccountInfo(new MfiPublicKey(k));
    if (!info) throw new Error(`no account ${k}`);
    return Buffer.from(info.data);
  };
  const bankPk = new MfiPublicKey(ids.usdcBank);
  const bank = sdk.Bank.fromBuffer(bankPk, await load(ids.usdcBank), program.idl, new Map());
  const pda = await marginfiAccountAddress(owner);
  const account = sdk.MarginfiAccount.fromAccountDataRaw(new MfiPublicKey(pda), await load(pda), program.idl);
  return BigInt(account.getBalance(bankPk).computeQuantity(bank).assets.integerValue(BigNumber.ROUND_FLOOR).toFixed());
}

describe("marginfi: a position's current worth is the owner's USDC-bank asset shares × the bank's asset share value", () => {
  let rpc: FakeRpc;
  let ownerPda: string;
  useLocalChain(["SVC_RPC_SVM"], async () => {
    rpc = await startFakeRpc();
    return rpc;
  });
  const holds = (authority: string, shares: bigint) => ({ owner: ids.program, data: marginfiAccount(authority, [{ bank: ids.usdcBank, assetShares: shares }]) });
  beforeEach(async () => {
    forgetWorth();
    rpc.failing.clear();
    ownerPda = await marginfiAccountAddress(OWNER);
    rpc.solanaAccounts.delete(ownerPda);
    rpc.solanaAccounts.delete(await marginfiAccountAddress(OTHER));
    setMarginfiBank(rpc, ids.usdcBank, { assetShareValue: (5n * ONE) / 4n, oracle: ORACLE }); // 1.25 USDC per share
  });

  it("40 USDC of shares at 1.25 are worth 50 USDC, the SDK's quantity too, with the chain named as the source", async () => {
    rpc.solanaAccounts.set(ownerPda, holds(OWNER, 40_000_000n * ONE));
    const w = await readPositionWorth(marginfi.id, OWNER);
    expect(w).toMatchObject({ ok: true, micros: 50_000_000n, source: expect.stringContaining("chain:svm-chain marginfi account's USDC bank asset shares") });
    expect(w.ok && Date.parse(w.asOf)).toBeGreaterThan(Date.now() - 60_000);
    expect(await sdkWorth(rpc.url, OWNER)).toBe(50_000_000n);
  });

  it("the share value moves the worth, floored to the micro as withdraw_all pays (as the SDK's quantity floors)", async () => {
    rpc.solanaAccounts.set(ownerPda, holds(OWNER, 3n * ONE));
    // 3 shares × floor(4/3 · 2^48) / 2^48 = 3.99999999999999… → 3 micro-USDC.
    setMarginfiBank(rpc, ids.usdcBank, { assetShareValue: (4n * ONE) / 3n, oracle: ORACLE });
    expect(await readPositionWorth(marginfi.id, OWNER)).toMatchObject({ ok: true, micros: 3n });
    expect(await sdkWorth(rpc.url, OWNER)).toBe(3n);
    rpc.solanaAccounts.set(ownerPda, holds(OWNER, 40_000_000n * ONE));
    setMarginfiBank(rpc, ids.usdcBank, { assetShareValue: (3n * ONE) / 2n, oracle: ORACLE });
    forgetWorth();
    expect(await readPositionWorth(marginfi.id, OWNER)).toMatchObject({ ok: true, micros: 60_000_000n });
    expect(await sdkWorth(rpc.url, OWNER)).toBe(60_000_000n);
  });

  it("an owner without a marginfi account, or with no USDC-bank balance, is worth 0 whatever another wallet holds", async () => {
    rpc.solanaAccounts.set(await marginfiAccountAddress(OTHER), holds(OTHER, 40_000_000n * ONE));
    expect(await readPositionWorth(marginfi.id, OWNER)).toMatchObject({ ok: true, micros: 0n });
    expect(await readPositionWorth(marginfi.id, OTHER)).toMatchObject({ ok: true, micros: 50_000_000n });
    const otherBank = fixtureAddress("mfi-worth-other-bank");
    setMarginfiBank(rpc, otherBank, { mint: fixtureAddress("mfi-worth-other-mint"), assetShareValue: ONE, oracle: fixtureAddress("oracle-a") });
    rpc.solanaAccounts.set(ownerPda, { owner: ids.program, data: marginfiAccount(OWNER, [{ bank: otherBank, assetShares: 40_000_000n * ONE }]) });
    forgetWorth();
    expect(await readPositionWorth(marginfi.id, OWNER)).toMatchObject({ ok: true, micros: 0n });
  });

  it("an unreadable RPC answers the reason, never a number", async () => {
    rpc.solanaAccounts.set(ownerPda, holds(OWNER, 40_000_000n * ONE));
    rpc.failing.add("getAccountInfo");
    expect(await readPositionWorth(marginfi.id, OWNER)).toMatchObject({ ok: false, reason: expect.stringContaining("marginfi account's USDC bank asset shares × asset_share_value: the chain's RPC read failed") });
    rpc.failing.clear();
    expect(await readPositionWorth(marginfi.id, OWNER)).toMatchObject({ ok: true, micros: 50_000_000n });
  });

  it("a bank at the cited id of another group or mint, or an account of another authority, answers a reason naming it", async () => {
    rpc.solanaAccounts.set(ownerPda, holds(OWNER, 40_000_000n * ONE));
    const group = fixtureAddress("mfi-worth-other-group");
    const mint = fixtureAddress("mfi-worth-not-usdc");
    setMarginfiBank(rpc, ids.usdcBank, { group, assetShareValue: ONE, oracle: ORACLE });
    expect(await readPositionWorth(marginfi.id, OWNER)).toMatchObject({ ok: false, reason: expect.stringContaining(`marginfi bank ${ids.usdcBank} belongs to another marginfi group (${group})`) });
    setMarginfiBank(rpc, ids.usdcBank, { mint, assetShareValue: ONE, oracle: ORACLE });
    expect(await readPositionWorth(marginfi.id, OWNER)).toMatchObject({ ok: false, reason: expect.stringContaining(`marginfi bank ${ids.usdcBank}'s mint is ${mint}, not USDC`) });
    setMarginfiBank(rpc, ids.usdcBank, { assetShareValue: ONE, oracle: ORACLE });
    rpc.solanaAccounts.set(ownerPda, holds(fixtureAddress("mfi-worth-someone-else"), 40_000_000n * ONE));
    expect(await readPositionWorth(marginfi.id, OWNER)).toMatchObject({ ok: false, reason: expect.stringContaining("the marginfi account at the owner's address has another authority") });
  });
});
