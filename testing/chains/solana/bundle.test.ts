// The local Solana chain's simulateBundle (Jito-Solana's method, wire format of jito-foundation/jito-solana @
// b64857b54a020ce7217ef80cabe20bf80aadcc75 rpc-client-api/src/bundles.rs and rpc/src/rpc.rs), asked over its JSON-RPC as
// the service asks it: a marginfi withdraw from an account that only the deposit before it creates succeeds in the
// bundle and fails alone; a failure stops the bundle and is named in the summary; the bundle commits nothing (the
// account it created is not on the chain afterwards); the node's own refusals; and a plain RPC's -32601.
import { address, getAddressEncoder, getProgramDerivedAddress, getUtf8Encoder } from "@solana/kit";
import { findAssociatedTokenPda, TOKEN_PROGRAM_ADDRESS } from "@solana-program/token";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { SolanaPayload } from "../../../server/chains/solana";
import { resetConfigForTests } from "../../../server/config";
import { builderFor } from "../../../server/venues/adapters";
import { marginfi } from "../../../server/venues/marginfi/descriptor";
import { type FakeRpc, startFakeRpc } from "../../../tests/support/fake-rpc";
import { type AnchorIdl, encodeAnchorAccount } from "./anchor-idl";
import { MAX_BUNDLES_SIMULATED, SolanaLocalChain } from "./local-chain";
import { fixtureAddress } from "./venues/encode";
import { liquidityVaultOf, MARGINFI, marginfiAccount, mfiRequire, setMarginfiBank } from "./venues/marginfi";

const OWNER = "9B4MhXCsqr2SyQNRw4KoakcwriqN637GhpjxCnaafSmd";
const SPONSOR = "7jaiZR5Sk8hdYN9MxTpczTcwbWpb5WEoxSANuUwveuat";
const USDC = 1_000_000n;
const ONE = 1n << 48n; // I80F48 1.0
const ids = marginfi.onchain as Record<"program" | "group" | "usdcBank" | "usdcMint", string>;
/** The config the service sends (server/chains/solana/simulate.ts). */
const SERVICE_CONFIG = { transactionEncoding: "base64", skipSigVerify: true, replaceRecentBlockhash: true };

async function pda(program: string, ...seeds: (string | Uint8Array)[]): Promise<string> {
  const [a] = await getProgramDerivedAddress({
    programAddress: address(program),
    seeds: seeds.map((s) => (typeof s === "string" ? (s.length >= 32 ? getAddressEncoder().encode(address(s)) : getUtf8Encoder().encode(s)) : s)),
  });
  return a;
}

async function build(action: "deposit" | "withdraw", amountMicros: bigint): Promise<SolanaPayload> {
  const b = builderFor("marginfi", action);
  if (!("build" in b)) throw new Error(b.reason);
  const [tx] = await b.build({ owner: OWNER, amountMicros });
  if (!tx) throw new Error("no transaction");
  return tx.payload as SolanaPayload;
}

