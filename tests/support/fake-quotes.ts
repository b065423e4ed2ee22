// A local aggregator speaking the three quote formats the service reads: Jupiter (`GET /quote`), Cetus
// (`GET /find_routes`) and 0x Swap API v2 (`GET /swap/allowance-holder/quote`). Output = input × rate.
import { createServer, type Server } from "node:http";

export interface FakeQuotes {
  url: string;
  /** When set, every request answers 503. */
  failing: { on: boolean };
  /** Output per input unit, as a fraction. */
  rate: { num: bigint; den: bigint };
  requests: URL[];
  close: () => Promise<void>;
}

export async function startFakeQuotes(): Promise<FakeQuotes> {
  const failing = { on: false };
  const rate = { num: 995n, den: 1000n };
  const requests: URL[] = [];
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://x");
    requests.push(url);
    const send = (status: number, body: unknown) => res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
    if (failing.on) return send(503, { error: "maintenance" });
    const q = url.searchParams;
    if (url.pathname.endsWith("/quote") && !url.pathname.includes("allowance-holder")) {
      const amount = BigInt(q.get("amount") ?? "0");
      const out = (amount * rate.num) / rate.den;
      const slip = BigInt(q.get("slippageBps") ?? "50");
      return send(200, {
        inputMint: q.get("inputMint"),
        inAmount: amount.toString(),
        outputMint: q.get("outputMint"),
        outAmount: out.toString(),
        otherAmountThreshold: ((out * (10000n - slip)) / 10000n).toString(),
        swapMode: "ExactIn",
        slippageBps: Number(slip),
        priceImpactPct: "0.0001",
        routePlan: [
          { swapInfo: { ammKey: "HcoJqG325TTifs6jyWvRJ9ET4pDu12Xrt2EQKZGFmuKX", label: "Whirlpool", inputMint: q.get("inputMint"), outputMint: q.get("outputMint"), inAmount: amount.toString(), outAmount: out.toString(), feeAmount: "400", feeMint: q.get("inputMint") }, percent: 100 },
        ],
        contextSlot: 300000000,
        timeTaken: 0.01,
      });
    }
    if (url.pathname.endsWith("/find_routes")) {
      const amount = BigInt(q.get("amount") ?? "0");
      const out = (amount * rate.num) / rate.den;
      return send(200, {
        code: 200,
        msg: "Success",
        data: {
          request_id: "req-1",
          amount_in: Number(amount),
          amount_out: Number(out),
          routes: [{ path: [{ id: "0xpool", direction: true, provider: "CETUS", from: q.get("from"), target: q.get("target"), fee_rate: "0.0025", amount_in: Number(amount), amount_out: Number(out) }], amount_in: Number(amount), amount_out: Number(out) }],
        },
      });
    }
    if (url.pathname.endsWith("/swap/allowance-holder/quote")) {
      if (req.headers["0x-version"] !== "v2") return send(400, { name: "INPUT_INVALID" });
      const amount = BigInt(q.get("sellAmount") ?? "0");
      const out = (amount * rate.num) / rate.den;
      const slip = BigInt(q.get("slippageBps") ?? "100");
      return send(200, {
        liquidityAvailable: true,
        buyAmount: out.toString(),
        minBuyAmount: ((out * (10000n - slip)) / 10000n).toString(),
        sellAmount: amount.toString(),
        buyToken: q.get("buyToken"),
        sellToken: q.get("sellToken"),
        route: { fills: [{ from: q.get("sellToken"), to: q.get("buyToken"), source: "Uniswap_V3", proportionBps: "10000" }], tokens: [] },
        fees: { integratorFee: null, zeroExFee: { amount: "150", token: q.get("sellToken"), type: "volume" }, gasFee: null },
        issues: { allowance: { actual: "0", spender: "0x0000000000001ff3684f28c67538d4d072c22734" }, balance: null, simulationIncomplete: false, invalidSourcesPassed: [] },
        transaction: { to: "0x0000000000001ff3684f28c67538d4d072c22734", data: "0x2213bc0b", gas: "250000", gasPrice: "12000000", value: "0" },
      });
    }
    send(404, { error: "not found" });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const addr = server.address();
  const port = typeof addr === "object" && addr ? addr.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    failing,
    rate,
    requests,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}
