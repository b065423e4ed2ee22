// marginfi (Solana): the whole venue as the rest of the service sees it. descriptor.ts: its ids (cited); read.ts: the
// USDC bank's asset share value; build.ts: deposit and withdraw; marginfi.oracle.test.ts: the SDK against our builder.
import { venueModule } from "../define";
import { address } from "@solana/kit";
import { marginfiAdapter, marginfiVaultAuthority } from "./build";
import { marginfi } from "./descriptor";
import { marginfiReader } from "./read";
import { marginfiReceipt } from "./receipt";
import { marginfiWorth } from "./worth";

export const marginfiVenue = venueModule({
  descriptor: marginfi,
  read: marginfiReader,
  worth: marginfiWorth,
  build: marginfiAdapter,
  receipt: marginfiReceipt,
  // The USDC bank's liquidity vault belongs to its vault authority (["liquidity_vault_auth", bank], as the builders derive it).
  custody: async () => [await marginfiVaultAuthority(address(marginfi.onchain.usdcBank ?? ""))],
  // Named only: its error table is not loaded, so a failure keeps the code and the program's own log line.
  programErrors: { program: marginfi.onchain.program ?? "", name: "marginfi", custom: () => null },
});
