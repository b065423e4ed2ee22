// The wallet ledger endpoints (spec §4.3, §4.1 public portfolio and activity). Money actions answer
// 200 done, 202 prepared, 422 blocked (contract §4); route, withdraw and auto-pay honor Idempotency-Key.
import { addressFamily, CHAIN_FAMILY, CHAIN_IDS, type ChainId, isAddressOf, normalizeAddress, mustBeAddressOf } from "../chains/address";
import { isTxIdOf } from "../execute/confirm";
import { accepted, endpoint, ok, publicRoute, unprocessable } from "../http/endpoint";
import { fieldError } from "../http/errors";
import { addressParams } from "../http/schemas";
import { walletRead, walletRoute } from "../http/wallet-routes";
import { harvest } from "./harvest";
import { chainFor } from "./home";
import { funding, performance, portfolio, position, positions, publicActivity, publicPortfolio } from "./reads";
import { assertRecipient } from "../plans/recipient";
import { rebalance } from "./rebalance";
import { routeMoney } from "./route";
import {
  activityQuery,
  autoPayBody,
  batchBody,
  batchSchema,
  fundingSchema,
  harvestBody,
  harvestSchema,
  performanceSchema,
  portfolioSchema,
  positionSchema,
  previewBody,
  publicActivitySchema,
  publicPortfolioSchema,
  rebalanceBlockedSchema,
  rebalanceBody,
  rebalanceDoneSchema,
  routeBlockedSchema,
  routeBody,
  routeDoneSchema,
  WALLET_EXAMPLE,
  walletQuery,
  withdrawBlockedSchema,
  withdrawBody,
  withdrawDoneSchema,
} from "./schemas";
import { wire } from "./wire";
import { withdrawMoney } from "./withdraw";

const TAGS = ["wallets"];
/** A well-formed Sui transaction digest (base58 of 32 bytes): the form route checks, not a real transaction. */
// source: none needed, an OpenAPI example of the digest's shape, not an on-chain id.
const SUI_DIGEST_EXAMPLE = "4vJ9JU1bJJE96FWSJKvHsmmFADCg4gpZQff4P3bkLKi";
const params = { address: WALLET_EXAMPLE };

function assertChainWallet(wallet: string, chain: ChainId): void {
  if (!isAddressOf(CHAIN_FAMILY[chain], wallet)) {
    throw fieldError("INVALID_ADDRESS", "path.address", mustBeAddressOf(CHAIN_FAMILY[chain], `to hold anything on ${chain}`));
  }
}

const TX_SHAPE = { sui: "a Sui digest (base58 of 32 bytes)", solana: "a Solana signature (base58 of 64 bytes)", evm: "an EVM transaction hash (0x + 64 hex)" };

/** A txId must be well-formed for its chain (one of `chains`): it is shown as the action's proof (spec §2.4, §2.5). */
function assertTxId(txId: string | undefined, chains: readonly ChainId[]): void {
  if (txId === undefined || chains.some((c) => isTxIdOf(c, txId))) return;
  const shapes = [...new Set(chains.map((c) => `${TX_SHAPE[CHAIN_FAMILY[c]]} for ${c}`))].join(", or ");
  const message = `must be ${shapes}`;
  throw fieldError("INVALID_REQUEST", "body.txId", message);
}

const familyChains = (wallet: string) => CHAIN_IDS.filter((c) => CHAIN_FAMILY[c] === addressFamily(wallet));

export const getPosition = walletRead("getWalletPosition", "position", "Liquid, staked and by-chain amounts of a wallet", TAGS, WALLET_EXAMPLE, positionSchema, async (db, w) => wire(await position(db, w)));

export const getPortfolio = walletRead("getWalletPortfolio", "portfolio", "Balances and venue positions of a wallet, with cost basis and ROI", TAGS, WALLET_EXAMPLE, portfolioSchema, async (db, w) => wire(await portfolio(db, w)));

