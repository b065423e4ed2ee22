// POST /svc/strategies/deposit/plan, /svc/strategies/withdraw/plan, /svc/swap-svm/plan, /svc/swap-move/plan,
// /svc/evm/swap/plan, /svc/bridge/plan, /svc/gas-sponsor/plan, GET /svc/plans/{planId}; cage: GET /svc/evm-a/cage, /svc/evm-b/cage,
// POST /svc/evm-b/cage/prepare, GET /wallets/{address}/evm-a/cage (spec §4.2, §4.4, §4.7).
import type { z } from "zod";
import { isEvmAddress, mustBeAddressOf } from "../chains/address";
import { endpoint, ok, publicRoute } from "../http/endpoint";
import { fieldError } from "../http/errors";
import { walletRoute } from "../http/wallet-routes";
import { knownToken } from "../../lib/tokens";
import { bridgePaths, bridgePlan } from "./bridge";
import { cageBody, prepareCagePolicy, walletCageState } from "./cage";
import { gasPlan } from "./gas";
import {
  bridgeBody,
  bridgePathsSchema,
  bridgePlanSchema,
  evmSwapBody,
  gasBody,
  gasPlanSchema,
  planIdParams,
  planRecordQuery,
  planRecordSchema,
  swapBody,
  swapPlanSchema,
  vaultPlanBody,
  vaultPlanSchema,
} from "./schemas";
import { cagePolicySchema, cagePrepareBody, cageSchema, walletCageSchema } from "./cage-schemas";
import { planRecord } from "./record";
import { swapPlan } from "./swap";
import { vaultPlan } from "./vault";

/** The EVM address the examples use: an address of nobody's (all 0x11 bytes), not an on-chain id of any contract. */
const EXAMPLE_EVM_ADDRESS = `0x${"11".repeat(20)}`;

const TAGS = ["plans"];
const PLAN_NOTE = "HTTP 200 with status prepared or blocked (contract §4); blockers[] lists why. Nothing is signed or broadcast by the service.";

/** The deposit or withdraw plan on one venue: the same endpoint but for its kind, summary and example. */
function vaultPlanEndpoint(kind: "deposit" | "withdraw", summary: string, example: z.input<typeof vaultPlanBody>) {
  return endpoint({
    ...publicRoute(kind === "deposit" ? "planDeposit" : "planWithdraw", "POST", `/api/v1/svc/strategies/${kind}/plan`, summary, TAGS),
    description: PLAN_NOTE,
    body: vaultPlanBody,
    errors: ["NOT_FOUND", "INVALID_AMOUNT", "INVALID_ADDRESS"],
    example: { body: example },
    responses: { 200: vaultPlanSchema },
    handler: async ({ db, body }) => ok(await vaultPlan(db, kind, body)),
  });
}

export const depositPlan = vaultPlanEndpoint("deposit", "Deposit plan with fees, blockers and, with owner, the unsigned transactions", {
  strategyId: "scallop",
  amountMicros: "5000000",
  owner: `0x${"3".repeat(64)}`,
});
export const withdrawPlan = vaultPlanEndpoint("withdraw", "Withdraw plan (principal fee 0), same shape and id rules as the deposit plan", {
  strategyId: "aave-v3-base",
  amountMicros: "5000000",
  owner: EXAMPLE_EVM_ADDRESS,
});

const SWAP_NOTE = "Slippage bound: default 100 bps, maximum 500 (above is 400). A quote source that cannot be read gives status blocked with quote_unavailable.";

/** The swap plan on svm-chain or move-chain (`/svc/swap-<svm|move>/plan`): the same endpoint but for its chain, summary and example. */
function chainSwapPlan(chain: "svm-chain" | "move-chain", summary: string, outputSymbol: "SOL" | "SUI") {
  // The example swaps into the chain's native token as the known-token list holds it (cited in lib/tokens.ts).
  const outputToken = knownToken(chain, outputSymbol)?.address;
  if (!outputToken) throw new Error(`lib/tokens.ts lists no ${outputSymbol} on ${chain}`);
  const segment = chain === "svm-chain" ? "Svm" : "Move";
  return endpoint({
    ...publicRoute(`planSwap${segment}`, "POST", `/api/v1/svc/swap-${segment.toLowerCase()}/plan`, summary, TAGS),
    description: SWAP_NOTE,
    body: swapBody,
    errors: ["INVALID_AMOUNT", "INVALID_ADDRESS"],
    example: { body: { inputToken: "USDC", outputToken, amountIn: "1000000" } },
    responses: { 200: swapPlanSchema },
    handler: async ({ db, body }) => ok(await swapPlan(db, chain, body)),
  });
}

