"use client";
// Swap (with a slippage bound: default 1%, at most 5%) and bridge (with the rail's risk disclosure) plans.
import { useQuery } from "@tanstack/react-query";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { Suspense, useId, useState } from "react";
import { BridgeWalk, ResumeBridge } from "@/components/plan/bridge-walk";
import { AmountInput, useAmount } from "@/components/plan/amount-input";
import { PlanForm, PlanResult } from "@/components/plan/plan-result";
import type { PlanRequest } from "@/components/plan/plan-request";
import { type PlanState, usePlan } from "@/components/plan/use-plan";
import { familyOfChain, useWallet } from "@/components/wallet/store";
import { TokenPicker, useTokenChoice } from "@/components/tokens/token-picker";
import { unwrap } from "@svc/client";
import { CHAIN_IDS, type ChainId, type SwapRequest } from "@/lib/api";
import { recipientProblem } from "@/lib/destination";
import { chainName, shortAddress } from "@/lib/format";
import { svcClient } from "@/lib/svc";

const SWAP_PATHS: Record<string, string> = {
  "svm-chain": "/svc/swap-svm/plan",
  "move-chain": "/svc/swap-move/plan",
  "evm-a": "/svc/evm/swap/plan",
  "evm-b": "/svc/evm/swap/plan",
};

/** Bridges move Circle USDC (6 decimals). */
const USDC_UNITS = { symbol: "USDC", decimals: 6 };

/** Slippage in percent ("1", "0.5") to bps, exactly; null outside 0.01%–5%. */
export function slippageToBps(pct: string): number | null {
  const m = /^(\d)(?:\.(\d{1,2}))?$/.exec(pct.trim());
  if (!m) return null;
  const bps = Number(m[1]) * 100 + Number((m[2] ?? "").padEnd(2, "0") || "0");
  return bps >= 1 && bps <= 500 ? bps : null;
}

/** Why the source chain cannot be the destination too (a bridge crosses chains). */
const SAME_CHAIN = "Same chain as the source: pick another chain.";

/** A labelled chain picker (one of CHAIN_IDS) in a form field. */
function ChainSelect({
  id,
  label,
  value,
  onChange,
  notBuilt,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (chain: string) => void;
  /** Why a chain cannot be picked here (shown disabled), or null. */
  notBuilt?: (chain: ChainId) => string | null;
}) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value)}>
        {CHAIN_IDS.map((c) => {
          const why = notBuilt?.(c) ?? null;
          return (
            <option key={c} value={c} disabled={why !== null} title={why ?? undefined}>
              {chainName(c)}
              {why === SAME_CHAIN ? " — same chain" : why !== null ? " — not built yet" : ""}
            </option>
          );
        })}
      </select>
    </div>
  );
}

export function SwapForm() {
  const id = useId();
  const w = useWallet();
  const [chain, setChain] = useState<ChainId>("svm-chain");
  const from = useTokenChoice(chain, "USDC");
  const to = useTokenChoice(chain, null);
  const amount = useAmount(from.choice.token);
  const [slip, setSlip] = useState("1");
  const slippageBps = slippageToBps(slip);
  const input = from.choice.token;
  const output = to.choice.token;
  const same = input !== null && output !== null && input.address.toLowerCase() === output.address.toLowerCase();
  // The request the inputs on screen describe; a plan is offered for signing only while it equals this (use-plan.ts).
  const request: PlanRequest | null =
    amount.baseUnits !== null && slippageBps !== null && input !== null && output !== null && !same
      ? {
          path: SWAP_PATHS[chain] ?? "/svc/swap-svm/plan",
          body: {
            inputToken: input.address,
            outputToken: output.address,
            // Base units of the input token, at its own decimals (never an assumed 6).
            amountIn: amount.baseUnits.toString(),
            slippageBps,
            ...(chain === "evm-a" || chain === "evm-b" ? { chain } : {}),
            // The owner goes along only when the connected wallet belongs to this chain's family.
            ...(w.account && w.account.family === familyOfChain(chain) ? { owner: w.account.address } : {}),
          } satisfies SwapRequest,
        }
      : null;
  const plan = usePlan(request);
  return (
    <div className="card">
      <h2>Swap</h2>
      <PlanForm state={plan}>
        <div className="form-row">
          <ChainSelect id={`${id}-chain`} label="Chain" value={chain} onChange={(c) => setChain(c as ChainId)} />
          <TokenPicker label="From token" state={from} />
          <TokenPicker label="To token" state={to} />
        </div>
        {same && <p className="error-text small">Pick two different tokens.</p>}
        <div className="form-row">
          <AmountInput amount={amount} token={input} unknownReason={from.choice.reason ?? undefined} />
          <div className="field">
            <label htmlFor={`${id}-slip`}>Max slippage (%)</label>
            <input
              id={`${id}-slip`}
              inputMode="decimal"
              value={slip}
              onChange={(e) => setSlip(e.target.value)}
              aria-invalid={slippageBps === null ? true : undefined}
              aria-describedby={`${id}-slip-hint`}
              size={5}
            />
            <span id={`${id}-slip-hint`} className={slippageBps === null ? "error-text small" : "muted small"}>
              {slippageBps === null ? "Between 0.01% and 5%." : "Default 1%, at most 5%."}
            </span>
          </div>
        </div>
        <button type="submit" className="btn btn-primary" disabled={request === null || plan.pending}>
          {plan.pending ? "Preparing…" : "Review swap plan"}
        </button>
      </PlanForm>
      <PlanResult state={plan} label="Swap plans" />
    </div>
  );
}

