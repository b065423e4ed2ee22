// GET /svc/venues, /svc/venues/apy, /svc/strategies, /svc/strategies/{id}, /svc/strategies/{id}/chart,
// /svc/discover, /svc/home, /svc/packages, /svc/evm-a|evm-b/enablement, /svc/{chain}/wallet-balance,
// /svc/tokens, /svc/tokens/lookup and /api/auto-yield/venues (spec §4.1, §4.9).
import { CHAIN_FAMILY, type ChainId, type ChainSegment, isAddressOf, SEGMENT_TO_CHAIN, mustBeAddressOf } from "../chains/address";
import { USDC, walletBalances } from "../chains/balances";
import { tokenDetails, tokenList } from "../chains/tokens";
import { knownToken } from "../../lib/tokens";
import { endpoint, ok, publicRoute } from "../http/endpoint";
import { ApiError, fieldError } from "../http/errors";
import { AUTOPILOT_ID, resolveStrategyId } from "../venues";
import { chartBody } from "./chart";
import { estimates, estimatesCamelWire } from "./estimates";
import { enablementBody, NETWORK, packagesBody } from "./packages";
import {
  autoYieldVenuesSchema,
  balanceQuery,
  balanceSchema,
  chartSchema,
  discoverQuery,
  discoverSchema,
  enablementSchema,
  homeQuery,
  homeSchema,
  packagesSchema,
  strategiesSchema,
  strategyDetailSchema,
  strategyParams,
  strategyQuery,
  venueApySchema,
  venuesQuery,
  venuesSchema,
} from "./schemas";
import { tokenListQuery, tokenListSchema, tokenQuery, tokenSchema } from "./token-schemas";
import { preparedAnswer, queryKey } from "./home-answer";
import { getSnapshot } from "./snapshot";
import { catalogState, discoverBody, homeBody, strategyRows, venueApyBody, venuesBody } from "./views";

const TAGS = ["catalog"];
const DEFAULT_ESTIMATE_MICROS = 1_000_000_000n; // 1000 USDC

export const getVenues = endpoint({
  ...publicRoute("getVenues", "GET", "/api/v1/svc/venues", "Venues with readiness and execution labels; ?live=1 adds the live APY", TAGS),
  query: venuesQuery,
  example: { query: { live: "1" } },
  responses: { 200: venuesSchema },
  handler: async ({ db, query }) => ok(venuesBody(query.live === true, query.live ? await catalogState(db) : null)),
});

export const getVenueApy = endpoint({
  ...publicRoute("getVenueApy", "GET", "/api/v1/svc/venues/apy", "Per-venue APY table; null where unavailable, top-level status unavailable when the live read fails", TAGS),
  responses: { 200: venueApySchema },
  handler: async ({ db }) => ok(venueApyBody(await catalogState(db))),
});

export const listStrategies = endpoint({
  ...publicRoute("listStrategies", "GET", "/api/v1/svc/strategies", "Strategies: the automated strategy first, then every venue", TAGS),
  responses: { 200: strategiesSchema },
  handler: async ({ db }) => {
    const state = await catalogState(db);
    const strategies = strategyRows(state);
    return ok({ schemaVersion: "svc-strategies.v1" as const, status: state.status, count: strategies.length, strategies });
  },
});

export const getStrategy = endpoint({
  ...publicRoute("getStrategy", "GET", "/api/v1/svc/strategies/{id}", "One strategy by bare id, form-<id> alias or opportunityId, with yield estimates", TAGS),
  description:
    "A composite market id (e.g. scallop-usdc) is a 400 naming the bare id; an unknown id is a 404 NOT_FOUND. Estimates follow spec §1.4 for `amountMicros` (default 1000 USDC).",
  params: strategyParams,
  query: strategyQuery,
  example: { params: { id: "scallop" } },
  errors: ["NOT_FOUND", "INVALID_AMOUNT"],
  responses: { 200: strategyDetailSchema },
  handler: async ({ db, params, query }) => {
    const r = resolveStrategyId(params.id, "path.id");
    const state = await catalogState(db);
    const row = strategyRows(state).find((s) => s.strategyId === (r.kind === "strategy" ? AUTOPILOT_ID : r.id));
    if (!row) throw new ApiError("NOT_FOUND", `Unknown strategyId ${params.id}`);
    const e = estimates(row.apy.grossApyBps, query.amountMicros ?? DEFAULT_ESTIMATE_MICROS, state.skimBps);
    return ok({ schemaVersion: "svc-strategy.v1" as const, strategy: row, estimates: estimatesCamelWire(e) });
  },
});

