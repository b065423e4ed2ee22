// The Cetus aggregator on the local Sui node, so a swap plan's transaction (built by @cetusprotocol/aggregator-sdk 1.7.2
// from the router answer) is simulated against the packages and objects it names, and a call to a package the chain
// does not have, or to a superseded version, fails as on chain:
// - the aggregator v3 router package (original id and the version the SDK defaults to), module `router`;
// - the Cetus adapter of router v3 (original id and the version the SDK names for Cetus), module `cetus`;
// - the shared objects CetusRouter passes (Cetus CLMM's GlobalConfig, the SDK's default Partner) and one CLMM pool of
//   this node (a local id: the router answers the pool a route takes);
// and the public signatures of the calls a by-amount-in Cetus route makes, so a wrong object or argument count fails
// (new_swap_context_v3 and confirm_swap_v3 from MystenLabs/sui-packages packages/mainnet/0xff/d4058af7…/
// decompiled_modules/router.move at commit 02584524299ebf221e478b8043da6a33ec9316af; cetus::swap's arguments as the
// SDK's CetusRouter.executeSwapContract passes them, 1.7.2 dist/index.js — that package has no decompiled source there).
import { normalizeSuiAddress } from "@mysten/sui/utils";
import { USDC } from "../../../server/chains/balances";
import { functionKey, type MoveParam, type SuiObject } from "./world";

/** Aggregator v3 router, original id (MystenLabs/sui-packages packages/mainnet/0xff/d4058af7…/metadata.json originalPackageId, commit 02584524). */
export const CETUS_AGGREGATOR_V3_ORIGINAL = "0x33ec64e9bb369bf045ddc198c81adbf2acab424da37465d95296ee02045d2b17";
/** Its version 3: @cetusprotocol/aggregator-sdk 1.7.2 dist/index.js AGGREGATOR_V3_CONFIG.DEFAULT_PUBLISHED_AT.Mainnet. */
export const CETUS_AGGREGATOR_V3 = "0xffd4058af7d6f6d66c335930cced8c91e38ec943e2392232aee27e8127e684e9";
/** The Cetus adapter's original id (MystenLabs/sui-packages packages/mainnet/0xd7/b0cfc33a…/metadata.json originalPackageId, commit 870a9466). */
export const CETUS_ADAPTER_V3_ORIGINAL = "0xb1e11ceaf3e7cd3031ef5e24804478ec3441c5aecdace910bdaca317a0c1c535";
/** Its version 2: @cetusprotocol/aggregator-sdk 1.7.2 dist/index.js MAINNET_CETUS_V3_PUBLISHED_AT. */
export const CETUS_ADAPTER_V3 = "0xd7b0cfc33a3b46c0ae0e2584c44028385da11724d4c94ec5b21a78117c5c1ab9";
/** Cetus CLMM, the package the adapter calls (MystenLabs/sui-packages packages/mainnet/0xd7/b0cfc33a…/call_graph.json, commit 870a9466). */
export const CETUS_CLMM = "0x1eabed72c53feb3805120a081dc15963c204dc8d091542592abaf7a35689b2fb";
/** CLMM GlobalConfig: @cetusprotocol/aggregator-sdk 1.7.2 dist/index.js CetusRouter constructor (Mainnet globalConfig). */
export const CETUS_GLOBAL_CONFIG = "0xdaa46292632c3c4d8f31f23ea0f9b36a28ff3677e9684980e4438403a67a3d8f";
/** Default Partner: @cetusprotocol/aggregator-sdk 1.7.2 dist/index.js CetusRouter constructor (Mainnet partner). */
export const CETUS_PARTNER = "0x639b5e433da31739e800cd085f356e64cae222966d0f1b11bd9dc76b322ff58b";
/** This node's USDC/SUI CLMM pool (a local id, not a mainnet pool): coin A USDC, coin B SUI. */
export const LOCAL_CETUS_USDC_SUI_POOL = normalizeSuiAddress(`0x${"c7".repeat(32)}`);
/**
 * What this node's pool pays per unit it takes (./cetus-flow.ts): a stand-in for Cetus CLMM's price math, which this
 * node does not run, equal to the local quote server's default rate (tests/support/fake-quotes.ts: 995/1000).
 */
export const LOCAL_CETUS_POOL_RATE = { num: 995n, den: 1000n };
const SUI_TYPE = "0x0000000000000000000000000000000000000000000000000000000000000002::sui::SUI";

/**
 * Published versions by original id. The router's version 2 is not listed (its id is not needed here); the node
 * numbers versions by position, so ListPackageVersions would call version 3 "2" — nothing in a swap plan asks it.
 */
export const CETUS_PACKAGE_VERSIONS: [string, string[]][] = [
  [CETUS_AGGREGATOR_V3_ORIGINAL, [CETUS_AGGREGATOR_V3_ORIGINAL, CETUS_AGGREGATOR_V3]],
  [CETUS_ADAPTER_V3_ORIGINAL, [CETUS_ADAPTER_V3_ORIGINAL, CETUS_ADAPTER_V3]],
];

const shared = (id: string, type: string, initialVersion: bigint): SuiObject => ({
  id: normalizeSuiAddress(id),
  type,
  owner: { kind: "shared", initialVersion },
  version: initialVersion + 500n,
  json: { id: normalizeSuiAddress(id) },
});

/** The shared objects a Cetus route through LOCAL_CETUS_USDC_SUI_POOL passes (initial versions are this node's). */
export function cetusObjects(): SuiObject[] {
  return [
    shared(CETUS_GLOBAL_CONFIG, `${CETUS_CLMM}::config::GlobalConfig`, 1574190n),
    shared(CETUS_PARTNER, `${CETUS_CLMM}::partner::Partner`, 1574191n),
    shared(LOCAL_CETUS_USDC_SUI_POOL, `${CETUS_CLMM}::pool::Pool<${USDC["move-chain"]}, ${SUI_TYPE}>`, 2000000n),
  ];
}

const clmm = (module: string, name: string): MoveParam => ({ object: { package: CETUS_CLMM, module, name } });
const CLOCK: MoveParam = { object: { package: normalizeSuiAddress("0x2"), module: "clock", name: "Clock" } };

export function cetusFunctions(): [string, MoveParam[]][] {
  const router = (fn: string) => functionKey(CETUS_AGGREGATOR_V3_ORIGINAL, "router", fn);
  return [
    // new_swap_context_v3<T0, T1>(quote_id: String, max_amount_in: u64, quote_amount_in: u64, quote_amount_out: u64,
    //   slippage: u64, coin: Coin<T0>, fee_rate: u32, fee_recipient: address, ctx): SwapContext
    [router("new_swap_context_v3"), ["pure", "pure", "pure", "pure", "pure", "value", "pure", "pure"]],
    // confirm_swap_v3<T0>(ctx: SwapContext, ctx): Coin<T0>
    [router("confirm_swap_v3"), ["value"]],
    // cetus::swap<A, B>(swap_ctx: &mut SwapContext, config: &GlobalConfig, pool: &mut Pool<A, B>, partner: &mut Partner,
    //   a2b: bool, amount_in: u64, clock: &Clock)
    [functionKey(CETUS_ADAPTER_V3_ORIGINAL, "cetus", "swap"), ["value", clmm("config", "GlobalConfig"), clmm("pool", "Pool"), clmm("partner", "Partner"), "pure", "pure", CLOCK]],
  ];
}
