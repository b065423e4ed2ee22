// Kamino Lend (Solana): the whole venue as the rest of the service sees it. descriptor.ts: its ids (cited); read.ts:
// the USDC reserve's collateral exchange rate; build.ts: deposit and withdraw; errors.ts: klend's error table (decoding a
// failed simulation); kamino.oracle.test.ts: klend-sdk against our builder.
import { programErrorTable } from "../../chains/solana/program-errors";
import { venueModule } from "../define";
import { kaminoAdapter, kaminoMarketAuthority } from "./build";
import { kamino } from "./descriptor";
import { KLEND_ANCHOR_ERRORS, KLEND_PROGRAM_ERRORS } from "./errors";
import { kaminoReader, kaminoWorth, readKaminoReserve } from "./read";
import { shareReceipt } from "../shared/receipt";

export const kaminoVenue = venueModule({
  descriptor: kamino,
  read: kaminoReader,
  worth: kaminoWorth,
  build: kaminoAdapter,
  // cUSDC: the USDC reserve's collateral mint, read from the reserve as the builders read it.
  receipt: shareReceipt(kamino, "Kamino", async (signal) => (await readKaminoReserve(signal)).collateralMint),
  // The reserve's supply vault belongs to the lending market authority (the builders' PDA of the cited market).
  custody: async () => [await kaminoMarketAuthority()],
  programErrors: {
    program: kamino.onchain.program ?? "",
    name: "Kamino Lend (klend)",
    custom: programErrorTable([...KLEND_ANCHOR_ERRORS, ...KLEND_PROGRAM_ERRORS]),
  },
});
