// POST /svc/strategies/deposit/execute and /svc/strategies/withdraw/execute: confirm an owner-executed (or, in broadcast
// mode, server-submitted) deposit or withdraw through the chain's RPC, then record it once with the amounts the chain
// moved: a deposit stakes the plan's amount once the owner's USDC outflow less the USDC fees the plan disclosed covers
// it (never more); a withdraw unstakes what arrived in the owner's wallet (issue 23: a withdraw signed in the dashboard reaches the ledger like a deposit does).
// The RPC is read before the transaction; the transaction locks the plan row and writes everything at once.
import { normalizeStructTag } from "@mysten/sui/utils";
import { and, eq } from "drizzle-orm";
import { type ChainId, normalizeAddress, sameAddress } from "../chains/address";
import { USDC } from "../chains/balances";
import { config } from "../config";
import type { Db } from "../db/client";
import { planExecutions, plans } from "../db/schema";
import type { z } from "zod";
import { type Blocker, blocker } from "../http/codes";
import { ApiError, fieldError } from "../http/errors";
import { recordDeposit, recordLegs, recordWithdrawal } from "../ledger/record";
import type { PlanRow } from "../plans/store";
import { broadcastEnabled, chainLabelOf } from "../chains/launch";
import { readVenueIndex, receiptFor } from "../venues/readers";
import type { ExecutedEffects } from "../venues/shared/receipt";
import { forgetWorth } from "../venues/worth";
import { nudgeWebhookWorker } from "../webhooks/worker";
import { type AssetChanges, confirmTx, isTxIdOf } from "./confirm";
import type { executeDoneSchema, executeWaitingSchema } from "./schemas";
import { senderOfSigned, submitSigned } from "./submit";

export type ExecuteInput = { planId: string; digest: string } | { planId: string; signedTransaction: string; signatures?: string[] };

const SCHEMA = "svc-execute.v1" as const;

type Done = { status: 200; body: z.input<typeof executeDoneSchema> };
type Waiting = { status: 202; body: z.input<typeof executeWaitingSchema> };
type Blocked = { status: 422; body: { schemaVersion: typeof SCHEMA; status: "blocked"; planId: string; digest: string | null; blockers: Blocker[] } };
export type ExecuteReply = Done | Waiting | Blocked;

const blocked = (planId: string, digest: string | null, ...blockers: Blocker[]): Blocked => ({
  status: 422,
  body: { schemaVersion: SCHEMA, status: "blocked", planId, digest, blockers },
});

function waiting(plan: PlanRow, status: "pending" | "prepared", digest: string | null, submitted: boolean, reason: string): Waiting {
  const chain = plan.chain as ChainId;
  return {
    status: 202,
    body: {
      schemaVersion: SCHEMA,
      status,
      planId: plan.id,
      chain,
      strategyId: plan.strategyId,
      amountMicros: plan.amountMicros.toString(),
      digest,
      submitted,
      settled: false,
      ownerMustSign: status === "prepared",
      broadcastEnabled: broadcastEnabled(chain),
      executionMode: config().SVC_EXECUTION_MODE,
      reason,
    },
  };
}

/** The stored answer of an executed plan, or why this request cannot reuse it. */
function replay(planId: string, row: typeof planExecutions.$inferSelect, digest: string | null): ExecuteReply {
  if (digest !== null && row.txId === digest) return { status: 200, body: row.result as Done["body"] };
  return blocked(planId, digest, blocker("plan_already_executed", `The plan was already executed by transaction ${row.txId}.`));
}

export function executeDeposit(db: Db, input: ExecuteInput): Promise<ExecuteReply> {
  return executePlan(db, input, "deposit");
}

/** POST /svc/swap/execute: a swap signed by its owner, confirmed on chain and written to the activity log (issue 23). */
export function executeSwap(db: Db, input: ExecuteInput): Promise<ExecuteReply> {
  return executePlan(db, input, "swap");
}

export function executeWithdraw(db: Db, input: ExecuteInput): Promise<ExecuteReply> {
  return executePlan(db, input, "withdraw");
}

/**
 * The venue's own mark of a confirmed deposit or withdraw (its share token arriving or leaving, its event), or the answer without it:
 * pending when the mark cannot be read now, blocked tx_not_venue_deposit when the transaction lacks it. Without it the
 * outflow could have gone anywhere, and the ledger would show a position the chain does not hold.
 */
