// The recipient check of plans (issue 22): every address a plan sends value to passes lib/destination.ts's rules (the
// dashboard shows the same sentences), with the venues' published ids added as known non-wallets; on an EVM chain a
// bridge destination's contract code is read at plan time (eth_getCode) and refused unless the request says so.
import type { ChainId } from "../chains/address";
import { isEvmChain } from "../chains/evm";
import { rpcCall } from "../chains/rpc";
import { type Blocker, blocker } from "../http/codes";
import { ApiError } from "../http/errors";
import { VENUES } from "../venues";
import { contractCodeReason, type KnownAddress, recipientProblem } from "../../lib/destination";

/** The venues' published ids on `chain` (packages, programs, markets, pools, reserves): none of them is a wallet. */
export function venueAddresses(chain: ChainId): KnownAddress[] {
  return VENUES.filter((v) => v.chain === chain).flatMap((v) =>
    Object.entries(v.onchain).map(([key, id]) => ({
      // A Move type (package::module::Name) names its package.
      address: id.split("::")[0] ?? id,
      label: `the ${key.replace(/([a-z0-9])([A-Z])/g, "$1 $2").toLowerCase()} of ${v.name} (venue ${v.id})`,
    })),
  );
}

/** Why `address` cannot receive on `chain` (lib/destination.ts plus the venues' ids), or null. */
export function recipientReason(chain: ChainId, address: string): string | null {
  return recipientProblem(chain, address, venueAddresses(chain));
}

/**
 * 400 INVALID_REQUEST when `address` cannot receive on `chain`. `field` is the request path (`destAddress`,
 * `payees.0.account`); the message is the sentence itself for a single recipient, and names the field when a request
 * has several (`label`).
 */
export function assertRecipient(chain: ChainId, address: string, field: string, label?: string): void {
  const reason = recipientReason(chain, address);
  if (reason) throw new ApiError("INVALID_REQUEST", label ? `${label}: ${reason}` : reason, [{ field: `body.${field}`, message: reason }]);
}

/** EIP-7702 delegation designator: 0xef0100 followed by the 20-byte delegate. An EOA with one still signs with its key. */
const DELEGATION = /^0xef0100[0-9a-f]{40}$/i;

/**
 * A bridge destination on an EVM chain that holds contract code is 400 unless `destIsContract` (the owner says the
 * contract can move USDC); when the chain's RPC cannot tell, the plan is blocked `rpc_unavailable` (never a guess).
 */
export async function destinationCodeBlocker(chain: ChainId, address: string, field: string, destIsContract: boolean): Promise<Blocker | null> {
  if (!isEvmChain(chain)) return null;
  const r = await rpcCall<string>(chain, "eth_getCode", [address, "latest"]);
  if (!r.ok) return blocker("rpc_unavailable", `Whether ${field} holds contract code on ${chain} could not be read (eth_getCode: ${r.message}); nothing is built until it can.`);
  const code = typeof r.result === "string" ? r.result : "";
  if (!/^0x[0-9a-f]*$/i.test(code)) return blocker("rpc_unavailable", `The ${chain} RPC answered eth_getCode for ${field} with something that is not bytecode.`);
  const hasCode = code.length > 2 && !/^0x0*$/.test(code) && !DELEGATION.test(code);
  if (hasCode && !destIsContract) {
    const reason = contractCodeReason(chain);
    throw new ApiError("INVALID_REQUEST", reason, [{ field: `body.${field}`, message: reason }]);
  }
  return null;
}
