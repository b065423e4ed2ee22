// One checker for every plan kind (issue 23 item 2): the balance changes the chain's simulation reports must be what
// the plan says, in exact base units, before the plan is returned. The owner's outflow of each asset the plan spends
// equals the plan's amount plus the fees it discloses in that asset; nothing else leaves the owner's wallet but the
// network fee in the native asset (at most what the simulation charged); whatever arrives goes to the owner, the
// owner-locked destination or a disclosed fee recipient, and only as much as disclosed. A transaction whose chain
// cannot report changes is not checked here (its `changes` says unavailable, with the reason); with one of a plan's
// transactions unchecked, only the approvals the others grant are (a part of the plan is never compared with the whole).
import { normalizeSuiAddress } from "@mysten/sui/utils";
import { getAddressDecoder } from "@solana/kit";
import { type Hex, hexToBytes, zeroAddress } from "viem";
import { type Blocker, blocker } from "../http/codes";
import { CHAIN_FAMILY, type ChainId, sameAddress as sameWallet } from "./address";
import { type BalanceChange, type ChangedAsset, changedAsset, sameSuiCoinType } from "./changes";
import type { PlanTransaction } from "./transaction";
import { USDC } from "./balances";
import { WRAPPED_SOL_MINT } from "../../lib/tokens";
import { suiCctpTokenId } from "./sui/cctp-burns";

export interface ExpectedChanges {
  chain: ChainId;
  /** The signer, whose wallet the plan spends from. */
  owner: string;
  /** Exactly what leaves the owner, per asset id (the plan's amount plus the fees disclosed in that asset). */
  spends: { asset: string; amount: bigint }[];
  /** What may arrive at another address than the owner, exactly: a disclosed fee to its recipient. */
  pays?: { to: string; asset: string; amount: bigint }[];
  /** Addresses that may receive any amount (a bridge's owner-locked destination); the owner always may. */
  recipients?: string[];
  /** The contracts the plan calls or its venue cites: where the owner's spent asset may go and the only spenders it may approve. */
  venues?: string[];
  /**
   * Where only net changes are known (Solana): the spent asset arriving at one of `venues` (a reserve's vault authority)
   * is the venue taking it, as for a deposit (with `spentToAnyAddress`, at any address: a swap's pools); false for a burn.
   */
  venueTakesSpent?: boolean;
  /**
   * A swap through an aggregator: where each transfer is listed (EVM), the spent asset may leave the owner to any
   * address (the pools and settler the router picks, which the quote does not name); how much leaves is still bound by
   * `spends`, approvals by `venues`, and what the owner gets by `receives`.
   */
  spentToAnyAddress?: boolean;
  /** What the owner must receive at least, per asset (a withdraw: the USDC it asks for; the builders round shares up). */
  receives?: { asset: string; atLeast: bigint }[];
  /** A withdraw: the owner's venue shares may leave (redeemed, burned), any asset but the ones it receives. */
  sharesMayLeave?: boolean;
  /**
   * A CCTP burn: the one burn message the transaction must send, of exactly `amount` of `asset`, minting to the
   * owner-locked `mintRecipient` (bytes32) on `destinationDomain`. Where the chain's reader lists the burn messages
   * (EVM, svm-chain; move-chain's DepositForBurn events) any other is refused; the burned asset may pass through the contract that burns it.
   */
  burn?: { asset: string; amount: bigint; destinationDomain: number; mintRecipient: string };
  /** A receive: exactly what the owner must receive (the attested amount less the executed fee), nothing more. */
  receivesExactly?: boolean;
  /** A receive: the executed fee the rail's fee recipient (not named in the plan) is minted or paid, exactly. */
  railFee?: { asset: string; amount: bigint };
}


// Sui addresses compare in their long form (0x2 = 0x0…02); the others as the service compares addresses.
const sameAddress = (chain: ChainId, a: string, b: string) => (chain === "move-chain" ? normalizeSuiAddress(a) === normalizeSuiAddress(b) : sameWallet(a, b));
// On svm-chain wrapped SOL is SOL: a swap's output unwrapped into lamports, or SOL wrapped to be spent, is the same asset.
export const svmAsset = (a: string) => (a === WRAPPED_SOL_MINT ? "native" : a);
const sameAsset = (chain: ChainId, a: string, b: string) =>
  chain === "move-chain" ? sameSuiCoinType(a, b) : chain === "svm-chain" ? svmAsset(a) === svmAsset(b) : sameWallet(a, b);