async function receiptMissing(
  plan: PlanRow,
  kind: "deposit" | "withdraw",
  c: ExecutedEffects,
  digest: string,
  submitted: boolean,
  deposited: bigint,
  change: bigint,
): Promise<ExecuteReply | null> {
  const receipt = receiptFor(plan.strategyId ?? "");
  if (!receipt || !plan.owner) return null;
  const shown = kind === "deposit" ? await receipt.deposit(c, plan.owner, deposited) : await receipt.withdraw(c, plan.owner);
  if (shown.state === "unknown") return waiting(plan, "pending", digest, submitted, shown.reason);
  if (shown.state === "shown") return null;
  const moved = kind === "deposit" ? `moves ${-change} micro-USDC out of the owner's wallet` : `brings ${change} micro-USDC to the owner's wallet`;
  return blocked(plan.id, digest, blocker(kind === "deposit" ? "tx_not_venue_deposit" : "tx_not_venue_withdraw", `${digest} ${moved}, but ${shown.reason}; nothing is recorded.`));
}

async function executePlan(db: Db, input: ExecuteInput, kind: "deposit" | "withdraw" | "swap"): Promise<ExecuteReply> {
  const [plan] = await db.select().from(plans).where(eq(plans.id, input.planId));
  if (!plan) throw new ApiError("NOT_FOUND", `plan ${input.planId} not found`);
  const chain = plan.chain as ChainId;
  const asked = "digest" in input ? input.digest : null;
  if (plan.kind !== kind || plan.status !== "prepared" || (kind !== "swap" && !plan.strategyId)) {
    return blocked(plan.id, asked, blocker("plan_not_executable", `Plan ${plan.id} is a ${plan.status} ${plan.kind} plan, not a prepared ${kind} plan.`));
  }
  if (chainLabelOf(chain) === "Map") return blocked(plan.id, asked, blocker("map_chain_prepare_only"));
  if (!plan.owner) return blocked(plan.id, asked, blocker("owner_required", `The ${kind} plan has no owner; prepare it again with owner to execute it.`));
  if (asked !== null && !isTxIdOf(chain, asked)) {
    throw fieldError("INVALID_REQUEST", "body.digest", `must be a ${chain} transaction id`);
  }
  const [done] = await db.select().from(planExecutions).where(eq(planExecutions.planId, plan.id));
  if (done) return replay(plan.id, done, asked);

  let digest: string;
  let submitted = false;
  if ("signedTransaction" in input) {
    const sender = senderOfSigned(chain, input.signedTransaction);
    if (!sameAddress(sender, plan.owner)) return blocked(plan.id, null, blocker("sender_not_owner", `The signed transaction's sender ${sender} is not the plan's owner.`));
    if (!broadcastEnabled(chain)) {
      return waiting(plan, "prepared", null, false, `The server does not broadcast (SVC_EXECUTION_MODE=${config().SVC_EXECUTION_MODE}): execute the signed transaction from the wallet and post its digest.`);
    }
    const sub = await submitSigned(chain, input.signedTransaction, input.signatures ?? []);
    if (!sub.ok) {
      if (sub.unreachable) return waiting(plan, "pending", null, false, `rpc_unavailable: ${sub.message}; nothing was submitted or credited`);
      return blocked(plan.id, null, blocker("submit_rejected", `The ${chain} RPC refused the transaction: ${sub.message}`));
    }
    digest = sub.digest;
    submitted = true;
  } else {
    digest = input.digest;
  }

  const [used] = await db.select().from(planExecutions).where(and(eq(planExecutions.chain, chain), eq(planExecutions.txId, digest)));
  // A concurrent execute of this plan may have settled since the first read: answer it as a replay, not a reuse.
  if (used?.planId === plan.id) return replay(plan.id, used, asked);
  if (used) return blocked(plan.id, digest, blocker("digest_already_used", `Transaction ${digest} already proves plan ${used.planId}.`));

  const c = await confirmTx(chain, digest);
  if (c.state === "pending") return waiting(plan, "pending", digest, submitted, c.reason);
  if (c.state === "failed") return blocked(plan.id, digest, blocker("tx_failed", c.reason));
  if (!c.sender || !sameAddress(c.sender, plan.owner)) {
    return blocked(plan.id, digest, blocker("sender_not_owner", `The transaction's sender ${c.sender ?? "(unknown)"} is not the plan's owner ${plan.owner}.`));
  }
  if (kind === "swap") return settleSwap(db, plan, plan.owner, digest, submitted, c.assets);
  const change = c.usdc.get(normalizeAddress(plan.owner)) ?? 0n;
  const settled = settledUsdc(plan, kind, change, digest);
  if ("status" in settled) return settled;
  const { deposited, amountInSource } = settled;
  const unproven = await receiptMissing(plan, kind, c, digest, submitted, deposited, change);
  if (unproven) return unproven;

  const strategyId = plan.strategyId ?? "";
  const owner = plan.owner;
  const idx = kind === "deposit" ? await readVenueIndex(strategyId) : null;
  const reply = await db.transaction(async (tx): Promise<ExecuteReply | { rollback: Blocked }> => {
    await tx.select({ id: plans.id }).from(plans).where(eq(plans.id, plan.id)).for("update");
    const [again] = await tx.select().from(planExecutions).where(eq(planExecutions.planId, plan.id));
    if (again) return replay(plan.id, again, digest);
    const inserted = await tx
      .insert(planExecutions)
      .values({ planId: plan.id, kind, chain, txId: digest, status: "settled", result: {} })
      .onConflictDoNothing()
      .returning({ planId: planExecutions.planId });
    if (inserted.length === 0) return { rollback: blocked(plan.id, digest, blocker("digest_already_used", `Transaction ${digest} already proves another plan.`)) };
    const rec =
      kind === "deposit"
        ? await recordDeposit(tx, {
            wallet: owner,
            chain,
            token: "USDC",
            venueId: strategyId,
            amountMicros: deposited,
            txId: digest,
            confirmedAt: new Date(),
            amountInSource,
            index: idx?.ok ? idx.index : null,
            ...continuationLeg(plan),
          })
        : await recordWithdrawal(tx, { wallet: owner, chain, token: "USDC", venueId: strategyId, arrivedMicros: change, plannedMicros: plan.amountMicros, planId: plan.id, txId: digest, confirmedAt: new Date() });
    const body: Done["body"] = {
      schemaVersion: SCHEMA,
      status: "done",
      planId: plan.id,
      chain,
      strategyId,
      amountMicros: plan.amountMicros.toString(),
      settledMicros: (kind === "deposit" ? deposited : change).toString(),
      digest,
      submitted,
      settled: true,
      position: { liquidMicros: rec.liquidMicros.toString(), stakedMicros: rec.stakedMicros.toString() },
    };
    await tx.update(planExecutions).set({ result: body, updatedAt: new Date() }).where(eq(planExecutions.planId, plan.id));
    return { status: 200, body };
  });
  if ("rollback" in reply) return reply.rollback;
  // The position moved on chain: the next portfolio read asks the chain again instead of a kept figure.
  forgetWorth(strategyId, owner);
  if (reply.status === 200) nudgeWebhookWorker();
  return reply;
}

