// Aave v3 on Base (evm-a): the USDC reserve's supply index.
import { aaveV3Base } from "../aave-v3-base";
import { aaveV3Reader } from "./aave-v3";

export const aaveV3BaseReader = aaveV3Reader(aaveV3Base.id, aaveV3Base.chain, aaveV3Base.onchain.pool ?? "", aaveV3Base.onchain.usdc ?? "");