export const getPerformance = walletRead("getWalletPerformance", "performance", "Realized yield and realized APY (null if unknown)", TAGS, WALLET_EXAMPLE, performanceSchema, async (db, w) => wire(await performance(db, w)));

export const getFunding = walletRead("getWalletFunding", "funding", "Funding snapshot: liquid, staked and stakeable per chain", TAGS, WALLET_EXAMPLE, fundingSchema, async (db, w) => wire(await funding(db, w)));

export const postPreview = endpoint({
  ...walletRoute("previewWalletRoute", "POST", "preview", "Dry run of route: the same answer route would give, nothing written", TAGS, "wallet.dryrun"),
  body: previewBody,
  example: { params, body: { amountMicros: "1000000", stake: true } },
  errors: ["NOT_FOUND"],
  responses: { 200: routeDoneSchema, 422: routeBlockedSchema },
  handler: async ({ db, params: p, body }) => {
    const wallet = normalizeAddress(p.address);
    const chain = body.chain ?? (await chainFor(db, wallet));
    assertChainWallet(wallet, chain);
    assertTxId(body.txId, [chain]);
    const r = await routeMoney(db, wallet, { ...body, chain }, true);
    return r.status === "done" ? ok(wire(r)) : unprocessable(wire(r));
  },
});

export const postRoute = endpoint({
  ...walletRoute("routeWalletMoney", "POST", "route", "Credit liquid and optionally stake into the chosen venue; fee 0", TAGS, "wallet.move"),
  description:
    "Venue: strategyId when given; else the autopilot pick on that chain (top live 30-day APY among ready venues); else the ready venue with the highest live APY; else blocked no_ready_venue.",
  body: routeBody,
  idempotent: true,
  example: { params, body: { amountMicros: "2000000", token: "USDC", stake: true, chain: "move-chain", strategyId: "suilend", txId: SUI_DIGEST_EXAMPLE } },
  errors: ["NOT_FOUND"],
  responses: { 200: routeDoneSchema, 422: routeBlockedSchema },
  handler: async ({ db, params: p, body }) => {
    const wallet = normalizeAddress(p.address);
    assertChainWallet(wallet, body.chain);
    assertTxId(body.txId, [body.chain]);
    const r = await routeMoney(db, wallet, body, false);
    return r.status === "done" ? ok(wire(r)) : unprocessable(wire(r));
  },
});

export const postWithdraw = endpoint({
  ...walletRoute("withdrawWalletMoney", "POST", "withdraw", "Exit principal (liquid first, then unstake); fee 0; above the balance is blocked", TAGS, "wallet.move"),
  body: withdrawBody,
  idempotent: true,
  example: { params, body: { amountMicros: "1000000", token: "USDC" } },
  responses: { 200: withdrawDoneSchema, 422: withdrawBlockedSchema },
  handler: async ({ db, params: p, body }) => {
    const wallet = normalizeAddress(p.address);
    assertTxId(body.txId, body.chain ? [body.chain] : familyChains(wallet));
    const r = await withdrawMoney(db, wallet, body);
    return r.status === "done" ? ok(wire(r)) : unprocessable(wire(r));
  },
});

export const postHarvest = endpoint({
  operationId: "harvestWallet",
  method: "POST",
  path: "/api/v1/wallets/{address}/harvest",
  summary: "Harvest realized yield read from the venue; skim on gross only; residual compounds",
  description:
    "Nothing staked: 200 no_op_harvest. Yield unavailable (venue RPC down or no reader): 200 with grossYieldMicros 0 and reason. execute:false: 202 prepared harvest-plan.v1.",
  tags: TAGS,
  access: "permissionless",
  params: addressParams,
  body: harvestBody.optional(),
  example: { params, body: {} },
  responses: { 200: harvestSchema, 202: harvestSchema },
  handler: async ({ db, params: p, body }) => {
    const r = await harvest(db, normalizeAddress(p.address), { execute: body?.execute ?? true, chain: body?.chain });
    return r.prepared ? accepted(wire(r)) : ok(wire(r));
  },
});