/**
 * A change in the asset's own units when known ("5.000000 USDC"); with decimals but no symbol (a mint, a token without
 * symbol()), "1.500000 of token <id>"; else base units with the asset id.
 */
export function inUnits(c: Pick<BalanceChange, "asset">, amount: bigint): string {
  const { symbol, decimals, id } = c.asset;
  if (decimals === null) return `${amount} base units of ${id}`;
  const neg = amount < 0n;
  const abs = neg ? -amount : amount;
  const scale = 10n ** BigInt(decimals);
  const frac = decimals ? `.${(abs % scale).toString().padStart(decimals, "0")}` : "";
  return `${neg ? "-" : ""}${abs / scale}${frac} ${symbol ?? `of token ${id}`}`;
}

/**
 * The changes of `txs` (this chain's transactions of one plan, simulated) against `expect`: null when they agree or
 * when no transaction reported changes, else `simulation_mismatch` naming what was expected and what was simulated.
 */
export function checkChanges(txs: PlanTransaction[], expect: ExpectedChanges): Blocker | null {
  const onChain = txs.filter((t) => t.chain === expect.chain);
  const mine = onChain.filter((t) => t.simulation?.status === "ok" && t.simulation.changes?.status === "ok");
  if (mine.length === 0) return null;
  // The plan's effect is the sum of all its transactions on this chain: when one of them was not simulated (its changes
  // unavailable, or the step itself not simulated, e.g. after a step the RPC cannot apply ahead), the sum is not known,
  // and checking the others alone would count a part of the plan as the whole. What a simulated step grants on its own
  // (an approval) is still known and checked.
  if (mine.length < onChain.length) {
    const unit = (token: string) => ({ asset: changedAsset(expect.chain, token) });
    return mismatch(expect, approvalProblems(mine, expect, unit));
  }
  // Net per (owner, asset) over the plan's transactions on this chain.
  const net = new Map<string, { change: BalanceChange; amount: bigint }>();
  let gasCharged = 0n;
  for (const t of mine) {
    gasCharged += BigInt(t.simulation?.gasEstimate ?? "0");
    for (const c of t.simulation?.changes?.balanceChanges ?? []) {
      // On svm-chain an owner's wrapped SOL and lamports are one asset (a swap unwraps into, or wraps out of, the same SOL).
      const key = `${c.owner}|${expect.chain === "svm-chain" ? svmAsset(c.asset.id) : c.asset.id}`;
      const prior = net.get(key);
      net.set(key, { change: c, amount: (prior?.amount ?? 0n) + BigInt(c.amount) });
    }
  }
  const problems: string[] = [];
  const isOwner = (a: string) => sameAddress(expect.chain, a, expect.owner);
  const owned = (asset: string) => [...net.values()].filter((n) => isOwner(n.change.owner) && sameAsset(expect.chain, n.change.asset.id, asset));
  // The native asset also pays the network: a native spend or receipt may differ from the plan by the simulation's gas
  // (Sui: the node's balance changes include it); on svm-chain by the network fee the simulation discloses (lamports)
  // and the rent of the accounts with data the transaction opens (unbounded only where a simulation disclosed no fee).
  const native = (asset: string) => asset === "native";
  const svmCost = expect.chain === "svm-chain" && mine.every((t) => t.simulation?.fee) ? mine.reduce((sum, t) => sum + BigInt(t.simulation?.fee?.amount ?? "0") + BigInt(t.simulation?.changes?.rent ?? "0"), 0n) : null;
  // EVM: the changes are the logs (traceTransfers' ETH transfers included); the gas is paid outside them, so none of the
  // owner's ETH may leave beyond what the plan spends.
  const networkCost = expect.chain === "svm-chain" ? svmCost : expect.chain === "move-chain" ? gasCharged : 0n;
  for (const s of expect.spends) {
    const simulated = owned(s.asset).reduce((sum, n) => sum + n.amount, 0n);
    const sample = owned(s.asset)[0]?.change ?? { asset: changedAsset(expect.chain, s.asset) };
    const agrees = !native(s.asset) ? simulated === -s.amount : simulated <= -s.amount && (networkCost === null || simulated >= -s.amount - networkCost);
    if (!agrees) problems.push(`you send ${inUnits(sample, s.amount)}${native(s.asset) ? " and the network fee" : ""} by the plan, the simulation sends ${inUnits(sample, -simulated)}`);
  }
  const named = (a: string) => isOwner(a) || [...(expect.recipients ?? []), ...(expect.pays ?? []).map((p) => p.to)].some((r) => sameAddress(expect.chain, r, a));
  const isVenue = (a: string) => (expect.venues ?? []).some((v) => sameAddress(expect.chain, v, a));
  const spent = (asset: string) => expect.spends.find((x) => sameAsset(expect.chain, x.asset, asset));
  const received = (asset: string) => (expect.receives ?? []).some((r) => sameAsset(expect.chain, r.asset, asset));
  // Where the chain lists each transfer (EVM logs): what leaves the owner goes to a contract the plan calls or a
  // disclosed fee recipient; what is minted goes to the owner (shares credited elsewhere are refused); approvals are
  // exact, of a spent asset, to a called contract.
  const transfers = mine.flatMap((t) => t.simulation?.changes?.transfers ?? []);
  const byTransfers = mine.some((t) => t.simulation?.changes?.transfers !== undefined);
  const unit = (token: string) => ({ asset: changedAssetLike(expect.chain, token, net) });
  // A burn's asset passes through the contract that burns it (CCTP V1/V2: transferFrom to the TokenMinter, then burn).
  const burnsIt = (at: string, token: string) =>
    expect.burn !== undefined && sameAsset(expect.chain, token, expect.burn.asset) && transfers.some((u) => sameAddress(expect.chain, u.from, at) && sameAddress(expect.chain, u.to, zeroAddress) && sameAsset(expect.chain, u.token, token));
  // A receive's executed fee, to the rail's own fee recipient: exactly the fee, of the received asset.
  const railFeeOf = (asset: string, amount: bigint) => expect.railFee !== undefined && expect.railFee.amount > 0n && amount === expect.railFee.amount && sameAsset(expect.chain, asset, expect.railFee.asset);
  const burn = expect.burn;
  if (burn) problems.push(...burnProblems(mine, expect, burn, (a) => inUnits(unit(burn.asset), a)));
  for (const t of transfers) {
    const amount = BigInt(t.amount);
    const burned = expect.sharesMayLeave && sameAddress(expect.chain, t.to, zeroAddress) && !received(t.token);
    const anywhere = (expect.spentToAnyAddress && spent(t.token)) || burnsIt(t.to, t.token);
    if (isOwner(t.from) && !burned && !anywhere && !isVenue(t.to) && !named(t.to)) problems.push(`${inUnits(unit(t.token), amount)} goes from your wallet to ${t.to}, which is not the venue's`);
    if (sameAddress(expect.chain, t.from, zeroAddress) && !named(t.to) && !railFeeOf(t.token, amount)) problems.push(`${inUnits(unit(t.token), amount)} is minted to ${t.to}, not to you`);
  }
  problems.push(...approvalProblems(mine, expect, unit));
  for (const { change, amount } of net.values()) {
    if (amount === 0n) continue;
    const asset = expect.chain === "svm-chain" ? svmAsset(change.asset.id) : change.asset.id;
    if (sameAddress(expect.chain, change.owner, zeroAddress)) continue; // mints and burns: judged by the transfers above
    if (isOwner(change.owner)) {
      if (amount > 0n || spent(asset)) continue;
      if (expect.sharesMayLeave && asset !== "native" && !received(asset)) continue;
      // The native asset pays the network: on Sui at most the simulation's gas (on EVM none: the logs carry no gas); on
      // svm-chain at most the network fee the simulation discloses and the rent of the accounts the transaction opens.
      if (asset === "native" && (networkCost === null || -amount <= networkCost)) continue;
      const disclosed = asset === "native" && networkCost !== null && CHAIN_FAMILY[expect.chain] !== "evm" ? `; the plan discloses ${inUnits(change, networkCost)} of network fee${expect.chain === "svm-chain" ? " and rent" : ""}` : "";
      problems.push(`${inUnits(change, -amount)} leaves your wallet that the plan does not spend${disclosed}`);
      continue;
    }
    // With each transfer listed, a venue's own accounts moving the spent asset among themselves is the venue at work.
    if (byTransfers && !named(change.owner)) continue;
    // The venue paying out what the owner receives (a withdraw's reserve vault).
    if (amount < 0n && received(asset)) continue;
    if (amount < 0n) {
      problems.push(`${inUnits(change, -amount)} leaves ${change.owner}, which the plan does not name`);
      continue;
    }
    if ((expect.recipients ?? []).some((r) => sameAddress(expect.chain, r, change.owner))) continue;
    if (railFeeOf(asset, amount)) continue;
    if (expect.venueTakesSpent && spent(asset) && (expect.spentToAnyAddress || isVenue(change.owner)) && !(expect.pays ?? []).some((p) => sameAddress(expect.chain, p.to, change.owner))) continue;
    const fee = (expect.pays ?? []).find((p) => sameAddress(expect.chain, p.to, change.owner) && sameAsset(expect.chain, p.asset, asset));
    if (fee && fee.amount === amount) continue;
    problems.push(
      fee ? `${change.owner} receives ${inUnits(change, amount)}; the plan discloses ${inUnits(change, fee.amount)}` : `${inUnits(change, amount)} goes to ${change.owner}, which the plan does not name`,
    );
  }
  for (const r of expect.receives ?? []) {
    const got = owned(r.asset).reduce((sum, n) => sum + n.amount, 0n);
    // What arrives in the native asset is net of what the transaction pays the network (on svm-chain: its fee and rent).
    const gas = native(r.asset) ? (networkCost ?? 0n) : 0n;
    if (got + gas < r.atLeast || (expect.receivesExactly && got !== r.atLeast)) problems.push(`you receive ${inUnits(unit(r.asset), r.atLeast)} by the plan, the simulation gives you ${inUnits(unit(r.asset), got)}`);
    else if (expect.sharesMayLeave && got > 0n) problems.push(...overRedeemed(expect, [...net.values()].filter((n) => isOwner(n.change.owner)), r, got, inUnits(unit(r.asset), r.atLeast)));
  }
  // A disclosed fee its recipient does not receive at all (paid elsewhere, or not taken).
  for (const fee of expect.pays ?? []) {
    const got = [...net.values()].find((n) => sameAddress(expect.chain, n.change.owner, fee.to) && sameAsset(expect.chain, n.change.asset.id, fee.asset));
    if (!got || got.amount === 0n) problems.push(`the plan pays ${inUnits(unit(fee.asset), fee.amount)} to ${fee.to}, who receives nothing`);
  }
  return mismatch(expect, problems);
}

