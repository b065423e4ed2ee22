// Pyth on Sui: the update data from Pyth's Hermes and the Move calls that push it, as NAVI's app builds them.
//
// Hermes (SVC_PYTH_HERMES_URL, default https://hermes.pyth.network, the root @naviprotocol/lending 1.4.6 hard-codes in
// dist/index.esm.js): GET {base}/v2/updates/price/latest?ids[]=<hex id>&encoding=hex&parsed=true answers
// { binary: { encoding: "hex" | "base64", data: string[] }, parsed?: [{ id, price: { price, conf, expo, publish_time },
// ema_price, metadata }] } — @pythnetwork/hermes-client 3.1.0 dist/esm/hermes-client.mjs getLatestPriceUpdates
// (URL "updates/price/latest", ids[] appended, options snake-cased) and dist/esm/zodSchemas.mjs PriceUpdate /
// BinaryUpdate / ParsedPriceUpdate / RpcPrice. NAVI's SDK 1.4.6 fetches the same data through pyth-sui-js's
// SuiPriceServiceConnection (GET /api/latest_vaas, base64 strings); NAVI's newer lending source
// (naviprotocol/naviprotocol-monorepo packages/lending/src/pyth.ts at 76878fcd) uses this v2 endpoint. Both are the
// accumulator message ("PNAU…") Pyth's Sui contract takes.
//
// The Move calls: @pythnetwork/pyth-sui-js 2.2.0 lib/client.js SuiPythClient.updatePriceFeeds —
//   <wormhole>::vaa::parse_and_verify(wormhole State, vector<u8> VAA (extractVaaBytesFromAccumulatorMessage), Clock)
//   <pyth>::pyth::create_authenticated_price_infos_using_accumulator(pyth State, vector<u8> accumulator, VAA, Clock)
//   SplitCoins(gas, [base_update_fee per feed])
//   per feed: <pyth>::pyth::update_single_price_feed(pyth State, hot potato, PriceInfoObject, fee coin i, Clock)
//   <pyth>::hot_potato_vector::destroy<<pyth>::price_info::PriceInfo>(hot potato)
// where <pyth> and <wormhole> are each State's `upgrade_cap.package` (getPackageId), and base_update_fee is Pyth
// State's field (getBaseUpdateFee). Read here over gRPC (SuiGrpcClient JSON rendering: upgrade_cap.package flat, as
// NAVI's monorepo pyth.ts getPackageId notes for the gRPC core client).
import type { Transaction, TransactionObjectArgument } from "@mysten/sui/transactions";
import { bcs } from "@mysten/sui/bcs";
import { normalizeSuiAddress } from "@mysten/sui/utils";
import { errorLine, suiRpc } from "../../chains/clients";
import { config } from "../../config";
import { countedFetch } from "../../metrics";
import { fieldsOf, u } from "../../chains/sui/fields";

/** pyth-sui-js 2.2.0 lib/client.js MAX_ARGUMENT_SIZE: the bcs maxSize of the VAA and accumulator arguments. */
const MAX_ARGUMENT_SIZE = 16 * 1024;

export interface PythSuiState {
  pythPackage: string;
  wormholePackage: string;
  baseUpdateFee: bigint;
}

/** The Pyth and Wormhole call packages (each State's upgrade_cap.package) and Pyth's base_update_fee, read now. */
export async function readPythSuiState(pythState: string, wormholeState: string, signal: AbortSignal): Promise<PythSuiState> {
  const { objects } = await suiRpc().getObjects({ objectIds: [pythState, wormholeState], include: { json: true }, signal });
  const [pyth, wormhole] = objects.map((o, i) => {
    if (!o || o instanceof Error) throw new Error(`${i === 0 ? "Pyth" : "Wormhole"} State ${i === 0 ? pythState : wormholeState} is not on chain`);
    return fieldsOf(o.json);
  });
  const pkgOf = (f: Record<string, unknown> | undefined, what: string) => {
    const cap = f?.upgrade_cap;
    const pkg = cap && typeof cap === "object" ? (cap as Record<string, unknown>).package : undefined;
    if (typeof pkg !== "string") throw new Error(`${what} State has no upgrade_cap.package`);
    return normalizeSuiAddress(pkg);
  };
  return { pythPackage: pkgOf(pyth, "Pyth"), wormholePackage: pkgOf(wormhole, "Wormhole"), baseUpdateFee: u(pyth?.base_update_fee) };
}

export interface HermesUpdate {
  /** The accumulator messages Hermes answered (one for any number of ids). */
  updates: Uint8Array[];
  /** Publish time (ms) of each requested id in the update, from `parsed`. */
  publishMs: Map<string, bigint>;
}