export const postAutoPay = endpoint({
  ...walletRoute("autoPayWallet", "POST", "auto-pay", "Harvest and pay residual yield to the given payees by bps (sum ≤ 10000); the rest compounds", TAGS, "wallet.move"),
  body: autoPayBody,
  idempotent: true,
  example: { params, body: { chain: "move-chain", payees: [{ address: `0x${"4".repeat(64)}`, bps: 2500 }] } },
  responses: { 200: harvestSchema },
  handler: async ({ db, params: p, body }) => {
    const family = CHAIN_FAMILY[body.chain];
    body.payees.forEach((x, i) => {
      if (!isAddressOf(family, x.address)) {
        throw fieldError("INVALID_ADDRESS", `body.payees.${i}.address`, mustBeAddressOf(family, `for ${body.chain}`));
      }
      // A payee receives yield: the same recipient check as a bridge destination (issue 22).
      assertRecipient(body.chain, x.address, `payees.${i}.address`, `payees[${i}].address`);
    });
    const payees = body.payees.map((x) => ({ address: normalizeAddress(x.address), bps: x.bps }));
    return ok(wire(await harvest(db, normalizeAddress(p.address), { execute: true, chain: body.chain, payees })));
  },
});

export const postRebalance = endpoint({
  ...walletRoute("rebalanceWallet", "POST", "rebalance", "Move staked principal between two venues of one chain; cross-chain is blocked (use a bridge plan)", TAGS, "wallet.move"),
  body: rebalanceBody,
  example: { params, body: { fromStrategyId: "suilend", toStrategyId: "navi", amountMicros: "500000" } },
  errors: ["NOT_FOUND"],
  responses: { 200: rebalanceDoneSchema, 422: rebalanceBlockedSchema },
  handler: async ({ db, params: p, body }) => {
    const r = await rebalance(db, normalizeAddress(p.address), body);
    return r.status === "done" ? ok(wire(r)) : unprocessable(wire(r));
  },
});

export const postBatchPositions = endpoint({
  operationId: "batchWalletPositions",
  method: "POST",
  path: "/api/v1/wallets/batch/positions",
  summary: "Positions of up to 50 wallets, each in the key's scope",
  tags: TAGS,
  access: "wallet.read",
  body: batchBody,
  wallets: ({ body }) => body.wallets,
  example: { body: { wallets: [WALLET_EXAMPLE] } },
  responses: { 200: batchSchema },
  handler: async ({ db, body }) => {
    const list = [...new Set(body.wallets.map(normalizeAddress))];
    const out = await positions(db, list);
    return ok(wire({ count: out.length, positions: out }));
  },
});

export const getPublicPortfolio = endpoint({
  ...publicRoute("getPublicPortfolio", "GET", "/api/v1/svc/portfolio", "A wallet's own positions with on-chain proof, cost basis net of routing legs, and ROI", ["public", ...TAGS]),
  query: walletQuery,
  example: { query: { wallet: WALLET_EXAMPLE } },
  responses: { 200: publicPortfolioSchema },
  handler: async ({ db, query }) => ok(wire(await publicPortfolio(db, normalizeAddress(query.wallet)))),
});

export const getPublicActivity = endpoint({
  ...publicRoute("getPublicActivity", "GET", "/api/v1/svc/activity", "A wallet's activity: one row per leg, newest group first, legs by legIndex; cursor pages", ["public", ...TAGS]),
  query: activityQuery,
  example: { query: { wallet: WALLET_EXAMPLE, limit: "20" } },
  responses: { 200: publicActivitySchema },
  handler: async ({ db, query }) => ok(wire(await publicActivity(db, normalizeAddress(query.wallet), query.cursor, query.limit ?? 50))),
});

export const ledgerEndpoints = [
  getPosition,
  getPortfolio,
  getPerformance,
  getFunding,
  postPreview,
  postRoute,
  postWithdraw,
  postHarvest,
  postAutoPay,
  postRebalance,
  postBatchPositions,
  getPublicPortfolio,
  getPublicActivity,
];
