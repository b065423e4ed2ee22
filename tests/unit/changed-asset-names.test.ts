// Changed assets the service does not know, named from their chain after the simulation (issue 23 item 3), on svm-chain:
// an SPL transfer of a mint with 9 decimals that no list names, simulated through the service's simulate path against
// the local Solana chain (litesvm, the mint account in SPL Token's own layout): the change carries decimals 9 and no
// symbol (the mint holds none), and the checker's message says the amount in the mint's units, "of token <mint>".
// move-chain: a transfer of a coin type no list names, simulated by the local Sui node, named from the node's
// StateService.GetCoinInfo (decimals and symbol); a coin type without metadata stays in base units.
import { coinWithBalance, Transaction } from "@mysten/sui/transactions";
import { normalizeStructTag } from "@mysten/sui/utils";
import { address, createNoopSigner } from "@solana/kit";
import { getTransferInstruction } from "@solana-program/token";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkChanges, inUnits } from "../../server/chains/check-changes";
import { simulateTransactions } from "../../server/chains/simulate";
import { solanaPayload, solanaPlanTransaction } from "../../server/chains/solana";
import { suiPlanTransaction } from "../../server/chains/sui";
import { resetConfigForTests } from "../../server/config";
import { SolanaLocalChain } from "../../testing/chains/solana/local-chain";
import { fixtureAddress } from "../../testing/chains/solana/venues/encode";
import { type FakeRpc, fundSuiOwner, startFakeRpc } from "../support/fake-rpc";

const OWNER = "9B4MhXCsqr2SyQNRw4KoakcwriqN637GhpjxCnaafSmd";
const OTHER = fixtureAddress("someone-else");
/** A mint with 9 decimals in no list of the service. */
const MINT9 = fixtureAddress("nine-decimals-mint");

describe("svm-chain: a changed mint the service does not know is named from its account", () => {
  let rpc: FakeRpc;
  let chain: SolanaLocalChain;
  beforeAll(async () => {
    rpc = await startFakeRpc();
    process.env.SVC_RPC_SVM = rpc.url;
    resetConfigForTests();
    chain = new SolanaLocalChain(() => new Map());
    rpc.solanaChain = chain;
    chain.lamports.set(OWNER, 1_000_000_000n);
    chain.addMint(MINT9, OWNER, 9);
  });
  afterAll(async () => {
    delete process.env.SVC_RPC_SVM;
    resetConfigForTests();
    await rpc.close();
  });

  it("the change carries decimals 9 (symbol null), and a mismatch names 1.5 of the token in its units", async () => {
    const from = await chain.setTokenBalance(OWNER, MINT9, 5_000_000_000n);
    const to = await chain.setTokenBalance(OTHER, MINT9, 0n);
    const ix = getTransferInstruction({ source: address(from), destination: address(to), authority: createNoopSigner(address(OWNER)), amount: 1_500_000_000n });
    const txs = solanaPlanTransaction("swap", "a transfer of an unknown mint", await solanaPayload(OWNER, [ix]));
    const sim = await simulateTransactions(txs, OWNER);
    expect(sim.blocker).toBeNull();
    const changes = sim.transactions[0]?.simulation?.changes;
    expect(changes?.status).toBe("ok");
    const mine = changes?.balanceChanges?.find((c) => c.owner === OWNER && c.asset.id === MINT9);
    expect(mine).toMatchObject({ amount: "-1500000000", asset: { chain: "svm-chain", id: MINT9, symbol: null, decimals: 9 } });
    expect(changes?.balanceChanges?.find((c) => c.owner === OTHER)?.asset).toMatchObject({ decimals: 9 });
    // The plan spends none of it: the checker names what leaves and where it goes in the mint's units.
    const blocked = checkChanges(sim.transactions, { chain: "svm-chain", owner: OWNER, spends: [] });
    expect(blocked?.code).toBe("simulation_mismatch");
    expect(blocked?.message).toContain(`1.500000000 of token ${MINT9} leaves your wallet that the plan does not spend`);
    expect(blocked?.message).toContain(`1.500000000 of token ${MINT9} goes to ${OTHER}, which the plan does not name`);
    expect(blocked?.message).not.toContain("base units");
  });

  it("a mint the chain has no account for is asked once: its nulls are kept, the next simulation asks nothing about it", async () => {
    const GONE = fixtureAddress("mint-without-account");
    const from = await chain.setTokenBalance(OWNER, GONE, 10n);
    const to = await chain.setTokenBalance(OTHER, GONE, 0n);
    chain.mints.delete(GONE); // SPL Transfer takes no mint account: the transfer runs, the mint is nowhere
    const ix = getTransferInstruction({ source: address(from), destination: address(to), authority: createNoopSigner(address(OWNER)), amount: 3n });
    const txs = solanaPlanTransaction("swap", "a transfer of a mint without account", await solanaPayload(OWNER, [ix]));
    const reads = async () => {
      const before = rpc.calls.filter((m) => m === "getMultipleAccounts").length;
      const sim = await simulateTransactions(txs, OWNER);
      expect(sim.transactions[0]?.simulation?.changes?.balanceChanges?.find((c) => c.owner === OWNER && c.asset.id === GONE)?.asset).toMatchObject({ symbol: null, decimals: null });
      return rpc.calls.filter((m) => m === "getMultipleAccounts").length - before;
    };
    const first = await reads();
    expect(first - (await reads())).toBe(1);
  });

  it("the units read: symbol and decimals, decimals only ('of token <id>'), neither (base units of the id)", () => {
    const asset = (symbol: string | null, decimals: number | null) => ({ asset: { chain: "svm-chain" as const, id: "M", symbol, decimals } });
    expect(inUnits(asset("X", 9), -1_500_000_000n)).toBe("-1.500000000 X");
    expect(inUnits(asset(null, 9), 1_500_000_000n)).toBe("1.500000000 of token M");
    expect(inUnits(asset(null, null), 15n)).toBe("15 base units of M");
  });
});

