// NAVI's mark of a deposit (or withdraw: WithdrawEvent, below) in an executed transaction. NAVI mints no share coin (the
// supply is kept in its Storage), so the proof is the event its code emits: naviprotocol/navi-smart-contracts @ 473b0934235d6dc1357fa4309308167c6d175fd1
// lending_core/sources/lending.move `base_deposit` ends with `event::emit_deposit_event(asset, user, deposit_amount,
// market_id)`, and lending_core/sources/event.move declares `struct DepositEvent has copy, drop { reserve: u8, sender:
// address, amount: u64, market_id: u64 }`. Only NAVI's lending package can emit a type of its own module, and the
// type carries the id of the package version that first defined the module, so the event's package must be one of
// the versions the chain lists for NAVI's lending package (MovePackageService.ListPackageVersions).
import { bcs } from "@mysten/sui/bcs";
import { normalizeSuiAddress, parseStructTag } from "@mysten/sui/utils";
import { errorLine, withRpcTimeout } from "../../chains/clients";
import { packageVersions } from "../../chains/sui/package-versions";
import type { ExecutedEffects, VenueReceipt } from "../shared/receipt";
import { navi } from "./descriptor";

const DEPOSIT_EVENT = bcs.struct("DepositEvent", { reserve: bcs.u8(), sender: bcs.Address, amount: bcs.u64(), market_id: bcs.u64() });
// event.move `struct WithdrawEvent has copy, drop { reserve: u8, sender: address, to: address, amount: u64, market_id: u64 }`,
// emitted by lending.move base_withdraw_v2 with the amount paid (same commit).
const WITHDRAW_EVENT = bcs.struct("WithdrawEvent", { reserve: bcs.u8(), sender: bcs.Address, to: bcs.Address, amount: bcs.u64(), market_id: bcs.u64() });

const ids = navi.onchain as Record<"lendingPackage" | "usdcAssetId", string>;

/** The events named `name` of NAVI's `event` module in `effects`, each with its type's package (normalized). */
function eventsNamed(effects: ExecutedEffects, name: string): { pkg: string; bcs: Uint8Array }[] {
  return effects.events.flatMap((e) => {
    try {
      const t = parseStructTag(e.eventType);
      return t.module === "event" && t.name === name && t.typeParams.length === 0 ? [{ pkg: normalizeSuiAddress(t.address), bcs: e.bcs }] : [];
    } catch {
      return [];
    }
  });
}

/** The versions the chain lists for NAVI's lending package (the list the builders read, kept briefly), or why not read. */
async function naviVersions(): Promise<Set<string> | { unknown: string }> {
  try {
    return new Set((await withRpcTimeout((signal) => packageVersions(ids.lendingPackage, signal))).map((v) => v.id));
  } catch (e) {
    return { unknown: `rpc_unavailable: NAVI's package versions could not be read: ${errorLine(e)}` };
  }
}

export const naviReceipt: VenueReceipt = {
  venueId: navi.id,
  async deposit(effects, owner, amount) {
    const candidates = eventsNamed(effects, "DepositEvent");
    if (candidates.length === 0) return { state: "missing", reason: "the transaction emitted no NAVI DepositEvent" };
    const versions = await naviVersions();
    if (!(versions instanceof Set)) return { state: "unknown", reason: versions.unknown };
    const me = normalizeSuiAddress(owner);
    const seen: string[] = [];
    for (const { pkg, bcs: bytes } of candidates) {
      if (!versions.has(pkg)) continue;
      try {
        const d = DEPOSIT_EVENT.parse(bytes);
        if (normalizeSuiAddress(d.sender) === me && String(d.reserve) === ids.usdcAssetId && BigInt(d.amount) >= amount) return { state: "shown" };
        seen.push(`${d.amount} to reserve ${d.reserve} by ${d.sender}`);
      } catch {
        // not the layout above
      }
    }
    return { state: "missing", reason: `no NAVI DepositEvent of NAVI's lending package states ${amount} micro-USDC into the USDC reserve (${ids.usdcAssetId}) by ${owner}${seen.length ? ` (events: ${seen.join("; ")})` : ""}` };
  },
  async withdraw(effects, owner) {
    const candidates = eventsNamed(effects, "WithdrawEvent");
    if (candidates.length === 0) return { state: "missing", reason: "the transaction emitted no NAVI WithdrawEvent" };
    const versions = await naviVersions();
    if (!(versions instanceof Set)) return { state: "unknown", reason: versions.unknown };
    const me = normalizeSuiAddress(owner);
    for (const { pkg, bcs: bytes } of candidates) {
      if (!versions.has(pkg)) continue;
      try {
        const d = WITHDRAW_EVENT.parse(bytes);
        if (normalizeSuiAddress(d.sender) === me && normalizeSuiAddress(d.to) === me && String(d.reserve) === ids.usdcAssetId && BigInt(d.amount) > 0n) return { state: "shown" };
      } catch {
        // not the layout above
      }
    }
    return { state: "missing", reason: `no NAVI WithdrawEvent of NAVI's lending package pays ${owner} from the USDC reserve (${ids.usdcAssetId})` };
  },
};