export const swapSvmPlan = chainSwapPlan("svm-chain", "Swap plan on svm-chain (Jupiter quote format)", "SOL");
export const swapMovePlan = chainSwapPlan("move-chain", "Swap plan on move-chain (Cetus aggregator find_routes format)", "SUI");

export const swapEvmPlan = endpoint({
  ...publicRoute("planSwapEvm", "POST", "/api/v1/svc/evm/swap/plan", "Swap plan on evm-a or evm-b (0x Swap API v2 format); prepare only", TAGS),
  description: SWAP_NOTE,
  body: evmSwapBody,
  errors: ["INVALID_AMOUNT", "INVALID_ADDRESS"],
  example: { body: { chain: "evm-a", inputToken: "USDC", outputToken: "0x4200000000000000000000000000000000000006", amountIn: "1000000" } },
  responses: { 200: swapPlanSchema },
  handler: async ({ db, body }) => {
    const { chain, ...rest } = body;
    return ok(await swapPlan(db, chain, rest));
  },
});

export const bridgePlanEndpoint = endpoint({
  ...publicRoute("planBridge", "POST", "/api/v1/svc/bridge/plan", "Cross-chain plan over Circle CCTP: service and rail fees, risk disclosure, the burn transaction", TAGS),
  description:
    `${PLAN_NOTE} The destination address is stored with the plan and locked: delivery and rescue only pay there. ` +
    "A destination nobody can receive on is 400 INVALID_REQUEST with the reason as the message: a zero address, a system or program id, a token mint or contract or a venue id the service knows, a mixed-case EVM address with a wrong EIP-55 checksum, a Solana address off the ed25519 curve, or an EVM address holding contract code (read with eth_getCode) unless destIsContract is true. " +
    "With continueTo { strategyId } (a venue on destChain; another chain is 400) the plan is a cross-chain deposit: legs bridge, swap (a zero-cost pass-through: CCTP delivers native USDC and every venue takes USDC) and deposit, each with its fees, and the destination deposit transaction for the owner to sign after the mint. " +
    "The plan names its rail (CCTP V2 where both ends run it, V1 end to end otherwise), the V2 speed (`speed`: standard by default, or fast) and the rail fee from Circle's fee API.",
  body: bridgeBody,
  errors: ["INVALID_AMOUNT", "INVALID_ADDRESS", "NOT_FOUND"],
  example: {
    body: {
      sourceChain: "evm-a",
      destChain: "evm-b",
      amountMicros: "10000000",
      sourceAddress: EXAMPLE_EVM_ADDRESS,
      destAddress: EXAMPLE_EVM_ADDRESS,
      continueTo: { strategyId: "aave-v3-arbitrum" },
      speed: "standard",
    },
  },
  responses: { 200: bridgePlanSchema },
  handler: async ({ db, body }) => ok(await bridgePlan(db, body)),
});

export const getBridgePaths = endpoint({
  ...publicRoute("getBridgePaths", "GET", "/api/v1/svc/bridge/paths", "Every ordered pair of chains: its CCTP rail, the speeds it offers, and whether the service can build its burn (with the reason when not)", TAGS),
  description: "The same check that blocks POST /svc/bridge/plan with adapter_not_ready; the dashboard shows unbuildable paths disabled with this reason.",
  responses: { 200: bridgePathsSchema },
  handler: async () => ok({ schemaVersion: "svc-bridge-paths.v1" as const, paths: bridgePaths() }),
});

