// Morpho (Base, Arbitrum): the whole protocol as the rest of the service sees it, one venue per chain (one pinned
// USDC vault each). base.ts and arbitrum.ts: each chain's ids (cited); build.ts: approve + deposit and withdraw on the
// ERC-4626 vault; read.ts: the owner's position worth (previewRedeem of its shares); morpho.evm.test.ts: our plans
// mined against the vault's own bytecode; morpho.worth.test.ts: the worth reader on it. No rate reader yet.
import type { ShareToken } from "../../chains/changes";
import { shareTokenOf, venueModule } from "../define";
import type { VenueDescriptor } from "../types";
import { morphoArbitrum } from "./arbitrum";
import { morphoBase } from "./base";
import { morphoVaultAdapter } from "./build";
import { morphoVaultWorth } from "./read";

// Its venues pin one USDC vault each (for the plans), but no reader of that vault's share price (convertToAssets) is
// written (docs/decisions.md).
const NO_READER = "no reader of the pinned Morpho vault's share price is written yet (its plans are built: server/venues/morpho/build.ts)";

const morphoVenue = (v: VenueDescriptor, shareToken: ShareToken) =>
  venueModule({ descriptor: v, noReader: NO_READER, worth: morphoVaultWorth(v), build: morphoVaultAdapter(v), shareToken });

// The pinned vault's shares (the descriptor's cited `vault`, an ERC-20 itself). Decimals 18: MetaMorpho sets
// DECIMALS_OFFSET = 18 - asset decimals and `decimals()` returns ERC4626.decimals() (morpho-org/metamorpho
// 163eb2ae022629d4c35e598a668a30451af25f44 src/MetaMorpho.sol; the same in morpho-org/metamorpho-v1.1
// 0b3d2f451d6ae3da94a3a08f574f6553024b8944 src/MetaMorphoV1_1.sol), which is underlying decimals + offset
// (@openzeppelin/contracts 5.0.0 token/ERC20/extensions/ERC4626.sol): 6 + 12 for the USDC vault (its asset() is checked
// to be the cited USDC before any plan). Symbols: no Morpho source names them; karpatkey/defi-kit
// 45d4929c6c6cff79b884422c782023de9cceba89 sdk/src/protocols/morpho/vaults/_baseInfo.ts ("Steakhouse USDC",
// "steakUSDC") and _arb1Info.ts ("Gauntlet USDC Prime", "gtUSDCp"), generated lists of these addresses.
export const morphoBaseVenue = morphoVenue(morphoBase, shareTokenOf(morphoBase, "vault", "steakUSDC", 18));
export const morphoArbitrumVenue = morphoVenue(morphoArbitrum, shareTokenOf(morphoArbitrum, "vault", "gtUSDCp", 18));