describe("move-chain: a changed coin type the service does not know is named from GetCoinInfo", () => {
  const SUI_OWNER = `0x${"ab".repeat(32)}`;
  const SUI_OTHER = `0x${"cd".repeat(32)}`;
  /** Coin types in no list of the service: one with metadata on the node (8 decimals), one without. */
  const EIGHT = `0x${"e8".repeat(32)}::eight::EIGHT`;
  const BARE = `0x${"b0".repeat(32)}::bare::BARE`;
  let rpc: FakeRpc;
  beforeAll(async () => {
    rpc = await startFakeRpc();
    process.env.SVC_RPC_MOVE = rpc.url;
    resetConfigForTests();
    fundSuiOwner(rpc, SUI_OWNER);
    rpc.set(SUI_OWNER, EIGHT, 1_000_000_000n);
    rpc.set(SUI_OWNER, BARE, 1_000n);
    rpc.suiCoinInfo.set(normalizeStructTag(EIGHT), { decimals: 8, symbol: "EIGHT", name: "Eight" });
  });
  afterAll(async () => {
    delete process.env.SVC_RPC_MOVE;
    resetConfigForTests();
    await rpc.close();
  });

  it("the change carries the node's decimals 8 and symbol; a coin type without metadata keeps nulls; a mismatch names it in units", async () => {
    const tx = new Transaction();
    tx.setSender(SUI_OWNER);
    tx.transferObjects([tx.add(coinWithBalance({ type: EIGHT, balance: 150_000_000n })), tx.add(coinWithBalance({ type: BARE, balance: 7n }))], SUI_OTHER);
    const txs = await suiPlanTransaction("swap", "a transfer of unknown coins", tx);
    const sim = await simulateTransactions(txs, SUI_OWNER);
    expect(sim.blocker).toBeNull();
    const changes = sim.transactions[0]?.simulation?.changes;
    expect(changes?.status).toBe("ok");
    const of = (owner: string, type: string) => changes?.balanceChanges?.find((c) => c.owner === owner && normalizeStructTag(c.asset.id) === normalizeStructTag(type));
    expect(of(SUI_OWNER, EIGHT)).toMatchObject({ amount: "-150000000", asset: { chain: "move-chain", symbol: "EIGHT", decimals: 8 } });
    expect(of(SUI_OTHER, EIGHT)?.asset).toMatchObject({ symbol: "EIGHT", decimals: 8 });
    expect(of(SUI_OWNER, BARE)?.asset).toMatchObject({ symbol: null, decimals: null });
    const blocked = checkChanges(sim.transactions, { chain: "move-chain", owner: SUI_OWNER, spends: [] });
    expect(blocked?.code).toBe("simulation_mismatch");
    expect(blocked?.message).toContain("1.50000000 EIGHT leaves your wallet that the plan does not spend");
    expect(blocked?.message).toContain(`7 base units of ${of(SUI_OWNER, BARE)?.asset.id}`);
  });
});
