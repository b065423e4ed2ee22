// Balance changes from the chain before signing, on EVM (issue 23 items 1 and 2), for the Morpho vault and Compound v3:
// each deposit and withdraw the real builder makes, simulated with eth_simulateV1 on the venue's real bytecode, agrees
// with the plan's expectation (vaultExpectedChanges, as the plan route builds it) in exact base units; the same plan
// altered after building (ten times the amount, the shares or the base balance credited to someone else, an unlimited
// approval, a withdraw paid to someone else or taking ten times the shares or base) is refused `simulation_mismatch`,
// in token units.
import { encodeFunctionData, erc20Abi, type Hex, maxUint256 } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { describe, expect, it } from "vitest";
import { changedAsset } from "../../server/chains/changes";
import { checkChanges } from "../../server/chains/check-changes";
import type { EvmCall } from "../../server/chains/evm";
import { simulateTransactions } from "../../server/chains/simulate";
import type { PlanTransaction } from "../../server/chains/transaction";
import { vaultExpectedChanges } from "../../server/plans/vault";
import { getVenue } from "../../server/venues";
import { mintUsdc } from "../../testing/chains/evm/aave";
import { COMET_FULL_ABI, deployComet } from "../../testing/chains/evm/comet";
import { cometMarket } from "../../testing/chains/evm/comet-deployments";
import { deployMorpho, METAMORPHO_ABI } from "../../testing/chains/evm/morpho";
import { type EvmNode, startEvmNode } from "../../testing/chains/evm/node";
import { alteredCalls } from "../support/altered";
import { signAndSend } from "../../testing/chains/evm/wallet";
import { ourBuild, useLocalChain } from "../../testing/oracle";

// A throw-away key for the local chain only (anvil's second default account).
const OWNER_KEY: Hex = "0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d";
const OWNER = privateKeyToAccount(OWNER_KEY).address;
const OTHER: Hex = "0x000000000000000000000000000000000000bEEF";
const AMOUNT = 3_000_000n;

type Chain = "base" | "arbitrum";
interface Venue {
  id: `morpho-${Chain}` | `compound-v3-${Chain}`;
  /** The contract the deposit approves and calls. */
  target: () => Hex;
  /** The deposit call crediting `to` with `amount`. */
  deposit: (amount: bigint, to: Hex) => Hex;
  /** The withdraw call paying `to` (the last transaction of the withdraw plan, re-encoded). */
  withdrawTo: (built: EvmCall, to: Hex) => Hex;
  /** The withdraw call taking `times` × the plan's figure (the shares redeemed, or the base withdrawn), paid to the owner. */
  withdrawTimes: (built: EvmCall, times: bigint) => Hex;
  /** How the simulation says the credit went elsewhere. */
  elsewhere: string;
}

const onchain = (id: Venue["id"]) => getVenue(id)?.onchain ?? {};
/** Each chain's vault and Comet, at the registry's ids: evm-a (Base) and evm-b (Arbitrum). */
const CHAINS = [
  ["base", 8453, "SVC_RPC_EVM_A", "evm-a"],
  ["arbitrum", 42161, "SVC_RPC_EVM_B", "evm-b"],
] as const;

function venuesOn(chain: Chain): Venue[] {
  const usdc = () => (onchain(`morpho-${chain}`).usdc ?? "") as Hex;
  return [
    {
      id: `morpho-${chain}`,
      target: () => onchain(`morpho-${chain}`).vault as Hex,
      deposit: (amount, to) => encodeFunctionData({ abi: METAMORPHO_ABI, functionName: "deposit", args: [amount, to] }),
      // redeem(shares, receiver, owner): the builder's shares, the assets to `to`.
      withdrawTo: (built, to) => {
        const shares = BigInt(`0x${built.data.slice(10, 74)}`);
        return encodeFunctionData({ abi: METAMORPHO_ABI, functionName: "redeem", args: [shares, to, OWNER] });
      },
      withdrawTimes: (built, times) => {
        const shares = BigInt(`0x${built.data.slice(10, 74)}`);
        return encodeFunctionData({ abi: METAMORPHO_ABI, functionName: "redeem", args: [shares * times, OWNER, OWNER] });
      },
      elsewhere: `is minted to ${OTHER}, not to you`,
    },
    {
      id: `compound-v3-${chain}`,
      target: () => onchain(`compound-v3-${chain}`).cUSDCv3 as Hex,
      // supplyTo(dst, asset, amount): Comet credits dst's base balance (compound-finance/comet contracts/Comet.sol).
      deposit: (amount, to) =>
        to === OWNER
          ? encodeFunctionData({ abi: COMET_FULL_ABI, functionName: "supply", args: [usdc(), amount] } as Parameters<typeof encodeFunctionData>[0])
          : encodeFunctionData({ abi: COMET_FULL_ABI, functionName: "supplyTo", args: [to, usdc(), amount] } as Parameters<typeof encodeFunctionData>[0]),
      withdrawTo: (_built, to) => encodeFunctionData({ abi: COMET_FULL_ABI, functionName: "withdrawTo", args: [to, usdc(), 1_000_000n] } as Parameters<typeof encodeFunctionData>[0]),
      // withdraw(asset, amount): the builder's amount, the second argument.
      withdrawTimes: (built, times) => {
        const amount = BigInt(`0x${built.data.slice(74, 138)}`);
        return encodeFunctionData({ abi: COMET_FULL_ABI, functionName: "withdraw", args: [usdc(), amount * times] } as Parameters<typeof encodeFunctionData>[0]);
      },
      elsewhere: `is minted to ${OTHER}, not to you`,
    },
  ];
}

