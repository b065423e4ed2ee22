// Both bridge legs on svm-chain checked against the plan (issue 23 "Tests that must exist"): the rail's burn
// (token_messenger_minter_v2 deposit_for_burn, its MessageSent event account) and the receive (message_transmitter_v2
// receive_message of an attested message), simulated through the service's simulate path against the local Solana
// chain's CCTP program models (testing/chains/solana/cctp.ts: the burn writes Circle's MessageSent account, the receive
// releases custody to the message's recipient). The burn's changes and the burn message the chain reports pass
// burnExpectation, the receive's receiveExpectation (what the plan and the rescue check); altered after building (the
// amount × 10, another mint recipient or domain; a receive of a message minting elsewhere or ten times) they are
// refused simulation_mismatch naming the plan's and the simulation's figures.
import { address, getAddressEncoder } from "@solana/kit";
import { findAssociatedTokenPda, TOKEN_PROGRAM_ADDRESS } from "@solana-program/token";
import { bytesToHex, type Hex, pad } from "viem";
import { beforeEach, describe, expect, it } from "vitest";
import { USDC } from "../../server/chains/balances";
import { checkChanges } from "../../server/chains/check-changes";
import { solanaPayload } from "../../server/chains/solana";
import { simulateTransactions } from "../../server/chains/simulate";
import type { PlanTransaction } from "../../server/chains/transaction";
import type { ServiceFee } from "../../server/fees/recipient";
import { burnExpectation, receiveExpectation } from "../../server/plans/bridge-changes";
import { CCTP_DOMAIN } from "../../server/rails/cctp/domains";
import { withRecipientAccount } from "../../server/rails/cctp/solana";
import { cctpV2 } from "../../server/rails/cctp-v2";
import { receiveMessageInstruction, TOKEN_MESSENGER_MINTER_V2 } from "../../server/rails/cctp-v2/solana";
import { attest } from "../../testing/chains/attester";
import { burnEnds, cctpMessageV2, cctpRemoteIds } from "../../testing/chains/cctp-message";
import { installSolanaCctp, TMM_V2_IDL } from "../../testing/chains/solana/cctp";
import { SolanaLocalChain } from "../../testing/chains/solana/local-chain";
import { fixtureAddress } from "../../testing/chains/solana/venues/encode";
import { useLocalChain } from "../../testing/oracle";
import { rewritten, scaled } from "../support/altered";
import { type FakeRpc, startFakeRpc } from "../support/fake-rpc";
import { SOL as OWNER, SOL_DEST as DEST } from "../support/wallets";

const MINT = USDC["svm-chain"];
const EVM_DEST = "0x7777777777777777777777777777777777777777";
const OTHER_EVM = pad("0x000000000000000000000000000000000000beef");
const OTHER = "7jaiZR5Sk8hdYN9MxTpczTcwbWpb5WEoxSANuUwveuat";
const FEE_RECIPIENT = fixtureAddress("cctp-fee-recipient");
const BURN = 3_000_000n;
const MINT_RECIPIENT = pad(EVM_DEST);
const DOMAIN = CCTP_DOMAIN["evm-a"];
const burnIx = TMM_V2_IDL.instructions.find((i) => i.name === "deposit_for_burn");
const noFee: ServiceFee = { collected: false, recipient: null, bps: 0, amount: 0n, reason: "not collected in this test" };
const ataOf = async (owner: string) => (await findAssociatedTokenPda({ owner: address(owner), mint: address(MINT), tokenProgram: TOKEN_PROGRAM_ADDRESS }))[0];

