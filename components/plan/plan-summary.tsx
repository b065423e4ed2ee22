"use client";
// What a plan will do and what it costs: fee line items, blockers in words, estimates labeled as estimates.
import { Missing, OrMissing } from "@/components/ui/missing";
import type { ChainId, Plan, PlanFee, SimulatedChanges, Simulation } from "@/lib/api";
import { chainName, formatBps } from "@/lib/format";
import { formatMicros, formatTokenAmount } from "@/lib/money";
import { knownToken, NATIVE, USDC } from "@/lib/tokens";

type Units = { symbol: string; decimals: number };

function planChain(plan: Plan): ChainId {
  return plan.schemaVersion === "svc-bridge-plan.v1" ? plan.sourceChain : plan.chain;
}

/** The token an asset id names on the plan's chain (null: the chain's native asset); null when its decimals are unknown. */
function unitsOf(chain: ChainId, asset: string | null): Units | null {
  if (asset === null) return NATIVE[chain];
  return knownToken(chain, asset);
}

/** Base units as the token's units and symbol; base units of the id when the token is not known (decimals never guessed). */
function TokenAmount({ chain, asset, amount }: { chain: ChainId; asset: string | null; amount: string }) {
  const u = unitsOf(chain, asset);
  if (u) return <>{formatTokenAmount(amount, u)}</>;
  return (
    <>
      {amount} base units of <span className="mono">{asset}</span>
    </>
  );
}

function FeeAmount({ fee, chain, token, simulated }: { fee: PlanFee; chain: ChainId; token: string; simulated: string | null }) {
  if (fee.amountMicros === null && fee.kind === "network" && simulated !== null) return <>about {simulated}, from the chain’s simulation</>;
  if (fee.amountMicros === null)
    return <Missing reason={fee.kind === "pool" ? "Included in the quoted price." : "Not known before signing."} />;
  return <TokenAmount chain={chain} asset={fee.asset === undefined ? token : fee.asset} amount={fee.amountMicros} />;
}

function headline(plan: Plan): { amountMicros: string; token: string; what: string } {
  switch (plan.schemaVersion) {
    case "svc-vault-plan.v1":
      return { amountMicros: plan.amountMicros, token: USDC[plan.chain], what: `${plan.action} on ${chainName(plan.chain)} (${plan.strategyId})` };
    case "svc-swap-plan.v1":
      return { amountMicros: plan.amountIn, token: plan.inputToken, what: `swap on ${chainName(plan.chain)}` };
    case "svc-bridge-plan.v1":
      return { amountMicros: plan.amountMicros, token: USDC[plan.sourceChain], what: `bridge ${chainName(plan.sourceChain)} → ${chainName(plan.destChain)}` };
  }
}

/** The network fee the chain's simulations put on the plan's transactions, summed; null unless every one has a fee in
 * the same asset (a partial sum would understate it). */
function simulatedFee(plan: Plan): string | null {
  const fees = plan.transactions.map((t) => (t.simulation?.status === "ok" ? t.simulation.fee : null));
  const first = fees[0];
  if (!first || fees.some((f) => !f || f.asset !== first.asset || f.decimals !== first.decimals)) return null;
  const total = fees.reduce((sum, f) => sum + BigInt(f?.amount ?? "0"), 0n);
  return formatTokenAmount(total.toString(), { symbol: first.asset, decimals: first.decimals });
}

/** What the chain's own simulation said before the wallet opens (contract §8). */
export function SimulationLine({ sim, chain }: { sim: Simulation | undefined; chain: ChainId }) {
  if (!sim) return <span className="muted small">Not simulated.</span>;
  if (sim.status === "ok")
    return (
      <span className="small" data-testid="simulation-ok">
        Simulated by the chain: accepted
        {sim.gasEstimate !== null && <>, about {sim.gasEstimate} {chain === "svm-chain" ? "compute units" : "gas units"}</>}
        {sim.fee !== null && <>, fee about {formatTokenAmount(sim.fee.amount, { symbol: sim.fee.asset, decimals: sim.fee.decimals })}</>}
        {` (estimate, ${NATIVE[chain].symbol} paid by your wallet).`}
      </span>
    );
  if (sim.status === "failed")
    return (
      <span className="error-text small" data-testid="simulation-failed">
        The chain’s simulation rejected it: {sim.error}
      </span>
    );
  return (
    <span className="muted small" data-testid="simulation-unavailable">
      {sim.error ?? "Not simulated."}
    </span>
  );
}