export const getStrategyChart = endpoint({
  ...publicRoute("getStrategyChart", "GET", "/api/v1/svc/strategies/{id}/chart", "APY and TVL history of the strategy's upstream pool (proxied, cached briefly)", TAGS),
  example: { params: { id: "kamino" } },
  params: strategyParams,
  errors: ["NOT_FOUND"],
  responses: { 200: chartSchema },
  handler: async ({ db, params }) => ok(await chartBody(db, params.id)),
});

export const getDiscover = endpoint({
  ...publicRoute("getDiscover", "GET", "/api/v1/svc/discover", "Market map of upstream pools on the four chains (not execution truth), filterable and paginated", TAGS),
  query: discoverQuery,
  example: { query: { chain: "svm-chain", minTvlUsd: "1000000" } },
  responses: { 200: discoverSchema },
  handler: async ({ db, query }) => ok(discoverBody(await getSnapshot(db), query)),
});

export const getHome = endpoint({
  ...publicRoute("getHome", "GET", "/api/v1/svc/home", "Dashboard table: opportunities (automated strategy first), protocols and markets, filtered and sorted", TAGS),
  query: homeQuery,
  example: { query: { sort: "grossApyBps", order: "desc" } },
  description:
    "Each answer carries a strong ETag, the same for as long as the catalog is unchanged (the answer is prepared once per change, rebuilt at most once a second): send it back in If-None-Match to get 304 Not Modified without a body.",
  responses: { 200: homeSchema },
  etag: true,
  handler: async ({ db, query }) => {
    const a = await preparedAnswer(db, queryKey("home", query), async () => homeBody(await catalogState(db), query));
    return { status: 200 as const, body: a.body, headers: a.headers };
  },
});

export const getPackages = endpoint({
  ...publicRoute("getPackages", "GET", "/api/v1/svc/packages", "Our package, program and registry ids per chain (svc-packages.v1); upgrade authorities held", TAGS),
  responses: { 200: packagesSchema },
  handler: async () => ok(packagesBody()),
});

export const getEvmAEnablement = endpoint({
  ...publicRoute("getEvmAEnablement", "GET", "/api/v1/svc/evm-a/enablement", "Enablement state of evm-a (Map chain: discovery and prepare only)", TAGS),
  responses: { 200: enablementSchema },
  handler: async () => ok(enablementBody("evm-a")),
});

export const getEvmBEnablement = endpoint({
  ...getEvmAEnablement,
  operationId: "getEvmBEnablement",
  path: "/api/v1/svc/evm-b/enablement",
  summary: "Enablement state of evm-b (Map chain: discovery and prepare only)",
  handler: async () => ok(enablementBody("evm-b")),
});

/**
 * GET /svc/{chain}/wallet-balance, one concrete path per chain segment (move, svm, evm-a, evm-b): a template
 * `/svc/{chain}/…` would be ambiguous beside `/svc/strategies/{id}` and `/svc/webhooks/{id}` in the OpenAPI document.
 */
function walletBalanceEndpoint(segment: ChainSegment, operationId: string, example: string) {
  const chain: ChainId = SEGMENT_TO_CHAIN[segment];
  return endpoint({
    operationId,
    method: "GET",
    path: `/api/v1/svc/${segment}/wallet-balance`,
    summary: `Native asset and USDC balance of a wallet on ${chain}, read through the chain's RPC (a failed leg is N/A)`,
    tags: TAGS,
    access: "public",
    query: balanceQuery,
    example: { query: { address: example } },
    errors: ["INVALID_ADDRESS"],
    responses: { 200: balanceSchema },
    handler: async ({ query: q }) => {
      const family = CHAIN_FAMILY[chain];
      const query = { address: q.address ?? q.wallet ?? "" };
      const name = q.address === undefined ? "wallet" : "address";
      if (!isAddressOf(family, query.address)) throw fieldError("INVALID_ADDRESS", `query.${name}`, mustBeAddressOf(family, `for ${NETWORK[chain]} (${chain})`));
      const address = family === "evm" ? query.address.toLowerCase() : query.address;
      return ok({
        schemaVersion: "svc-wallet-balance.v1" as const,
        chain,
        network: NETWORK[chain],
        address,
        legs: await walletBalances(chain, address),
      });
    },
  });
}

