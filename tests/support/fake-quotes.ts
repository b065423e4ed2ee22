// A local aggregator speaking the three quote APIs the service reads, each refusing (401) a request without its key
// as the real ones do: Jupiter Swap API v2 (`GET /order`, `GET /build`, header x-api-key), the Cetus aggregator
// router v3 (`GET /find_routes`, no key) and 0x Swap API v2 (`GET /swap/allowance-holder/quote`, headers 0x-api-key
// and 0x-version: v2). Output = input × rate.
import { createServer, type Server } from "node:http";
import { getBase58Decoder } from "@solana/kit";
import { normalizeStructTag } from "@mysten/sui/utils";
import { USDC } from "../../server/chains/balances";
import { CETUS_ADAPTER_V3, CETUS_AGGREGATOR_V3, LOCAL_CETUS_USDC_SUI_POOL } from "../../testing/chains/sui/cetus-aggregator";

const addr = (fill: number) => getBase58Decoder().decode(new Uint8Array(32).fill(fill));

export const FAKE_JUPITER_KEY = "jup-test-key-0001";
export const FAKE_ZEROX_KEY = "zeroex-test-key-0001";
/** Env for startApp: every quote source on this server, with the keys it accepts. */
export const quoteEnv = (url: string) => ({
  SVC_QUOTE_SVM_URL: url,
  SVC_QUOTE_MOVE_URL: url,
  SVC_QUOTE_EVM_URL: url,
  SVC_JUPITER_API_KEY: FAKE_JUPITER_KEY,
  SVC_ZEROX_API_KEY: FAKE_ZEROX_KEY,
});

/** Stand-ins for the accounts of a Jupiter /build answer (not real programs: the fake only needs valid addresses). */
export const JUP_FAKE = {
  computeBudget: "ComputeBudget111111111111111111111111111111",
  swapProgram: addr(41),
  lookupTable: addr(42),
  tableAccounts: [addr(43), addr(44)],
  blockhash: Array.from({ length: 32 }, (_, i) => (i * 7 + 3) % 256),
  lastValidBlockHeight: 280000150,
};

/** The 0x AllowanceHolder address the fake answers as spender and entry point (the fake's own value). */
export const FAKE_ALLOWANCE_HOLDER = "0x0000000000001ff3684f28c67538d4d072c22734";

export interface FakeQuotes {
  url: string;
  /** When set, every request answers 503. */
  failing: { on: boolean };
  /** Output per input unit, as a fraction. */
  rate: { num: bigint; den: bigint };
  /** 0x: the taker's current allowance to AllowanceHolder (lower-case taker → amount); absent = 0. */
  allowances: Map<string, bigint>;
  /**
   * Cetus router v3: the packages and pool the answer names (defaults: the SDK's aggregator v3 package, its Cetus
   * adapter and the local node's USDC/SUI pool; see testing/chains/sui/cetus-aggregator.ts) and the provider it routes through.
   */
  cetus: { aggregatorV3: string; publishedAt: string; pool: string; provider: string };
  requests: { url: URL; headers: Record<string, string | string[] | undefined> }[];
  close: () => Promise<void>;
}

