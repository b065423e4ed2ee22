// What both CCTP rails put into a bridge plan: the common risks, the service fee carried in the burn's own transaction
// (svm-chain, move-chain), and the EVM burn (approve, the fee transfer, depositForBurn).
import { erc20Abi, type Hex } from "viem";
import { approveTransaction, type EvmCall, type EvmChain, evmCall } from "../../chains/evm";
import { USDC } from "../../chains/balances";
import type { ServiceFee } from "../../fees/recipient";
import type { PlanTransaction } from "../../venues/adapters";
import type { BurnRequest } from "../types";
import { CCTP_DOMAIN } from "./domains";

export const COMMON_RISKS = [
  "The burn is irreversible once signed and confirmed. Funds are minted only to the owner-locked destination recorded in this plan; the service never redirects them.",
  "Minting on the destination needs a receiveMessage transaction with Circle's attestation; its network fee is paid on the destination chain.",
  "If Circle's attestation service or the destination chain is unavailable, delivery is delayed; a failed delivery can only be rescued to the same owner-locked destination.",
  "Smart-contract risk of Circle's CCTP contracts and of USDC itself applies. Evm-a and evm-b are Map chains: prepare only, the service does not broadcast.",
];

export const feeTransferOf = (f: ServiceFee) => (f.collected && f.amount > 0n ? { recipient: f.recipient, amount: f.amount } : null);
export const feeClause = (f: ServiceFee) => (f.collected && f.amount > 0n ? `, and in the same transaction the ${f.amount} micro-USDC service fee to the fee recipient ${f.recipient}` : "");

/** The burn's sentence, the same on every chain: `how` names the rail's call. */
export const burnDescription = (req: BurnRequest, how: string) =>
  `Burn ${req.burnAmount} micro-USDC on ${req.source} with ${how} to domain ${CCTP_DOMAIN[req.dest]} (${req.dest}), minted to ${req.destAddress}`;

/**
 * The EVM burn: approve `messenger` (named `messengerName`) for the burned amount, the service fee as its own USDC
 * transfer, then `burn`. EVM cannot take the fee inside the burn (CCTP's depositForBurn moves only the burned amount):
 * the fee is its own USDC.transfer, disclosed here, signed before the burn so the burn stays the plan's last
 * source-chain transaction.
 */
export function evmBurnTransactions(req: BurnRequest, source: EvmChain, messenger: string, messengerName: string, burn: EvmCall, how: string): PlanTransaction[] {
  const usdc = USDC[source];
  const { burnAmount, serviceFee } = req;
  const transactions: PlanTransaction[] = [
    approveTransaction(source, usdc, messenger, burnAmount, `Approve Circle's ${messengerName} to burn ${burnAmount} micro-USDC`),
  ];
  if (serviceFee.collected && serviceFee.amount > 0n) {
    transactions.push({
      chain: source,
      kind: "fee",
      description: `Pay the service bridge fee: transfer ${serviceFee.amount} micro-USDC to the service's fee recipient ${serviceFee.recipient} on ${source}`,
      encoding: "evm-call",
      // ERC-20 transfer(address,uint256): viem 2.57 `erc20Abi`.
      payload: evmCall(source, usdc, erc20Abi, "transfer", [serviceFee.recipient as Hex, serviceFee.amount]),
    });
  }
  transactions.push({ chain: source, kind: "burn", description: burnDescription(req, `${how} depositForBurn`), encoding: "evm-call", payload: burn });
  return transactions;
}