export function BridgeForm() {
  const id = useId();
  const w = useWallet();
  // Which paths the service can build, from the check that blocks bridge plans (GET /svc/bridge/paths).
  const paths = useQuery({
    queryKey: ["svc", "bridge-paths"],
    staleTime: 60_000,
    queryFn: ({ signal }) => unwrap(svcClient().GET("/api/v1/svc/bridge/paths", { signal })),
  });
  const pathOf = (s: string, d: string) => paths.data?.paths.find((p) => p.sourceChain === s && p.destChain === d) ?? null;
  const [source, setSource] = useState<string>("svm-chain");
  const [dest, setDest] = useState<string>("evm-a");
  const amount = useAmount(USDC_UNITS);
  const micros = amount.baseUnits;
  const [sourceAddress, setSourceAddress] = useState("");
  const [destAddress, setDestAddress] = useState("");
  const [speed, setSpeed] = useState<"standard" | "fast">("standard");
  const [destIsContract, setDestIsContract] = useState(false);
  // A cross-chain deposit (continueTo): after the delivery, the destination wallet signs a deposit into this venue.
  const venues = useQuery({ queryKey: ["svc", "venues"], staleTime: 60_000, queryFn: ({ signal }) => unwrap(svcClient().GET("/api/v1/svc/venues", { signal })) });
  const [venue, setVenue] = useState("");
  const destVenues = (venues.data?.venues ?? []).filter((v) => v.chain === dest && v.actions.deposit.ready);
  const continueTo = destVenues.some((v) => v.id === venue) ? venue : "";
  const src = sourceAddress || w.account?.address || "";
  // The server's recipient check (lib/destination.ts), before Review and in the same words as its 400.
  const destProblem = destAddress !== "" && (CHAIN_IDS as readonly string[]).includes(dest) ? recipientProblem(dest as ChainId, destAddress) : null;
  const destEvm = dest === "evm-a" || dest === "evm-b";
  const path = pathOf(source, dest);
  // A speed choice only where the path's rail offers speeds (CCTP V2, where both ends run it; move-chain has only V1).
  const v2 = path ? path.speeds.length > 0 : source !== "move-chain" && dest !== "move-chain";
  const sourceNotBuilt = (c: ChainId) =>
    paths.data && !paths.data.paths.some((p) => p.sourceChain === c && p.ready) ? `No bridge from ${chainName(c)} is built yet.` : null;
  const destNotBuilt = (c: ChainId) => {
    if (c === source) return SAME_CHAIN;
    const p = pathOf(source, c);
    return p && !p.ready ? p.reason : null;
  };
  const pickSource = (s: string) => {
    setSource(s);
    // Keep the destination when that path is buildable, else the first one that is.
    if (!pathOf(s, dest)?.ready) {
      const first = paths.data?.paths.find((p) => p.sourceChain === s && p.ready);
      if (first) setDest(first.destChain);
    }
  };
  const ready = micros !== null && source !== dest && src !== "" && destAddress !== "" && destProblem === null && (path === null || path.ready);
  // The request the inputs on screen describe; a plan is offered for signing only while it equals this (use-plan.ts).
  const request: PlanRequest | null =
    ready && micros !== null
      ? {
          path: "/svc/bridge/plan",
          body: {
            sourceChain: source,
            destChain: dest,
            amountMicros: micros.toString(),
            sourceAddress: src,
            destAddress,
            ...(v2 ? { speed } : {}),
            ...(destEvm && destIsContract ? { destIsContract: true } : {}),
            ...(continueTo ? { continueTo: { strategyId: continueTo } } : {}),
          },
        }
      : null;
  const plan = usePlan(request);
  return (
    <div className="card">
      <h2>Bridge</h2>
      <p className="muted small">
        Bridging crosses chains through a third-party rail: delivery can be delayed or fail, in which case funds can only
        be rescued to your own destination address. The plan lists the rail fee and its risk disclosure before you sign.
      </p>
      <PlanForm state={plan}>
        <div className="form-row">
          <ChainSelect id={`${id}-src`} label="From chain" value={source} onChange={pickSource} notBuilt={sourceNotBuilt} />
          <ChainSelect id={`${id}-dst`} label="To chain" value={dest} onChange={setDest} notBuilt={destNotBuilt} />
        </div>
        {path && !path.ready && (
          <p className="error-text small" data-testid="bridge-path-reason">
            {path.reason}
          </p>
        )}
        {paths.error && <p className="muted small">Which paths can be built could not be read ({paths.error.message}); the plan will say.</p>}
        {source === dest && <p className="error-text small">Pick two different chains.</p>}
        <AmountInput amount={amount} token={USDC_UNITS} />
        {v2 ? (
          <div className="field">
            <label htmlFor={`${id}-speed`}>Transfer speed (CCTP V2)</label>
            <select id={`${id}-speed`} value={speed} onChange={(e) => setSpeed(e.target.value === "fast" ? "fast" : "standard")}>
              <option value="standard">Standard: after hard finality, no rail fee</option>
              <option value="fast">Fast: after soft finality, for Circle&apos;s fee</option>
            </select>
          </div>
        ) : (
          <p className="muted small">This route runs on CCTP V1 (move-chain has no V2): standard speed only.</p>
        )}
        <div className="form-row">
          <div className="field field-wide">
            <label htmlFor={`${id}-sa`}>Source address</label>
            <input
              id={`${id}-sa`}
              value={sourceAddress}
              placeholder={w.account ? `${shortAddress(w.account.address)} (your connected wallet)` : "your address on the source chain"}
              onChange={(e) => setSourceAddress(e.target.value.trim())}
            />
          </div>
          <div className="field field-wide">
            <label htmlFor={`${id}-da`}>Destination address</label>
            <input
              id={`${id}-da`}
              value={destAddress}
              placeholder="your address on the destination chain"
              onChange={(e) => setDestAddress(e.target.value.trim())}
              aria-invalid={destProblem !== null ? true : undefined}
              aria-describedby={destProblem !== null ? `${id}-da-reason` : undefined}
            />
            {destProblem !== null && (
              <span id={`${id}-da-reason`} className="error-text small" data-testid="bridge-dest-reason">
                {destProblem}
              </span>
            )}
          </div>
        </div>
        {destVenues.length > 0 && (
          <div className="field">
            <label htmlFor={`${id}-venue`}>Then deposit into (optional)</label>
            <select id={`${id}-venue`} value={continueTo} onChange={(e) => setVenue(e.target.value)} aria-describedby={`${id}-venue-hint`}>
              <option value="">Nothing: keep the USDC in the destination wallet</option>
              {destVenues.map((v) => (
                <option key={v.id} value={v.id}>
                  {v.name} ({v.id})
                </option>
              ))}
            </select>
            <span id={`${id}-venue-hint`} className="muted small">
              After the delivery, your destination wallet signs this deposit as a plan of its own.
            </span>
          </div>
        )}
        {destEvm && (
          <label className="small">
            <input type="checkbox" checked={destIsContract} onChange={(e) => setDestIsContract(e.target.checked)} /> The destination is a contract that can move
            USDC (a multisig, for example)
          </label>
        )}
        <button type="submit" className="btn btn-primary" disabled={request === null || plan.pending}>
          {plan.pending ? "Preparing…" : "Review bridge plan"}
        </button>
      </PlanForm>
      <Suspense fallback={null}>
        <BridgeFollow plan={plan} />
      </Suspense>
    </div>
  );
}

