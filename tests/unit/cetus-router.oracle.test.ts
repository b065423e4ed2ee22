// Oracle for the Sui swap's router answer: the RouterDataV3 our quote hands the aggregator SDK is the one the SDK itself
// makes of the same find_routes answer (@cetusprotocol/aggregator-sdk 1.7.2 getRouterResult: its own request, JSONbig
// parse and parseRouterResponse), here against the local quote server's router v3 answer.
import { getRouterResult, type RouterDataV3 } from "@cetusprotocol/aggregator-sdk";
import { describe, expect, it } from "vitest";
import { USDC } from "../../server/chains/balances";
import { cetusProviders, cetusQuoteFor } from "../../server/quotes/cetus";
import { type FakeQuotes, startFakeQuotes } from "../support/fake-quotes";
import { expectSameAs, useLocalChain } from "../../testing/oracle";

const plain = (r: RouterDataV3 | null | undefined) =>
  r && {
    ...r,
    amountIn: r.amountIn.toString(),
    amountOut: r.amountOut.toString(),
    packages: Object.fromEntries(r.packages ?? []),
  };

describe("Cetus router v3 answer → the SDK's RouterDataV3", () => {
  let quotes: FakeQuotes;
  useLocalChain(["SVC_QUOTE_MOVE_URL"], async () => (quotes = await startFakeQuotes()));

  for (const [from, target, amount] of [
    [USDC["move-chain"], "0x2::sui::SUI", 2_000_000n],
    ["0x2::sui::SUI", USDC["move-chain"], 90071992547409930n],
  ] as const) {
    it(`${from.slice(-4)} → ${target.slice(-4)} (${amount})`, async () => {
      const ours = await cetusQuoteFor(from, target, amount, 100);
      if (!ours.ok) throw new Error(ours.reason);
      const ourRequest = quotes.requests.at(-1)?.url;
      const sdk = await getRouterResult(quotes.url, "", { from, target, amount: amount.toString(), byAmountIn: true, providers: cetusProviders(100) }, 0, "0x0");
      const sdkRequest = quotes.requests.at(-1)?.url;
      // The same request (the SDK's getRouter query: completed coin types, by_amount_in, providers, version tag)…
      expectSameAs("getRouterResult's request", Object.fromEntries(ourRequest?.searchParams ?? []), Object.fromEntries(sdkRequest?.searchParams ?? []));
      // …and the same RouterDataV3 of its answer.
      expectSameAs("getRouterResult", plain(ours.quote.move), plain(sdk));
      expect(ours.quote.move?.amountIn.toString()).toBe(amount.toString());
    });
  }
});
