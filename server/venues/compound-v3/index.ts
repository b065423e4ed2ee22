// Compound v3 (Base, Arbitrum): the whole protocol as the rest of the service sees it, one venue per chain (the USDC
// Comet). base.ts and arbitrum.ts: each chain's ids (cited); read.ts: the Comet's supply index accrued to the block, and
// the owner's position worth (balanceOf); build.ts: approve + supply and withdraw; errors.ts: Comet's custom errors
// (decoded by server/chains/evm/simulate.ts); compound-v3.evm.test.ts: our plans mined against Comet's own bytecode;
// compound-v3.worth.test.ts: the worth reader on it.
import { shareTokenOf, venueModule } from "../define";
import { compoundV3Arbitrum } from "./arbitrum";
import { compoundV3Base } from "./base";
import { compoundV3Adapter } from "./build";
import { COMET_ERRORS } from "./errors";
import { compoundV3ArbitrumReader, compoundV3ArbitrumWorth, compoundV3BaseReader, compoundV3BaseWorth } from "./read";

// The base balance is the Comet itself (the descriptor's cited `cUSDCv3`, an ERC-20 whose Transfer logs a supply and a
// withdraw). Decimals: the base token's, compound-finance/comet d5a30b0aaeff7755f1431e87f818990902237b03
// contracts/Comet.sol constructor (`decimals = IERC20NonStandard(config.baseToken).decimals()`), USDC's 6 (lib/tokens.ts);
// symbol: the same commit's deployments/base/usdc/configuration.json and deployments/arbitrum/usdc/configuration.json "symbol".
export const compoundV3BaseVenue = venueModule({
  descriptor: compoundV3Base,
  read: compoundV3BaseReader,
  worth: compoundV3BaseWorth,
  build: compoundV3Adapter(compoundV3Base),
  revertErrors: COMET_ERRORS,
  shareToken: shareTokenOf(compoundV3Base, "cUSDCv3", "cUSDCv3", 6),
});
export const compoundV3ArbitrumVenue = venueModule({
  descriptor: compoundV3Arbitrum,
  read: compoundV3ArbitrumReader,
  worth: compoundV3ArbitrumWorth,
  build: compoundV3Adapter(compoundV3Arbitrum),
  revertErrors: COMET_ERRORS,
  shareToken: shareTokenOf(compoundV3Arbitrum, "cUSDCv3", "cUSDCv3", 6),
});
