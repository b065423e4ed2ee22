// Protocol SDKs that need an older @mysten/sui than ours, given their own copy in tests only.
// @naviprotocol/lending 1.4.6 imports `SuiClient` from `@mysten/sui/client` (a 1.x export, gone in our 2.33) and
// declares @mysten/sui as a peer (>=1.25), which npm with legacy-peer-deps never nests under it. Its imports of
// `@mysten/sui/*` are answered with the npm alias `sui-v1` (@mysten/sui 1.45.2, devDependency) instead; the SDK is
// inlined (transformed by Vite) so that its imports go through this resolver. Nothing outside tests loads the SDK.
import type { Plugin } from "vite";

const SDKS_ON_SUI_V1 = ["/node_modules/@naviprotocol/lending/"];

export const SDKS_INLINED = ["@naviprotocol/lending"];

export function sdkPeers(): Plugin {
  return {
    name: "sdk-peers",
    enforce: "pre",
    async resolveId(source, importer, options) {
      if (!importer || !SDKS_ON_SUI_V1.some((p) => importer.includes(p))) return null;
      if (source !== "@mysten/sui" && !source.startsWith("@mysten/sui/")) return null;
      return this.resolve(source.replace(/^@mysten\/sui/, "sui-v1"), importer, { ...options, skipSelf: true });
    },
  };
}
