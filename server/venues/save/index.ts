// Save (Solana, formerly Solend): the whole venue as the rest of the service sees it. descriptor.ts: its ids (cited);
// read.ts: the USDC reserve's collateral exchange rate; build.ts: deposit and withdraw; save.oracle.test.ts: the SDK
// against our builder.
import { venueModule } from "../define";
import { saveAdapter } from "./build";
import { save } from "./descriptor";
import { saveReader } from "./read";
import { saveWorth } from "./worth";

export const saveVenue = venueModule({
  descriptor: save,
  read: saveReader,
  worth: saveWorth,
  build: saveAdapter,
  // Named only: its error table is not loaded, so a failure keeps the code and the program's own log line.
  programErrors: { program: save.onchain.program ?? "", name: "Save", custom: () => null },
});
