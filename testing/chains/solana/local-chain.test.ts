
import { address, createNoopSigner, getBase64EncodedWireTransaction, getCompiledTransactionMessageEncoder } from "@solana/kit";
import { findAssociatedTokenPda, TOKEN_PROGRAM_ADDRESS } from "@solana-program/token";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { checkChanges, type ExpectedChanges } from "../../../server/chains/check-changes";
import { vaultExpectedChanges } from "../../../server/plans/vault";
import { simulateSolana, unitLimitFor } from "../../../server/chains/solana/simulate";
import { compileSolanaPayload, instructionFromJson, type SolanaPayload } from "../../../server/chains/solana";
import { ADDRESS_LOOKUP_TABLE_PROGRAM_ADDRESS, getAddressLookupTableEncoder } from "@solana-program/address-lookup-table";
import { resetConfigForTests } from "../../../server/config";
import { builderFor } from "../../../server/venues/adapters";
import type { PlanTransaction } from "../../../server/venues/shared/build";
import { kamino } from "../../../server/venues/kamino/descriptor";
import { type FakeRpc, startFakeRpc } from "../../../tests/support/fake-rpc";
import { KAMINO_CUSDC_MINT, } from "./venues/kamino";
import { kaminoSimulationChain } from "./kamino-simulation";
import { KLEND_UNITS, RpcRefusal, type SolanaLocalChain } from "./local-chain";
import { fixtureAddress } from "./venues/encode";
import { variant } from "./variants";

const OWNER = "9B4MhXCsqr2SyQNRw4KoakcwriqN637GhpjxCnaafSmd";
/** Another wallet that pays the fee in the dropped-signer variants. */
const SPONSOR = "7jaiZR5Sk8hdYN9MxTpczTcwbWpb5WEoxSANuUwveuat";
const ids = kamino.onchain as Record<"program" | "mainMarket" | "usdcReserve" | "usdcMint", string>;
const COMPUTE_BUDGET = "ComputeBudget111111111111111111111111111111";

/** A lookup table account (@solana-program/address-lookup-table's layout): never deactivated nor extended unless told. */
const lookupTable = (addresses: string[], meta: { deactivationSlot?: bigint; lastExtendedSlot?: bigint; lastExtendedSlotStartIndex?: number } = {}) => ({
  owner: ADDRESS_LOOKUP_TABLE_PROGRAM_ADDRESS,
  data: Uint8Array.from(
    getAddressLookupTableEncoder().encode({
      deactivationSlot: 0xffff_ffff_ffff_ffffn,
      lastExtendedSlot: 0n,
      lastExtendedSlotStartIndex: 0,
      authority: null,
      ...meta,
      addresses: addresses.map((a) => address(a)),
    }),
  ),
});
/** The RPC error a simulation is refused with, or null when it answers. */
const refusalOf = (p: Promise<unknown>) => p.then(() => null, (e: unknown) => (e instanceof RpcRefusal ? { code: e.code, message: e.message } : e));

async function build(action: "deposit" | "withdraw", amountMicros: bigint): Promise<PlanTransaction> {
  const b = builderFor("kamino", action);
  if (!("build" in b)) throw new Error(b.reason);
  const [tx] = await b.build({ owner: OWNER, amountMicros });
  if (!tx) throw new Error("no transaction");
  return tx;
}

