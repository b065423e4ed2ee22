// The Sui venues' parts of the local chain, one module each (./<venue>.ts: its packages and UpgradeCaps, the objects
// its state gives in the node's JSON rendering, and the aborts its Move code raises). The local chain (../state.ts over
// ../../state.ts, served by ../../server.ts) derives its venue packages, UpgradeCaps, objects and aborts from these
// parts, served in the venue list's order and checked against it (../../venue-parts.ts: every Sui venue with builders
// has one): adding a Sui venue's local-chain part is its file and its state slice here.
import { type CoinCallResult, type CoinCallSeen, type MoveAbortSeen, type MoveCallContext, type MoveCallSeen, type MoveFunctionSig, moduleKey, type SuiObject } from "../world";
import { partsInListOrder } from "../../venue-parts";
import type { SuiVenueChain } from "./move";
import { type NaviChainState, naviChain } from "./navi";
import { freshNaviPrices, naviUsdcFeed } from "./navi-oracle";
import { type ScallopChainState, scallopChain } from "./scallop";
import { type SuilendChainState, suilendChain } from "./suilend";

/** The Sui venues' state of a local chain: each venue's slice. */
export type SuiVenueState = ScallopChainState & SuilendChainState & NaviChainState;

export const SUI_VENUE_CHAINS: readonly SuiVenueChain<SuiVenueState>[] = partsInListOrder<SuiVenueChain<SuiVenueState>>("sui", [scallopChain, suilendChain, naviChain], { everyBuiltVenue: true });

/** No markets, rate limiters or storages; NAVI's oracle fresh at the local Clock with its USDC feed. */
export function suiVenueState(): SuiVenueState {
  return { scallopMarkets: new Map(), suilendMarkets: new Map(), suilendRateLimiters: new Map(), naviStorages: new Map(), naviPriceOracle: freshNaviPrices(), naviOracleFeeds: [naviUsdcFeed()] };
}

/** Every venue's packages: original id → its versions, oldest first. */
export const suiVenuePackageVersions = (): [string, string[]][] => SUI_VENUE_CHAINS.flatMap((c) => c.packageVersions.map(([id, v]): [string, string[]] => [id, [...v]]));

/** Every venue's UpgradeCaps: cap id → the package it points at. */
export const suiVenueUpgradeCaps = (): [string, string][] => SUI_VENUE_CHAINS.flatMap((c) => c.upgradeCaps.map(([id, pkg]): [string, string] => [id, pkg]));

/** Every venue's shared objects its deposits take, as stand-ins (id and Move type only). */
export const suiVenueEntryObjects = (): { id: string; type: string }[] => SUI_VENUE_CHAINS.flatMap((c) => [...c.entryObjects]);

/** The venue objects of the local chain (markets, storages, their table entries and the shared objects they need). */
export const suiVenueObjects = (state: SuiVenueState): SuiObject[] => SUI_VENUE_CHAINS.flatMap((c) => c.objects(state));

/** Every venue's Move function signatures (by ../world.ts functionKey), from the protocols' published sources. */
export const suiVenueFunctions = (): [string, MoveFunctionSig][] => SUI_VENUE_CHAINS.flatMap((c) => c.moveModules.flatMap((m) => m.functions));

/** The venue modules the node holds whole (../world.ts moduleKey): a call to a function they lack fails FunctionNotFound. */
export const suiVenueWholeModules = (): string[] => SUI_VENUE_CHAINS.flatMap((c) => c.moveModules.map((m) => moduleKey(m.package, m.module)));

/** The first abort a venue's Move code raises for this call, if any. */
export function suiVenueMoveCallAbort(state: SuiVenueState, call: MoveCallSeen, ctx: MoveCallContext): MoveAbortSeen | undefined {
  for (const c of SUI_VENUE_CHAINS) {
    const abort = c.moveCallAbort?.(state, call, ctx);
    if (abort) return abort;
  }
  return undefined;
}

/** What a venue's call does with the coins it takes and returns (the first venue that models it), or undefined. */
export function suiVenueCoinCall(state: SuiVenueState, call: CoinCallSeen): CoinCallResult | undefined {
  for (const c of SUI_VENUE_CHAINS) {
    const r = c.coinCall?.(state, call);
    if (r) return r;
  }
  return undefined;
}
