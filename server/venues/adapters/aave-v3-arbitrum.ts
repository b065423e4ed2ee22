// aave-v3-arbitrum: builders from the shared aave-v3 adapter with this venue's published addresses.
import { aaveV3Arbitrum } from "../aave-v3-arbitrum";
import { aaveV3Adapter } from "./aave-v3";

export const aaveV3ArbitrumAdapter = aaveV3Adapter(aaveV3Arbitrum);
