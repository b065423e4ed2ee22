// The Sui part of the wallets' book (../wallets.ts: the local chain as the e2e stack's browser wallets use it). Every
// wallet starts with 1,000 USDC and 10 SUI (one coin each, listed by the node and then found by id). A signed
// transaction is checked as execution checks it (./state.ts coins and objects), lands by its digest, moves the balances
// as the node's simulation reports them (landSui), writes the venue state its modelled calls write, and bumps the coins' version.
import { Transaction, TransactionDataBuilder } from "@mysten/sui/transactions";
import type { ChainCore } from "../state";
import { normalizeSuiAddress } from "@mysten/sui/utils";
import { ptbJson } from "./ptb-json";
import { CLOCK, ptbCoinFlow } from "./simulate";
import type { SuiWorld } from "./world";
import { sameAddress, sameType } from "./world";

/** Sui USDC (server/chains/balances.ts). */
export const SUI_USDC = "0xdba34672e30cb065b1f93e3ab55318768fd6fef66c15942c9f7cb846e2f900e7::usdc::USDC";
/** What every Sui wallet starts with: 1,000 USDC and 10 SUI ("native"). */
export const SUI_WALLET_START = new Map<string, bigint>([
  [SUI_USDC, 1_000_000_000n],
  ["native", 10_000_000_000n],
]);

/** USDC leaving the sender in a Sui transaction: SplitCoins of the sender's USDC coin `usdcCoin`. */
function suiUsdcMoved(bytes: Uint8Array, usdcCoin: (sender: string) => string): { sender: string; moved: bigint } {
  const data = Transaction.from(bytes).getData();
  const sender = data.sender ?? "";
  const coin = usdcCoin(sender);
  let moved = 0n;
  for (const c of data.commands) {
    const split = c.SplitCoins;
    if (split?.coin.$kind !== "Input") continue;
    const src = data.inputs[split.coin.Input];
    if (!src?.Object?.ImmOrOwnedObject || !sameAddress(src.Object.ImmOrOwnedObject.objectId, coin)) continue;
    for (const a of split.amounts) {
      const pure = a.$kind === "Input" ? data.inputs[a.Input]?.Pure : undefined;
      if (pure) moved += Buffer.from(pure.bytes, "base64").readBigUInt64LE(0);
    }
  }
  return { sender, moved };
}

/**
 * What execution refuses before it runs, as the chain does: an owned input or gas coin that is not at its current
 * version or not the sender's, a shared object given a wrong initial version (the simulation the wallet resolved
 * through refuses the same, ./simulate.ts).
 */
function checkSuiInputs(world: SuiWorld, bytes: Uint8Array): void {
  const data = Transaction.from(bytes).getData();
  const sender = data.sender ?? "0x0";
  const owned = [...data.inputs.flatMap((i) => (i.Object?.ImmOrOwnedObject ? [i.Object.ImmOrOwnedObject] : [])), ...(data.gasData.payment ?? [])];
  for (const ref of owned) {
    const o = world.object(ref.objectId);
    if (!o) throw new Error(`Could not find the referenced object ${ref.objectId} at version ${ref.version}`);
    if (BigInt(ref.version) !== o.version) {
      throw new Error(`Object ID ${ref.objectId} Version 0x${BigInt(ref.version).toString(16)} is not available for consumption, current version: 0x${o.version.toString(16)}`);
    }
    if (o.owner.kind !== "address" || !sameAddress(o.owner.address, sender)) throw new Error(`Object ${ref.objectId} is not owned by the sender ${sender}`);
  }
  for (const i of data.inputs) {
    const shared = i.Object?.SharedObject;
    if (!shared) continue;
    const o = sameAddress(shared.objectId, CLOCK.id) ? CLOCK : world.object(shared.objectId);
    if (o?.owner.kind !== "shared") throw new Error(`Object ${shared.objectId} is not a shared object`);
    if (BigInt(shared.initialSharedVersion) !== o.owner.initialVersion) throw new Error(`Shared object ${shared.objectId} was given a wrong initial shared version`);
  }
}

/**
 * ExecuteTransaction of wallet-signed bytes (base64): checked, landed once by digest; `bump` moves the coins' version on.
 * The balances move as the simulation says they do (./simulate.ts ptbCoinFlow: the venues' mint, redeem, deposit and
 * withdraw, the gas), recorded as the transaction's balance changes; where the node cannot follow a coin (a swap
 * router's call), only the sender's USDC split from its USDC coin is debited, as CoinWithBalance resolves it.
 */
export function landSui(core: ChainCore, world: SuiWorld, b64: string, usdcCoin: (sender: string) => string, bump: () => void): string {
  const bytes = Buffer.from(b64, "base64");
  const digest = TransactionDataBuilder.getDigestFromBytes(bytes);
  if (core.chain.txs.has(digest)) return digest;
  checkSuiInputs(world, bytes);
  const data = Transaction.from(bytes).getData();
  const { inputs, commands, payment } = ptbJson(data);
  const { sender, moved } = suiUsdcMoved(bytes, usdcCoin);
  const flow = ptbCoinFlow(world, normalizeSuiAddress(sender), inputs, commands, payment);
  if (flow.failure) throw new Error(flow.failure.description);
  const changes = flow.balanceChanges?.map((c) => ({ owner: c.address, coinType: c.coinType, amount: BigInt(c.amount) })) ?? (moved > 0n ? [{ owner: sender, coinType: SUI_USDC, amount: -moved }] : []);
  if (!flow.balanceChanges && moved > core.balance(sender, SUI_USDC)) throw new Error("InsufficientCoinBalance");
  for (const c of changes) {
    const asset = sameType(c.coinType, "0x2::sui::SUI") ? "native" : c.coinType;
    core.chain.set(c.owner, asset, core.balance(c.owner, asset) + c.amount);
  }
  // The venues' own objects as the calls left them (a Scallop balance sheet after a mint or redeem).
  for (const write of flow.writes) write();
  bump();
  core.chain.txs.set(digest, {
    kind: "sui",
    sender,
    status: "success",
    balanceChanges: changes,
    events: flow.events,
    landed: { at: Date.now(), slot: 0, blockTime: Math.floor(Date.now() / 1000) },
  });
  return digest;
}