function mismatch(expect: ExpectedChanges, problems: string[]): Blocker | null {
  if (problems.length === 0) return null;
  return blocker("simulation_mismatch", `The chain's simulation on ${expect.chain} differs from the plan: ${problems.join("; ")}. Nothing is offered for signing.`);
}

/** Each allowance the owner grants in the simulated steps: exact, of an asset the plan spends, to a contract the plan names. */
function approvalProblems(mine: PlanTransaction[], expect: ExpectedChanges, unit: (token: string) => { asset: ChangedAsset }): string[] {
  const problems: string[] = [];
  const spent = (asset: string) => expect.spends.find((x) => sameAsset(expect.chain, x.asset, asset));
  const isVenue = (a: string) => (expect.venues ?? []).some((v) => sameAddress(expect.chain, v, a));
  const burn = expect.burn;
  for (const t of mine) {
    // The owner grants an ERC-20 allowance only by calling the token (approve, increaseAllowance): an Approval event of a
    // call to another contract is an allowance being spent: OpenZeppelin's ERC20 transferFrom emits the remainder as an
    // Approval (@aave/core-v3 contracts/dependencies/openzeppelin/contracts/ERC20.sol transferFrom → _approve).
    const target = t.encoding === "evm-call" ? (t.payload as { to?: string }).to : undefined;
    for (const a of t.simulation?.changes?.approvals ?? []) {
      const amount = BigInt(a.amount);
      if (amount === 0n || (target !== undefined && !sameAddress(expect.chain, target, a.token))) continue;
      const s = spent(a.token);
      // A burn approves the burned amount only (a disclosed fee is paid by its own transfer).
      const approves = burn && s && sameAsset(expect.chain, a.token, burn.asset) ? burn.amount : s?.amount;
      if (!s || !isVenue(a.spender) || amount !== approves) {
        problems.push(`an approval of ${inUnits(unit(a.token), amount)} to ${a.spender}; the plan approves ${approves !== undefined ? inUnits(unit(a.token), approves) : "nothing"} of it${s ? " to the contract it calls" : ""}`);
      }
    }
  }
  return problems;
}

