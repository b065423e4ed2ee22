// The CCTP V1 bridge legs on svm-chain checked against the plan (issue 23 "Tests that must exist"), the V1 counterpart of
// ./solana-bridge-changes.test.ts: the rail's burn to move-chain (token_messenger_minter V1 deposit_for_burn, its
// MessageSent event account, with the service fee transferred in the same transaction) and the receive from move-chain
// (message_transmitter V1 receive_message of an attested V1 message, as rescueV1 builds it), simulated through the
// service's simulate path against the local Solana chain's V1 program models (testing/chains/solana/cctp.ts). Untouched,
// the burn passes burnExpectation and the receive receiveExpectation; altered after building (the amount × 10, another
// mint recipient or domain; a receive of a message minting elsewhere or ten times) they are refused simulation_mismatch
// naming the plan's and the simulation's figures; an RPC without simulation gives `unavailable` with its reason.
import { address, getAddressEncoder } from "@solana/kit";
import { findAssociatedTokenPda, TOKEN_PROGRAM_ADDRESS } from "@solana-program/token";
import { bytesToHex, type Hex } from "viem";
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
import { cctpV1 } from "../../server/rails/cctp-v1";
import { burnWhileV1Offered } from "../support/cctp-v1";
import { MESSAGE_TRANSMITTER_V1_PROGRAM, receiveMessageInstructionV1, TOKEN_MESSENGER_MINTER_V1 } from "../../server/rails/cctp-v1/solana";
import { attest } from "../../testing/chains/attester";
import { burnEnds, cctpMessageV1, cctpRemoteIds } from "../../testing/chains/cctp-message";
import { installSolanaCctp, SOLANA_CCTP_REMOTES, TMM_V1_IDL } from "../../testing/chains/solana/cctp";
import { SolanaLocalChain } from "../../testing/chains/solana/local-chain";
import { fixtureAddress } from "../../testing/chains/solana/venues/encode";
import { useLocalChain } from "../../testing/oracle";
import { rewritten, scaled } from "../support/altered";
import { type FakeRpc, startFakeRpc } from "../support/fake-rpc";
import { SOL as OWNER, SOL_DEST as DEST } from "../support/wallets";

const MINT = USDC["svm-chain"];
/** The move-chain destination of the burn: a Sui address is its own bytes32 mint recipient. */
const SUI_DEST: Hex = `0x${"55".repeat(32)}`;
const SUI_OTHER: Hex = `0x${"66".repeat(32)}`;
const OTHER = "7jaiZR5Sk8hdYN9MxTpczTcwbWpb5WEoxSANuUwveuat";
const FEE_RECIPIENT = fixtureAddress("cctp-v1-service-fee");
const BURN = 3_000_000n;
const FEE = 3_000n;
const SUI_DOMAIN = CCTP_DOMAIN["move-chain"];
const SVM_DOMAIN = CCTP_DOMAIN["svm-chain"];
const burnIx = TMM_V1_IDL.instructions.find((i) => i.name === "deposit_for_burn");
const serviceFee: ServiceFee = { collected: true, recipient: FEE_RECIPIENT, bps: 10, amount: FEE, reason: null };
const ataOf = async (owner: string) => (await findAssociatedTokenPda({ owner: address(owner), mint: address(MINT), tokenProgram: TOKEN_PROGRAM_ADDRESS }))[0];
const bytes32Of = (a: string): Hex => bytesToHex(Uint8Array.from(getAddressEncoder().encode(address(a))));

