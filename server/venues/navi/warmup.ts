// The start-up walk through NAVI's object graph (issue 28 item 3; docs/decisions.md, "NAVI warm-up walk"): the same
// reads a withdraw plan makes of the oracle state (Storage → tables → reserves → OracleConfig feeds → provider configs
// → Pyth's table → PriceInfoObjects) and of the USDC supply tables, once, so the ids they ask are remembered
// (./prefetch.ts) before the process's first withdraw plan, which then asks them beside its first step. Only ids are
// kept: a plan still reads every object itself. The owner-specific part is read for the zero address (no key signs for
// it, so NAVI holds no position of it); its entry is not remembered. A plan that starts while this walks waits for it
// rather than walking the same graph beside it.
import { normalizeSuiAddress } from "@mysten/sui/utils";
import { config } from "../../config";
import { navi } from "./descriptor";
import { readNaviOracleState } from "./oracle";
import { warmWith } from "./prefetch";
import { readNaviSuppliedMicros } from "./read";

const NO_OWNER = normalizeSuiAddress("0x0");

/**
 * Walks NAVI's graph once; resolves when done, rejects when a read failed (the caller logs it; plans then walk cold).
 * Its budget is half the RPC timeout, so a plan that waited for it keeps at least half of its own.
 */
export function warmNaviWalks(): Promise<void> {
  return warmWith(
    async (signal) => {
      await Promise.all([readNaviOracleState(NO_OWNER, Number(navi.onchain.usdcAssetId), signal), readNaviSuppliedMicros(NO_OWNER, signal)]);
    },
    Math.ceil(config().SVC_RPC_TIMEOUT_MS / 2),
  );
}