export async function startFakeQuotes(): Promise<FakeQuotes> {
  const failing = { on: false };
  const rate = { num: 995n, den: 1000n };
  const allowances = new Map<string, bigint>();
  const cetus = { aggregatorV3: CETUS_AGGREGATOR_V3, publishedAt: CETUS_ADAPTER_V3, pool: LOCAL_CETUS_USDC_SUI_POOL, provider: "CETUS" };
  const requests: FakeQuotes["requests"] = [];
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://x");
    requests.push({ url, headers: req.headers });
    const send = (status: number, body: unknown) => res.writeHead(status, { "content-type": "application/json" }).end(typeof body === "string" ? body : JSON.stringify(body));
    if (failing.on) return send(503, { error: "maintenance" });
    const q = url.searchParams;
    const jupiter = url.pathname.endsWith("/order") || url.pathname.endsWith("/build");
    if (jupiter) {
      if (req.headers["x-api-key"] !== FAKE_JUPITER_KEY) return send(401, { code: 401, message: "Unauthorized: missing or invalid x-api-key" });
      const amount = BigInt(q.get("amount") ?? "0");
      const out = (amount * rate.num) / rate.den;
      const slip = BigInt(q.get("slippageBps") ?? "50");
      const quote = {
        inputMint: q.get("inputMint"),
        inAmount: amount.toString(),
        outputMint: q.get("outputMint"),
        outAmount: out.toString(),
        otherAmountThreshold: ((out * (10000n - slip)) / 10000n).toString(),
        swapMode: "ExactIn",
        slippageBps: Number(slip),
        priceImpactPct: "0.0001",
        routePlan: [
          {
            swapInfo: { ammKey: JUP_FAKE.tableAccounts[0], label: "Whirlpool", inputMint: q.get("inputMint"), outputMint: q.get("outputMint"), inAmount: amount.toString(), outAmount: out.toString(), feeAmount: "400", feeMint: q.get("inputMint") },
            percent: 100,
            bps: 10000,
          },
        ],
      };
      if (url.pathname.endsWith("/order")) return send(200, { ...quote, mode: "ultra", router: "iris", swapType: "aggregator", feeBps: 0, transaction: q.get("taker") ? "" : null, requestId: "req-1", taker: q.get("taker"), totalTime: 10 });
      const taker = q.get("taker");
      if (!taker) return send(400, { error: "taker is required" });
      return send(200, {
        ...quote,
        computeBudgetInstructions: [{ programId: JUP_FAKE.computeBudget, accounts: [], data: Buffer.from([3, 0x40, 0x42, 0x0f, 0, 0, 0, 0, 0]).toString("base64") }],
        setupInstructions: [],
        swapInstruction: {
          programId: JUP_FAKE.swapProgram,
          accounts: [
            { pubkey: taker, isSigner: true, isWritable: true },
            { pubkey: JUP_FAKE.tableAccounts[0], isSigner: false, isWritable: true },
            { pubkey: JUP_FAKE.tableAccounts[1], isSigner: false, isWritable: false },
          ],
          data: Buffer.from(`swap:${amount}`).toString("base64"),
        },
        cleanupInstruction: null,
        otherInstructions: [],
        addressesByLookupTableAddress: { [JUP_FAKE.lookupTable]: JUP_FAKE.tableAccounts },
        blockhashWithMetadata: { blockhash: JUP_FAKE.blockhash, lastValidBlockHeight: JUP_FAKE.lastValidBlockHeight },
      });
    }
    if (url.pathname.endsWith("/find_routes")) {
      const amount = BigInt(q.get("amount") ?? "0");
      const out = (amount * rate.num) / rate.den;
      const from = q.get("from") ?? "";
      const target = q.get("target") ?? "";
      // The pool's coin A is USDC (testing/chains/sui/cetus-aggregator.ts): USDC in is a2b (`direction: true`).
      const a2b = normalizeStructTag(from) === normalizeStructTag(USDC["move-chain"]);
      // Router v3's wire format as @cetusprotocol/aggregator-sdk 1.7.2 reads it (dist/index.js getRouterResult:
      // JSONbig.parse, then parseRouterResponse of `data`: request_id, amount_in, amount_out, deviation_ratio, packages,
      // paths[{ id, direction, provider, from, target, fee_rate, amount_in, amount_out, version, published_at,
      // extended_details }]). Amounts are JSON numbers (json-bigint keeps them exact above 2^53).
      const body = `{"code":200,"msg":"Success","data":{"request_id":"fake-req-1","amount_in":${amount},"amount_out":${out},"deviation_ratio":0,"paths":[{"id":${JSON.stringify(cetus.pool)},"direction":${a2b},"provider":${JSON.stringify(cetus.provider)},"from":${JSON.stringify(from)},"target":${JSON.stringify(target)},"fee_rate":0.0025,"amount_in":${amount},"amount_out":${out},"version":"v3","published_at":${JSON.stringify(cetus.publishedAt)},"extended_details":{}}],"packages":{"aggregator_v3":${JSON.stringify(cetus.aggregatorV3)}}}}`;
      return send(200, body);
    }
    if (url.pathname.endsWith("/swap/allowance-holder/quote")) {
      if (req.headers["0x-api-key"] !== FAKE_ZEROX_KEY) return send(401, { name: "UNAUTHORIZED", message: "Invalid or missing 0x-api-key" });
      if (req.headers["0x-version"] !== "v2") return send(400, { name: "INPUT_INVALID" });
      const amount = BigInt(q.get("sellAmount") ?? "0");
      const out = (amount * rate.num) / rate.den;
      const slip = BigInt(q.get("slippageBps") ?? "100");
      const taker = q.get("taker")?.toLowerCase();
      const actual = taker ? (allowances.get(taker) ?? 0n) : 0n;
      return send(200, {
        liquidityAvailable: true,
        buyAmount: out.toString(),
        minBuyAmount: ((out * (10000n - slip)) / 10000n).toString(),
        sellAmount: amount.toString(),
        buyToken: q.get("buyToken"),
        sellToken: q.get("sellToken"),
        route: { fills: [{ from: q.get("sellToken"), to: q.get("buyToken"), source: "Uniswap_V3", proportionBps: "10000" }], tokens: [] },
        fees: { integratorFee: null, zeroExFee: { amount: "150", token: q.get("sellToken"), type: "volume" }, gasFee: null },
        issues: {
          allowance: taker && actual < amount ? { actual: actual.toString(), spender: FAKE_ALLOWANCE_HOLDER } : null,
          balance: null,
          simulationIncomplete: false,
          invalidSourcesPassed: [],
        },
        transaction: { to: FAKE_ALLOWANCE_HOLDER, data: "0x2213bc0b", gas: "250000", gasPrice: "12000000", value: "0" },
      });
    }
    send(404, { error: "not found" });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const bound = server.address();
  const port = typeof bound === "object" && bound ? bound.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    failing,
    rate,
    allowances,
    cetus,
    requests,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}
