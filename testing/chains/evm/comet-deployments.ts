// Compound v3 markets as compound-finance/comet publishes them, at d5a30b0aaeff7755f1431e87f818990902237b03:
// deployments/<chain>/<market>/roots.json "comet" and "configurator", configuration.json "baseTokenAddress". The local
// chains hold these (the in-process EVM deploys Comet and its Configurator at them: ./comet.ts; the answered EVM answers
// baseToken() and getConfiguration from them: ./venues/compound-v3.ts), independently of the service's registry, which
// tests compare with this table. The WETH markets are the "Comet for another base" the venue tests point a venue at.
export interface CometMarket {
  chain: "base" | "arbitrum";
  market: "usdc" | "weth";
  comet: string;
  configurator: string;
  baseToken: string;
}

export const COMET_MARKETS: readonly CometMarket[] = [
  { chain: "base", market: "usdc", comet: "0xb125E6687d4313864e53df431d5425969c15Eb2F", configurator: "0x45939657d1CA34A8FA39A924B71D28Fe8431e581", baseToken: "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913" },
  { chain: "base", market: "weth", comet: "0x46e6b214b524310239732D51387075E0e70970bf", configurator: "0x45939657d1CA34A8FA39A924B71D28Fe8431e581", baseToken: "0x4200000000000000000000000000000000000006" },
  { chain: "arbitrum", market: "usdc", comet: "0x9c4ec768c28520B50860ea7a15bd7213a9fF58bf", configurator: "0xb21b06D71c75973babdE35b49fFDAc3F82Ad3775", baseToken: "0xaf88d065e77c8cC2239327C5EDb3A432268e5831" },
  { chain: "arbitrum", market: "weth", comet: "0x6f7D514bbD4aFf3BcD1140B7344b32f063dEe486", configurator: "0xb21b06D71c75973babdE35b49fFDAc3F82Ad3775", baseToken: "0x82aF49447D8a07e3bd95BD0d56f35241523fBab1" },
];

/** The published market `market` on `chain`. */
export function cometMarket(chain: CometMarket["chain"], market: CometMarket["market"]): CometMarket {
  const m = COMET_MARKETS.find((x) => x.chain === chain && x.market === market);
  if (!m) throw new Error(`no Compound v3 ${market} market on ${chain}`);
  return m;
}

/** The base token of the published Comet at `comet` (any case). */
export function cometBaseToken(comet: string): string {
  const m = COMET_MARKETS.find((x) => x.comet.toLowerCase() === comet.toLowerCase());
  if (!m) throw new Error(`no published Comet at ${comet}`);
  return m.baseToken;
}
