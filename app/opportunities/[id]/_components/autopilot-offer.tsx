"use client";
// What the featured automated strategy offers on its own page: turning autopilot on for a wallet and chain (on the
// autopilot page), or a deposit into its current pick now. It has no deposit or withdraw plan of its own.
import Link from "next/link";
import { StrategyPlanForm } from "@/components/plan/strategy-plan-form";
import type { Strategy, VenuesBody } from "@/lib/api";
import { chainName, clause, formatBps } from "@/lib/format";

export function AutopilotOffer({ strategy, venues }: { strategy: Strategy; venues: VenuesBody | undefined }) {
  const pick = strategy.currentPick ?? null;
  const venue = pick ? venues?.venues.find((v) => v.opportunityId === pick.opportunityId) : undefined;
  const points = strategy.switchThresholdBps === undefined ? null : `${strategy.switchThresholdBps / 100} percentage points`;
  const deposit = venue?.actions?.deposit;
  return (
    <div className="card" data-testid="use-autopilot">
      <h2>Use this strategy</h2>
      <p>
        Autopilot is turned on per wallet and chain. It then re-ranks monthly to the venue with the best 30-day APY on
        that chain and proposes a switch only when the challenger is better by at least{" "}
        {points ?? "the switch threshold"}; a switch is a rebalance plan you sign. Turning it on moves no money.
      </p>
      <p>
        <Link className="btn btn-primary" href="/autopilot">
          Turn autopilot on for a wallet and chain
        </Link>
      </p>
      <h3>Deposit into its current pick</h3>
      {pick ? (
        <>
          <p>
            The strategy holds no vault of its own: a deposit goes into its current pick,{" "}
            <Link href={`/opportunities/${encodeURIComponent(pick.opportunityId)}`}>{venue?.name ?? pick.venueId}</Link> on{" "}
            {chainName(pick.chain)} ({formatBps(pick.apy30dBps)} 30-day APY).
          </p>
          {deposit && !deposit.ready ? (
            <div className="alert alert-warn" role="status">
              <p>A deposit plan cannot be built for {venue?.name ?? pick.venueId} yet: {deposit.reason}</p>
            </div>
          ) : (
            <StrategyPlanForm kind="deposit" strategyId={pick.venueId} chain={pick.chain} />
          )}
        </>
      ) : (
        <p className="muted">
          No current pick: {clause(strategy.apy.reason ?? "no listed venue has a live 30-day APY right now")}. Autopilot can still be
          turned on; it picks once a venue has one.
        </p>
      )}
    </div>
  );
}
