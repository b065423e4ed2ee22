// The venues' share tokens in simulated balance changes: each venue module's cited share token (server/venues/*/index.ts)
// is registered with the chain layer by the venue list (server/venues/list.ts setShareTokens), so changedAsset gives its
// symbol and decimals; its id is one of the venue's own cited on-chain ids (on move-chain a coin type built only from
// them); an id nobody cites still carries nulls. Loading the venue list is what registers them: without the
// registration every share id here comes back with null symbol and decimals.
import { normalizeStructTag, normalizeSuiAddress, parseStructTag } from "@mysten/sui/utils";
import { describe, expect, it } from "vitest";
import { changedAsset } from "../../server/chains/changes";
import { VENUE_MODULES } from "../../server/venues";

/** What each module cites: the `onchain` key its id is (EVM, svm-chain) and the symbol and decimals. */
const EXPECTED: Record<string, { key?: string; symbol: string; decimals: number }> = {
  "aave-v3-base": { key: "aUsdc", symbol: "aBasUSDC", decimals: 6 },
  "aave-v3-arbitrum": { key: "aUsdc", symbol: "aArbUSDCn", decimals: 6 },
  "morpho-base": { key: "vault", symbol: "steakUSDC", decimals: 18 },
  "morpho-arbitrum": { key: "vault", symbol: "gtUSDCp", decimals: 18 },
  "compound-v3-base": { key: "cUSDCv3", symbol: "cUSDCv3", decimals: 6 },
  "compound-v3-arbitrum": { key: "cUSDCv3", symbol: "cUSDCv3", decimals: 6 },
  "jupiter-lend": { key: "jlUsdcMint", symbol: "jlUSDC", decimals: 6 },
  scallop: { symbol: "sUSDC", decimals: 6 },
  suilend: { symbol: "CToken<USDC>", decimals: 6 },
};
/** No share token: marginfi and NAVI have none; Kamino's and Save's collateral mints are read from their reserves, not cited ids. */
const WITHOUT = ["marginfi", "navi", "kamino", "save"];

const moduleOf = (id: string) => {
  const m = VENUE_MODULES.find((v) => v.descriptor.id === id);
  if (!m) throw new Error(`no venue ${id}`);
  return m;
};

/** Every address a Move type names (its own and its type arguments'), in long form. */
function typeAddresses(type: string): string[] {
  const walk = (t: ReturnType<typeof parseStructTag>): string[] => [t.address, ...t.typeParams.flatMap((p) => (typeof p === "string" ? [] : walk(p)))];
  return walk(parseStructTag(type));
}

describe("venue share tokens in balance changes", () => {
  it("every venue is either listed with its share token or listed as having none", () => {
    expect(VENUE_MODULES.map((m) => m.descriptor.id).sort()).toEqual([...Object.keys(EXPECTED), ...WITHOUT].sort());
    for (const id of WITHOUT) expect(moduleOf(id).shareToken, id).toBeUndefined();
  });

  for (const [id, want] of Object.entries(EXPECTED)) {
    it(`${id}: changedAsset gives the share token's cited symbol and decimals`, () => {
      const { descriptor, shareToken } = moduleOf(id);
      expect(shareToken, id).toBeDefined();
      if (!shareToken) return;
      expect(shareToken.chain).toBe(descriptor.chain);
      expect(changedAsset(descriptor.chain, shareToken.id)).toEqual({ chain: descriptor.chain, id: shareToken.id, symbol: want.symbol, decimals: want.decimals });
      // As a chain may spell the id: an EVM address in lower case, a Sui coin type in long form.
      const spelled = descriptor.family === "evm" ? shareToken.id.toLowerCase() : descriptor.family === "sui" ? normalizeStructTag(shareToken.id) : shareToken.id;
      expect(changedAsset(descriptor.chain, spelled)).toMatchObject({ symbol: want.symbol, decimals: want.decimals });
      // Only on its own chain.
      if (descriptor.family === "evm") expect(changedAsset(descriptor.chain === "evm-a" ? "evm-b" : "evm-a", shareToken.id)).toMatchObject({ symbol: null, decimals: null });
    });

    it(`${id}: the share token's id is the venue's own cited on-chain id`, () => {
      const { descriptor, shareToken } = moduleOf(id);
      if (!shareToken) throw new Error(`${id} registers no share token`);
      const cited = Object.values(descriptor.onchain);
      if (want.key) {
        expect(shareToken.id).toBe(descriptor.onchain[want.key]);
        expect(cited).toContain(shareToken.id);
        return;
      }
      // move-chain: the coin type's package and its type arguments are the descriptor's cited package, market type and USDC.
      const citedAddresses = new Set(cited.flatMap((c) => (c.includes("::") ? typeAddresses(c) : [normalizeSuiAddress(c)])));
      for (const a of typeAddresses(shareToken.id)) expect(citedAddresses, `${id}: ${a}`).toContain(a);
      const args = parseStructTag(shareToken.id).typeParams.map((p) => normalizeStructTag(p));
      const citedTypes = cited.filter((c) => c.includes("::")).map((c) => normalizeStructTag(c));
      for (const t of args) expect(citedTypes, `${id}: ${t}`).toContain(t);
    });
  }

  it("an id no venue cites still carries null symbol and decimals", () => {
    expect(changedAsset("evm-a", "0x000000000000000000000000000000000000dEaD")).toEqual({ chain: "evm-a", id: "0x000000000000000000000000000000000000dEaD", symbol: null, decimals: null });
    expect(changedAsset("svm-chain", "11111111111111111111111111111111")).toMatchObject({ symbol: null, decimals: null });
    expect(changedAsset("move-chain", "0x1234::not_a::SHARE")).toMatchObject({ symbol: null, decimals: null });
  });

  it("WETH on Base and Arbitrum (0x's output) is a known token: 18 decimals", () => {
    expect(changedAsset("evm-a", "0x4200000000000000000000000000000000000006")).toMatchObject({ symbol: "WETH", decimals: 18 });
    expect(changedAsset("evm-b", "0x82af49447d8a07e3bd95bd0d56f35241523fbab1")).toMatchObject({ symbol: "WETH", decimals: 18 });
  });
});