export const gasSponsorPlan = endpoint({
  ...publicRoute("planGas", "POST", "/api/v1/svc/gas-sponsor/plan", "Gas sizing of a stored plan's transactions per chain (estimate from the RPC gas price; null when unreadable)", TAGS),
  body: gasBody,
  errors: ["NOT_FOUND"],
  example: { body: { planId: "pln_0000000000000000000a" } },
  responses: { 200: gasPlanSchema },
  handler: async ({ db, body }) => ok(await gasPlan(db, body.planId)),
});

export const getPlanRecord = endpoint({
  operationId: "getPlan",
  method: "GET",
  path: "/api/v1/svc/plans/{planId}",
  summary: "A stored plan and what the service knows of it: for a bridge, the burn checked on chain and the delivery it recorded",
  description:
    "The plan as it was answered when prepared. For a bridge plan, `bridge` says what the service knows: `?sourceTxId=` is a hint the service checks on the source chain " +
    "(final, sent by the plan's owner, taking the plan's amount of USDC from the owner; never taken as done on its own word), and the delivery is the one recorded with the destination chain's proof " +
    "(POST /svc/bridge/delivery). Circle's attestation is read by POST /svc/bridge/rescue. The key's scope must hold the plan's owner or, for a bridge, its locked destination.",
  tags: TAGS,
  access: "wallet.read",
  params: planIdParams,
  query: planRecordQuery,
  errors: ["NOT_FOUND"],
  example: { params: { planId: "pln_0000000000000000000a" } },
  responses: { 200: planRecordSchema },
  handler: async ({ db, principal, params, query }) => ok(await planRecord(db, principal, params.planId, query.sourceTxId)),
});

export const getEvmACage = endpoint({
  ...publicRoute("getEvmACage", "GET", "/api/v1/svc/evm-a/cage", "Cage policy on evm-a: the six actions and the locked destinations (Map chain, prepare only)", TAGS),
  responses: { 200: cageSchema },
  handler: async () => ok(cageBody("evm-a")),
});

export const getEvmBCage = endpoint({
  ...publicRoute("getEvmBCage", "GET", "/api/v1/svc/evm-b/cage", "Cage policy on evm-b: the six actions and the locked destinations (Map chain, prepare only)", TAGS),
  responses: { 200: cageSchema },
  handler: async () => ok(cageBody("evm-b")),
});

export const prepareEvmBCage = endpoint({
  operationId: "prepareEvmBCage",
  method: "POST",
  path: "/api/v1/svc/evm-b/cage/prepare",
  summary: "EIP-712 cage policy for the owner to sign (destinations locked); never broadcast",
  tags: TAGS,
  access: "wallet.policy",
  body: cagePrepareBody,
  wallets: ({ body }) => body.owner,
  errors: ["INVALID_AMOUNT", "INVALID_ADDRESS"],
  example: { body: { owner: EXAMPLE_EVM_ADDRESS, actions: ["ROUTE", "EXIT"], maxAmountMicros: "100000000" } },
  responses: { 200: cagePolicySchema },
  handler: async ({ db, body }) => ok(await prepareCagePolicy(db, "evm-b", body)),
});

export const getWalletEvmACage = endpoint({
  ...walletRoute("getWalletEvmACage", "GET", "evm-a/cage", "The wallet's cage state on evm-a and its prepared (unsigned) actions", TAGS, "wallet.read"),
  errors: ["INVALID_ADDRESS"],
  example: { params: { address: EXAMPLE_EVM_ADDRESS } },
  responses: { 200: walletCageSchema },
  handler: async ({ db, params }) => {
    if (!isEvmAddress(params.address)) throw fieldError("INVALID_ADDRESS", "path.address", mustBeAddressOf("evm", "for evm-a"));
    return ok(await walletCageState(db, "evm-a", params.address));
  },
});

export const planEndpoints = [
  depositPlan,
  withdrawPlan,
  swapSvmPlan,
  swapMovePlan,
  swapEvmPlan,
  bridgePlanEndpoint,
  getBridgePaths,
  gasSponsorPlan,
  getPlanRecord,
  getEvmACage,
  getEvmBCage,
  prepareEvmBCage,
  getWalletEvmACage,
];
