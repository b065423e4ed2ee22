// The CCTP V1 rail's burn as built on a day the service still offers V1 (tests of the burn's balance changes on EVM and
// svm-chain share it).
import { vi } from "vitest";
import { cctpV1 } from "../../server/rails/cctp-v1";
import { estimatedV1End, RETIRING_BLOCK_DAYS } from "../../server/rails/cctp-v1/retirement";

const DAY_MS = 86_400_000;

/**
 * The rail's V1 burn, built on the last day before the service stops offering it: from RETIRING_BLOCK_DAYS before V1's
 * estimated end the service builds no V1 burn (rail_retiring, server/rails/cctp-v1/retirement.ts, tested in its own
 * file), which is not what these tests are about; only Date is pinned, and only while the burn is built.
 */
export async function burnWhileV1Offered(req: Parameters<typeof cctpV1.burn>[0]) {
  vi.useFakeTimers({ toFake: ["Date"], now: new Date(estimatedV1End().getTime() - (RETIRING_BLOCK_DAYS + 1) * DAY_MS) });
  try {
    return await cctpV1.burn(req);
  } finally {
    vi.useRealTimers();
  }
}
