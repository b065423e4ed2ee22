// GET /svc/plans/{planId} (issue 22 item 4): a stored plan and what the service knows of it. For a bridge, a burn
// transaction id the caller holds (a dashboard link's ?burnTx=) is only a hint: it is checked on the source chain
// (final, sent by the plan's owner, taking at least the plan's burned amount of USDC from the owner) and the delivery is what the
// service recorded with the destination chain's proof. Nothing here is written.
import { eq } from "drizzle-orm";
import type { z } from "zod";
import { type ChainId, normalizeAddress } from "../chains/address";
import type { Db } from "../db/client";
import { planExecutions } from "../db/schema";
import type { Principal } from "../http/auth";
import { inScope } from "../http/auth";
import { ApiError } from "../http/errors";
import { confirmTx, isTxIdOf } from "../execute/confirm";
import type { planRecordSchema } from "./schemas";
import { getPlan, type PlanRow } from "./store";
import { storedRail } from "../rails/registry";

type Record_ = z.input<typeof planRecordSchema>;
type Bridge = NonNullable<Record_["bridge"]>;

/** The plan's burnAmountMicros as answered (bridge plans since the service fee is taken), else its amount. */
function burnAmountOf(row: PlanRow): bigint {
  const stated = row.payload.burnAmountMicros;
  return typeof stated === "string" && /^[0-9]+$/.test(stated) ? BigInt(stated) : row.amountMicros;
}

/** The burn hint as the source chain confirms it. */
export async function checkBurn(row: PlanRow, txId: string | undefined): Promise<Bridge["burn"]> {
  if (txId === undefined) return { txId: null, state: "not_reported", reason: "No burn transaction was given; the service records a bridge's burn only through its delivery." };
  const chain = row.chain as ChainId;
  if (!isTxIdOf(chain, txId)) return { txId, state: "invalid", reason: `${txId} is not a transaction id on ${chain}.` };
  const c = await confirmTx(chain, txId);
  if (c.state === "pending") return { txId, state: "not_confirmed", reason: `${chain} has not confirmed it: ${c.reason}` };
  if (c.state === "failed") return { txId, state: "failed", reason: c.reason };
  const owner = row.owner ? normalizeAddress(row.owner) : null;
  if (owner === null || c.sender === null || normalizeAddress(c.sender) !== owner) {
    return { txId, state: "not_this_plan", reason: `The transaction was sent by ${c.sender ?? "an unknown sender"}, not by the plan's owner ${row.owner ?? "(none)"}.` };
  }
  const taken = -(c.usdc.get(owner) ?? 0n);
  // The burn transaction takes at least the burned amount: amountMicros less the service fee, which on EVM is paid
  // by its own transaction before the burn (on Sui and Solana it is inside the burn's, so the burn takes amountMicros).
  const least = burnAmountOf(row);
  if (taken < least) {
    return {
      txId,
      state: "not_this_plan",
      reason: `The transaction takes ${taken > 0n ? taken : 0n} micro-USDC from the owner, not the plan's ${least}: it is not this plan's burn.`,
    };
  }
  return { txId, state: "confirmed", reason: null };
}

/** The plan body as it was answered: without what the service recorded on it later (a bridge's burn read from the chain). */
function answered(payload: Record<string, unknown>): Record<string, unknown> {
  const { sourceBurn: _recorded, ...body } = payload;
  return body;
}

export async function planRecord(db: Db, principal: Principal | null, planId: string, sourceTxId: string | undefined): Promise<Record_> {
  const row = await getPlan(db, planId);
  if (!row) throw new ApiError("NOT_FOUND", `plan ${planId} not found`);
  // A plan is read by a key holding its owner or, for a bridge, its locked destination (as delivery allows).
  const wallets = [row.owner, row.destAddress].filter((w): w is string => w !== null);
  if (principal && !wallets.some((w) => inScope(principal, w))) throw new ApiError("WALLET_SCOPE", "The plan's wallet is not in the API key's scope");

  let bridge: Record_["bridge"] = null;
  if (row.kind === "bridge") {
    const [done] = await db.select().from(planExecutions).where(eq(planExecutions.planId, row.id));
    const result = (done?.result ?? {}) as { creditedMicros?: unknown; error?: unknown };
    const delivery: Bridge["delivery"] = done
      ? {
          state: done.status === "settled" ? "delivered" : "failed",
          destTxId: done.txId,
          creditedMicros: typeof result.creditedMicros === "string" ? result.creditedMicros : null,
          error: typeof result.error === "string" ? result.error : null,
          recordedAt: done.createdAt.toISOString(),
        }
      : { state: "none", destTxId: null, creditedMicros: null, error: null, recordedAt: null };
    const rail = storedRail((row.payload as { rail?: unknown }).rail).id;
    bridge = {
      rail,
      burn: await checkBurn(row, sourceTxId),
      attestation:
        delivery.state === "delivered"
          ? { state: "attested", reason: null }
          : { state: "not_read", reason: "Circle's attestation is read by POST /svc/bridge/rescue { planId, sourceTxId }." },
      delivery,
    };
  }
  return {
    schemaVersion: "svc-plan-record.v1",
    planId: row.id,
    kind: row.kind,
    status: row.status,
    chain: row.chain,
    owner: row.owner,
    strategyId: row.strategyId,
    amountMicros: row.amountMicros.toString(),
    destChain: row.destChain,
    destAddress: row.destAddress,
    createdAt: row.createdAt.toISOString(),
    plan: answered(row.payload),
    bridge,
  };
}
