// Save (Solana, formerly Solend): the whole venue as the rest of the service sees it. descriptor.ts: its ids (cited);
// read.ts: the USDC reserve's collateral exchange rate; build.ts: deposit and withdraw; save.oracle.test.ts: the SDK
// against our builder.
import { venueModule } from "../define";
import { address } from "@solana/kit";
import { readSaveReserve, saveAdapter, saveMarketAuthority } from "./build";
import { shareReceipt } from "../shared/receipt";
import { save } from "./descriptor";
import { saveReader } from "./read";
import { saveWorth } from "./worth";

export const saveVenue = venueModule({
  descriptor: save,
  read: saveReader,
  worth: saveWorth,
  build: saveAdapter,
  // The USDC reserve's cToken: its collateral mint, read from the reserve as the builders read it.
  receipt: shareReceipt(save, "Save", async (signal) => String((await readSaveReserve(signal)).collateralMint)),
  // The reserve's liquidity supply belongs to the lending market authority of the cited main market (the builders
  // check the reserve is that market's).
  custody: async () => [await saveMarketAuthority(address(save.onchain.mainMarket ?? ""))],
  // Named only: its error table is not loaded, so a failure keeps the code and the program's own log line.
  programErrors: { program: save.onchain.program ?? "", name: "Save", custom: () => null },
});
