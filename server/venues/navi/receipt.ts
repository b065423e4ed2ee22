// NAVI's mark of a deposit in an executed transaction. NAVI mints no share coin (the supply is kept in its Storage), so
// the proof is the event its code emits: naviprotocol/navi-smart-contracts @ 473b0934235d6dc1357fa4309308167c6d175fd1
// lending_core/sources/lending.move `base_deposit` ends with `event::emit_deposit_event(asset, user, deposit_amount,
// market_id)`, and lending_core/sources/event.move declares `struct DepositEvent has copy, drop { reserve: u8, sender:
// address, amount: u64, market_id: u64 }`. Only NAVI's lending package can emit a type of its own module, and the
// type carries the id of the package version that first defined the module, so the event's package must be one of
// the versions the chain lists for NAVI's lending package (MovePackageService.ListPackageVersions).
import { bcs } from "@mysten/sui/bcs";
import { normalizeSuiAddress, parseStructTag } from "@mysten/sui/utils";
import { errorLine, withRpcTimeout } from "../../chains/clients";
import { readPackageVersions } from "../../chains/sui/package-versions";
import type { VenueReceipt } from "../shared/receipt";
import { navi } from "./descriptor";

const DEPOSIT_EVENT = bcs.struct("DepositEvent", { reserve: bcs.u8(), sender: bcs.Address, amount: bcs.u64(), market_id: bcs.u64() });

const ids = navi.onchain as Record<"lendingPackage" | "usdcAssetId", string>;

export const naviReceipt: VenueReceipt = {
  venueId: navi.id,
  async deposit(effects, owner, amount) {
    const candidates = effects.events.flatMap((e) => {
      try {
        const t = parseStructTag(e.eventType);
        return t.module === "event" && t.name === "DepositEvent" && t.typeParams.length === 0 ? [{ pkg: normalizeSuiAddress(t.address), e }] : [];
      } catch {
        return [];
      }
    });
    if (candidates.length === 0) return { state: "missing", reason: "the transaction emitted no NAVI DepositEvent" };
    let versions: Set<string>;
    try {
      versions = new Set((await withRpcTimeout((signal) => readPackageVersions(ids.lendingPackage, signal))).map((v) => v.id));
    } catch (e) {
      return { state: "unknown", reason: `rpc_unavailable: NAVI's package versions could not be read: ${errorLine(e)}` };
    }
    const me = normalizeSuiAddress(owner);
    const seen: string[] = [];
    for (const { pkg, e } of candidates) {
      if (!versions.has(pkg)) continue;
      try {
        const d = DEPOSIT_EVENT.parse(e.bcs);
        if (normalizeSuiAddress(d.sender) === me && String(d.reserve) === ids.usdcAssetId && BigInt(d.amount) >= amount) return { state: "shown" };
        seen.push(`${d.amount} to reserve ${d.reserve} by ${d.sender}`);
      } catch {
        // not the layout above
      }
    }
    return { state: "missing", reason: `no NAVI DepositEvent of NAVI's lending package states ${amount} micro-USDC into the USDC reserve (${ids.usdcAssetId}) by ${owner}${seen.length ? ` (events: ${seen.join("; ")})` : ""}` };
  },
};