/** URL parameters of a bridge being followed: a reload (or a shared link) resumes the walk where it was. */
const WALK_PARAMS = { plan: "bridgePlan", burn: "burnTx", mint: "mintTx" } as const;

/**
 * The bridge plan's review and, once its burn is signed (or a plan id and burn transaction are given), the walk through
 * attestation, receive and delivery. The walk's state lives in the URL (?bridgePlan=…&burnTx=…&mintTx=…).
 */
function BridgeFollow({ plan }: { plan: PlanState }) {
  const router = useRouter();
  const pathname = usePathname();
  const params = useSearchParams();
  const planId = params.get(WALK_PARAMS.plan);
  const burnTx = params.get(WALK_PARAMS.burn);
  const mintTx = params.get(WALK_PARAMS.mint);
  const go = (next: Record<string, string | null>) => {
    const q = new URLSearchParams(params.toString());
    for (const [k, v] of Object.entries(next)) {
      if (v === null) q.delete(k);
      else q.set(k, v);
    }
    router.replace(`${pathname}?${q.toString()}`, { scroll: false });
  };
  const following = planId !== null && burnTx !== null;
  return (
    <>
      {/* The plan review stays until the walk takes over (the walk carries the burn transaction from then on). */}
      {!(following && plan.plan?.planId === planId) && (
        <PlanResult state={plan} label="Bridge plans" onSigned={(id, digest) => go({ [WALK_PARAMS.plan]: id, [WALK_PARAMS.burn]: digest, [WALK_PARAMS.mint]: null })} />
      )}
      {following ? (
        <>
          <BridgeWalk
            key={`${planId}/${burnTx}`}
            planId={planId}
            sourceTxId={burnTx}
            destTxId={mintTx}
            onReceiveSigned={(tx) => go({ [WALK_PARAMS.mint]: tx })}
          />
          <p className="small">
            <button type="button" className="btn btn-small" onClick={() => go({ [WALK_PARAMS.plan]: null, [WALK_PARAMS.burn]: null, [WALK_PARAMS.mint]: null })}>
              Stop following this bridge
            </button>
          </p>
        </>
      ) : null}
      <ResumeBridge onResume={(id, tx) => go({ [WALK_PARAMS.plan]: id, [WALK_PARAMS.burn]: tx, [WALK_PARAMS.mint]: null })} />
    </>
  );
}
