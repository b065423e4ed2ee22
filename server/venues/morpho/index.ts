// Morpho (Base, Arbitrum): the whole protocol as the rest of the service sees it, one venue per chain (one pinned
// USDC vault each). base.ts and arbitrum.ts: each chain's ids (cited); build.ts: approve + deposit and withdraw on the
// ERC-4626 vault; read.ts: the owner's position worth (previewRedeem of its shares); morpho.evm.test.ts: our plans
// mined against the vault's own bytecode; morpho.worth.test.ts: the worth reader on it. No rate reader yet.
import { venueModule } from "../define";
import type { VenueDescriptor } from "../types";
import { morphoArbitrum } from "./arbitrum";
import { morphoBase } from "./base";
import { morphoVaultAdapter } from "./build";
import { morphoVaultWorth } from "./read";

// Its venues pin one USDC vault each (for the plans), but no reader of that vault's share price (convertToAssets) is
// written (docs/decisions.md).
const NO_READER = "no reader of the pinned Morpho vault's share price is written yet (its plans are built: server/venues/morpho/build.ts)";

const morphoVenue = (v: VenueDescriptor) => venueModule({ descriptor: v, noReader: NO_READER, worth: morphoVaultWorth(v), build: morphoVaultAdapter(v) });

export const morphoBaseVenue = morphoVenue(morphoBase);
export const morphoArbitrumVenue = morphoVenue(morphoArbitrum);