const EVM_EXAMPLE = `0x${"4".repeat(40)}`;
export const getMoveWalletBalance = walletBalanceEndpoint("move", "getMoveWalletBalance", `0x${"3".repeat(64)}`);
// The example is any base58 address of 32 bytes; the USDC mint is one.
export const getSvmWalletBalance = walletBalanceEndpoint("svm", "getSvmWalletBalance", USDC["svm-chain"]);
export const getEvmAWalletBalance = walletBalanceEndpoint("evm-a", "getEvmAWalletBalance", EVM_EXAMPLE);
export const getEvmBWalletBalance = walletBalanceEndpoint("evm-b", "getEvmBWalletBalance", EVM_EXAMPLE);

export const getToken = endpoint({
  ...publicRoute("getToken", "GET", "/api/v1/svc/tokens/lookup", "A token's symbol and decimals: the shipped token list, else the chain's own metadata (decimals null with a reason when unreadable)", TAGS),
  query: tokenQuery,
  example: { query: { chain: "svm-chain", address: "USDC" } },
  errors: ["INVALID_REQUEST"],
  responses: { 200: tokenSchema },
  handler: async ({ query }) => {
    const chain: ChainId = query.chain;
    const known = knownToken(chain, query.address);
    const details = known ? await tokenDetails(chain, known.address) : await tokenDetails(chain, query.address);
    return ok({ schemaVersion: "svc-token.v1" as const, ...details });
  },
});

export const listTokens = endpoint({
  ...publicRoute("listTokens", "GET", "/api/v1/svc/tokens", "The tokens the service knows by name on a chain (symbol, name, decimals, address with its cited source)", TAGS),
  query: tokenListQuery,
  example: { query: { chain: "move-chain" } },
  errors: ["INVALID_REQUEST"],
  responses: { 200: tokenListSchema },
  handler: async ({ query }) => {
    const chain: ChainId = query.chain;
    return ok({ schemaVersion: "svc-tokens.v1" as const, chain, tokens: [...tokenList(chain)] });
  },
});

export const getAutoYieldVenues = endpoint({
  ...publicRoute("getAutoYieldVenues", "GET", "/api/auto-yield/venues", "Public venue readiness and live APYs for the character auto-yield surface (gross_apy_bps nullable)", ["auto-yield"]),
  responses: { 200: autoYieldVenuesSchema },
  handler: async ({ db }) => {
    const state = await catalogState(db);
    const rows = strategyRows(state).filter((r) => r.kind === "venue");
    return ok({
      schemaVersion: "auto-yield-venues.v1" as const,
      status: state.status,
      source: "defillama" as const,
      as_of: state.snapshot.asOf?.toISOString() ?? null,
      venues: rows.map((r) => ({
        venue: r.strategyId,
        opportunity_id: r.opportunityId,
        protocol: r.protocol,
        chain: r.chain,
        ready: r.ready,
        adapter_ready: r.writeReady,
        gross_apy_bps: r.apy.grossApyBps,
        net_apy_bps: r.apy.netApyBps,
        apy_30d_bps: r.apy.apy30dBps,
        tvl_usd: r.apy.tvlUsd,
        source: r.apy.source,
        as_of: r.apy.asOf,
        reason: r.apy.reason,
      })),
    });
  },
});

export const catalogEndpoints = [
  getVenues,
  getVenueApy,
  listStrategies,
  getStrategy,
  getStrategyChart,
  getDiscover,
  getHome,
  getPackages,
  getEvmAEnablement,
  getEvmBEnablement,
  getMoveWalletBalance,
  getSvmWalletBalance,
  getEvmAWalletBalance,
  getEvmBWalletBalance,
  getToken,
  listTokens,
  getAutoYieldVenues,
];