describe("svm-chain CCTP V1 bridge legs (↔ move-chain) on the local chain", () => {
  let rpc: FakeRpc;
  let chain: SolanaLocalChain;
  useLocalChain(["SVC_RPC_SVM"], async () => {
    rpc = await startFakeRpc();
    return rpc;
  });
  beforeEach(async () => {
    chain = new SolanaLocalChain(() => rpc.solanaAccounts);
    chain.blockhashes.add(rpc.blockhash);
    for (const w of [OWNER, DEST]) chain.lamports.set(w, 1_000_000_000n);
    chain.addMint(MINT, OTHER);
    await chain.setTokenBalance(OWNER, MINT, 100_000_000n);
    await chain.setTokenBalance(FEE_RECIPIENT, MINT, 0n);
    // V1 only: the remote it knows is move-chain (domain 8), as Sui's CCTP writes a message.
    await installSolanaCctp(rpc.solanaAccounts, chain, { version: 1, remotes: SOLANA_CCTP_REMOTES[1], custody: 500_000_000n });
    rpc.solanaChain = chain;
  });

  describe("the svm-chain burn to move-chain (CCTP V1 deposit_for_burn) checked against the plan", () => {
    const burnTxs = async () => {
      const railFee = { amountMicros: 0n, bps: "0", maxFeeMicros: null, source: null, reason: null };
      const built = await burnWhileV1Offered({ source: "svm-chain", dest: "move-chain", sourceAddress: OWNER, destAddress: SUI_DEST, burnAmount: BURN, mintRecipient: SUI_DEST, speed: null, railFee, serviceFee });
      if (!built.ok) throw new Error(built.blocker.message);
      return built.transactions;
    };
    const expected = () => burnExpectation({ source: "svm-chain", owner: OWNER, amount: BURN + FEE, burnAmount: BURN, serviceFee, destinationDomain: SUI_DOMAIN, mintRecipient: SUI_DEST, burner: cctpV1.burner("svm-chain") });
    const check = async (txs: PlanTransaction[]) => {
      const sim = await simulateTransactions(txs, OWNER);
      expect(sim.blocker).toBeNull();
      return { sim, blocker: checkChanges(sim.transactions, expected()) };
    };
    const disc = burnIx?.discriminator ?? [];

    it("3 USDC is burned and 0.003 paid to the fee recipient; the V1 MessageSent account's message mints 3 USDC to the destination on move-chain's domain; the checker passes", async () => {
      // DepositForBurnParams (token_messenger_minter_031.json `types`): amount u64 @0, destination_domain u32 @8, mint_recipient @12.
      expect((burnIx?.args[0]?.type as { defined?: { name: string } } | undefined)?.defined?.name).toBe("DepositForBurnParams");
      const { sim, blocker } = await check(await burnTxs());
      const changes = sim.transactions[0]?.simulation?.changes;
      const of = (owner: string) => changes?.balanceChanges?.find((c) => c.owner === owner && c.asset.id === MINT)?.amount;
      expect([of(OWNER), of(FEE_RECIPIENT)]).toEqual([(-(BURN + FEE)).toString(), FEE.toString()]);
      expect(changes?.burns).toEqual([{ transmitter: MESSAGE_TRANSMITTER_V1_PROGRAM, destinationDomain: SUI_DOMAIN, mintRecipient: SUI_DEST, burnToken: bytes32Of(MINT), amount: BURN.toString() }]);
      expect(blocker?.message ?? null).toBeNull();
    });

    it("× 10 is refused naming 3.003 and 30.003 USDC", async () => {
      const { blocker } = await check(scaled(await burnTxs(), TOKEN_MESSENGER_MINTER_V1, disc, 0, 10n));
      expect(blocker?.code).toBe("simulation_mismatch");
      expect(blocker?.message).toContain("you send 3.003000 USDC by the plan, the simulation sends 30.003000 USDC");
    });

    it("another mint recipient or another destination domain is refused, naming the plan's and the message's (the owner's outflow is the same)", async () => {
      const other = await check(rewritten(await burnTxs(), TOKEN_MESSENGER_MINTER_V1, disc, 12, Buffer.from(SUI_OTHER.slice(2), "hex")));
      expect(other.blocker?.code).toBe("simulation_mismatch");
      expect(other.blocker?.message).toContain(`the plan burns 3.000000 USDC minted to the owner-locked destination ${SUI_DEST} on domain ${SUI_DOMAIN}`);
      expect(other.blocker?.message).toContain(`3.000000 USDC minted to ${SUI_OTHER} on domain ${SUI_DOMAIN}`);
      const domain = Buffer.alloc(4);
      domain.writeUInt32LE(CCTP_DOMAIN["evm-a"]);
      const elsewhere = await check(rewritten(await burnTxs(), TOKEN_MESSENGER_MINTER_V1, disc, 8, domain));
      expect(elsewhere.blocker?.code).toBe("simulation_mismatch");
      expect(elsewhere.blocker?.message).toContain(`minted to ${SUI_DEST} on domain ${CCTP_DOMAIN["evm-a"]}`);
    });

    it("an RPC without simulation (simulateTransaction not found): the burn is unavailable with the RPC's reason, and nothing is checked from the plan", async () => {
      const txs = await burnTxs();
      rpc.solanaChain = null;
      rpc.solanaJito = false;
      try {
        const sim = await simulateTransactions(scaled(txs, TOKEN_MESSENGER_MINTER_V1, disc, 0, 10n), OWNER);
        const s = sim.transactions[0]?.simulation;
        expect(s?.status).toBe("unavailable");
        expect(s?.error).toMatch(/^Not simulated: the svm-chain RPC's simulateTransaction did not answer \(.*simulateTransaction not found.*\)\.$/);
        expect(s?.changes ?? null).toBeNull();
        expect(checkChanges(sim.transactions, expected())).toBeNull();
      } finally {
        rpc.solanaJito = true;
      }
    });
  });

  describe("the svm-chain receive from move-chain (CCTP V1 receive_message) checked against the rescue", () => {
    const suiUsdc = cctpRemoteIds("move-chain", 1)?.usdc ?? "0x";
    /** A V1 message from move-chain (Sui's TokenMessengerMinter and USDC ids) minting `amount` to `to`'s USDC account. */
    const message = async (to: string, amount: bigint, nonce: bigint) => cctpMessageV1(SUI_DOMAIN, SVM_DOMAIN, nonce, bytes32Of(await ataOf(to)), amount, burnEnds(1, SUI_DOMAIN, SVM_DOMAIN));
    /** The rescue's receive (as rescueV1 builds it) of `m`, minting to `to`'s USDC account, signed by the destination. */
    const receive = async (m: Hex, to: string, nonce: bigint): Promise<PlanTransaction[]> => {
      const account = await ataOf(to);
      const ix = await receiveMessageInstructionV1(DEST, m, await attest(m), SUI_DOMAIN, suiUsdc, nonce, account);
      const payload = await solanaPayload(DEST, await withRecipientAccount(DEST, account, ix));
      return [{ chain: "svm-chain", kind: "receive", description: "receive", encoding: "solana-v0-message-base64", payload }];
    };
    const check = async (txs: PlanTransaction[], mint: { amount: bigint; fee: bigint }) => {
      const sim = await simulateTransactions(txs, DEST);
      expect(sim.blocker).toBeNull();
      return checkChanges(sim.transactions, receiveExpectation("svm-chain", DEST, mint));
    };

    it("exactly the attested amount reaches the destination (V1 takes no fee); the checker passes", async () => {
      const txs = await receive(await message(DEST, 3_000_000n, 201n), DEST, 201n);
      const sim = await simulateTransactions(txs, DEST);
      expect(sim.transactions[0]?.simulation?.status).toBe("ok");
      const changes = sim.transactions[0]?.simulation?.changes?.balanceChanges?.filter((c) => c.asset.id === MINT && c.amount !== "0");
      expect(changes?.find((c) => c.owner === DEST)?.amount).toBe("3000000");
      expect(checkChanges(sim.transactions, receiveExpectation("svm-chain", DEST, { amount: 3_000_000n, fee: 0n }))?.message ?? null).toBeNull();
    });

    it("a receive of a message minting to another wallet, or ten times the amount, is refused naming both", async () => {
      await chain.setTokenBalance(OTHER, MINT, 0n);
      const other = await check(await receive(await message(OTHER, 3_000_000n, 202n), OTHER, 202n), { amount: 3_000_000n, fee: 0n });
      expect(other?.code).toBe("simulation_mismatch");
      expect(other?.message).toContain("you receive 3.000000 USDC by the plan, the simulation gives you 0.000000 USDC");
      expect(other?.message).toContain(`3.000000 USDC goes to ${OTHER}, which the plan does not name`);
      const ten = await check(await receive(await message(DEST, 30_000_000n, 203n), DEST, 203n), { amount: 3_000_000n, fee: 0n });
      expect(ten?.code).toBe("simulation_mismatch");
      expect(ten?.message).toContain("you receive 3.000000 USDC by the plan, the simulation gives you 30.000000 USDC");
    });

    it("an RPC without simulation: the receive is unavailable with the RPC's reason, and the checker does not block", async () => {
      const txs = await receive(await message(DEST, 30_000_000n, 209n), DEST, 209n);
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
  });
});
