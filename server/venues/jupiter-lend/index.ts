// Jupiter Lend (Solana): the whole venue as the rest of the service sees it. descriptor.ts: its ids (cited); read.ts:
// the jlUSDC token exchange price; build.ts: deposit and withdraw; jupiter-lend.oracle.test.ts: @jup-ag/lend against
// our builder.
import { venueModule } from "../define";
import { JUP_LIQUIDITY_PROGRAM, jupiterLendAdapter } from "./build";
import { pdaOf } from "../shared/anchor";
import { jupiterLend } from "./descriptor";
import { shareReceipt } from "../shared/receipt";
import { jupiterLendReader } from "./read";
import { jupiterLendWorth } from "./worth";

export const jupiterLendVenue = venueModule({
  descriptor: jupiterLend,
  read: jupiterLendReader,
  worth: jupiterLendWorth,
  build: jupiterLendAdapter,
  // jlUSDC, the lending's fToken mint (the descriptor cites it; the reader proves the lending account names it).
  receipt: shareReceipt(jupiterLend, "Jupiter Lend", jupiterLend.onchain.jlUsdcMint ?? ""),
  // The USDC vault is the liquidity program's "liquidity" PDA's associated account (as the builders derive it).
  custody: async () => [await pdaOf(JUP_LIQUIDITY_PROGRAM, "liquidity")],
  // Named only: its error table is not loaded, so a failure keeps the code and the program's own log line.
  programErrors: { program: jupiterLend.onchain.lendingProgram ?? "", name: "Jupiter Lend", custom: () => null },
});
