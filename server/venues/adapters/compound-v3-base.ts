// compound-v3-base: builders from the shared compound-v3 adapter with this venue's published addresses.
import { compoundV3Base } from "../compound-v3-base";
import { compoundV3Adapter } from "./compound-v3";

export const compoundV3BaseAdapter = compoundV3Adapter(compoundV3Base);