export class HermesUnavailable extends Error {}

const bare = (id: string) => id.replace(/^0x/i, "").toLowerCase();

/** The latest update data for `priceIds` from Hermes (SVC_PYTH_HERMES_URL), in its v2 wire format. */
export async function fetchHermesUpdate(priceIds: string[], signal: AbortSignal): Promise<HermesUpdate> {
  const base = config().SVC_PYTH_HERMES_URL;
  const url = new URL(`${base}/v2/updates/price/latest`);
  for (const id of priceIds) url.searchParams.append("ids[]", bare(id));
  url.searchParams.set("encoding", "hex");
  url.searchParams.set("parsed", "true");
  let body: unknown;
  try {
    const res = await countedFetch("pyth-hermes")(url, { headers: { accept: "application/json" }, signal });
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    body = await res.json();
  } catch (e) {
    throw new HermesUnavailable(`Pyth's Hermes (${base}) did not answer GET /v2/updates/price/latest: ${errorLine(e)}`);
  }
  const b = body as { binary?: { encoding?: string; data?: unknown }; parsed?: unknown };
  const enc = b.binary?.encoding;
  const data = b.binary?.data;
  if ((enc !== "hex" && enc !== "base64") || !Array.isArray(data) || data.length === 0 || !data.every((d) => typeof d === "string")) {
    throw new HermesUnavailable(`Pyth's Hermes (${base}) answered without binary update data`);
  }
  const updates = (data as string[]).map((d) => Uint8Array.from(Buffer.from(enc === "hex" ? d.replace(/^0x/, "") : d, enc)));
  const publishMs = new Map<string, bigint>();
  for (const p of Array.isArray(b.parsed) ? b.parsed : []) {
    const id = (p as { id?: unknown }).id;
    const t = (p as { price?: { publish_time?: unknown } }).price?.publish_time;
    if (typeof id === "string" && typeof t === "number") publishMs.set(bare(id), BigInt(t) * 1000n);
  }
  return { updates, publishMs };
}

/** The VAA inside an accumulator message: pyth-sui-js 2.2.0 lib/client.js extractVaaBytesFromAccumulatorMessage. */
export function vaaOfAccumulator(msg: Uint8Array): Uint8Array {
  const b = Buffer.from(msg);
  const trailingPayloadSize = b.readUint8(6);
  const vaaSizeOffset = 7 + trailingPayloadSize + 1;
  const vaaSize = b.readUint16BE(vaaSizeOffset);
  const vaaOffset = vaaSizeOffset + 2;
  return Uint8Array.from(b.subarray(vaaOffset, vaaOffset + vaaSize));
}

/**
 * Adds SuiPythClient.updatePriceFeeds's calls (pyth-sui-js 2.2.0 lib/client.js: verifyVaasAndGetHotPotato, then
 * getBaseUpdateFee and splitCoins of the gas coin, then executePriceFeedUpdates) for `priceInfoObjects` in that order.
 */
export function addPythUpdate(tx: Transaction, s: PythSuiState, ids: { pythState: string; wormholeState: string }, update: Uint8Array, priceInfoObjects: string[]): void {
  const bytes = (v: Uint8Array) => tx.pure(bcs.vector(bcs.U8).serialize(Array.from(v), { maxSize: MAX_ARGUMENT_SIZE }).toBytes());
  const [verifiedVaa] = tx.moveCall({
    target: `${s.wormholePackage}::vaa::parse_and_verify`,
    arguments: [tx.object(ids.wormholeState), bytes(vaaOfAccumulator(update)), tx.object.clock()],
  });
  if (!verifiedVaa) throw new Error("parse_and_verify returned nothing");
  let [hotPotato] = tx.moveCall({
    target: `${s.pythPackage}::pyth::create_authenticated_price_infos_using_accumulator`,
    arguments: [tx.object(ids.pythState), bytes(update), verifiedVaa, tx.object.clock()],
  });
  const coins = tx.splitCoins(
    tx.gas,
    priceInfoObjects.map(() => tx.pure.u64(s.baseUpdateFee)),
  );
  priceInfoObjects.forEach((p, i) => {
    [hotPotato] = tx.moveCall({
      target: `${s.pythPackage}::pyth::update_single_price_feed`,
      arguments: [tx.object(ids.pythState), hotPotato as TransactionObjectArgument, tx.object(p), coins[i] as TransactionObjectArgument, tx.object.clock()],
    });
  });
  tx.moveCall({
    target: `${s.pythPackage}::hot_potato_vector::destroy`,
    arguments: [hotPotato as TransactionObjectArgument],
    typeArguments: [`${s.pythPackage}::price_info::PriceInfo`],
  });
}