describe("svm-chain bridge legs on the local chain", () => {
let rpc: FakeRpc;
let chain: SolanaLocalChain;
useLocalChain(["SVC_RPC_SVM"], async () => {
  rpc = await startFakeRpc();
  return rpc;
});
beforeEach(async () => {
  chain = new SolanaLocalChain(() => rpc.solanaAccounts);
  chain.blockhashes.add(rpc.blockhash);
  for (const w of [OWNER, DEST, OTHER]) chain.lamports.set(w, 1_000_000_000n);
  chain.addMint(MINT, OTHER);
  await chain.setTokenBalance(OWNER, MINT, 100_000_000n);
  const evmA = cctpRemoteIds("evm-a", 2);
  if (!evmA) throw new Error("no CCTP V2 on evm-a");
  await installSolanaCctp(rpc.solanaAccounts, chain, { version: 2, remotes: [{ domain: DOMAIN, tokenMessenger: evmA.tokenMessenger, token: evmA.usdc }], feeRecipient: FEE_RECIPIENT, custody: 500_000_000n });
  rpc.solanaChain = chain;
});

describe("the svm-chain burn (CCTP V2 deposit_for_burn) checked against the plan", () => {
  const burnTxs = async () => {
    const railFee = { amountMicros: 0n, bps: "0", maxFeeMicros: 0n, source: null, reason: null };
    const built = await cctpV2.burn({ source: "svm-chain", dest: "evm-a", sourceAddress: OWNER, destAddress: EVM_DEST, burnAmount: BURN, mintRecipient: MINT_RECIPIENT, speed: "standard", railFee, serviceFee: noFee });
    if (!built.ok) throw new Error(built.blocker.message);
    return built.transactions;
  };
  const check = async (txs: PlanTransaction[]) => {
    const sim = await simulateTransactions(txs, OWNER);
    expect(sim.blocker).toBeNull();
    const expected = burnExpectation({ source: "svm-chain", owner: OWNER, amount: BURN, burnAmount: BURN, serviceFee: noFee, destinationDomain: DOMAIN, mintRecipient: MINT_RECIPIENT, burner: null });
    return { sim, blocker: checkChanges(sim.transactions, expected) };
  };
  const disc = burnIx?.discriminator ?? [];
  // DepositForBurnParams (token_messenger_minter_v2.json `types`): amount u64 @0, destination_domain u32 @8, mint_recipient @12.
  const params = (burnIx?.args[0]?.type as { defined?: { name: string } } | undefined)?.defined?.name;

  it("3 USDC leaves the owner and is burned; the MessageSent account's message mints 3 USDC to the destination on evm-a's domain; the checker passes", async () => {
    expect(params).toBe("DepositForBurnParams");
    const { sim, blocker } = await check(await burnTxs());
    const changes = sim.transactions[0]?.simulation?.changes;
    expect(changes?.balanceChanges?.find((c) => c.owner === OWNER && c.asset.id === MINT)?.amount).toBe((-BURN).toString());
    expect(changes?.burns).toEqual([{ transmitter: expect.stringMatching(/^CCTPV2Sm/), destinationDomain: DOMAIN, mintRecipient: MINT_RECIPIENT, burnToken: bytesToHex(Uint8Array.from(getAddressEncoder().encode(address(MINT)))), amount: BURN.toString() }]);
    expect(blocker?.message ?? null).toBeNull();
  });

  it("× 10 is refused naming 3 and 30 USDC", async () => {
    const { blocker } = await check(scaled(await burnTxs(), TOKEN_MESSENGER_MINTER_V2, disc, 0, 10n));
    expect(blocker?.code).toBe("simulation_mismatch");
    expect(blocker?.message).toContain("you send 3.000000 USDC by the plan, the simulation sends 30.000000 USDC");
  });

  it("another mint recipient or another destination domain is refused, naming the plan's and the message's (the owner's outflow is the same)", async () => {
    const other = await check(rewritten(await burnTxs(), TOKEN_MESSENGER_MINTER_V2, disc, 12, Buffer.from(OTHER_EVM.slice(2), "hex")));
    expect(other.blocker?.code).toBe("simulation_mismatch");
    expect(other.blocker?.message).toContain(`the plan burns 3.000000 USDC minted to the owner-locked destination ${MINT_RECIPIENT} on domain ${DOMAIN}`);
    expect(other.blocker?.message).toContain(`3.000000 USDC minted to ${OTHER_EVM} on domain ${DOMAIN}`);
    const domain = Buffer.alloc(4);
    domain.writeUInt32LE(CCTP_DOMAIN["evm-b"]);
    const elsewhere = await check(rewritten(await burnTxs(), TOKEN_MESSENGER_MINTER_V2, disc, 8, domain));
    expect(elsewhere.blocker?.message).toContain(`minted to ${MINT_RECIPIENT} on domain ${CCTP_DOMAIN["evm-b"]}`);
  });

  it("an RPC without simulation (a plain Solana RPC whose simulateTransaction is not found): the burn is unavailable with the RPC's reason, and nothing is checked from the plan", async () => {
    const txs = await burnTxs();
    rpc.solanaChain = null;
    rpc.solanaJito = false;
    try {
      const sim = await simulateTransactions(scaled(txs, TOKEN_MESSENGER_MINTER_V2, disc, 0, 10n), OWNER);
      const s = sim.transactions[0]?.simulation;
      expect(s?.status).toBe("unavailable");
      expect(s?.error).toMatch(/^Not simulated: the svm-chain RPC's simulateTransaction did not answer \(.*simulateTransaction not found.*\)\.$/);
      expect(s?.changes ?? null).toBeNull();
      // Even the × 10 burn: no figure is made up from the plan, so the checker has nothing to hold it to.
      const expected = burnExpectation({ source: "svm-chain", owner: OWNER, amount: BURN, burnAmount: BURN, serviceFee: noFee, destinationDomain: DOMAIN, mintRecipient: MINT_RECIPIENT, burner: null });
      expect(checkChanges(sim.transactions, expected)).toBeNull();
    } finally {
      rpc.solanaJito = true;
    }
  });
});

describe("the svm-chain receive (CCTP V2 receive_message) checked against the rescue", () => {
  const message = async (to: string, amount: bigint, nonce: string, feeExecuted = 0n) => {
    const recipient = bytesToHex(Uint8Array.from(getAddressEncoder().encode(await ataOf(to))));
    const ends = { ...burnEnds(2, DOMAIN, CCTP_DOMAIN["svm-chain"]), messageSender: pad("0x03") };
    return cctpMessageV2(DOMAIN, CCTP_DOMAIN["svm-chain"], pad(`0x${nonce}`), recipient, amount, ends, { feeExecuted, maxFee: feeExecuted });
  };
  /** The rescue's receive (as rescueV2 builds it) of `m`, minting to `to`'s USDC account, signed by the destination. */
  const receive = async (m: Hex, to: string): Promise<PlanTransaction[]> => {
    const account = await ataOf(to);
    const ix = await receiveMessageInstruction(DEST, m, await attest(m), DOMAIN, cctpRemoteIds("evm-a", 2)?.usdc ?? "0x", `0x${m.slice(2 + 24, 2 + 88)}`, account, FEE_RECIPIENT);
    const payload = await solanaPayload(DEST, await withRecipientAccount(DEST, account, ix));
    return [{ chain: "svm-chain", kind: "receive", description: "receive", encoding: "solana-v0-message-base64", payload }];
  };
  const check = async (txs: PlanTransaction[], mint: { amount: bigint; fee: bigint }) => {
    const sim = await simulateTransactions(txs, DEST);
    expect(sim.blocker).toBeNull();
    return checkChanges(sim.transactions, receiveExpectation("svm-chain", DEST, mint));
  };

  it("exactly the attested amount less the executed fee reaches the destination, the fee the TokenMessenger's fee recipient; the checker passes", async () => {
    const txs = await receive(await message(DEST, 3_000_000n, "c1", 1_000n), DEST);
    const sim = await simulateTransactions(txs, DEST);
    const of = (owner: string) => sim.transactions[0]?.simulation?.changes?.balanceChanges?.find((c) => c.owner === owner && c.asset.id === MINT)?.amount;
    expect([of(DEST), of(FEE_RECIPIENT)]).toEqual(["2999000", "1000"]);
    expect(checkChanges(sim.transactions, receiveExpectation("svm-chain", DEST, { amount: 2_999_000n, fee: 1_000n }))?.message ?? null).toBeNull();
  });

  it("an RPC without simulation: the receive is unavailable with the RPC's reason, and the checker does not block", async () => {
    const txs = await receive(await message(DEST, 3_000_000n, "c9"), DEST);
    const local = rpc.solanaChain;
    rpc.solanaChain = null;
    try {
      const sim = await simulateTransactions(txs, DEST);
      expect(sim.transactions[0]?.simulation).toMatchObject({ status: "unavailable", error: expect.stringMatching(/simulateTransaction did not answer \(.*not found/) });
      expect(checkChanges(sim.transactions, receiveExpectation("svm-chain", DEST, { amount: 3_000_000n, fee: 0n }))).toBeNull();
    } finally {
      rpc.solanaChain = local;
    }
  });

  it("a receive of a message minting to another wallet, or ten times the amount, is refused naming both", async () => {
    await chain.setTokenBalance(OTHER, MINT, 0n);
    const other = await check(await receive(await message(OTHER, 3_000_000n, "c2"), OTHER), { amount: 3_000_000n, fee: 0n });
    expect(other?.code).toBe("simulation_mismatch");
    expect(other?.message).toContain("you receive 3.000000 USDC by the plan, the simulation gives you 0.000000 USDC");
    expect(other?.message).toContain(`3.000000 USDC goes to ${OTHER}, which the plan does not name`);
    const ten = await check(await receive(await message(DEST, 30_000_000n, "c3"), DEST), { amount: 3_000_000n, fee: 0n });
    expect(ten?.message).toContain("you receive 3.000000 USDC by the plan, the simulation gives you 30.000000 USDC");
  });
});
});
