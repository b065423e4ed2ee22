// Jupiter Lend (Solana): the whole venue as the rest of the service sees it. descriptor.ts: its ids (cited); read.ts:
// the jlUSDC token exchange price; build.ts: deposit and withdraw; jupiter-lend.oracle.test.ts: @jup-ag/lend against
// our builder.
import { shareTokenOf, venueModule } from "../define";
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
  // jlUSDC (the descriptor's cited `jlUsdcMint`). Decimals: the asset's, jup-ag/jupiter-lend
  // 33a22cf7a5bfdd32ab1712dda4adfbeb9b348ad9 target/idl/lending.json type Lending field `decimals` ("number of decimals
  // for the fToken, same as ASSET") and docs/earn/sdk.md ("Decimals of asset (same as jlToken decimals)"), USDC's 6
  // (lib/tokens.ts). Symbol: the same docs call the fToken a "jlToken"; "jlUSDC" is this service's name for USDC's.
  shareToken: shareTokenOf(jupiterLend, "jlUsdcMint", "jlUSDC", 6),
});
