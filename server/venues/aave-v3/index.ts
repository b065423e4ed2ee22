// Aave v3 (Base, Arbitrum): the whole protocol as the rest of the service sees it, one venue per chain. base.ts and
// arbitrum.ts: each chain's ids (cited); read.ts: the USDC reserve's supply index and the owner's position worth (aUSDC
// balanceOf); build.ts: approve + supply and withdraw; errors.ts: the Pool's custom errors (decoded by
// server/chains/evm/simulate.ts); aave-v3.evm.test.ts: our plans mined against Aave's own bytecode;
// aave-v3.worth.test.ts: the worth reader on it.
import { venueModule } from "../define";
import type { VenueDescriptor } from "../types";
import { aaveV3Arbitrum } from "./arbitrum";
import { aaveV3Base } from "./base";
import { aaveV3Adapter } from "./build";
import { AAVE_V3_ERRORS } from "./errors";
import { aaveV3Reader, aaveV3Worth } from "./read";

const aaveV3Venue = (v: VenueDescriptor) =>
  venueModule({
    descriptor: v,
    read: aaveV3Reader(v.id, v.chain, v.onchain.pool ?? "", v.onchain.usdc ?? ""),
    worth: aaveV3Worth(v),
    build: aaveV3Adapter(v),
    revertErrors: AAVE_V3_ERRORS,
  });

export const aaveV3BaseVenue = aaveV3Venue(aaveV3Base);
export const aaveV3ArbitrumVenue = aaveV3Venue(aaveV3Arbitrum);
