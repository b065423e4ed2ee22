// Aave v3 on Arbitrum (evm-b): the USDC reserve's supply index.
import { aaveV3Arbitrum } from "../aave-v3-arbitrum";
import { aaveV3Reader } from "./aave-v3";

export const aaveV3ArbitrumReader = aaveV3Reader(
  aaveV3Arbitrum.id,
  aaveV3Arbitrum.chain,
  aaveV3Arbitrum.onchain.pool ?? "",
  aaveV3Arbitrum.onchain.usdc ?? "",
);