/**
 * A withdraw redeems no more of a share than the amount needs: with `got` of the received asset for S shares leaving,
 * the simulation's own rate is got / S, and the fewest shares that pay the amount at it are ceil(atLeast × S / got)
 * (the venue's rate only grows, so the builder's count at the rate it read is never above that). A margin of 1 bp
 * plus one share covers the rate moving between the read and the simulation; 10 × the shares redeemed is refused.
 * Where no share leaves, more than the amount (beyond the margin) arriving is refused.
 */
function overRedeemed(expect: ExpectedChanges, owners: { change: BalanceChange; amount: bigint }[], r: { asset: string; atLeast: bigint }, got: bigint, asked: string): string[] {
  const sameAs = (a: string, b: string) => (expect.chain === "move-chain" ? sameSuiCoinType(a, b) : sameWallet(a, b));
  const out: string[] = [];
  const left = owners.filter(({ change, amount }) => amount < 0n && change.asset.id !== "native" && !sameAs(change.asset.id, r.asset) && !expect.spends.some((x) => sameAs(x.asset, change.asset.id)));
  for (const { change, amount } of left) {
    const shares = -amount;
    const needed = (r.atLeast * shares + got - 1n) / got;
    if (shares > needed + needed / 10_000n + 1n) out.push(`${inUnits(change, shares)} leave your wallet; at the simulation's rate ${inUnits(change, needed)} pay the ${asked} the plan withdraws`);
  }
  // No share leaves the wallet (the venue keeps the position: NAVI's Storage, a marginfi account): the venue pays the
  // amount asked, so more than it (beyond the same margin) is another withdrawal than the plan's.
  const got1 = owners.find(({ change }) => sameAs(change.asset.id, r.asset))?.change;
  if (left.length === 0 && got > r.atLeast + r.atLeast / 10_000n + 1n && got1) out.push(`you withdraw ${asked} by the plan, the simulation withdraws ${inUnits(got1, got)}`);
  return out;
}

