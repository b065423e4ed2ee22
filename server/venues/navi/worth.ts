// NAVI (Sui): what an owner's position is worth now (issue 23 item 5), from the read the withdraw builder makes
// (./build.ts naviSupplied, ./read.ts readNaviSuppliedMicros): the owner's scaled USDC supply balance in NAVI's Storage
// times the USDC reserve's current_supply_index, once the Storage is proven NAVI's by its Move type. The supplied
// balance stays in the Storage (no token in the wallet).
import { navi } from "./descriptor";
import { naviObjectTypes } from "./build";
import { readNaviSuppliedMicros } from "./read";
import type { VenueWorth } from "../shared/read";
import { readAfterSuiObjectTypes } from "../shared/sui-types";

type NaviIds = Parameters<typeof naviObjectTypes>[0];
/** The one shared object the worth reads: the Storage (its USDC reserve and the suppliers' table). */
const storage = naviObjectTypes(navi.onchain as NaviIds, "deposit").filter((o) => o.id === navi.onchain.storage);

export const naviWorth: VenueWorth = {
  venueId: navi.id,
  what: "NAVI Storage USDC supply balance × current_supply_index",
  readWorth: (owner, signal) => readAfterSuiObjectTypes("NAVI", storage, signal, readNaviSuppliedMicros(owner, signal)),
};