describe("local Solana chain: Jito-Solana's simulateBundle", () => {
  let rpc: FakeRpc;
  let chain: SolanaLocalChain;
  let ownerAccount: string;
  let create: SolanaPayload;
  let withdraw: SolanaPayload;
  let tooMuch: SolanaPayload;

  const call = async (method: string, params: unknown[]) => {
    const r = await fetch(rpc.url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }) });
    return (await r.json()) as { result?: { value: unknown }; error?: { code: number; message: string } };
  };
  const none = (n: number) => Array.from({ length: n }, () => null);
  const bundle = (txs: SolanaPayload[], config: Record<string, unknown> = { ...SERVICE_CONFIG, preExecutionAccountsConfigs: none(txs.length), postExecutionAccountsConfigs: none(txs.length) }) =>
    call("simulateBundle", [{ encodedTransactions: txs.map((t) => t.transaction) }, config]);
  const value = async (txs: SolanaPayload[], config?: Record<string, unknown>) => {
    const r = await bundle(txs, config);
    if (!r.result) throw new Error(JSON.stringify(r.error));
    return r.result.value as { summary: unknown; transactionResults: { err: unknown; logs: string[]; unitsConsumed: number; preExecutionAccounts: unknown[]; postExecutionAccounts: { owner: string; data: [string, string] }[] }[] };
  };

  beforeAll(async () => {
    rpc = await startFakeRpc();
    process.env.SVC_RPC_SVM = rpc.url;
    resetConfigForTests();
    // marginfi's group and USDC bank (the SDK's IDL layouts); the owner has no marginfi account yet.
    const idl = { ...(mfiRequire("@mrgnlabs/marginfi-client-v2") as { MARGINFI_IDL: AnchorIdl }).MARGINFI_IDL, address: MARGINFI };
    setMarginfiBank(rpc, ids.usdcBank, { assetShareValue: ONE, oracle: fixtureAddress("mfi-usdc-pyth-push") });
    rpc.solanaAccounts.set(ids.group, { owner: ids.program, data: encodeAnchorAccount(idl, "MarginfiGroup", { admin: SPONSOR }) });
    ownerAccount = await pda(ids.program, "marginfi_account", ids.group, OWNER, Uint8Array.of(0, 0), Uint8Array.of(0, 0));
    create = await build("deposit", 2n * USDC); // creates the owner's marginfi account, then deposits
    // The withdraws are built while the RPC shows the account (the builder reads it); the chain then has none.
    rpc.solanaAccounts.set(ownerAccount, { owner: ids.program, data: marginfiAccount(OWNER, [{ bank: ids.usdcBank, assetShares: 4n * USDC * ONE }]) });
    withdraw = await build("withdraw", USDC);
    tooMuch = await build("withdraw", 3n * USDC);
    rpc.solanaAccounts.delete(ownerAccount);
  });
  afterAll(async () => {
    delete process.env.SVC_RPC_SVM;
    resetConfigForTests();
    await rpc.close();
  });
  beforeEach(async () => {
    chain = new SolanaLocalChain(() => rpc.solanaAccounts);
    chain.blockhashes.add(rpc.blockhash);
    chain.lamports.set(OWNER, 1_000_000_000n);
    chain.addMint(ids.usdcMint, SPONSOR);
    await chain.setTokenBalance(OWNER, ids.usdcMint, 10n * USDC);
    // The bank's vault holds 0.5 USDC: after the 2 USDC deposit a 1 USDC withdraw fits, a 3 USDC one does not.
    chain.setTokenAccount(liquidityVaultOf(ids.usdcBank), await pda(ids.program, "liquidity_vault_auth", ids.usdcBank), ids.usdcMint, USDC / 2n);
    rpc.solanaChain = chain;
    rpc.solanaJito = true;
  });

  it("runs each transaction on the state the one before it leaves: the withdraw needs the account the deposit creates", async () => {
    // Alone (simulateTransaction, and a bundle of one), the withdraw fails: the chain has no marginfi account.
    const alone = await chain.simulate(withdraw.transaction, { encoding: "base64", sigVerify: false, replaceRecentBlockhash: true });
    expect(alone.err).not.toBeNull();
    expect((await value([withdraw])).summary).toMatchObject({ failed: expect.anything() });
    const [ata] = await findAssociatedTokenPda({ owner: address(OWNER), mint: address(ids.usdcMint), tokenProgram: TOKEN_PROGRAM_ADDRESS });
    const v = await value([create, withdraw], {
      ...SERVICE_CONFIG,
      preExecutionAccountsConfigs: [{ encoding: "base64", addresses: [ownerAccount] }, null],
      postExecutionAccountsConfigs: [{ encoding: "base64", addresses: [ownerAccount] }, { addresses: [ata] }],
    });
    expect(v.summary).toBe("succeeded");
    expect(v.transactionResults.map((r) => r.err)).toEqual([null, null]);
    expect(v.transactionResults[0]?.logs).toEqual(expect.arrayContaining(["Program log: Instruction: MarginfiAccountInitializePda", "Program log: Instruction: LendingAccountDeposit"]));
    expect(v.transactionResults[1]?.logs).toEqual(expect.arrayContaining(["Program log: Instruction: LendingAccountWithdraw"]));
    expect(v.transactionResults[1]?.unitsConsumed).toBeGreaterThan(0);
    // The accounts asked, before and after: the marginfi account does not exist before the deposit (the node's default
    // account) and is marginfi's after it; the owner's USDC after the withdraw is 10 − 2 + 1.
    expect(v.transactionResults[0]?.preExecutionAccounts).toEqual([{ data: ["", "base64"], executable: false, lamports: 0, owner: "11111111111111111111111111111111", rentEpoch: 0, space: 0 }]);
    expect(v.transactionResults[0]?.postExecutionAccounts[0]?.owner).toBe(MARGINFI);
    expect(v.transactionResults[1]?.preExecutionAccounts).toEqual([]);
    const usdc = Buffer.from(v.transactionResults[1]?.postExecutionAccounts[0]?.data[0] ?? "", "base64");
    expect(usdc.readBigUInt64LE(64)).toBe(9n * USDC);
  });

  it("stops at the first failure and names it in the summary (its signature, the error's text), with results up to it", async () => {
    const v = await value([create, tooMuch, withdraw]);
    expect(v.transactionResults).toHaveLength(2); // the third is not run
    expect(v.transactionResults[0]?.err).toBeNull();
    expect(v.transactionResults[1]?.err).toMatchObject({ InstructionError: [expect.any(Number), expect.anything()] });
    // The deposit left 2 USDC of shares: marginfi refuses a 3 USDC withdraw from them (OperationWithdrawOnly).
    expect(v.transactionResults[1]?.logs.join("\n")).toMatch(/Error Code: OperationWithdrawOnly/);
    const failed = (v.summary as { failed: { error: { TransactionFailure: [number[], string] }; tx_signature: string } }).failed;
    // An unsigned transaction's first signature is all zeros: serde writes the Signature as 64 numbers, the field as base58.
    expect(failed.error.TransactionFailure[0]).toEqual(Array.from({ length: 64 }, () => 0));
    expect(failed.error.TransactionFailure[1]).toMatch(/^Error processing Instruction \d+: /);
    expect(failed.tx_signature).toBe("1".repeat(64));
  });

  it("commits nothing: after a bundle the account it created is not on the chain and the chain's balances are as before", async () => {
    const before = [...chain.tokens].map(([a, t]) => [a, t.amount]);
    expect((await value([create, withdraw])).summary).toBe("succeeded");
    const info = await call("getAccountInfo", [ownerAccount, { encoding: "base64" }]);
    expect(info.result).toEqual({ context: expect.anything(), value: null });
    expect([...chain.tokens].map(([a, t]) => [a, t.amount])).toEqual(before);
    // And the next simulation starts from the chain again: the withdraw alone still fails.
    expect((await chain.simulate(withdraw.transaction, { encoding: "base64", sigVerify: false, replaceRecentBlockhash: true })).err).not.toBeNull();
  });

  it("refuses what the node refuses (invalid params) and answers an empty bundle as it does", async () => {
    const refusal = async (txs: SolanaPayload[], config?: Record<string, unknown>) => (await bundle(txs, config)).error;
    const over = Array.from({ length: MAX_BUNDLES_SIMULATED + 1 }, () => create);
    expect(await refusal(over)).toEqual({ code: -32602, message: "bundle size too large, max 20 transactions" });
    expect(await refusal([create, withdraw], { ...SERVICE_CONFIG, postExecutionAccountsConfigs: none(2) })).toEqual({
      code: -32602,
      message: "Invalid params: missing field `preExecutionAccountsConfigs`.",
    });
    expect(await refusal([create, withdraw], { ...SERVICE_CONFIG, preExecutionAccountsConfigs: none(1), postExecutionAccountsConfigs: none(2) })).toMatchObject({
      message: "pre/post_execution_accounts_configs must be equal in length to the number of transactions",
    });
    const lists = { preExecutionAccountsConfigs: none(2), postExecutionAccountsConfigs: none(2) };
    expect(await refusal([create, withdraw], { ...lists, transactionEncoding: "base58" })).toMatchObject({ message: "Base64 is the only supported encoding for transactions" });
    expect(await refusal([create, create], { ...SERVICE_CONFIG, ...lists })).toMatchObject({ code: -32602, message: "duplicate transactions" });
    expect(await refusal([create, withdraw], { ...lists, replaceRecentBlockhash: true })).toMatchObject({ message: "replace_recent_blockhash cannot be used with !skip_sig_verify" });
    // sigVerify is on unless skipped: the owner has not signed.
    expect(await refusal([create, withdraw], lists)).toMatchObject({ code: -32602, message: "transaction signature is invalid: Transaction did not pass signature verification" });
    // No config: the node fills in empty account lists; the plan's recent blockhash is known to this chain.
    const r = await call("simulateBundle", [{ encodedTransactions: [create.transaction] }]);
    expect(r.error).toMatchObject({ message: "transaction signature is invalid: Transaction did not pass signature verification" });
    expect((await value([], { ...SERVICE_CONFIG, preExecutionAccountsConfigs: [], postExecutionAccountsConfigs: [] })).summary).toBe("succeeded");
  });

  it("a plain Solana RPC (no Jito) answers -32601 Method not found", async () => {
    rpc.solanaJito = false;
    expect((await bundle([create, withdraw])).error).toEqual({ code: -32601, message: "Method not found" });
  });
});