describe.each(CHAINS)("EVM balance changes from eth_simulateV1 logs, checked against the plan (Morpho vault and Compound v3 on their bytecode, %s)", (chain, chainId, rpcVar, chainName) => {
  let node: EvmNode;
  const usdc = () => (onchain(`morpho-${chain}`).usdc ?? "") as Hex;
  useLocalChain([rpcVar], async () => {
    node = await startEvmNode({ chainId });
    node.methods.simulateV1 = true;
    const m = onchain(`morpho-${chain}`);
    expect(m.usdc?.toLowerCase()).toBe(onchain(`compound-v3-${chain}`).usdc?.toLowerCase());
    const c = cometMarket(chain, "usdc");
    await deployComet(node, { comet: c.comet, usdc: c.baseToken, configurator: c.configurator });
    await deployMorpho(node, { morphoBlue: m.morphoBlue ?? "", vault: m.vault ?? "", usdc: m.usdc ?? "" });
    await mintUsdc(node, usdc(), OWNER, 100_000_000n);
    await node.setBalance(OWNER, 10n ** 18n);
    return node;
  });
  const venueOf = (id: Venue["id"]) => ({ id, chain: chainName, onchain: onchain(id) });
  const approve = (v: Venue, amount: bigint, spender = v.target()) => encodeFunctionData({ abi: erc20Abi, functionName: "approve", args: [spender, amount] });
  const check = async (v: Venue, action: "deposit" | "withdraw", txs: PlanTransaction[], amount = AMOUNT) => {
    const sim = await simulateTransactions(txs, OWNER);
    return { sim, blocker: checkChanges(sim.transactions, await vaultExpectedChanges(action, venueOf(v.id), OWNER, amount)) };
  };

  describe.each(venuesOn(chain))("$id", (v) => {
    it("the plan's approve + deposit: the exact approval, exactly 3 USDC out of the owner's wallet to the venue; the checker passes", async () => {
      const { sim, blocker } = await check(v, "deposit", await ourBuild(v.id, "deposit", OWNER, AMOUNT));
      const [appr, dep] = sim.transactions.map((t) => t.simulation?.changes);
      expect(appr).toMatchObject({ status: "ok", approvals: [{ token: usdc(), spender: v.target(), amount: AMOUNT.toString() }] });
      const owner = dep?.balanceChanges?.find((c) => c.owner.toLowerCase() === OWNER.toLowerCase() && c.asset.id.toLowerCase() === usdc().toLowerCase());
      expect(owner).toMatchObject({ amount: (-AMOUNT).toString(), asset: { symbol: "USDC", decimals: 6 } });
      expect(blocker?.message ?? null).toBeNull();
    });

    it("ten times the amount (approval and deposit) is refused, naming both amounts in USDC", async () => {
      const txs = alteredCalls(await ourBuild(v.id, "deposit", OWNER, AMOUNT), { 0: approve(v, AMOUNT * 10n), 1: v.deposit(AMOUNT * 10n, OWNER) });
      const { blocker } = await check(v, "deposit", txs);
      expect(blocker?.code).toBe("simulation_mismatch");
      expect(blocker?.message).toContain("you send 3.000000 USDC by the plan, the simulation sends 30.000000 USDC");
    });

    it("a deposit crediting someone else is refused, naming them", async () => {
      const txs = alteredCalls(await ourBuild(v.id, "deposit", OWNER, AMOUNT), { 1: v.deposit(AMOUNT, OTHER) });
      const { blocker } = await check(v, "deposit", txs);
      expect(blocker?.code).toBe("simulation_mismatch");
      expect(blocker?.message).toContain(v.elsewhere);
    });

    it("an unlimited approval is refused, and so is an exact approval to another spender", async () => {
      const txs = await ourBuild(v.id, "deposit", OWNER, AMOUNT);
      const unlimited = await check(v, "deposit", alteredCalls(txs, { 0: approve(v, maxUint256) }));
      expect(unlimited.blocker?.code).toBe("simulation_mismatch");
      expect(unlimited.blocker?.message).toContain(`an approval of ${maxUint256 / 1_000_000n}.`);
      const foreign = await check(v, "deposit", alteredCalls(txs, { 0: approve(v, AMOUNT, OTHER) }));
      expect(foreign.blocker?.code).toBe("simulation_mismatch");
      expect(foreign.blocker?.message).toContain(`an approval of 3.000000 USDC to ${OTHER}`);
    });

    it("a withdraw: at least the asked USDC arrives at the owner and the checker passes; one paying someone else is refused", async () => {
      const deposit = await ourBuild(v.id, "deposit", OWNER, AMOUNT);
      expect((await signAndSend(node.url, OWNER_KEY, deposit.map((t) => t.payload as EvmCall))).map((r) => r.status)).toEqual(["success", "success"]);
      const txs = await ourBuild(v.id, "withdraw", OWNER, 1_000_000n);
      const { sim, blocker } = await check(v, "withdraw", txs, 1_000_000n);
      const got = sim.transactions
        .at(-1)
        ?.simulation?.changes?.balanceChanges?.find((c) => c.owner.toLowerCase() === OWNER.toLowerCase() && c.asset.id.toLowerCase() === usdc().toLowerCase())?.amount;
      expect(got).toBe("1000000");
      expect(blocker?.message ?? null).toBeNull();
      const last = txs.length - 1;
      const paidElsewhere = await check(v, "withdraw", alteredCalls(txs, { [last]: v.withdrawTo(txs[last]?.payload as EvmCall, OTHER) }), 1_000_000n);
      expect(paidElsewhere.blocker?.code).toBe("simulation_mismatch");
      expect(paidElsewhere.blocker?.message).toContain("you receive 1.000000 USDC by the plan, the simulation gives you 0.000000 USDC");
    });

    it("a withdraw altered to 10 × is refused, naming the shares or base balance leaving beyond what the plan needs", async () => {
      // 10 USDC more supplied first, so the owner holds enough for 10 × the withdraw and the altered one succeeds.
      const deposit = await ourBuild(v.id, "deposit", OWNER, 10_000_000n);
      expect((await signAndSend(node.url, OWNER_KEY, deposit.map((t) => t.payload as EvmCall))).map((r) => r.status)).toEqual(["success", "success"]);
      const txs = await ourBuild(v.id, "withdraw", OWNER, 1_000_000n);
      const last = txs.length - 1;
      expect((await check(v, "withdraw", txs, 1_000_000n)).blocker?.message ?? null).toBeNull();
      const { sim, blocker } = await check(v, "withdraw", alteredCalls(txs, { [last]: v.withdrawTimes(txs[last]?.payload as EvmCall, 10n) }), 1_000_000n);
      expect(sim.blocker).toBeNull();
      // The altered call ran: about 10 USDC arrive (not a revert caught as something else).
      const got = sim.transactions
        .at(-1)
        ?.simulation?.changes?.balanceChanges?.find((c) => c.owner.toLowerCase() === OWNER.toLowerCase() && c.asset.id.toLowerCase() === usdc().toLowerCase())?.amount;
      expect(Number(got)).toBeGreaterThanOrEqual(9_999_990);
      expect(blocker?.code).toBe("simulation_mismatch");
      // The vault's shares (Morpho) or Comet's base balance (Compound v3, burned to 0x0 by its Transfer): 10 × what the rate needs.
      expect(blocker?.message).toMatch(/ leave your wallet; at the simulation's rate .* pay the 1\.000000 USDC the plan withdraws/);
      // In the share's own units (the venue's cited share token: the vault's 18-decimal shares, Comet's 6-decimal balance).
      const share = changedAsset(chainName, v.target());
      expect(share.symbol).not.toBeNull();
      expect(blocker?.message).toMatch(new RegExp(`\\d+\\.\\d{${share.decimals}} ${share.symbol} leave your wallet`));
    });
  });

  // Last, after both venues: once an RPC answers that it has no eth_simulateV1, this process asks it no more.
  it.each(venuesOn(chain))("$id: an RPC without eth_simulateV1: the deposit's and the withdraw's changes are unavailable with the reason, and the checker does not block", async (v) => {
    // Neither eth_simulateV1 nor a debug_traceCall to read the logs from (the local node's `traceCall`, where it has one).
    Object.assign(node.methods, { simulateV1: false, traceCall: false });
    try {
      const noLogs = { status: "unavailable", balanceChanges: null, approvals: null, source: null, reason: expect.stringMatching(/^The RPC has .*eth_simulateV1.*so the balance changes are not known\.$/) };
      const deposit = await ourBuild(v.id, "deposit", OWNER, AMOUNT);
      const d = await check(v, "deposit", deposit);
      expect(d.sim.blocker).toBeNull();
      expect(d.sim.transactions.map((t) => t.simulation?.changes)).toEqual(deposit.map(() => noLogs));
      expect(d.blocker).toBeNull();
      const withdraw = await ourBuild(v.id, "withdraw", OWNER, 1_000_000n);
      const w = await check(v, "withdraw", withdraw, 1_000_000n);
      expect(w.sim.blocker).toBeNull();
      expect(w.sim.transactions.map((t) => t.simulation?.changes)).toEqual(withdraw.map(() => noLogs));
      expect(w.blocker).toBeNull();
    } finally {
      Object.assign(node.methods, { simulateV1: true, traceCall: true });
    }
  });
});