type VaultPlan = Extract<Plan, { schemaVersion: "svc-vault-plan.v1" }>;
type SwapPlan = Extract<Plan, { schemaVersion: "svc-swap-plan.v1" }>;
type BridgePlan = Extract<Plan, { schemaVersion: "svc-bridge-plan.v1" }>;

export function PlanSummary({ plan }: { plan: Plan }) {
  const h = headline(plan);
  const chain = planChain(plan);
  return (
    <div className="plan" data-testid="plan">
      <p>
        Plan <span className="mono">{plan.planId}</span> ({h.what}):{" "}
        <strong data-testid="plan-status">{plan.status === "prepared" ? "prepared — your wallet must sign" : "blocked"}</strong> for{" "}
        <TokenAmount chain={chain} asset={h.token} amount={h.amountMicros} />
      </p>
      {plan.blockers && plan.blockers.length > 0 && <Blockers blockers={plan.blockers} />}
      <h3 className="small">Fees</h3>
      <FeeList plan={plan} chain={chain} token={h.token} />
      {plan.schemaVersion === "svc-swap-plan.v1" && <SwapQuote plan={plan} />}
      {plan.schemaVersion === "svc-bridge-plan.v1" && <BridgeTerms plan={plan} />}
      {plan.schemaVersion === "svc-vault-plan.v1" && plan.action === "withdraw" && <WithdrawAmounts plan={plan} />}
      {plan.schemaVersion === "svc-vault-plan.v1" && plan.action === "deposit" && plan.estimates && <DepositEstimates estimates={plan.estimates} />}
      {plan.transactions.length > 0 && <TransactionList transactions={plan.transactions} signerOf={signerOf(plan)} />}
      {plan.status === "prepared" && plan.transactions.length === 0 && (
        <p className="muted small">This plan is a priced quote: connect a wallet and prepare it again to get a transaction to sign.</p>
      )}
    </div>
  );
}

