// compound-v3-arbitrum: builders from the shared compound-v3 adapter with this venue's published addresses.
import { compoundV3Arbitrum } from "../compound-v3-arbitrum";
import { compoundV3Adapter } from "./compound-v3";

export const compoundV3ArbitrumAdapter = compoundV3Adapter(compoundV3Arbitrum);
