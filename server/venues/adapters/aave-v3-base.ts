// aave-v3-base: builders from the shared aave-v3 adapter with this venue's published addresses.
import { aaveV3Base } from "../aave-v3-base";
import { aaveV3Adapter } from "./aave-v3";

export const aaveV3BaseAdapter = aaveV3Adapter(aaveV3Base);
