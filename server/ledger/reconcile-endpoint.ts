// POST /api/v1/svc/reconcile (keeper): one reconciliation pass now, for one wallet (its findings) or every wallet with
// positions (counts). The background job (SVC_RECONCILE_INTERVAL_S) runs the same pass.
import { z } from "zod";
import { normalizeAddress, walletAddress } from "../chains/address";
import { endpoint, ok } from "../http/endpoint";
import { isoTime } from "../http/schemas";
import { microsOutput } from "../money/amount";
import { reconcileAll, reconcileWallet } from "./reconcile";
import { WALLET_EXAMPLE } from "./schemas";
import { wire } from "./wire";

const reconcileBody = z
  .strictObject({ wallet: walletAddress.optional().meta({ description: "Reconcile only this wallet and answer its findings; omitted: every wallet with positions." }) })
  .meta({ id: "ReconcileRequest" });

const findingSchema = z
  .object({
    wallet: z.string(),
    chain: z.string(),
    token: z.string(),
    venueId: z.string(),
    status: z.enum(["agrees", "drift", "unreadable"]).meta({ description: "agrees within the tolerance (10 micros + 10 ppm); drift; unreadable: the chain did not answer, nothing concluded." }),
    recordedMicros: microsOutput.meta({ description: "The ledger's staked principal." }),
    expectedMicros: microsOutput.nullable().meta({ description: "What the ledger expects on chain: the principal grown by the venue's index since it was staked (the principal when the index is unknown)." }),
    chainMicros: microsOutput.nullable().meta({ description: "The owner's share balance on chain × the venue's rate; null when unreadable." }),
    driftMicros: z.string().regex(/^-?[0-9]+$/).nullable().meta({ description: "chain − expected, signed integer micros; null when unreadable." }),
    reason: z.string().nullable(),
    source: z.string().nullable(),
    checkedAt: isoTime,
    notified: z.boolean().meta({ description: "A position.drift event was emitted for this finding (new drift, or its amount moved)." }),
  })
  .meta({ id: "ReconcileFinding" });

const reconcileSchema = z
  .object({
    wallets: z.number().int(),
    positions: z.number().int(),
    drifts: z.number().int(),
    unreadable: z.number().int(),
    findings: z.array(findingSchema).nullable().meta({ description: "The wallet's findings when one wallet was asked for; null for a pass over every wallet." }),
  })
  .meta({ id: "ReconcileResult", description: "The ledger is never changed by a reconciliation: drifts are recorded and sent as position.drift." });

export const postReconcile = endpoint({
  operationId: "reconcilePositions",
  method: "POST",
  path: "/api/v1/svc/reconcile",
  summary: "Compare ledger positions with the chain now; record drifts and emit position.drift (the ledger is not changed)",
  tags: ["wallets"],
  access: "keeper.ops",
  body: reconcileBody,
  example: { body: { wallet: WALLET_EXAMPLE } },
  responses: { 200: reconcileSchema },
  handler: async ({ db, body }) => {
    if (body.wallet === undefined) return ok({ ...(await reconcileAll(db)), findings: null });
    const findings = await reconcileWallet(db, normalizeAddress(body.wallet));
    const count = (s: string) => findings.filter((f) => f.status === s).length;
    return ok(wire({ wallets: 1, positions: findings.length, drifts: count("drift"), unreadable: count("unreadable"), findings }));
  },
});