/**
 * What a confirmed deposit or withdraw settled, from the owner's USDC change in it, or why it is refused. A deposit: the
 * outflow less the USDC fees the plan disclosed must cover the plan; a withdraw must bring USDC to the owner, and what
 * arrived is what the ledger records. `amountInSource` says whose figure a deposit records: the chain's when it is what
 * the transaction moved, the plan's when the transaction moved more and the ledger keeps to the plan.
 */
function settledUsdc(plan: PlanRow, kind: "deposit" | "withdraw", change: bigint, digest: string): { deposited: bigint; amountInSource: "chain" | "plan" } | Blocked {
  const fees = kind === "deposit" ? disclosedUsdcFees(plan) : 0n;
  const arrived = -change - fees;
  // Never more than the plan's amount: an outflow beyond the amount and its disclosed fees is not proven to have reached
  // the position (any transaction the owner sent can be reported), so the ledger does not overstate it; reconciliation
  // reports a position that holds more as drift.
  const deposited = arrived < plan.amountMicros ? arrived : plan.amountMicros;
  if (kind === "deposit" && arrived < plan.amountMicros) {
    const disclosed = fees > 0n ? ` and discloses ${fees} micro-USDC of fees` : "";
    return blocked(
      plan.id,
      digest,
      blocker("tx_amount_mismatch", `The transaction moves ${-change > 0n ? -change : 0n} micro-USDC out of the owner's wallet; the plan deposits ${plan.amountMicros}${disclosed}.`),
    );
  }
  if (kind === "withdraw" && change <= 0n) {
    return blocked(plan.id, digest, blocker("tx_amount_mismatch", `The transaction brings no USDC to the owner's wallet (${change} micro-USDC); the plan withdraws ${plan.amountMicros}.`));
  }
  return { deposited, amountInSource: deposited === arrived ? "chain" : "plan" };
}

/**
 * The USDC fees a deposit plan disclosed (its answer's `fees` in the chain's USDC, the network fee aside): they leave the
 * owner's wallet beside what the venue receives, so what arrived in the position is the outflow less them.
 */
export function disclosedUsdcFees(plan: Pick<PlanRow, "chain" | "payload">): bigint {
  const chain = plan.chain as ChainId;
  const fees = (plan.payload as { fees?: { kind?: string; amountMicros?: string | null; asset?: string }[] } | null)?.fees ?? [];
  return fees
    .filter((f) => f.kind !== "network" && typeof f.amountMicros === "string" && /^[0-9]+$/.test(f.amountMicros) && f.asset !== undefined && sameUsdc(chain, f.asset))
    .reduce((sum, f) => sum + BigInt(f.amountMicros as string), 0n);
}

const sameUsdc = (chain: ChainId, asset: string): boolean => {
  if (chain !== "move-chain") return sameAddress(asset, USDC[chain]);
  try {
    return normalizeStructTag(asset) === normalizeStructTag(USDC[chain]);
  } catch {
    return false; // not a coin type
  }
};

