// The service bridge fee a plan discloses is the fee its transactions take (issue 22 item 3, contract §11), proven
// from the local chains, not from the plan's words: the owner's USDC outflow on the source chain is amountMicros, the
// fee recipient configured for the source chain receives exactly the fee, and the burn is amountMicros − fee.
// - move-chain: the local Sui node simulates the burn PTB and reports its balance changes (testing/chains/sui/coin-flow.ts);
// - svm-chain: the local Solana chain (litesvm, SPL Token, Circle's deposit_for_burn checked against its IDL) answers the
//   simulated transaction's token accounts afterwards (simulateTransaction `accounts`);
// - evm-a / evm-b: the in-process EVM with a USDC token and a TokenMessengerV2 stand-in mines the plan's transactions,
//   signed with a local key, and the balances are read back.
// Without a recipient (evm-b here) the fee line is 0 with the reason and the full amount is burned. A fast transfer
// while Circle's fee API is down expects nothing (null with the reason) instead of a guess.
import { Transaction } from "@mysten/sui/transactions";
import { SuiGrpcClient } from "@mysten/sui/grpc";
import { address, generateKeyPair, getAddressFromPublicKey, getBase64Encoder } from "@solana/kit";
import { findAssociatedTokenPda, getMintDecoder, getTokenDecoder, TOKEN_PROGRAM_ADDRESS } from "@solana-program/token";
import type { Hex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { USDC } from "../../server/chains/balances";
import { TOKEN_MESSENGER_V2 } from "../../server/rails/cctp-v2/evm";
import { deployUsdc, erc20Balance, mintUsdc } from "../../testing/chains/evm/aave";
import { deployTokenMessengerV2StandIn } from "../../testing/chains/evm/cctp";
import { type EvmNode, startEvmNode } from "../../testing/chains/evm/node";
import { signAndSend } from "../../testing/chains/evm/wallet";
import { SolanaLocalChain, splTokenAccountData } from "../../testing/chains/solana/local-chain";
import { type App, startApp } from "../support/app";
import { type FakeIris, startFakeIris } from "../support/fake-iris";
import { type FakeRpc, fundSuiOwner, startFakeRpc } from "../support/fake-rpc";
import { call } from "../support/http";
import { SOL as SVM_OWNER, SOL_DEST as SVM_DEST } from "../support/wallets";

type J = Record<string, unknown>;
type Fee = { kind: string; label: string; amountMicros: string | null; bps: number | null; reason?: string | null };
type Tx = { chain: string; kind: string; encoding: string; payload: unknown; simulation?: { status: string } };
type Plan = J & { status: string; fees: Fee[]; transactions: Tx[]; burnAmountMicros: string; expectedReceivedMicros: string | null; expectedReceivedReason: string | null };

// Throw-away keys for the local EVM only (anvil's second and third default accounts).
const EVM_OWNER_KEY: Hex = "0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d";
const EVM_OWNER = privateKeyToAccount(EVM_OWNER_KEY).address;
const SUI_OWNER = `0x${"7".repeat(64)}`;
const SUI_RECIPIENT = `0x${"fe".repeat(32)}`;
const EVM_A_RECIPIENT = "0x9999999999999999999999999999999999999999";
const EVM_DEST = "0x7777777777777777777777777777777777777777";
const START = 1_000_000_000n; // 1,000 USDC on each source
const AMOUNT = 100_000_000n; // 100 USDC
const FEE = 100_000n; // SVC_BRIDGE_FEE_BPS default 10 bps of 100 USDC

const usdcAta = async (owner: string) => (await findAssociatedTokenPda({ owner: address(owner), mint: address(USDC["svm-chain"]), tokenProgram: TOKEN_PROGRAM_ADDRESS }))[0];
const serviceLine = (p: Plan) => p.fees.find((f) => f.kind === "service");

describe("bridge plans take the service fee they disclose (pglite)", () => {
  let rpc: FakeRpc;
  let iris: FakeIris;
  let evmA: EvmNode;
  let evmB: EvmNode;
  let app: App;
  let svmRecipient: string;
  let solana: SolanaLocalChain;
  const plan = async (body: J) => {
    const r = await call<Plan>(app.url, "POST", "/api/v1/svc/bridge/plan", { body: { amountMicros: AMOUNT.toString(), ...body } });
    expect(r.status).toBe(200);
    return r.json;
  };

  beforeAll(async () => {
    svmRecipient = await getAddressFromPublicKey((await generateKeyPair()).publicKey);
    rpc = await startFakeRpc();
    fundSuiOwner(rpc, SUI_OWNER);
    // svm-chain: the owner's 1,000 USDC and the fee recipient's (empty) USDC account, which the plan reads before
    // paying into it; the local chain simulates.
    solana = new SolanaLocalChain(() => rpc.solanaAccounts);
    solana.blockhashes.add(rpc.blockhash);
    solana.lamports.set(SVM_OWNER, 1_000_000_000n);
    solana.addMint(USDC["svm-chain"], SVM_DEST);
    await solana.setTokenBalance(SVM_OWNER, USDC["svm-chain"], START);
    const recipientAta = await solana.setTokenBalance(svmRecipient, USDC["svm-chain"], 0n);
    rpc.solanaAccounts.set(recipientAta, { owner: TOKEN_PROGRAM_ADDRESS, data: splTokenAccountData(USDC["svm-chain"], svmRecipient) });
    rpc.solanaChain = solana;
    // evm-a (Base) and evm-b (Arbitrum): USDC at the registry's address, Circle's TokenMessengerV2 address holding the stand-in.
    const admin = `0x${"ad".repeat(20)}`;
    [evmA, evmB] = await Promise.all([startEvmNode({ chainId: 8453 }), startEvmNode({ chainId: 42161 })]);
    for (const [node, chain] of [
      [evmA, "evm-a"],
      [evmB, "evm-b"],
    ] as const) {
      await deployUsdc(node, USDC[chain], admin);
      await mintUsdc(node, USDC[chain], EVM_OWNER, START);
      await node.setBalance(EVM_OWNER, 10n ** 18n);
      await deployTokenMessengerV2StandIn(node, admin);
      // The stand-in pulls the USDC but sends no burn message, which the checker would rightly refuse once it reads the
      // burn's logs: these nodes answer neither eth_simulateV1 nor debug_traceCall, so this file checks the fees alone
      // (the burn's changes are checked on Circle's bytecode in tests/evm/bridge-changes.test.ts).
      node.methods.traceCall = false;
    }
    iris = await startFakeIris();
    app = await startApp({
      db: "pglite",
      env: {
        SVC_RPC_MOVE: rpc.url,
        SVC_RPC_SVM: rpc.url,
        SVC_RPC_EVM_A: evmA.url,
        SVC_RPC_EVM_B: evmB.url,
        SVC_RPC_TIMEOUT_MS: "4000",
        SVC_CCTP_ATTESTATION_URL: iris.url,
        SVC_FEE_RECIPIENT_MOVE: SUI_RECIPIENT,
        SVC_FEE_RECIPIENT_SVM: svmRecipient,
        SVC_FEE_RECIPIENT_EVM_A: EVM_A_RECIPIENT,
      },
    });
  });
  afterAll(async () => {
    await app?.stop();
    await Promise.all([rpc?.close(), iris?.close(), evmA?.close(), evmB?.close()]);
  });

  it("move-chain: the burn PTB pays the fee recipient exactly the fee and burns amount − fee (the Sui node's simulated balance changes)", async () => {
    const p = await plan({ sourceChain: "move-chain", destChain: "evm-a", sourceAddress: SUI_OWNER, destAddress: EVM_DEST });
    expect(p.blockers).toBeUndefined();
    expect(p).toMatchObject({ status: "prepared", amountMicros: AMOUNT.toString(), burnAmountMicros: (AMOUNT - FEE).toString(), expectedReceivedMicros: (AMOUNT - FEE).toString() });
    expect(serviceLine(p)).toMatchObject({ amountMicros: FEE.toString(), bps: 10, reason: null });
    const burn = p.transactions.find((t) => t.kind === "burn");
    expect(burn?.simulation?.status).toBe("ok");
    const client = new SuiGrpcClient({ network: "mainnet", baseUrl: rpc.url });
    const sim = await client.simulateTransaction({ transaction: Transaction.from(burn?.payload as string), include: { balanceChanges: true } });
    const changes = (sim.Transaction?.balanceChanges ?? []).filter((c) => c.coinType === USDC["move-chain"]);
    const of = (a: string) => changes.find((c) => c.address === a)?.amount;
    expect(of(SUI_OWNER)).toBe((-AMOUNT).toString());
    expect(of(SUI_RECIPIENT)).toBe(FEE.toString());
    // Nothing else receives USDC: the rest of the owner's outflow is burned.
    expect(changes).toHaveLength(2);
  });

  it("svm-chain: the burn transaction pays the recipient's USDC account exactly the fee and burns amount − fee (the local Solana chain's accounts after it)", async () => {
    const p = await plan({ sourceChain: "svm-chain", destChain: "evm-a", sourceAddress: SVM_OWNER, destAddress: EVM_DEST });
    expect(p.blockers).toBeUndefined();
    expect(p).toMatchObject({ status: "prepared", burnAmountMicros: (AMOUNT - FEE).toString(), expectedReceivedMicros: (AMOUNT - FEE).toString() });
    expect(serviceLine(p)).toMatchObject({ amountMicros: FEE.toString(), reason: null });
    const burn = p.transactions.find((t) => t.kind === "burn");
    expect(burn?.simulation?.status).toBe("ok");
    const wire = (burn?.payload as { transaction: string }).transaction;
    const [ownerAta, recipientAta] = [await usdcAta(SVM_OWNER), await usdcAta(svmRecipient)];
    const sim = await solana.simulate(wire, { encoding: "base64", sigVerify: false, replaceRecentBlockhash: true, accounts: { encoding: "base64", addresses: [ownerAta, recipientAta, USDC["svm-chain"]] } });
    expect(sim.err).toBeNull();
    const data = (i: number) => getBase64Encoder().encode(sim.accounts?.[i]?.data[0] ?? "");
    expect(getTokenDecoder().decode(data(0)).amount).toBe(START - AMOUNT);
    expect(getTokenDecoder().decode(data(1)).amount).toBe(FEE);
    // The mint's supply falls by what was burned.
    expect(getMintDecoder().decode(data(2)).supply).toBe(START - (AMOUNT - FEE));
  });

  it("evm-a: approve covers only the burn, a disclosed transfer pays the fee, the burn takes amount − fee (mined on the local EVM)", async () => {
    const p = await plan({ sourceChain: "evm-a", destChain: "svm-chain", sourceAddress: EVM_OWNER, destAddress: SVM_DEST });
    expect(p.blockers).toBeUndefined();
    expect(p).toMatchObject({ status: "prepared", burnAmountMicros: (AMOUNT - FEE).toString() });
    expect(serviceLine(p)).toMatchObject({ amountMicros: FEE.toString(), reason: null });
    expect(p.transactions.map((t) => t.kind)).toEqual(["approve", "fee", "burn"]);
    // The node simulated the approve and the fee transfer; the burn's step needs the approval applied first, which the
    // per-step path reports as not simulated here (the execution below is the proof).
    expect(p.transactions.map((t) => t.simulation?.status)).toEqual(["ok", "ok", "unavailable"]);
    const calls = p.transactions.map((t) => ({ ...(t.payload as { chainId: number; to: string; data: string; value: string }) }));
    await signAndSend(evmA.url, EVM_OWNER_KEY, calls);
    expect(await erc20Balance(evmA, USDC["evm-a"], EVM_OWNER)).toBe(START - AMOUNT);
    expect(await erc20Balance(evmA, USDC["evm-a"], EVM_A_RECIPIENT)).toBe(FEE);
    expect(await erc20Balance(evmA, USDC["evm-a"], TOKEN_MESSENGER_V2)).toBe(AMOUNT - FEE);
  });

  it("evm-b without a recipient: the fee line is 0 with the reason, no fee transaction, the full amount is burned", async () => {
    const p = await plan({ sourceChain: "evm-b", destChain: "svm-chain", sourceAddress: EVM_OWNER, destAddress: SVM_DEST });
    expect(p.blockers).toBeUndefined();
    expect(p).toMatchObject({ status: "prepared", burnAmountMicros: AMOUNT.toString(), expectedReceivedMicros: AMOUNT.toString() });
    const line = serviceLine(p);
    expect(line).toMatchObject({ amountMicros: "0", bps: 0 });
    expect(line?.reason).toMatch(/no fee recipient is configured on evm-b \(SVC_FEE_RECIPIENT_EVM_B\)/);
    expect(p.transactions.map((t) => t.kind)).toEqual(["approve", "burn"]);
    const before = await erc20Balance(evmB, USDC["evm-b"], EVM_OWNER);
    await signAndSend(evmB.url, EVM_OWNER_KEY, p.transactions.map((t) => t.payload as { chainId: number; to: string; data: string; value: string }));
    expect(await erc20Balance(evmB, USDC["evm-b"], EVM_OWNER)).toBe(before - AMOUNT);
    expect(await erc20Balance(evmB, USDC["evm-b"], TOKEN_MESSENGER_V2)).toBe(AMOUNT);
  });

  it("a fast transfer while Circle's fee API is down expects nothing: expectedReceivedMicros null with the reason, never a guess", async () => {
    iris.feesFailing.on = true;
    try {
      const p = await plan({ sourceChain: "evm-a", destChain: "svm-chain", sourceAddress: EVM_OWNER, destAddress: SVM_DEST, speed: "fast" });
      expect(p.status).toBe("blocked");
      expect(p.expectedReceivedMicros).toBeNull();
      expect(p.expectedReceivedReason).toMatch(/rail fee is unknown/);
      const legs = p.legs as { kind: string; quotedAmountOutMicros: string | null }[];
      expect(legs[0]?.quotedAmountOutMicros).toBeNull();
    } finally {
      iris.feesFailing.on = false;
    }
  });
});
