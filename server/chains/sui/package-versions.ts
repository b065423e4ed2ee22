// The newest version of a Move package, from the chain: the full node's MovePackageService.ListPackageVersions (sui.rpc.v2)
// lists every version of a package given the storage id of any of them, ordered by version. A protocol whose SDK takes
// its call package from a web API (NAVI) is resolved this way instead: the chain's own list of the package's upgrades.
// Kept briefly like the UpgradeCap reads (./packages.ts), so a burst of plans costs one read.
import { normalizeSuiAddress } from "@mysten/sui/utils";
import { rpcUrlOf, suiRpc } from "../clients";
import { PACKAGE_TTL_MS } from "./packages";

const holder = globalThis as unknown as { __svcSuiPackageVersions?: Map<string, { at: number; value: Promise<{ id: string; version: bigint }[]> }> };

const ADDRESS = /^0x[0-9a-f]{64}$/;
/** Pages are at most 1000 versions; a package with more pages than this is not believed. */
const MAX_PAGES = 10;

/** Every version of the package `anyVersionId` belongs to, as the chain lists them (storage id and version number). */
async function readPackageVersions(anyVersionId: string, signal: AbortSignal): Promise<{ id: string; version: bigint }[]> {
  const out: { id: string; version: bigint }[] = [];
  let pageToken: Uint8Array | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const { response } = await suiRpc().movePackageService.listPackageVersions({ packageId: anyVersionId, pageToken }, { abort: signal });
    for (const v of response.versions) {
      if (!v.packageId || v.version === undefined) continue;
      const id = normalizeSuiAddress(v.packageId);
      if (!ADDRESS.test(id)) throw new Error(`package ${anyVersionId} lists a malformed version id`);
      out.push({ id, version: v.version });
    }
    pageToken = response.nextPageToken;
    if (!pageToken || pageToken.length === 0) break;
    if (page === MAX_PAGES - 1) throw new Error(`package ${anyVersionId} lists more than ${MAX_PAGES} pages of versions`);
  }
  if (!out.length) throw new Error(`the chain lists no versions of package ${anyVersionId}`);
  return out;
}

/**
 * Every version of the package `anyVersionId` belongs to, from the configured move-chain RPC, cached for
 * PACKAGE_TTL_MS per RPC URL and package (a failed read is not cached): the builders' newest version and a
 * confirmation's check that an event's type is the protocol's read the same list.
 */
export function packageVersions(anyVersionId: string, signal: AbortSignal): Promise<{ id: string; version: bigint }[]> {
  holder.__svcSuiPackageVersions ??= new Map();
  const cache = holder.__svcSuiPackageVersions;
  const key = `${rpcUrlOf("move-chain")}|${normalizeSuiAddress(anyVersionId)}`;
  const hit = cache.get(key);
  if (hit && Date.now() - hit.at < PACKAGE_TTL_MS) return hit.value;
  const value = readPackageVersions(anyVersionId, signal);
  cache.set(key, { at: Date.now(), value });
  value.catch(() => {
    if (cache.get(key)?.value === value) cache.delete(key);
  });
  return value;
}

/** The storage id of the newest version of the package `anyVersionId` belongs to (packageVersions, cached). */
export async function latestPackageVersion(anyVersionId: string, signal: AbortSignal): Promise<string> {
  const versions = await packageVersions(anyVersionId, signal);
  return versions.reduce((best, v) => (v.version > best.version ? v : best)).id;
}