describe("local Solana chain: IDL-checked klend, SPL Token in litesvm, and the service's simulation", () => {
  let rpc: FakeRpc;
  let chain: SolanaLocalChain;
  const sim = (p: SolanaPayload, cfg = { encoding: "base64" as const, sigVerify: false, replaceRecentBlockhash: true }) => chain.simulate(p.transaction, cfg);

  beforeAll(async () => {
    rpc = await startFakeRpc();
    process.env.SVC_RPC_SVM = rpc.url;
    resetConfigForTests();
  });
  afterAll(async () => {
    delete process.env.SVC_RPC_SVM;
    resetConfigForTests();
    await rpc.close();
  });
  beforeEach(async () => {
    // 3,000 USDC for 2,000 cUSDC in the reserve; the owner holds 10 USDC, 1 SOL and 5 cUSDC.
    chain = await kaminoSimulationChain(rpc, SPONSOR);
    chain.lamports.set(OWNER, 1_000_000_000n);
    await chain.setTokenBalance(OWNER, ids.usdcMint, 10_000_000n);
    await chain.setTokenBalance(OWNER, KAMINO_CUSDC_MINT, 5_000_000n);
    rpc.set(OWNER, KAMINO_CUSDC_MINT, 5_000_000n);
  });

  it("a Kamino deposit plan simulates ok; the offered transaction carries the compute budget set from it", async () => {
    const tx = await build("deposit", 7_000_000n);
    const [r] = await simulateSolana([tx]);
    expect(r?.simulation).toMatchObject({ status: "ok", error: null });
    const consumed = BigInt(r?.simulation.gasEstimate ?? "0");
    expect(consumed).toBeGreaterThan(KLEND_UNITS); // klend's stand-in plus the real ATA creations and token moves
    expect(r?.simulation.logs).toEqual(expect.arrayContaining(["Program log: Instruction: DepositReserveLiquidity"]));
    const p = r?.payload as SolanaPayload;
    expect(p.instructions.slice(0, 2).map((i) => i.programAddress)).toEqual(["ComputeBudget111111111111111111111111111111", "ComputeBudget111111111111111111111111111111"]);
    expect(p.instructions.slice(2)).toEqual((tx.payload as SolanaPayload).instructions);
    // p75 of the RPC's recent fees (both 1,000 micro-lamports per unit on the local RPC).
    expect(p.computeBudget).toMatchObject({ unitLimit: unitLimitFor(consumed), microLamportsPerUnit: "1000" });
    expect(p.computeBudget?.basis).toMatch(/getRecentPrioritizationFees/);
    // What the owner signs simulates ok too, within its limit; the cUSDC minted is the reserve's rate (7 / 1.5).
    const again = await sim(p);
    expect(again.err).toBeNull();
    expect(BigInt(again.unitsConsumed)).toBeLessThanOrEqual(BigInt(p.computeBudget?.unitLimit ?? 0));
    // klend's two token movements ran as SPL Token instructions (the transfer in, the cUSDC minted).
    expect(again.logs.filter((l) => l === `Program ${TOKEN_PROGRAM_ADDRESS} success`)).toHaveLength(2);
  });

  it("balance changes from the chain's account states: the deposit's USDC out and cUSDC in; the checker refuses 3 × the amount", async () => {
    const tx = await build("deposit", 3_000_000n);
    const [r] = await simulateSolana([tx]);
    const changes = r?.simulation.changes;
    expect(changes).toMatchObject({ status: "ok", source: expect.stringMatching(/simulateBundle pre- and postExecutionAccounts/) });
    const of = (owner: string, asset: string) => changes?.balanceChanges?.find((c) => c.owner === owner && c.asset.id === asset)?.amount;
    expect(of(OWNER, ids.usdcMint)).toBe("-3000000");
    expect(of(OWNER, KAMINO_CUSDC_MINT)).toBe("2000000"); // 3 USDC at 1.5 USDC per cUSDC
    // The plan's own expectation: exactly 3 USDC out, into the venue's custody (klend's lending market authority).
    const expected = await vaultExpectedChanges("deposit", kamino, OWNER, 3_000_000n);
    const simulated = { ...tx, simulation: r?.simulation };
    expect(checkChanges([simulated], expected)?.message ?? null).toBeNull();
    // The deposit instruction's amount (u64 after the discriminator) made 3 × (the owner holds 10 USDC): the chain moves 9 USDC.
    const p = tx.payload as SolanaPayload;
    const tenfold = variant(p, (ixs) => {
      const ix = ixs[ixs.length - 1];
      if (!ix) return;
      const data = Buffer.from(ix.data, "base64");
      data.writeBigUInt64LE(9_000_000n, 8);
      ix.data = data.toString("base64");
    });
    const [bad] = await simulateSolana([{ ...tx, payload: tenfold }]);
    expect(checkChanges([{ ...tx, simulation: bad?.simulation }], expected)?.message).toContain("you send 3.000000 USDC by the plan, the simulation sends 9.000000 USDC");
  });

  it("address lookup tables: a message compressed through a table on the chain runs as the uncompressed one; a missing, foreign or short table is refused as the RPC refuses it", async () => {
    const tx = await build("deposit", 3_000_000n);
    const p = tx.payload as SolanaPayload;
    const ixs = p.instructions.map(instructionFromJson);
    const lh = { blockhash: p.recentBlockhash, lastValidBlockHeight: BigInt(p.lastValidBlockHeight) };
    // The reserve's liquidity supply (writable) and the market (readonly) through a table.
    const deposit = p.instructions.at(-1);
    const writable = deposit?.accounts.find((a) => a.role === "writable" && a.address !== OWNER)?.address ?? "";
    const readonly = deposit?.accounts.find((a) => a.role === "readonly")?.address ?? "";
    const table = fixtureAddress("test-lookup-table");
    const put = (owner: string, addresses: string[]) =>
      rpc.solanaAccounts.set(table, { owner, data: Uint8Array.from(getAddressLookupTableEncoder().encode({ deactivationSlot: 0xffff_ffff_ffff_ffffn, lastExtendedSlot: 0n, lastExtendedSlotStartIndex: 0, authority: null, addresses: addresses.map((a) => address(a)) })) });
    const compressed = compileSolanaPayload(OWNER, ixs, lh, { [table]: [writable, readonly] });
    expect(compressed.transaction).not.toBe(p.transaction);
    try {
      put(ADDRESS_LOOKUP_TABLE_PROGRAM_ADDRESS, [writable, readonly]);
      const plain = await sim(p);
      const looked = await sim(compressed);
      expect(looked.err).toBeNull();
      expect(looked.logs).toEqual(plain.logs);
      const refusal = async () => sim(compressed).then(() => null, (e: unknown) => (e instanceof RpcRefusal ? { code: e.code, message: e.message } : e));
      put(ADDRESS_LOOKUP_TABLE_PROGRAM_ADDRESS, [writable]); // the readonly entry's index is past the table's end
      expect(await refusal()).toEqual({ code: -32602, message: "invalid transaction: Transaction address table lookup uses an invalid index" });
      put(TOKEN_PROGRAM_ADDRESS, [writable, readonly]);
      expect(await refusal()).toEqual({ code: -32602, message: "invalid transaction: Transaction loads an address table account with an invalid owner" });
      rpc.solanaAccounts.delete(table);
      expect(await refusal()).toEqual({ code: -32602, message: "invalid transaction: Transaction loads an address table account that doesn't exist" });
    } finally {
      rpc.solanaAccounts.delete(table);
    }
  });

  /** The deposit plan, and the same compressed through `table` (the reserve's liquidity supply writable, the market readonly). */
  async function compressedDeposit(table: string) {
    const p = (await build("deposit", 3_000_000n)).payload as SolanaPayload;
    const lh = { blockhash: p.recentBlockhash, lastValidBlockHeight: BigInt(p.lastValidBlockHeight) };
    const deposit = p.instructions.at(-1);
    const writable = deposit?.accounts.find((a) => a.role === "writable" && a.address !== OWNER)?.address ?? "";
    const readonly = deposit?.accounts.find((a) => a.role === "readonly")?.address ?? "";
    const compressed = compileSolanaPayload(OWNER, p.instructions.map(instructionFromJson), lh, { [table]: [writable, readonly] });
    return { p, compressed, entries: [writable, readonly] };
  }

  it("address lookup tables: a program id looked up from a table (or the fee payer as a program) fails message sanitization, as the RPC answers it", async () => {
    const p = (await build("deposit", 1_000_000n)).payload as SolanaPayload;
    const table = fixtureAddress("test-lookup-table");
    rpc.solanaAccounts.set(table, lookupTable([COMPUTE_BUDGET]));
    // One SetComputeUnitLimit(200,000): the Compute Budget program a static key, or looked up from the table.
    const wire = (programAddressIndex: number, lookedUp: boolean) =>
      getBase64EncodedWireTransaction({
        messageBytes: getCompiledTransactionMessageEncoder().encode({
          version: 0,
          header: { numSignerAccounts: 1, numReadonlySignerAccounts: 0, numReadonlyNonSignerAccounts: lookedUp ? 0 : 1 },
          staticAccounts: lookedUp ? [address(OWNER)] : [address(OWNER), address(COMPUTE_BUDGET)],
          lifetimeToken: p.recentBlockhash,
          instructions: [{ programAddressIndex, data: Uint8Array.from([2, 0x40, 0x0d, 0x03, 0x00]) }],
          addressTableLookups: lookedUp ? [{ lookupTableAddress: address(table), writableIndexes: [], readonlyIndexes: [0] }] : [],
        }),
        signatures: { [OWNER]: null },
      } as unknown as Parameters<typeof getBase64EncodedWireTransaction>[0]);
    const sanitizeFailure = { code: -32602, message: "invalid transaction: Transaction failed to sanitize accounts offsets correctly" };
    try {
      expect((await chain.simulate(wire(1, false), { encoding: "base64", replaceRecentBlockhash: true })).err).toBeNull();
      expect(await refusalOf(chain.simulate(wire(1, true), { encoding: "base64", replaceRecentBlockhash: true }))).toEqual(sanitizeFailure);
      expect(await refusalOf(chain.simulate(wire(0, false), { encoding: "base64", replaceRecentBlockhash: true }))).toEqual(sanitizeFailure);
    } finally {
      rpc.solanaAccounts.delete(table);
    }
  });

  it("address lookup tables: a table deactivated past its cooldown (its deactivation slot no longer among the 512 slot hashes) loads as one that doesn't exist", async () => {
    const table = fixtureAddress("test-lookup-table");
    const { compressed, entries } = await compressedDeposit(table);
    const slot = chain.slot();
    const notFound = { code: -32602, message: "invalid transaction: Transaction loads an address table account that doesn't exist" };
    try {
      for (const ago of [513n, 10_000n]) {
        rpc.solanaAccounts.set(table, lookupTable(entries, { deactivationSlot: slot - ago }));
        expect(await refusalOf(sim(compressed))).toEqual(notFound);
      }
    } finally {
      rpc.solanaAccounts.delete(table);
    }
  });

  it("address lookup tables: a deactivated table still cooling down (deactivated this slot up to 512 slots ago) is used; 513 slots ago it is not", async () => {
    const table = fixtureAddress("test-lookup-table");
    const { p, compressed, entries } = await compressedDeposit(table);
    const slot = chain.slot();
    const plain = await sim(p);
    try {
      for (const ago of [0n, 1n, 512n]) {
        rpc.solanaAccounts.set(table, lookupTable(entries, { deactivationSlot: slot - ago }));
        const looked = await sim(compressed);
        expect(looked.err).toBeNull();
        expect(looked.logs).toEqual(plain.logs);
      }
      rpc.solanaAccounts.set(table, lookupTable(entries, { deactivationSlot: slot - 513n }));
      expect(await refusalOf(sim(compressed))).toMatchObject({ code: -32602 });
    } finally {
      rpc.solanaAccounts.delete(table);
    }
  });

  it("address lookup tables: entries a table was extended with in the current slot are not usable yet", async () => {
    const table = fixtureAddress("test-lookup-table");
    const { compressed, entries } = await compressedDeposit(table);
    const slot = chain.slot();
    try {
      // Extended this slot from index 1: the readonly entry (index 1) is not usable yet.
      rpc.solanaAccounts.set(table, lookupTable(entries, { lastExtendedSlot: slot, lastExtendedSlotStartIndex: 1 }));
      expect(await refusalOf(sim(compressed))).toEqual({ code: -32602, message: "invalid transaction: Transaction address table lookup uses an invalid index" });
      // A start index past the table's end: the table's data is invalid.
      rpc.solanaAccounts.set(table, lookupTable(entries, { lastExtendedSlot: slot, lastExtendedSlotStartIndex: 3 }));
      expect(await refusalOf(sim(compressed))).toEqual({ code: -32602, message: "invalid transaction: Transaction loads an address table account with invalid data" });
      // Extended in the slot before: every entry is usable.
      rpc.solanaAccounts.set(table, lookupTable(entries, { lastExtendedSlot: slot - 1n, lastExtendedSlotStartIndex: 1 }));
      expect((await sim(compressed)).err).toBeNull();
    } finally {
      rpc.solanaAccounts.delete(table);
    }
  });

  it("an RPC without simulateBundle: the changes come from simulateTransaction's accounts against getMultipleAccounts", async () => {
    // The service remembers an RPC without simulateBundle for the rest of the process: the tests after this one take the
    // simulateTransaction path.
    rpc.solanaJito = false;
    try {
      const [r] = await simulateSolana([await build("deposit", 3_000_000n)]);
      expect(r?.simulation.changes).toMatchObject({ status: "ok", source: expect.stringMatching(/simulateTransaction accounts \(after\) against getMultipleAccounts \(before\), both at slot 300000000$/) });
      expect(r?.simulation.changes?.balanceChanges?.find((c) => c.owner === OWNER && c.asset.id === ids.usdcMint)?.amount).toBe("-3000000");
    } finally {
      rpc.solanaJito = true;
    }
  });

  it("a Kamino withdraw plan simulates ok (redeem of the cUSDC it sized): at least the USDC asked arrives, only cUSDC leaves", async () => {
    const tx = await build("withdraw", 2_000_000n);
    const [r] = await simulateSolana([tx]);
    expect(r?.simulation).toMatchObject({ status: "ok" });
    expect(r?.simulation.logs).toEqual(expect.arrayContaining(["Program log: Instruction: RedeemReserveCollateral"]));
    const of = (asset: string) => r?.simulation.changes?.balanceChanges?.find((c) => c.owner === OWNER && c.asset.id === asset)?.amount;
    // ceil(2 / 1.5) cUSDC redeemed, paying floor(1,333,334 × 1.5) micro-USDC.
    expect([of(KAMINO_CUSDC_MINT), of(ids.usdcMint)]).toEqual(["-1333334", "2000001"]);
    const withdraw: ExpectedChanges = { chain: "svm-chain", owner: OWNER, spends: [], receives: [{ asset: ids.usdcMint, atLeast: 2_000_000n }], sharesMayLeave: true };
    expect(checkChanges([{ ...tx, simulation: r?.simulation }], withdraw)?.message ?? null).toBeNull();
    expect(checkChanges([{ ...tx, simulation: r?.simulation }], { ...withdraw, receives: [{ asset: ids.usdcMint, atLeast: 3_000_000n }] })?.message).toContain(
      "you receive 3.000000 USDC by the plan, the simulation gives you 2.000001 USDC",
    );
  });

  it("refuses one account swapped, a signer or writable flag dropped, a reserve owned by another program", async () => {
    const p = (await build("deposit", 1_000_000n)).payload as SolanaPayload;
    const deposit = p.instructions.length - 1;
    const klendError = (code: number) => ({ InstructionError: [deposit, { Custom: code }] });
    // The owner's USDC and cUSDC accounts swapped: token::mint of user_source_liquidity fails.
    const swapped = variant(p, (ixs) => {
      const a = ixs[deposit]?.accounts ?? [];
      [a[7], a[8]] = [a[8] as (typeof a)[number], a[7] as (typeof a)[number]];
    });
    expect((await sim(swapped)).err).toEqual(klendError(2014));
    // The vault swapped for another token account: address = reserve.liquidity.supply_vault fails.
    const vault = variant(p, (ixs) => {
      const a = ixs[deposit]?.accounts[5];
      if (a) a.address = KAMINO_CUSDC_MINT;
    });
    expect((await sim(vault)).err).toEqual(klendError(2012));
    // The owner's signer flag dropped while someone else pays the fee: the owner no longer signs at all.
    const unsigned = variant(
      p,
      (ixs) => {
        for (const ix of ixs) for (const a of ix.accounts) if (a.address === OWNER) a.role = a.role === "writable_signer" ? "writable" : "readonly";
      },
      SPONSOR,
    );
    // (The owner's token accounts exist, so the idempotent creations need no signature; klend's `Signer` does.)
    expect((await sim(unsigned)).err).toEqual(klendError(3010));
    // The reserve's writable flag dropped.
    const readonlyReserve = variant(p, (ixs) => {
      const r = ixs[deposit]?.accounts[1];
      if (r) r.role = "readonly";
    });
    expect((await sim(readonlyReserve)).err).toEqual(klendError(2000));
    // The reserve owned by another program (the plan was built while it was klend's).
    const saved = rpc.solanaAccounts.get(ids.usdcReserve);
    if (saved) rpc.solanaAccounts.set(ids.usdcReserve, { ...saved, owner: "SLendK7ySfcEzyaFqy93gDnD3RtrpXJcnRwb6zFHJSh" });
    const wrongOwner = await sim(p);
    expect(wrongOwner.err).toEqual(klendError(3007));
    expect(wrongOwner.logs.join("\n")).toMatch(/AnchorError caused by account: reserve\. Error Code: AccountOwnedByWrongProgram/);
    // The unchanged plan passes: each refusal above is the change, not the chain.
    if (saved) rpc.solanaAccounts.set(ids.usdcReserve, saved);
    expect((await sim(p)).err).toBeNull();
  });

  it("the service reads a refusal as a failed simulation with the program's own error", async () => {
    const tx = await build("deposit", 1_000_000n);
    const p = tx.payload as SolanaPayload;
    const swapped = variant(p, (ixs) => {
      const a = ixs.at(-1)?.accounts ?? [];
      [a[7], a[8]] = [a[8] as (typeof a)[number], a[7] as (typeof a)[number]];
    });
    const [f] = await simulateSolana([{ ...tx, payload: swapped }]);
    expect(f?.simulation).toMatchObject({ status: "failed", gasEstimate: null });
    expect(f?.simulation.error).toBe("Instruction 2 (Kamino Lend (klend)) failed: ConstraintTokenMint (2014): A token mint constraint was violated.");
    expect(f?.payload).toBe(swapped); // no budget on a refused transaction
    // More USDC than the owner holds: SPL Token's own InsufficientFunds, from the transfer klend makes.
    const [poor] = await simulateSolana([await build("deposit", 11_000_000n)]);
    expect(poor?.simulation.status).toBe("failed");
    expect(poor?.simulation.error).toBe("Instruction 2 (Kamino Lend (klend)) failed in SPL Token: INSUFFICIENT_FUNDS (1).");
  });

  it("refuses what the RPC refuses: signature checks of an unsigned transaction, an unknown blockhash, a payer without SOL", async () => {
    const p = (await build("deposit", 1_000_000n)).payload as SolanaPayload;
    await expect(chain.simulate(p.transaction, { encoding: "base64", sigVerify: true, replaceRecentBlockhash: true })).rejects.toMatchObject({ code: -32602 });
    await expect(chain.simulate(p.transaction, { encoding: "base64", sigVerify: true })).rejects.toMatchObject({ code: -32003 });
    chain.blockhashes.clear();
    expect((await chain.simulate(p.transaction, { encoding: "base64" })).err).toBe("BlockhashNotFound");
    expect((await sim(p)).err).toBeNull(); // replaceRecentBlockhash: the plan's blockhash may be old
    chain.lamports.delete(OWNER);
    expect((await sim(p)).err).toBe("AccountNotFound");
  });

  it("an RPC that cannot simulate leaves the plan unsimulated with the reason; no fee data → no price, said so", async () => {
    const tx = await build("deposit", 1_000_000n);
    rpc.failing.add("getRecentPrioritizationFees");
    try {
      const [r] = await simulateSolana([tx]);
      expect(r?.simulation.status).toBe("ok");
      const p = r?.payload as SolanaPayload;
      expect(p.computeBudget?.microLamportsPerUnit).toBeNull();
      expect(p.computeBudget?.basis).toMatch(/No priority fee: the RPC's getRecentPrioritizationFees did not answer/);
      expect(p.instructions.filter((i) => i.programAddress === "ComputeBudget111111111111111111111111111111")).toHaveLength(1);
    } finally {
      rpc.failing.delete("getRecentPrioritizationFees");
    }
    rpc.solanaChain = null;
    const [u] = await simulateSolana([tx]);
    expect(u?.simulation).toMatchObject({ status: "unavailable", gasEstimate: null, logs: null });
    expect(u?.simulation.error).toMatch(/simulateTransaction did not answer/);
    expect(u?.payload).toBe(tx.payload);
    // The owner's ATA helper agrees with the builder's (sanity of the state above).
    expect((await findAssociatedTokenPda({ owner: address(OWNER), mint: address(ids.usdcMint), tokenProgram: TOKEN_PROGRAM_ADDRESS }))[0]).toBe(
      (tx.payload as SolanaPayload).instructions.at(-1)?.accounts[7]?.address,
    );
    expect(createNoopSigner(address(OWNER)).address).toBe(OWNER);
  });
});