/**
 * The plan's one burn against the burn messages the simulation reports: none is checked where the chain's reader does
 * not list them (`burns` absent); else exactly one, of the plan's amount, to the owner-locked recipient and domain.
 */
function burnProblems(mine: PlanTransaction[], expect: ExpectedChanges, burn: NonNullable<ExpectedChanges["burn"]>, units: (a: bigint) => string): string[] {
  if (!mine.some((t) => t.simulation?.changes?.burns !== undefined)) return [];
  const burns = mine.flatMap((t) => t.simulation?.changes?.burns ?? []);
  const ok = (b: (typeof burns)[number]) =>
    BigInt(b.amount) === burn.amount && b.destinationDomain === burn.destinationDomain && b.mintRecipient.toLowerCase() === burn.mintRecipient.toLowerCase() && sameAsset(expect.chain, burnTokenOf(expect.chain, b.burnToken), burn.asset);
  if (burns.length === 1 && burns.every(ok)) return [];
  const plan = `the plan burns ${units(burn.amount)} minted to the owner-locked destination ${burn.mintRecipient} on domain ${burn.destinationDomain}`;
  if (burns.length === 0) return [`${plan}; the simulation sends no burn message`];
  return [`${plan}; the simulation's burn message${burns.length > 1 ? "s" : ""}: ${burns.map((b) => `${units(BigInt(b.amount))} minted to ${b.mintRecipient} on domain ${b.destinationDomain}`).join(", ")}`];
}

/**
 * A burn message's bytes32 burn token as the chain names the asset (EVM: the last 20 bytes; svm-chain: the base58 mint;
 * move-chain: the keccak256 token id, named as the USDC coin type when it is USDC's, else left as the id).
 */
function burnTokenOf(chain: ChainId, bytes32: string): string {
  if (chain === "svm-chain") return getAddressDecoder().decode(hexToBytes(bytes32 as Hex));
  if (chain === "move-chain") return bytes32.toLowerCase() === suiCctpTokenId(USDC["move-chain"]) ? USDC["move-chain"] : bytes32;
  return `0x${bytes32.slice(-40)}`;
}

/** The asset `token` as a reported change names it (else as the service knows it), for amounts in token units. */
function changedAssetLike(chain: ChainId, token: string, net: Map<string, { change: BalanceChange }>): ChangedAsset {
  for (const { change } of net.values()) if (sameAsset(chain, change.asset.id, token)) return change.asset;
  return changedAsset(chain, token);
}
