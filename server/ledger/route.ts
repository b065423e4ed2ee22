// POST route and POST preview (spec §4.3): credit liquid, optionally stake into the chosen venue, fee 0.
// Preview runs the same decision on an unlocked read and writes nothing.
import type { ChainId } from "../chains/address";
import type { Db } from "../db/client";
import { type Blocker, blocker } from "../http/codes";
import { newId } from "../ids";
import { opportunityIdOf } from "../venues";
import { readVenueIndex } from "../venues/readers";
import { LIQUID, walletRows } from "./book";
import { chooseVenue } from "./choose";
import { writeRoute } from "./route-write";

export interface RouteInput {
  amountMicros: bigint;
  token: string;
  stake: boolean;
  chain: ChainId;
  strategyId?: string;
  txId?: string;
}

export interface RouteDone {
  status: "done";
  dryRun: boolean;
  wallet: string;
  chain: ChainId;
  token: string;
  amountMicros: bigint;
  feeMicros: bigint;
  stake: boolean;
  stakedMicros: bigint;
  venueId: string | null;
  opportunityId: string | null;
  venueChoice: "strategyId" | "autopilot" | "top_live_apy" | null;
  txId: string | null;
  actionId: string | null;
  position: { chain: ChainId; liquidMicros: bigint; venueStakedMicros: bigint | null };
}

export interface RouteBlocked {
  status: "blocked";
  dryRun: boolean;
  wallet: string;
  chain: ChainId;
  amountMicros: bigint;
  blockers: Blocker[];
}

export async function routeMoney(db: Db, wallet: string, input: RouteInput, dryRun: boolean): Promise<RouteDone | RouteBlocked> {
  const blocked = (b: Blocker): RouteBlocked => ({ status: "blocked", dryRun, wallet, chain: input.chain, amountMicros: input.amountMicros, blockers: [b] });
  if (input.amountMicros === 0n) return blocked(blocker("amount_zero"));
  let venue = null;
  let how: RouteDone["venueChoice"] = null;
  if (input.stake) {
    const choice = await chooseVenue(db, input.chain, input.strategyId, wallet);
    if ("blocker" in choice) return blocked(choice.blocker);
    venue = choice.venue;
    how = choice.how;
  }
  const base = {
    status: "done" as const,
    dryRun,
    wallet,
    chain: input.chain,
    token: input.token,
    amountMicros: input.amountMicros,
    feeMicros: 0n,
    stake: input.stake,
    stakedMicros: venue ? input.amountMicros : 0n,
    venueId: venue?.id ?? null,
    opportunityId: venue ? opportunityIdOf(venue) : null,
    venueChoice: how,
    txId: input.txId ?? null,
  };

  if (dryRun) {
    const rows = await walletRows(db, wallet);
    const find = (venueId: string) => rows.find((r) => r.chain === input.chain && r.token === input.token && r.venueId === venueId);
    const liquidNow = find(LIQUID)?.liquidMicros ?? 0n;
    const stakedNow = venue ? (find(venue.id)?.stakedMicros ?? 0n) : null;
    return {
      ...base,
      actionId: null,
      position: {
        chain: input.chain,
        liquidMicros: venue ? liquidNow : liquidNow + input.amountMicros,
        venueStakedMicros: stakedNow === null ? null : stakedNow + input.amountMicros,
      },
    };
  }

  // The venue index is read before the statement: no network wait while rows are locked.
  const read = venue ? await readVenueIndex(venue.id) : null;
  const actionId = newId("act");
  const position = await writeRoute(db, {
    wallet,
    chain: input.chain,
    token: input.token,
    amountMicros: input.amountMicros,
    venueId: venue?.id ?? null,
    indexNow: read?.ok ? read.index : null,
    txId: input.txId ?? null,
    actionId,
  });
  return { ...base, actionId, position: { chain: input.chain, ...position } };
}
