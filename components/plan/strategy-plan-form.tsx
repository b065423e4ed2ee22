"use client";
// Deposit or withdraw: amount → plan (POST /svc/strategies/{kind}/plan) → review → sign → follow.
// The owner is the connected wallet, and only a wallet of the venue's chain family: with a wallet of another family the
// form asks for the right one before Review instead of sending an owner the venue cannot have (issue 22 item 6).
import { A_FAMILY, type WalletFamily, familyOfChain, useWallet } from "@/components/wallet/store";
import { UseWalletButton } from "@/components/wallet/use-wallet-button";
import { chainName } from "@/lib/format";
import { AmountInput, useAmount } from "./amount-input";
import { PlanForm, PlanResult } from "./plan-result";
import type { PlanRequest } from "./plan-request";
import { usePlan } from "./use-plan";

/** Deposit and withdraw plans are in USDC (6 decimals): amountMicros. */
const USDC_UNITS = { symbol: "USDC", decimals: 6 };

/** "a Sui wallet", "an EVM wallet". */
const aWallet = (f: WalletFamily) => `${A_FAMILY[f]} wallet`;

export function StrategyPlanForm({
  kind,
  strategyId,
  chain,
}: {
  kind: "deposit" | "withdraw";
  strategyId: string;
  /** The venue's chain; null while it is not known yet (nothing is asked for until it is). */
  chain: string | null;
}) {
  const amount = useAmount(USDC_UNITS);
  const micros = amount.baseUnits;
  const w = useWallet();
  const needed = chain ? familyOfChain(chain) : null;
  // A connected wallet of another family than the venue's: it cannot own a position there.
  const wrongWallet = w.account && needed && w.account.family !== needed ? w.account : null;
  const owner = w.account && w.account.family === needed ? w.account.address : undefined;
  const request: PlanRequest | null =
    micros === null || chain === null || wrongWallet
      ? null
      : { path: `/svc/strategies/${kind}/plan`, body: { strategyId, amountMicros: micros.toString(), owner } };
  const plan = usePlan(request);
  return (
    <div data-testid={`${kind}-form`}>
      <PlanForm state={plan}>
        <div className="form-row">
          <AmountInput amount={amount} token={USDC_UNITS} label={kind === "deposit" ? "Deposit amount" : "Withdraw amount"} />
          <button type="submit" className="btn btn-primary" disabled={request === null || plan.pending}>
            {plan.pending ? "Preparing…" : `Review ${kind} plan`}
          </button>
        </div>
      </PlanForm>
      {wrongWallet && needed && chain && (
        <div className="alert alert-warn" role="status" data-testid="wallet-family-needed">
          <p>
            Positions on {chainName(chain)} are held by {aWallet(needed)}; the connected wallet is {aWallet(wrongWallet.family)}.
            Connect {aWallet(needed)} to review a {kind} plan here.
          </p>
          <UseWalletButton family={needed} />
        </div>
      )}
      <PlanResult state={plan} label={`Preparing ${kind} plans`} />
    </div>
  );
}