/**
 * Where a deposit's leg goes: its own plan's leg 0, or, for a bridge's continuation (server/execute/bridge.ts), leg 2 of
 * the bridge plan, staked from the liquid USDC the delivery credited (never credited twice).
 */
function continuationLeg(plan: PlanRow): { planId: string; legIndex: number; fromLiquid?: boolean; quotedAmountOutMicros?: bigint } {
  const p = plan.payload as { continuationOf?: string; legIndex?: number; quotedDeposit?: string };
  if (!p.continuationOf) return { planId: plan.id, legIndex: 0 };
  return { planId: p.continuationOf, legIndex: p.legIndex ?? 2, fromLiquid: true, quotedAmountOutMicros: p.quotedDeposit ? BigInt(p.quotedDeposit) : undefined };
}

/** An asset id as the confirmation keys it: Sui coin types in long form, EVM addresses lower-cased, Solana mints as is. */
function assetKey(chain: ChainId, id: string): string {
  if (chain === "move-chain") return normalizeStructTag(id);
  return id.startsWith("0x") ? id.toLowerCase() : id;
}

/**
 * A confirmed swap: what left the owner of the input token and arrived of the output token, read from the transaction
 * (never the quote), must stay within the plan (no more than amountIn out; at least minAmountOut in); the activity log
 * gets one settled swap leg with those amounts and the quote beside them. The ledger's USDC balances are not touched:
 * the swapped tokens are in the owner's wallet, not in the service's book.
 */
async function settleSwap(db: Db, plan: PlanRow, owner: string, digest: string, submitted: boolean, assets: AssetChanges): Promise<ExecuteReply> {
  const chain = plan.chain as ChainId;
  const p = plan.payload as { inputToken: string; outputToken: string; minAmountOut: string | null; quote: { outAmount: string } | null };
  const mine = assets.get(normalizeAddress(owner)) ?? new Map<string, bigint>();
  const sent = -(mine.get(assetKey(chain, p.inputToken)) ?? 0n);
  const got = mine.get(assetKey(chain, p.outputToken)) ?? 0n;
  const min = p.minAmountOut === null ? null : BigInt(p.minAmountOut);
  const wrong =
    sent <= 0n || sent > plan.amountMicros
      ? `The transaction moves ${sent > 0n ? sent : 0n} base units of ${p.inputToken} out of the owner's wallet; the plan swaps ${plan.amountMicros}.`
      : got <= 0n || (min !== null && got < min)
        ? `The transaction brings ${got > 0n ? got : 0n} base units of ${p.outputToken} to the owner's wallet; the plan's minimum is ${min ?? "above 0"}.`
        : null;
  if (wrong) return blocked(plan.id, digest, blocker("tx_amount_mismatch", wrong));
  const reply = await db.transaction(async (tx): Promise<ExecuteReply | { rollback: Blocked }> => {
    await tx.select({ id: plans.id }).from(plans).where(eq(plans.id, plan.id)).for("update");
    const [again] = await tx.select().from(planExecutions).where(eq(planExecutions.planId, plan.id));
    if (again) return replay(plan.id, again, digest);
    const inserted = await tx.insert(planExecutions).values({ planId: plan.id, kind: "swap", chain, txId: digest, status: "settled", result: {} }).onConflictDoNothing().returning({ planId: planExecutions.planId });
    if (inserted.length === 0) return { rollback: blocked(plan.id, digest, blocker("digest_already_used", `Transaction ${digest} already proves another plan.`)) };
    const quoted = p.quote ? BigInt(p.quote.outAmount) : null;
    await recordLegs(tx, [
      { wallet: owner, planId: plan.id, legIndex: 0, kind: "swap", chain, txId: digest, confirmedAt: new Date(), amountInMicros: sent, amountInSource: "chain", amountOutMicros: got, quotedAmountOutMicros: quoted, status: "settled", token: p.inputToken, outToken: p.outputToken },
    ]);
    const body: Done["body"] = {
      schemaVersion: SCHEMA,
      status: "done",
      planId: plan.id,
      chain,
      strategyId: null,
      amountMicros: plan.amountMicros.toString(),
      settledMicros: sent.toString(),
      digest,
      submitted,
      settled: true,
      position: null,
      swap: { inputToken: p.inputToken, outputToken: p.outputToken, amountIn: sent.toString(), amountOut: got.toString(), quotedAmountOut: quoted === null ? null : quoted.toString(), minAmountOut: p.minAmountOut },
    };
    await tx.update(planExecutions).set({ result: body, updatedAt: new Date() }).where(eq(planExecutions.planId, plan.id));
    return { status: 200, body };
  });
  return "rollback" in reply ? reply.rollback : reply;
}
