// morpho-arbitrum: builders from the shared Morpho vault adapter with this venue's pinned vault.
import { morphoArbitrum } from "../morpho-arbitrum";
import { morphoVaultAdapter } from "./morpho-vault";

export const morphoArbitrumAdapter = morphoVaultAdapter(morphoArbitrum);
