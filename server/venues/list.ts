// The venue list: one line per venue module (server/venues/<venue>/index.ts). Adding a venue is a new folder and one
// line here (docs/architecture.md "Adding a venue").
import { setShareTokens } from "../chains/changes";
import { setVenueRevertErrors } from "../chains/evm/simulate";
import { setVenuePrograms } from "../chains/solana/program-errors";
import type { Venue } from "./define";
import { aaveV3ArbitrumVenue, aaveV3BaseVenue } from "./aave-v3";
import { compoundV3ArbitrumVenue, compoundV3BaseVenue } from "./compound-v3";
import { jupiterLendVenue } from "./jupiter-lend";
import { kaminoVenue } from "./kamino";
import { marginfiVenue } from "./marginfi";
import { morphoArbitrumVenue, morphoBaseVenue } from "./morpho";
import { naviVenue } from "./navi";
import { saveVenue } from "./save";
import { scallopVenue } from "./scallop";
import { suilendVenue } from "./suilend";

/**
 * The venues: the only registration. The descriptors and strategyId resolution (server/venues/index.ts), readiness and
 * the builders (server/venues/adapters.ts), the readers (server/venues/readers.ts) and the simulations' error decoders
 * are all derived from this list; its order is the order venues are listed in.
 */
export const VENUE_MODULES: readonly Venue[] = [
  scallopVenue,
  naviVenue,
  suilendVenue,
  kaminoVenue,
  marginfiVenue,
  jupiterLendVenue,
  saveVenue,
  aaveV3BaseVenue,
  morphoBaseVenue,
  compoundV3BaseVenue,
  aaveV3ArbitrumVenue,
  morphoArbitrumVenue,
  compoundV3ArbitrumVenue,
];

// The chains' simulations name the venues' programs, decode their errors and show their share tokens in token units
// from this list (set here, where the list is, so whatever loads a venue's builders has them).
setVenuePrograms(VENUE_MODULES.flatMap((m) => (m.programErrors ? [m.programErrors] : [])));
setVenueRevertErrors(VENUE_MODULES.flatMap((m) => m.revertErrors ?? []));
setShareTokens(VENUE_MODULES.flatMap((m) => (m.shareToken ? [m.shareToken] : [])));
