"use client";
// The bridge walk (issue 16 item 3; issue 22 item 4): it shows only what the service knows of the plan and what the
// chains confirmed. A link (?bridgePlan=…&burnTx=…&mintTx=…) names ids; they are hints the service checks, never "Done":
//   Plan        GET /svc/plans/{planId}?sourceTxId= with the owner key: an unknown plan is "No such plan", never steps;
//   Burn        the service checks the burn id on the source chain (final, sent by the plan's owner, the plan's amount);
//               "Not confirmed yet" until it is, polled with backoff (2 s doubling to 30 s);
//   Attestation POST /svc/bridge/rescue { planId, sourceTxId } once the burn is confirmed, with the same backoff, until
//               Circle's attestation is read (the rescue checks the burn message against the locked destination);
//   Receive     the destination transaction the service built, signed by the destination wallet family; a mint id in
//               the link is only reported to the service and is done once the service recorded the delivery;
//   Delivery    POST /svc/bridge/delivery { planId, destTxId }: 202 pending is followed with the same backoff, then
//               credited / already credited / the blocker in words.
// The service never moves money the owner did not sign: it prepares, the owner's wallets sign both transactions.
import { type UseMutationResult, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { type ReactNode, useId, useState } from "react";
import { ApiKeyField, useApiKey } from "@/components/api-key";
import { BalanceChanges, SimulationLine } from "@/components/plan/plan-summary";
import { type Continuation, ContinuationDeposit, continuationState } from "@/components/plan/bridge-continuation";
import { ErrorBox } from "@/components/ui/error-box";
import { UseWalletButton } from "@/components/wallet/use-wallet-button";
import { WalletErrorBox } from "@/components/wallet/wallet-error";
import { TxLink } from "@/components/ui/tx-link";
import { FAMILY_NAMES, familyOfChain, useWallet } from "@/components/wallet/store";
import { isSvcApiError, unwrap } from "@svc/client";
import { type BridgeDeliveryBody, type BridgeRescueBody, EXECUTABLE_CHAINS, type PlanRecordBody } from "@/lib/api";
import { svcClient } from "@/lib/svc";
import { chainName, clause } from "@/lib/format";
import { formatTokenAmount } from "@/lib/money";

/** Bridges move Circle USDC (6 decimals on every chain). */
const USDC_UNITS = { symbol: "USDC", decimals: 6 };

/** Blockers after which asking again later can succeed (Circle not done yet, a chain or Iris not answering). */
const WAITING = new Set(["attestation_pending", "attestation_unavailable", "source_rpc_unavailable", "rpc_unavailable", "burn_not_found"]);

/** The n-th wait between two checks: 2 s, 4 s, 8 s, 16 s, then every 30 s. */
export function backoffMs(n: number): number {
  return Math.min(2000 * 2 ** Math.max(0, n - 1), 30_000);
}

type StepState = "done" | "checking" | "waiting" | "ready" | "blocked" | "idle";

const STATE_WORDS: Record<StepState, string> = {
  done: "Done",
  checking: "Not confirmed yet",
  waiting: "Waiting",
  ready: "Your signature is needed",
  blocked: "Stopped",
  idle: "Not yet",
};

function Step({ n, title, state, testId, children }: { n: number; title: string; state: StepState; testId: string; children: ReactNode }) {
  return (
    <li className="walk-step" data-testid={testId} data-state={state}>
      <h4 className="small">
        {n}. {title}: <span className={`badge ${state === "done" ? "badge-exec" : state === "blocked" ? "badge-warn" : "badge-map"}`}>{STATE_WORDS[state]}</span>
      </h4>
      {children}
    </li>
  );
}

const sameAddress = (chain: string, a: string, b: string) => (chain === "svm-chain" ? a === b : a.toLowerCase() === b.toLowerCase());

export interface BridgeWalkProps {
  planId: string;
  /** The burn transaction id from the link: a hint the service checks on the source chain. */
  sourceTxId: string;
  /** The mint transaction on the destination from the link, once signed: a hint reported to the service. */
  destTxId: string | null;
  onReceiveSigned: (destTxId: string) => void;
}

export function BridgeWalk({ planId, sourceTxId, destTxId, onReceiveSigned }: BridgeWalkProps) {
  const [key, setKey] = useApiKey();
  const qc = useQueryClient();
  const hintId = useId();
  const record = useQuery({
    queryKey: ["svc", "plan-record", planId, sourceTxId, key],
    enabled: key !== "",
    queryFn: ({ signal }) =>
      unwrap(svcClient(key).GET("/api/v1/svc/plans/{planId}", { params: { path: { planId }, query: { sourceTxId } }, signal })),
    // Until the source chain confirms the burn, ask again, slower each time.
    refetchInterval: (q) => (q.state.data?.bridge?.burn.state === "not_confirmed" ? backoffMs(q.state.dataUpdateCount) : false),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
  });
  const [ownerRefused, setOwnerRefused] = useState(false);
  const refused = (e: unknown) => isSvcApiError(e) && (e.status === 401 || e.status === 403);
  // A key the service does not accept for this plan (unknown, or without its wallet in scope): ask for another.
  const keyRefused = refused(record.error) || ownerRefused;
  const rec = record.data ?? null;
  const unknownPlan = isSvcApiError(record.error) && record.error.status === 404;

  return (
    <section className="plan bridge-walk" data-testid="bridge-walk" aria-labelledby={`${hintId}-h`}>
      <h3 id={`${hintId}-h`}>
        Follow bridge <span className="mono">{planId}</span>
        {rec?.destChain && (
          <>
            : {chainName(rec.chain)} → {chainName(rec.destChain)}
          </>
        )}
      </h3>
      {(key === "" || keyRefused) && (
        <>
          <p className="muted small" data-testid="walk-needs-key">
            The walk shows what the service knows of this plan and what the chains confirmed; reading the plan, Circle&apos;s
            attestation and crediting the delivery go through owner-only endpoints: enter the owner API key of the plan&apos;s wallet.
          </p>
          <ApiKeyField value={key} onChange={setKey} />
        </>
      )}
      {unknownPlan ? (
        <div className="alert" role="alert" data-testid="walk-no-plan">
          <h4>No such plan</h4>
          <p>
            The service has no plan <span className="mono">{planId}</span>: the link is wrong or the plan was never prepared. Nothing is
            shown for it.
          </p>
          <p>
            <Link href="/swap">Back to swap and bridge</Link>
          </p>
        </div>
      ) : record.error && !keyRefused ? (
        <ErrorBox error={record.error} title="The service could not read this plan." onRetry={() => void record.refetch()} />
      ) : key !== "" && !rec && !keyRefused ? (
        <p className="small" role="status">
          Reading plan {planId} from the service…
        </p>
      ) : rec && (rec.kind !== "bridge" || !rec.bridge) ? (
        <p className="error-text" role="alert" data-testid="walk-not-bridge">
          Plan <span className="mono">{planId}</span> is a {rec.kind} plan, not a bridge: there is nothing to follow here.
        </p>
      ) : rec && rec.status !== "prepared" ? (
        <p className="error-text" role="alert" data-testid="walk-not-bridge">
          Plan <span className="mono">{planId}</span> was blocked when it was prepared: nothing was offered to sign, so there is no burn to follow.
        </p>
      ) : rec?.bridge ? (
        <WalkSteps
          rec={rec}
          bridge={rec.bridge}
          apiKey={key}
          sourceTxId={sourceTxId}
          destTxId={destTxId}
          recordFetching={record.isFetching}
          recordUpdatedAt={record.dataUpdatedAt}
          recordAnswers={qc.getQueryState(["svc", "plan-record", planId, sourceTxId, key])?.dataUpdateCount ?? 0}
          onCheckBurn={() => void record.refetch()}
          onReceiveSigned={onReceiveSigned}
          onOwnerRefused={setOwnerRefused}
          hintId={hintId}
        />
      ) : null}
    </section>
  );
}

interface WalkStepsProps {
  rec: PlanRecordBody;
  bridge: NonNullable<PlanRecordBody["bridge"]>;
  apiKey: string;
  sourceTxId: string;
  destTxId: string | null;
  recordFetching: boolean;
  recordUpdatedAt: number;
  recordAnswers: number;
  onCheckBurn: () => void;
  onReceiveSigned: (destTxId: string) => void;
  onOwnerRefused: (refused: boolean) => void;
  hintId: string;
}

function WalkSteps({ rec, bridge, apiKey: key, sourceTxId, destTxId, recordFetching, recordUpdatedAt, recordAnswers, onCheckBurn, onReceiveSigned, onOwnerRefused, hintId }: WalkStepsProps) {
  const w = useWallet();
  const qc = useQueryClient();
  const planId = rec.planId;
  const sourceChain = rec.chain;
  const burnConfirmed = bridge.burn.state === "confirmed";

  // Circle's attestation is asked for only once the source chain confirmed the burn.
  const rescue = useRescue(planId, sourceTxId, key, burnConfirmed, onOwnerRefused);
  const r = rescue.data ?? null;
  // How many answers so far: the next check waits backoffMs(answers) (the query's own refetchInterval).
  const answers = qc.getQueryState(["svc", "bridge-rescue", planId, sourceTxId, key])?.dataUpdateCount ?? 0;
  const blockers = r?.blockers ?? [];
  const rescueDelivered = blockers.some((b) => b.code === "already_delivered");
  const mismatch = blockers.find((b) => b.code === "recipient_mismatch") ?? null;
  const waiting = r?.status === "blocked" && blockers.some((b) => WAITING.has(b.code));
  const attested = r?.status === "prepared";
  const receiveTx = attested ? (r?.transactions[0] ?? null) : null;
  const destChain = rec.destChain;
  const destAddress = rec.destAddress;

  const sign = useMutation({
    mutationFn: async () => {
      if (!receiveTx) throw new Error("No receive transaction to sign yet.");
      const signer = w.signer;
      if (!signer) throw new Error("No wallet is ready to sign.");
      return signer.signAndSend(receiveTx);
    },
    onSuccess: (txId) => onReceiveSigned(txId),
  });
  const mintTx = destTxId ?? sign.data ?? null;
  // ---- what the service recorded: a delivery proven on the destination chain ----
  const recorded = bridge.delivery;
  // A delivery recorded earlier is asked again too (it credits nothing twice): its answer carries the continuation.
  const delivery = useDelivery(planId, mintTx ?? (recorded.state === "delivered" ? recorded.destTxId : null), key);
  const d = delivery.data ?? null;
  // The plan's continuing venue (a cross-chain deposit), as the service stored it.
  const continueTo = (rec as PlanRecordBody & { strategyId?: string | null }).strategyId ?? null;
  const continuation = d?.status === "delivered" ? ((d as BridgeDeliveryBody & { continuation?: Continuation | null }).continuation ?? null) : null;

  const delivered = d?.status === "delivered" || recorded.state === "delivered" || rescueDelivered;
  const provenTx = d?.status === "delivered" ? d.destTxId : recorded.state === "delivered" ? recorded.destTxId : null;
  const mintRefused = mintTx !== null && !delivered && (delivery.error !== null || d?.status === "failed");

  // ---- the receive step's signing requirements ----
  const needed = destChain ? familyOfChain(destChain) : null;
  const signReason = receiveSignReason(destChain, destAddress, needed, w.account);

  const burnState: StepState = mismatch ? "blocked" : burnConfirmed ? "done" : bridge.burn.state === "not_confirmed" ? "checking" : "blocked";
  const attestationState: StepState =
    delivered || attested ? "done" : !burnConfirmed || mismatch ? "idle" : rescue.error ? "blocked" : !r || waiting ? "waiting" : "blocked";
  const receiveState: StepState = delivered ? "done" : mintRefused ? "blocked" : mintTx ? "checking" : receiveTx ? "ready" : "idle";
  const deliveryState: StepState = delivered ? "done" : delivery.error || d?.status === "failed" ? "blocked" : mintTx ? "waiting" : "idle";

  const amount = r?.burn ? formatTokenAmount(r.burn.amountMicros, USDC_UNITS) : null;
  const showSign = receiveTx !== null && !delivered && (mintTx === null || mintRefused);

  return (
    <>
      {rescue.error && !(isSvcApiError(rescue.error) && (rescue.error.status === 401 || rescue.error.status === 403)) && (
        <ErrorBox error={rescue.error} title="The service could not follow this bridge." onRetry={() => void rescue.refetch()} />
      )}
      <ol className="walk-steps">
        <Step n={1} title="Burn on the source chain" state={burnState} testId="step-burn">
          <BurnStatus
            burn={bridge.burn}
            mismatch={mismatch}
            sourceChain={sourceChain}
            sourceTxId={sourceTxId}
            amount={amount}
            recordFetching={recordFetching}
            recordUpdatedAt={recordUpdatedAt}
            recordAnswers={recordAnswers}
            onCheckBurn={onCheckBurn}
          />
        </Step>

        <Step n={2} title="Circle's attestation" state={attestationState} testId="step-attestation">
          <AttestationStatus
            rescue={rescue}
            answers={answers}
            sourceChain={sourceChain}
            burnConfirmed={burnConfirmed}
            mismatch={mismatch !== null}
            delivered={delivered}
            waiting={waiting}
            amount={amount}
          />
        </Step>

        <Step n={3} title="Receive on the destination chain" state={receiveState} testId="step-receive">
          <div className="small">
            {destAddress && destChain && <LockedDestination destChain={destChain} destAddress={destAddress} />}
            <ReceiveStatus destChain={destChain} delivered={delivered} provenTx={provenTx} mintTx={mintTx} mintRefused={mintRefused} delivery={delivery} receiveTx={receiveTx} />
            {showSign && receiveTx && <SignReceive receiveTx={receiveTx} signReason={signReason} needed={needed} sign={sign} hintId={hintId} destAddress={destAddress} />}
          </div>
        </Step>

        <Step n={4} title="Delivery credited by the service" state={deliveryState} testId="step-delivery">
          <DeliveryStatus mintTx={mintTx} delivered={delivered} delivery={delivery} />
        </Step>

        {(continuation || continueTo) && destChain && destAddress && (
          <Step n={5} title={`Deposit into ${continuation?.strategyId ?? continueTo}`} state={continuation ? continuationState(continuation) : "idle"} testId="step-continuation">
            <div className="small">
              {continuation ? (
                <ContinuationDeposit continuation={continuation} destChain={destChain} destAddress={destAddress} apiKey={key} />
              ) : (
                <p className="muted">Offered once the delivery is credited: your destination wallet signs the deposit then, built and simulated for what arrived.</p>
              )}
            </div>
          </Step>
        )}
      </ol>
    </>
  );
}

type Family = NonNullable<ReturnType<typeof familyOfChain>>;
type Blocker = NonNullable<BridgeRescueBody["blockers"]>[number];
type ReceiveTx = BridgeRescueBody["transactions"][number];

/** POST /svc/bridge/rescue once the burn is confirmed, polled with backoff while asking again can help. */
function useRescue(planId: string, sourceTxId: string, key: string, burnConfirmed: boolean, onOwnerRefused: (refused: boolean) => void) {
  return useQuery({
    queryKey: ["svc", "bridge-rescue", planId, sourceTxId, key],
    enabled: key !== "" && burnConfirmed,
    queryFn: async ({ signal }) => {
      try {
        // The receive transactions' payloads narrowed to their encodings (lib/api-types.ts).
        const body = (await unwrap(svcClient(key).POST("/api/v1/svc/bridge/rescue", { body: { planId, sourceTxId }, signal }))) as BridgeRescueBody;
        onOwnerRefused(false);
        return body;
      } catch (e) {
        // The rescue is owner-only: a key that may read the plan but not rescue it is asked to be replaced.
        onOwnerRefused(isSvcApiError(e) && (e.status === 401 || e.status === 403));
        throw e;
      }
    },
    // Poll only while asking again can help, slower each time: never hammer the service or Circle.
    refetchInterval: (q) => {
      const d = q.state.data;
      if (!d || d.status === "prepared") return false;
      return d.blockers?.some((b) => WAITING.has(b.code)) ? backoffMs(q.state.dataUpdateCount) : false;
    },
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
  });
}

/** POST /svc/bridge/delivery for the mint id, followed with backoff while it is pending. */
function useDelivery(planId: string, mintTx: string | null, key: string) {
  return useQuery({
    queryKey: ["svc", "bridge-delivery", planId, mintTx, key],
    enabled: mintTx !== null && key !== "",
    // enabled only with a mint id: the fallback is never sent.
    queryFn: ({ signal }) => unwrap(svcClient(key).POST("/api/v1/svc/bridge/delivery", { body: { planId, destTxId: mintTx ?? "" }, signal })),
    refetchInterval: (q) => (q.state.data?.status === "pending" ? backoffMs(q.state.dataUpdateCount) : false),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
  });
}

/** Why the receive cannot be signed with the connected wallet, or null when it can. */
function receiveSignReason(destChain: string | null, destAddress: string | null, needed: Family | null, account: ReturnType<typeof useWallet>["account"]): string | null {
  if (destChain && !EXECUTABLE_CHAINS.includes(destChain)) return `${chainName(destChain)} is a Map chain: signing is disabled there until its adapters go live.`;
  if (needed && (!account || account.family !== needed)) return `The receive runs on ${chainName(destChain ?? "")}: connect your ${FAMILY_NAMES[needed]} wallet to sign it.`;
  if (destChain && destAddress && account && !sameAddress(destChain, account.address, destAddress))
    return `The receive is signed and paid by the locked destination ${destAddress}; the connected wallet is ${account.address}. Connect that wallet.`;
  return null;
}

interface BurnStatusProps {
  burn: NonNullable<PlanRecordBody["bridge"]>["burn"];
  mismatch: Blocker | null;
  sourceChain: string;
  sourceTxId: string;
  amount: string | null;
  recordFetching: boolean;
  recordUpdatedAt: number;
  recordAnswers: number;
  onCheckBurn: () => void;
}

/** Step 1: the burn as the service checked it on the source chain. */
function BurnStatus({ burn, mismatch, sourceChain, sourceTxId, amount, recordFetching, recordUpdatedAt, recordAnswers, onCheckBurn }: BurnStatusProps) {
  return (
    <div className="small" data-testid="burn-status" role="status">
      {mismatch ? (
        <p className="error-text">
          <TxLink chain={sourceChain} txId={sourceTxId} testId="burn-tx" /> is not this plan&apos;s burn: {mismatch.message}
        </p>
      ) : burn.state === "confirmed" ? (
        <p>
          Confirmed on {chainName(sourceChain)}{amount ? <> ({amount} burned)</> : null}: <TxLink chain={sourceChain} txId={sourceTxId} testId="burn-tx" />
        </p>
      ) : burn.state === "not_confirmed" ? (
        <p>
          The link names <TxLink chain={sourceChain} txId={sourceTxId} testId="burn-tx" />; {chainName(sourceChain)} has not confirmed it
          as this plan&apos;s burn yet ({burn.reason ?? "no answer yet"}). Checked{" "}
          {recordUpdatedAt ? new Date(recordUpdatedAt).toLocaleTimeString() : "just now"}; checking again in about{" "}
          {Math.round(backoffMs(recordAnswers) / 1000)} s, less often each time.{" "}
          <button type="button" className="btn btn-small" disabled={recordFetching} onClick={onCheckBurn}>
            {recordFetching ? "Checking…" : "Check now"}
          </button>
        </p>
      ) : (
        <p className="error-text" data-testid="burn-problem">
          The link&apos;s burn transaction{" "}
          {burn.state === "invalid" ? <span className="mono" data-testid="burn-tx">{sourceTxId}</span> : <TxLink chain={sourceChain} txId={sourceTxId} testId="burn-tx" />} is
          not this plan&apos;s burn: {burn.reason ?? burn.state}
        </p>
      )}
    </div>
  );
}

interface AttestationStatusProps {
  rescue: ReturnType<typeof useRescue>;
  answers: number;
  sourceChain: string;
  burnConfirmed: boolean;
  mismatch: boolean;
  delivered: boolean;
  waiting: boolean;
  amount: string | null;
}

/** Step 2: Circle's attestation as the rescue read it (waiting, attested, or why the receive cannot be built). */
function AttestationStatus({ rescue, answers, sourceChain, burnConfirmed, mismatch, delivered, waiting, amount }: AttestationStatusProps) {
  const r = rescue.data ?? null;
  const blockers = r?.blockers ?? [];
  const attested = r?.status === "prepared";
  return (
    <div className="small" data-testid="attestation-status" role="status">
      {delivered && !attested && !r ? (
        <p>Attested and delivered: the service recorded the delivery.</p>
      ) : !burnConfirmed || mismatch ? (
        <p className="muted">Read once {chainName(sourceChain)} confirms this plan&apos;s burn.</p>
      ) : !r && rescue.isPending ? (
        <p>Asking the service for Circle&apos;s attestation…</p>
      ) : blockers.some((b) => b.code === "already_delivered") ? (
        <p>Attested and already delivered: {blockers.find((b) => b.code === "already_delivered")?.message}</p>
      ) : attested ? (
        <p>
          Attested by Circle{r?.burn ? <> (message nonce {r.burn.nonce}, {amount})</> : null}.
        </p>
      ) : r && waiting ? (
        <>
          <p>
            {blockers.some((b) => b.code === "attestation_unavailable") ? "Circle's attestation service is unavailable" : "Waiting for Circle"}:{" "}
            {blockers.map((b) => b.message).join(" ")}
          </p>
          {r.burn && (
            <p data-testid="burn-listed">
              Circle lists the burn: message nonce {r.burn.nonce}, {amount}, not attested yet.
            </p>
          )}
          <p className="muted">
            Checked {rescue.dataUpdatedAt ? new Date(rescue.dataUpdatedAt).toLocaleTimeString() : "just now"}; checking again in about{" "}
            {Math.round(backoffMs(answers) / 1000)} s, less often each time.{" "}
            <button type="button" className="btn btn-small" disabled={rescue.isFetching} onClick={() => void rescue.refetch()}>
              {rescue.isFetching ? "Checking…" : "Check now"}
            </button>
          </p>
        </>
      ) : r ? (
        <div className="error-text" data-testid="attestation-blocked">
          <p>The receive cannot be built:</p>
          <ul>
            {blockers.map((b) => (
              <li key={b.code}>
                {b.message} <span className="muted">({b.code})</span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}

/** Step 3's first line: where the mint goes, as the plan recorded it. */
function LockedDestination({ destChain, destAddress }: { destChain: string; destAddress: string }) {
  return (
    <p>
      Minted only to your locked destination on {chainName(destChain)}:{" "}
      <span className="mono" data-testid="locked-destination">
        {destAddress}
      </span>{" "}
      (recorded in the plan; the service cannot change it).
    </p>
  );
}

interface ReceiveStatusProps {
  destChain: string | null;
  delivered: boolean;
  provenTx: string | null;
  mintTx: string | null;
  mintRefused: boolean;
  delivery: ReturnType<typeof useDelivery>;
  receiveTx: ReceiveTx | null;
}

/** Step 3: the receive (mint) transaction: recorded, refused, being checked, or not built yet. */
function ReceiveStatus({ destChain, delivered, provenTx, mintTx, mintRefused, delivery, receiveTx }: ReceiveStatusProps) {
  const d = delivery.data ?? null;
  return delivered ? (
    provenTx ? (
      <p>
        Received, confirmed on {chainName(destChain ?? "")} and recorded by the service: <TxLink chain={destChain} txId={provenTx} testId="receive-tx" />
        {mintTx && mintTx !== provenTx && (
          <span data-testid="receive-other">
            {" "}
            (the link&apos;s <span className="mono">{mintTx}</span> is not the transaction the service recorded)
          </span>
        )}
      </p>
    ) : (
      <p>Received already (the service recorded its delivery).</p>
    )
  ) : mintRefused ? (
    <p className="error-text" data-testid="receive-problem">
      The service did not accept <span className="mono">{mintTx}</span> as this plan&apos;s receive:{" "}
      {delivery.error ? delivery.error.message : (d?.error ?? "reported failed")}
    </p>
  ) : mintTx ? (
    <p data-testid="receive-checking">
      Sent: <TxLink chain={destChain} txId={mintTx} testId="receive-tx" />; not confirmed yet: the service is checking it on{" "}
      {chainName(destChain ?? "")}
      {d?.reason ? <> ({d.reason})</> : null}.
    </p>
  ) : !receiveTx ? (
    <p className="muted">Built once Circle&apos;s attestation is read.</p>
  ) : null;
}

interface SignReceiveProps {
  receiveTx: ReceiveTx;
  signReason: string | null;
  needed: Family | null;
  sign: UseMutationResult<string, Error, void>;
  hintId: string;
  /** The owner-locked destination: the receive's signer and the one its simulated changes call "You". */
  destAddress: string | null;
}

/** Step 3's signing: what the receive does, its simulation, and the button for the destination wallet. */
function SignReceive({ receiveTx, signReason, needed, sign, hintId, destAddress }: SignReceiveProps) {
  return (
    <>
      <p data-testid="receive-description">{receiveTx.description}</p>
      <p>
        <SimulationLine sim={receiveTx.simulation} chain={receiveTx.chain} />
        {receiveTx.simulation?.status === "ok" && receiveTx.simulation.changes && (
          <>
            <br />
            {/* What arrives with the receive, from the destination chain's simulation of it. */}
            <BalanceChanges changes={receiveTx.simulation.changes} signer={destAddress} at={receiveTx.simulation.at} chain={receiveTx.chain} />
          </>
        )}
      </p>
      {signReason && needed && <UseWalletButton family={needed} />}{" "}
      <button
        type="button"
        className="btn btn-primary"
        data-testid="sign-receive"
        disabled={signReason !== null || sign.isPending}
        aria-describedby={signReason ? `${hintId}-sign` : undefined}
        onClick={() => sign.mutate()}
      >
        {sign.isPending ? "Waiting for your wallet…" : `Sign the receive${needed ? ` with your ${FAMILY_NAMES[needed]} wallet` : ""}`}
      </button>
      {signReason && (
        <p id={`${hintId}-sign`} className="muted" data-testid="receive-sign-reason">
          {signReason}
        </p>
      )}
      {sign.error && <WalletErrorBox error={sign.error} title="Signing did not complete." onRetry={() => sign.reset()} />}
    </>
  );
}

/** Step 4: the delivery as the service credited it (pending, failed, credited, or credited earlier). */
function DeliveryStatus({ mintTx, delivered, delivery }: { mintTx: string | null; delivered: boolean; delivery: ReturnType<typeof useDelivery> }) {
  const d = delivery.data ?? null;
  return (
    <div className="small" data-testid="delivery-status" role="status">
      {!mintTx ? (
        <p className="muted">{delivered ? "The service recorded this delivery already." : "After the receive is signed, the service checks it on chain and credits it once."}</p>
      ) : delivery.error ? (
        <p className="error-text">
          The service did not credit it: {delivery.error.message}
          {isSvcApiError(delivery.error) && <span className="muted"> ({delivery.error.code})</span>}{" "}
          <button type="button" className="btn btn-small" onClick={() => void delivery.refetch()}>
            Check again
          </button>
        </p>
      ) : !d ? (
        <p>Reporting the receive to the service…</p>
      ) : d.status === "pending" ? (
        <p>
          Waiting for {chainName(d.destChain)} to confirm the mint: {clause(d.reason ?? "not final yet")}. Checking again, less often each time.
        </p>
      ) : d.status === "failed" ? (
        <p className="error-text">The delivery was reported failed: {clause(d.error ?? "no reason given")}.</p>
      ) : d.credited ? (
        <p data-testid="delivery-credited">
          Credited {d.creditedMicros !== null ? formatTokenAmount(d.creditedMicros, USDC_UNITS) : "(amount unknown)"} to{" "}
          <span className="mono">{d.destAddress}</span> on {chainName(d.destChain)}.
        </p>
      ) : (
        <p data-testid="delivery-already">
          Already credited: {d.creditedMicros !== null ? formatTokenAmount(d.creditedMicros, USDC_UNITS) : "(amount unknown)"} reached{" "}
          <span className="mono">{d.destAddress}</span> earlier; nothing was credited again.
        </p>
      )}
    </div>
  );
}

/** Resume a bridge signed earlier: its plan id and the burn transaction id. */
export function ResumeBridge({ onResume }: { onResume: (planId: string, sourceTxId: string) => void }) {
  const id = useId();
  const [planId, setPlanId] = useState("");
  const [tx, setTx] = useState("");
  const ok = /^pln_[0-9A-Za-z]+$/.test(planId) && tx.length > 0;
  return (
    <details className="resume-bridge">
      <summary>Follow a bridge you signed earlier</summary>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (ok) onResume(planId, tx);
        }}
      >
        <div className="form-row">
          <div className="field">
            <label htmlFor={`${id}-plan`}>Plan id</label>
            <input id={`${id}-plan`} value={planId} placeholder="pln_…" onChange={(e) => setPlanId(e.target.value.trim())} />
          </div>
          <div className="field field-wide">
            <label htmlFor={`${id}-tx`}>Burn transaction id</label>
            <input id={`${id}-tx`} value={tx} placeholder="the source chain's transaction id" onChange={(e) => setTx(e.target.value.trim())} />
          </div>
        </div>
        <button type="submit" className="btn" disabled={!ok}>
          Follow this bridge
        </button>
      </form>
    </details>
  );
}
