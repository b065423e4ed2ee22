// Aave v3 (Base, Arbitrum): the whole protocol as the rest of the service sees it, one venue per chain. base.ts and
// arbitrum.ts: each chain's ids (cited); read.ts: the USDC reserve's supply index and the owner's position worth (aUSDC
// balanceOf); build.ts: approve + supply and withdraw; errors.ts: the Pool's custom errors (decoded by
// server/chains/evm/simulate.ts); aave-v3.evm.test.ts: our plans mined against Aave's own bytecode;
// aave-v3.worth.test.ts: the worth reader on it.
import type { ShareToken } from "../../chains/changes";
import { shareTokenOf, venueModule } from "../define";
import type { VenueDescriptor } from "../types";
import { aaveV3Arbitrum } from "./arbitrum";
import { aaveV3Base } from "./base";
import { aaveV3Adapter } from "./build";
import { AAVE_V3_ERRORS } from "./errors";
import { aaveV3Reader, aaveV3Worth } from "./read";

const aaveV3Venue = (v: VenueDescriptor, shareToken: ShareToken) =>
  venueModule({
    descriptor: v,
    read: aaveV3Reader(v.id, v.chain, v.onchain.pool ?? "", v.onchain.usdc ?? ""),
    worth: aaveV3Worth(v),
    build: aaveV3Adapter(v),
    revertErrors: AAVE_V3_ERRORS,
    shareToken,
  });

// The aUSDC each chain's deposits mint (the descriptor's cited `aUsdc`). Its decimals are the underlying's:
// aave-dao/aave-v3-origin fd1fbd9150426ca8ace9cee45b4acf912ae84f5b src/contracts/protocol/libraries/logic/ConfiguratorLogic.sol
// executeInitReserve passes the underlying's decimals() to src/contracts/instances/ATokenInstance.sol initialize
// (`_setDecimals(aTokenDecimals)`), USDC's 6 (lib/tokens.ts). Symbol and decimals as @bgd-labs/aave-address-book 4.44.22
// tokenlist.json lists this address: chainId 8453 "aBasUSDC", decimals 6; chainId 42161 "aArbUSDCn", decimals 6.
export const aaveV3BaseVenue = aaveV3Venue(aaveV3Base, shareTokenOf(aaveV3Base, "aUsdc", "aBasUSDC", 6));
export const aaveV3ArbitrumVenue = aaveV3Venue(aaveV3Arbitrum, shareTokenOf(aaveV3Arbitrum, "aUsdc", "aArbUSDCn", 6));
