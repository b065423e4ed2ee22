// morpho-base: builders from the shared Morpho vault adapter with this venue's pinned vault.
import { morphoBase } from "../morpho-base";
import { morphoVaultAdapter } from "./morpho-vault";

export const morphoBaseAdapter = morphoVaultAdapter(morphoBase);
