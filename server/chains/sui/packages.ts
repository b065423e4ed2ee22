// Where a Move call goes. A Sui package upgrade publishes a new package id; types keep the id of the package that
// defined them (the original id), but calls must go to the current upgrade: Scallop and Suilend both assert the
// package version in their entry functions, so a call to an older version aborts. Both protocols find the current
// package from the package's UpgradeCap, whose `package` field the chain rewrites on every upgrade (Suilend's SDK reads
// it directly; Scallop's address book records it as `core.packages.protocol.id`). We read the same field through the
// configured RPC when a plan is built, and keep the answer briefly so a burst of plans costs one read.
import { rpcUrlOf } from "../clients";
import { readObjectJson } from "./objects";

/** How long a resolved package id is reused. An upgrade takes effect for new plans within this time. */
export const PACKAGE_TTL_MS = 60_000;

const holder = globalThis as unknown as { __svcSuiPackages?: Map<string, { at: number; value: Promise<string> }> };

const ADDRESS = /^0x[0-9a-f]{64}$/;

/** The package an UpgradeCap currently points at (its `package` field), normalized to 0x + 64 hex. */
export async function readUpgradeCapPackage(capId: string, signal: AbortSignal): Promise<string> {
  const json = await readObjectJson(capId, signal);
  const pkg = json.package;
  if (typeof pkg !== "string") throw new Error(`object ${capId} is not an UpgradeCap (no package field)`);
  const normalized = `0x${pkg.replace(/^0x/, "").toLowerCase().padStart(64, "0")}`;
  if (!ADDRESS.test(normalized)) throw new Error(`UpgradeCap ${capId} holds a malformed package id`);
  return normalized;
}

/**
 * The current package of the UpgradeCap `capId`, from the configured move-chain RPC, cached for PACKAGE_TTL_MS per
 * RPC URL (a failed read is not cached).
 */
export function currentPackage(capId: string, signal: AbortSignal): Promise<string> {
  holder.__svcSuiPackages ??= new Map();
  const cache = holder.__svcSuiPackages;
  const key = `${rpcUrlOf("move-chain")}|${capId}`;
  const hit = cache.get(key);
  if (hit && Date.now() - hit.at < PACKAGE_TTL_MS) return hit.value;
  const value = readUpgradeCapPackage(capId, signal);
  cache.set(key, { at: Date.now(), value });
  value.catch(() => {
    if (cache.get(key)?.value === value) cache.delete(key);
  });
  return value;
}
