// Changed assets the service does not know, named from their chain after the simulation (issue 23 item 3), on svm-chain:
// an SPL transfer of a mint with 9 decimals that no list names, simulated through the service's simulate path against
// the local Solana chain (litesvm, the mint account in SPL Token's own layout): the change carries decimals 9 and no
// symbol (the mint holds none), and the checker's message says the amount in the mint's units, "of token <mint>".
import { address, createNoopSigner } from "@solana/kit";
import { getTransferInstruction } from "@solana-program/token";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkChanges, inUnits } from "../../server/chains/check-changes";
import { simulateTransactions } from "../../server/chains/simulate";
import { solanaPayload, solanaPlanTransaction } from "../../server/chains/solana";
import { resetConfigForTests } from "../../server/config";
import { SolanaLocalChain } from "../../testing/chains/solana/local-chain";
import { fixtureAddress } from "../../testing/chains/solana/venues/encode";
import { type FakeRpc, startFakeRpc } from "../support/fake-rpc";

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

  it("the units read: symbol and decimals, decimals only ('of token <id>'), neither (base units of the id)", () => {
    const asset = (symbol: string | null, decimals: number | null) => ({ asset: { chain: "svm-chain" as const, id: "M", symbol, decimals } });
    expect(inUnits(asset("X", 9), -1_500_000_000n)).toBe("-1.500000000 X");
    expect(inUnits(asset(null, 9), 1_500_000_000n)).toBe("1.500000000 of token M");
    expect(inUnits(asset(null, null), 15n)).toBe("15 base units of M");
  });
});