/** Why the plan cannot go ahead, each blocker in words with its code. */
function Blockers({ blockers }: { blockers: NonNullable<Plan["blockers"]> }) {
  return (
    <div role="alert" className="alert alert-error">
      <div>
        <p>
          <strong>This plan cannot go ahead:</strong>
        </p>
        <ul data-testid="blockers">
          {blockers.map((b) => (
            <li key={b.code}>
              {b.message} <span className="muted small">({b.code})</span>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}

/** The fee line items: the principal fee of a vault plan, then every fee the plan lists (estimates labeled so). */
function FeeList({ plan, chain, token }: { plan: Plan; chain: ChainId; token: string }) {
  const simFee = simulatedFee(plan);
  return (
    <ul className="fee-list" data-testid="fees">
      {plan.schemaVersion === "svc-vault-plan.v1" && (
        <li data-testid="fee-line">
          Principal fee: {formatTokenAmount(plan.feeMicros, { symbol: "USDC", decimals: 6 })}
        </li>
      )}
      {plan.fees.map((f) => (
        <li key={`${f.kind}-${f.label}`} data-testid="fee-line">
          {f.label}: <FeeAmount fee={f} chain={chain} token={token} simulated={simFee} />
          {f.bps != null && <span className="muted"> ({formatBps(f.bps)})</span>}
          {f.estimate && <span className="muted"> — estimate</span>}
          {f.reason && <span className="muted"> — {f.reason}</span>}
        </li>
      ))}
    </ul>
  );
}

/** A swap's slippage bound, quoted and minimum output, and where the quote came from. */
function SwapQuote({ plan }: { plan: SwapPlan }) {
  return (
    <dl className="kv" data-testid="swap-quote">
      <dt>Slippage bound</dt>
      <dd>{formatBps(plan.slippageBps)}</dd>
      <dt>Quoted output (estimate)</dt>
      <dd>
        {plan.quote ? <TokenAmount chain={plan.chain} asset={plan.outputToken} amount={plan.quote.outAmount} /> : <Missing reason="No quote." />}
      </dd>
      <dt>Minimum output</dt>
      <dd>
        {plan.minAmountOut ? <TokenAmount chain={plan.chain} asset={plan.outputToken} amount={plan.minAmountOut} /> : <Missing reason="No quote." />}
      </dd>
      {plan.quote && (
        <>
          <dt>Quote source</dt>
          <dd>
            {plan.quote.source} · {plan.quote.route.join(" → ") || "direct"}
          </dd>
        </>
      )}
    </dl>
  );
}

/** A bridge's rail, expected receipt and locked destination, and its risk disclosure. */
function BridgeTerms({ plan }: { plan: BridgePlan }) {
  return (
    <>
      <dl className="kv">
        <dt>Rail</dt>
        <dd>{plan.rail}</dd>
        <dt>Leaves now</dt>
        <dd data-testid="bridge-leaves-now">
          {formatMicros(plan.amountMicros, 6)} USDC from {chainName(plan.sourceChain)}: the burn below, its balance changes from the chain’s simulation
        </dd>
        <dt>Arrives after the receive (estimate)</dt>
        <dd data-testid="bridge-arrives-later">
          {plan.expectedReceivedMicros === null ? <Missing reason={plan.expectedReceivedReason} /> : <>{formatMicros(plan.expectedReceivedMicros, 6)} USDC</>} on{" "}
          {chainName(plan.destChain)}{" "}
          <span className="muted small">
            (the receive can be built and simulated only once Circle attests the burn; its simulated changes are shown when you sign it)
          </span>
        </dd>
        <dt>Destination (locked to you)</dt>
        <dd className="mono">{plan.destAddress}</dd>
      </dl>
      <div className="alert alert-warn" data-testid="risk">
        <div>
          <p>
            <strong>Risk disclosure:</strong> {plan.risk.summary}
          </p>
          <ul>
            {plan.risk.items.map((r) => (
              <li key={r}>{r}</li>
            ))}
          </ul>
        </div>
      </div>
    </>
  );
}

/** A withdrawal: what leaves the venue and what reaches the wallet after the principal fee. */
function WithdrawAmounts({ plan }: { plan: VaultPlan }) {
  return (
    <dl className="kv" data-testid="withdraw-amounts">
      <dt>Leaves the venue ({plan.strategyId})</dt>
      <dd>{formatTokenAmount(plan.amountMicros, { symbol: "USDC", decimals: 6 })}</dd>
      <dt>You receive in your wallet</dt>
      <dd>{formatTokenAmount((BigInt(plan.amountMicros) - BigInt(plan.feeMicros)).toString(), { symbol: "USDC", decimals: 6 })}</dd>
    </dl>
  );
}

/** A deposit's APY and yield estimates, labeled as estimates. */
function DepositEstimates({ estimates }: { estimates: NonNullable<VaultPlan["estimates"]> }) {
  return (
    <>
      <h3 className="small">Estimates (not guarantees)</h3>
      <dl className="kv" data-testid="estimates">
        <dt>Gross APY (estimate)</dt>
        <dd>
          <OrMissing value={formatBps(estimates.grossApyBps)} reason="No live APY: no estimate." />
        </dd>
        <dt>Net APY (estimate)</dt>
        <dd>
          <OrMissing value={formatBps(estimates.netApyBps)} reason="No live APY: no estimate." />
        </dd>
        <dt>Daily yield (estimate)</dt>
        <dd>
          <OrMissing value={formatMicros(estimates.estDailyYieldMicros, 6)} reason="No live APY: no estimate." /> USDC
        </dd>
        <dt>Monthly yield (estimate)</dt>
        <dd>
          <OrMissing value={formatMicros(estimates.estMonthlyYieldMicros, 6)} reason="No live APY: no estimate." /> USDC
        </dd>
      </dl>
      <p className="estimate-note">Estimates use today’s APY; realized yield comes from the venue and may differ.</p>
    </>
  );
}

/** Who signs a transaction of `plan` on `chain`: a bridge's destination signs there, else the plan's owner. */
function signerOf(plan: Plan): (chain: ChainId) => string | null {
  if (plan.schemaVersion === "svc-bridge-plan.v1") return (chain) => (chain === plan.destChain ? plan.destAddress : plan.sourceAddress);
  const owner = "owner" in plan ? (plan.owner ?? null) : null;
  return () => owner;
}

const MAX_UINT256 = (1n << 256n) - 1n;

/** Hex addresses (EVM, Sui: any case, leading zeros) compare by value; base58 (Solana) exactly, its case matters. */
const ownerKey = (a: string) => (a.startsWith("0x") ? a.toLowerCase().replace(/^0x0*/, "0x") : a);
const sameOwner = (a: string, b: string | null) => b !== null && ownerKey(a) === ownerKey(b);
const shortAddress = (a: string) => (a.length > 14 ? `${a.slice(0, 6)}…${a.slice(-4)}` : a);

/**
 * The simulation's balance changes in token units: what leaves the signer's wallet, what arrives and where, and (EVM)
 * each allowance the transaction grants, to whom.
 */
export function BalanceChanges({ changes, signer, at, chain, callTo }: { changes: SimulatedChanges; signer: string | null; at: string; chain: ChainId; callTo?: string }) {
  if (changes.status !== "ok" || !changes.balanceChanges) {
    return (
      <span className="muted small" data-testid="changes-unavailable">
        Balance changes not reported: {changes.reason ?? "the chain gave none"}
      </span>
    );
  }
  const lines = changes.balanceChanges.map((c) => {
    const amount = BigInt(c.amount);
    const abs = (amount < 0n ? -amount : amount).toString();
    // With decimals but no symbol (a mint read from the chain): "1.5 of token <id>", as the checker's messages say it.
    const shown = c.asset.decimals !== null ? formatTokenAmount(abs, { symbol: c.asset.symbol ?? `of token ${shortAddress(c.asset.id)}`, decimals: c.asset.decimals }) : `${abs} base units of ${shortAddress(c.asset.id)}`;
    const you = sameOwner(c.owner, signer);
    return `${you ? "You" : shortAddress(c.owner)} ${amount < 0n ? (you ? "send" : "sends") : you ? "receive" : "receives"} ${shown}`;
  });
  // The allowances the signer grants: a call to the token itself (an Approval logged by a call to another contract is
  // an allowance being spent, as the checker reads it), of a positive amount; the largest uint256 is "unlimited".
  for (const a of changes.approvals ?? []) {
    if (BigInt(a.amount) === 0n || (callTo !== undefined && ownerKey(callTo) !== ownerKey(a.token))) continue;
    const token = knownToken(chain, a.token);
    const unit = token ? token.symbol : `base units of ${shortAddress(a.token)}`;
    const shown = BigInt(a.amount) === MAX_UINT256 ? `an unlimited amount of ${unit}` : token ? formatTokenAmount(a.amount, { symbol: token.symbol, decimals: token.decimals }) : `${a.amount} ${unit}`;
    lines.push(`You allow ${shortAddress(a.spender)} to spend ${shown}`);
  }
  return (
    <span className="small" data-testid="balance-changes">
      {lines.join(" · ")} <span className="muted">(from the chain’s simulation at {new Date(at).toLocaleTimeString()})</span>
    </span>
  );
}

/** The transactions the wallet will sign, in order, each with the chain's simulation and its balance changes. */
function TransactionList({ transactions, signerOf }: { transactions: Plan["transactions"]; signerOf: (chain: ChainId) => string | null }) {
  return (
    <>
      <h3 className="small">What you will sign</h3>
      <ol data-testid="transactions" className="tx-list">
        {transactions.map((t, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: legs are ordered and never reordered
          <li key={i}>
            {t.description} <span className="muted small">({chainName(t.chain)}, {t.kind})</span>
            <br />
            <SimulationLine sim={t.simulation} chain={t.chain} />
            {t.simulation?.status === "ok" && t.simulation.changes && (
              <>
                <br />
                <BalanceChanges
                  changes={t.simulation.changes}
                  signer={signerOf(t.chain)}
                  at={t.simulation.at}
                  chain={t.chain}
                  callTo={t.encoding === "evm-call" ? (t.payload as { to?: string }).to : undefined}
                />
              </>
            )}
          </li>
        ))}
      </ol>
    </>
  );
}
