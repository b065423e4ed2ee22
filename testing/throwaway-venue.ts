// A throwaway Solana venue module, the one tests add to the venue list (server/venues/list.ts) to see that everything
// derives from that one entry: deposit built (no transactions), withdraw not built, no reader, no ids.
import { defineVenue, venueModule, type Venue } from "../server/venues/define";

export function throwawayVenue(): Venue {
  const descriptor = defineVenue({
    id: "throwaway",
    protocol: "throwaway",
    name: "Throwaway Lend",
    chain: "svm-chain",
    ready: true,
    writeReady: true,
    liveMoneyPath: false,
    minDepositMicros: 1_000_000n,
    upstream: { project: "throwaway", symbol: "USDC", chain: "Solana" },
    onchain: {},
  });
  return venueModule({
    descriptor,
    build: {
      venueId: "throwaway",
      onchainInterface: "throwaway::deposit",
      deposit: async () => [],
      notBuilt: { withdraw: "Throwaway Lend's withdraw is not built." },
    },
  });
}
