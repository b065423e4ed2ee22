// A local aggregator speaking the three quote APIs the service reads, each refusing (401) a request without its key
// as the real ones do: Jupiter Swap API v2 (`GET /order`, `GET /build`, header x-api-key), the Cetus aggregator
// router v3 (`GET /find_routes`, no key) and 0x Swap API v2 (`GET /swap/allowance-holder/quote`, headers 0x-api-key
// and 0x-version: v2). Output = input × rate.
// Integrator fees as the real APIs take them, refused as they refuse them:
// - Jupiter /build: platformFeeBps > 0 needs feeAccount, "an initialized token account" whose mint "can only be either
//   the input or output mint" (jup-ag/docs openapi-spec/swap/v2/swap.yaml GetBuild, swap/v1/swap.yaml SwapRequest.feeAccount);
//   the token accounts this fake knows are `tokenAccounts` (the chain's state, as the test sets it). The fee is
//   platformFeeBps of the side the account's mint is on; outAmount is after it, and the answer states it as Metis's
//   quote does (platformFee { amount, feeBps }).
// - 0x: swapFeeRecipient and swapFeeBps only together, swapFeeBps at most 1000, swapFeeToken the buy or the sell token
//   (docs.0x.org api-reference allowanceholder-getquote); the fee is answered as fees.integratorFee { amount, token,
//   type: "volume" } and the buy amount is net of it.
import { createServer, type Server } from "node:http";
import { encodeAbiParameters, encodeFunctionData, parseAbi, zeroAddress } from "viem";
import { AccountRole, address, createNoopSigner, getBase58Decoder, type Instruction } from "@solana/kit";
import { getTransferSolInstruction } from "@solana-program/system";
import { findAssociatedTokenPda, getCloseAccountInstruction, getCreateAssociatedTokenIdempotentInstruction, getSyncNativeInstruction, TOKEN_PROGRAM_ADDRESS } from "@solana-program/token";
import { WRAPPED_SOL_MINT } from "../../lib/tokens";
import type { InstalledPool } from "../../testing/chains/solana/jupiter";
import { JUPITER_V6, jupiterRouteData } from "../../testing/chains/solana/jupiter";
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

/**
 * AllowanceHolder.exec as 0x's transaction calls it (0xProject/0x-settler src/allowanceholder/IAllowanceHolder.sol:
 * `exec(address operator, address token, uint256 amount, address payable target, bytes calldata data)`, selector
 * 0x2213bc0b as the default answer below sends).
 */
export const ALLOWANCE_HOLDER_EXEC_ABI = parseAbi(["function exec(address operator, address token, uint256 amount, address target, bytes data) payable returns (bytes)"]);

export interface FakeQuotes {
  url: string;
  /** When set, every request answers 503. */
  failing: { on: boolean };
  /** Output per input unit, as a fraction. */
  rate: { num: bigint; den: bigint };
  /** 0x: the taker's current allowance to AllowanceHolder (lower-case taker → amount); absent = 0. */
  allowances: Map<string, bigint>;
  /** Jupiter: the initialized SPL token accounts on the chain (address → mint and owner); a feeAccount must be one. */
  tokenAccounts: Map<string, { mint: string; owner: string }>;
  /**
   * Cetus router v3: the packages and pool the answer names (defaults: the SDK's aggregator v3 package, its Cetus
   * adapter and the local node's USDC/SUI pool; see testing/chains/sui/cetus-aggregator.ts) and the provider it routes through.
   */
  cetus: { aggregatorV3: string; publishedAt: string; pool: string; provider: string };
  /**
   * 0x: `exec` on: the answer's transaction is a full AllowanceHolder.exec call whose `data` the local exchange
   * (testing/chains/evm/zerox-exchange.ts) runs: pull `amount` × `pullTimes` of the sell token from the taker, pay the
   * integrator fee, send the buy amount to `recipient` (the taker when null). `spender`: the allowance target answered
   * (FAKE_ALLOWANCE_HOLDER when null). Off: the bare selector, as the answer has always been.
   */
  zerox: { exec: boolean; pullTimes: bigint; recipient: string | null; spender: string | null; value: bigint };
  /**
   * Jupiter /build on the local Solana chain: a pair ("inputMint>outputMint") with a stand-in pool installed there
   * (testing/chains/solana/jupiter.ts installLocalPool) is answered as Jupiter answers it: setup (the taker's output
   * account, created idempotently), Jupiter v6's `route` instruction encoded by Jupiter's own coder (the taker's source
   * and destination accounts, the fee account, the pool's accounts after), the wrapped-SOL unwrap as cleanup when the
   * output is the native mint (wrapAndUnwrapSol defaults to true), and the pool's lookup table. `inTimes` multiplies the
   * route's in_amount (a quote server answering more than asked); `destinationOwner` routes the output to another
   * owner's account.
   */
  jupiter: { pools: Map<string, InstalledPool>; inTimes: bigint; destinationOwner: string | null };
  requests: { url: URL; headers: Record<string, string | string[] | undefined> }[];
  close: () => Promise<void>;
}

export async function startFakeQuotes(): Promise<FakeQuotes> {
  const failing = { on: false };
  const rate = { num: 995n, den: 1000n };
  const allowances = new Map<string, bigint>();
  const tokenAccounts = new Map<string, { mint: string; owner: string }>();
  const cetus = { aggregatorV3: CETUS_AGGREGATOR_V3, publishedAt: CETUS_ADAPTER_V3, pool: LOCAL_CETUS_USDC_SUI_POOL, provider: "CETUS" };
  const requests: FakeQuotes["requests"] = [];
  const zerox: FakeQuotes["zerox"] = { exec: false, pullTimes: 1n, recipient: null, spender: null, value: 0n };
  const jupiter: FakeQuotes["jupiter"] = { pools: new Map(), inTimes: 1n, destinationOwner: null };
  const server: Server = createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://x");
    requests.push({ url, headers: req.headers });
    const send = (status: number, body: unknown) => res.writeHead(status, { "content-type": "application/json" }).end(typeof body === "string" ? body : JSON.stringify(body));
    if (failing.on) return send(503, { error: "maintenance" });
    const q = url.searchParams;
    const jupiterPath = url.pathname.endsWith("/order") || url.pathname.endsWith("/build");
    if (jupiterPath) {
      if (req.headers["x-api-key"] !== FAKE_JUPITER_KEY) return send(401, { code: 401, message: "Unauthorized: missing or invalid x-api-key" });
      const amount = BigInt(q.get("amount") ?? "0");
      const inputMint = q.get("inputMint");
      const outputMint = q.get("outputMint");
      const feeBps = url.pathname.endsWith("/build") ? Number(q.get("platformFeeBps") ?? "0") : 0;
      const feeAccount = q.get("feeAccount");
      if (!Number.isInteger(feeBps) || feeBps < 0 || feeBps > 10000) return send(400, { error: "platformFeeBps must be an integer from 0 to 10000" });
      if (feeBps > 0 && !feeAccount) return send(400, { error: "feeAccount is required when platformFeeBps is positive" });
      const account = feeAccount ? tokenAccounts.get(feeAccount) : undefined;
      if (feeAccount && !account) return send(400, { error: `feeAccount ${feeAccount} is not an initialized token account` });
      if (account && account.mint !== inputMint && account.mint !== outputMint) return send(400, { error: "feeAccount's mint must be the input or the output mint" });
      // The platform fee on the input comes off before the route; on the output, off what the route gives.
      const inFee = account?.mint === inputMint ? (amount * BigInt(feeBps)) / 10000n : 0n;
      const routed = amount - inFee;
      const gross = (routed * rate.num) / rate.den;
      const outFee = account && account.mint !== inputMint ? (gross * BigInt(feeBps)) / 10000n : 0n;
      const out = gross - outFee;
      const slip = BigInt(q.get("slippageBps") ?? "50");
      const quote = {
        inputMint,
        inAmount: amount.toString(),
        outputMint,
        outAmount: out.toString(),
        otherAmountThreshold: ((out * (10000n - slip)) / 10000n).toString(),
        swapMode: "ExactIn",
        slippageBps: Number(slip),
        priceImpactPct: "0.0001",
        routePlan: [
          {
            swapInfo: { ammKey: JUP_FAKE.tableAccounts[0], label: "Whirlpool", inputMint, outputMint, inAmount: routed.toString(), outAmount: gross.toString(), feeAmount: "400", feeMint: inputMint },
            percent: 100,
            bps: 10000,
          },
        ],
        ...(feeAccount ? { platformFee: { amount: (inFee + outFee).toString(), feeBps } } : {}),
      };
      if (url.pathname.endsWith("/order")) return send(200, { ...quote, mode: "ultra", router: "iris", swapType: "aggregator", feeBps: 0, transaction: q.get("taker") ? "" : null, requestId: "req-1", taker: q.get("taker"), totalTime: 10 });
      const taker = q.get("taker");
      if (!taker) return send(400, { error: "taker is required" });
      const pool = jupiter.pools.get(`${inputMint}>${outputMint}`);
      if (pool && inputMint && outputMint) {
        const wrapSol = q.get("wrapAndUnwrapSol") !== "false";
        const ixs = await jupiterRoute({ taker, inputMint, outputMint, amount: amount * jupiter.inTimes, quotedOut: out, slippageBps: Number(slip), feeBps, feeAccount, wrapSol, pool, destinationOwner: jupiter.destinationOwner });
        return send(200, {
          ...quote,
          computeBudgetInstructions: [{ programId: JUP_FAKE.computeBudget, accounts: [], data: Buffer.from([3, 0x40, 0x42, 0x0f, 0, 0, 0, 0, 0]).toString("base64") }],
          ...ixs,
          otherInstructions: [],
          addressesByLookupTableAddress: { [pool.lookupTable]: pool.tableAddresses },
          blockhashWithMetadata: { blockhash: JUP_FAKE.blockhash, lastValidBlockHeight: JUP_FAKE.lastValidBlockHeight },
        });
      }
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
      const sellToken = q.get("sellToken") ?? "";
      const buyToken = q.get("buyToken") ?? "";
      const feeRecipient = q.get("swapFeeRecipient");
      const feeBpsRaw = q.get("swapFeeBps");
      const feeToken = q.get("swapFeeToken");
      const invalid = (field: string, reason: string) => send(400, { name: "INPUT_INVALID", message: "Validation Failed", data: { details: [{ field, reason }] } });
      if (feeBpsRaw !== null && feeRecipient === null) return invalid("swapFeeRecipient", "swapFeeRecipient must be specified with swapFeeBps");
      if (feeRecipient !== null && feeBpsRaw === null) return invalid("swapFeeBps", "swapFeeBps must be specified with swapFeeRecipient");
      if (feeRecipient !== null && !/^0x[0-9a-fA-F]{40}$/.test(feeRecipient)) return invalid("swapFeeRecipient", "must be an address");
      const feeBps = feeBpsRaw === null ? 0 : Number(feeBpsRaw);
      if (!Number.isInteger(feeBps) || feeBps < 0 || feeBps > 1000) return invalid("swapFeeBps", "must be an integer from 0 to 1000");
      if (feeToken !== null && ![sellToken, buyToken].some((t) => t.toLowerCase() === feeToken.toLowerCase())) return invalid("swapFeeToken", "must be the buyToken or the sellToken");
      // Without swapFeeToken 0x picks the token; this fake picks the buy token (0x's default when neither is preferred).
      const onSell = feeToken !== null && feeToken.toLowerCase() === sellToken.toLowerCase();
      const sellFee = feeRecipient && onSell ? (amount * BigInt(feeBps)) / 10000n : 0n;
      const gross = ((amount - sellFee) * rate.num) / rate.den;
      const buyFee = feeRecipient && !onSell ? (gross * BigInt(feeBps)) / 10000n : 0n;
      const out = gross - buyFee;
      const integratorFee = feeRecipient ? { amount: (onSell ? sellFee : buyFee).toString(), token: onSell ? sellToken : buyToken, type: "volume" } : null;
      const slip = BigInt(q.get("slippageBps") ?? "100");
      const taker = q.get("taker")?.toLowerCase();
      const execData = (pull: bigint) => {
        const order = encodeAbiParameters(
          [{ type: "address" }, { type: "uint256" }, { type: "address" }, { type: "address" }, { type: "uint256" }],
          [buyToken as `0x${string}`, out, (zerox.recipient ?? taker ?? zeroAddress) as `0x${string}`, (feeRecipient ?? zeroAddress) as `0x${string}`, sellFee],
        );
        return encodeFunctionData({ abi: ALLOWANCE_HOLDER_EXEC_ABI, functionName: "exec", args: [FAKE_ALLOWANCE_HOLDER, sellToken as `0x${string}`, pull, FAKE_ALLOWANCE_HOLDER, order] });
      };
      const actual = taker ? (allowances.get(taker) ?? 0n) : 0n;
      return send(200, {
        liquidityAvailable: true,
        buyAmount: out.toString(),
        minBuyAmount: ((out * (10000n - slip)) / 10000n).toString(),
        sellAmount: amount.toString(),
        buyToken: q.get("buyToken"),
        sellToken: q.get("sellToken"),
        route: { fills: [{ from: q.get("sellToken"), to: q.get("buyToken"), source: "Uniswap_V3", proportionBps: "10000" }], tokens: [] },
        fees: { integratorFee, zeroExFee: { amount: "150", token: q.get("sellToken"), type: "volume" }, gasFee: null },
        issues: {
          allowance: taker && actual < amount ? { actual: actual.toString(), spender: zerox.spender ?? FAKE_ALLOWANCE_HOLDER } : null,
          balance: null,
          simulationIncomplete: false,
          invalidSourcesPassed: [],
        },
        transaction: { to: FAKE_ALLOWANCE_HOLDER, data: zerox.exec ? execData(amount * zerox.pullTimes) : "0x2213bc0b", gas: "250000", gasPrice: "12000000", value: zerox.value.toString() },
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
    tokenAccounts,
    cetus,
    zerox,
    jupiter,
    requests,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}

/** A @solana/kit instruction in Jupiter's JSON (`programId`, `accounts[{ pubkey, isSigner, isWritable }]`, base64 `data`). */
function jupiterJson(ix: Instruction) {
  return {
    programId: ix.programAddress,
    accounts: (ix.accounts ?? []).map((a) => ({ pubkey: a.address, isSigner: a.role >= AccountRole.READONLY_SIGNER, isWritable: a.role === AccountRole.WRITABLE || a.role === AccountRole.WRITABLE_SIGNER })),
    data: Buffer.from(ix.data ?? new Uint8Array()).toString("base64"),
  };
}

/**
 * /build's instructions for a pair with a local pool: setup, Jupiter v6 `route` (accounts in the IDL's order, an absent
 * optional account passed as the program's id, as Anchor takes it; the pool's accounts as remaining accounts) and the
 * unwrap cleanup.
 */
async function jupiterRoute(r: {
  taker: string;
  inputMint: string;
  outputMint: string;
  amount: bigint;
  quotedOut: bigint;
  slippageBps: number;
  feeBps: number;
  feeAccount: string | null;
  /** wrapAndUnwrapSol: SOL in is wrapped into the taker's wSOL account first, SOL out unwrapped from it after. */
  wrapSol: boolean;
  pool: InstalledPool;
  destinationOwner: string | null;
}) {
  const ata = async (owner: string, mint: string) => (await findAssociatedTokenPda({ owner: address(owner), mint: address(mint), tokenProgram: TOKEN_PROGRAM_ADDRESS }))[0];
  const taker = createNoopSigner(address(r.taker));
  const source = await ata(r.taker, r.inputMint);
  const destinationOwner = r.destinationOwner ?? r.taker;
  const destination = await ata(destinationOwner, r.outputMint);
  const setup: Instruction[] = [getCreateAssociatedTokenIdempotentInstruction({ payer: taker, ata: destination, owner: address(destinationOwner), mint: address(r.outputMint) })];
  const wrapIn = r.wrapSol && r.inputMint === WRAPPED_SOL_MINT;
  if (wrapIn) {
    // SOL in: the taker's wSOL account opened, the amount moved into it and synced (SPL Token's SyncNative).
    setup.unshift(
      getCreateAssociatedTokenIdempotentInstruction({ payer: taker, ata: source, owner: address(r.taker), mint: address(WRAPPED_SOL_MINT) }),
      getTransferSolInstruction({ source: taker, destination: source, amount: r.amount }),
      getSyncNativeInstruction({ account: source }),
    );
  }
  const meta = (pubkey: string, isWritable: boolean, isSigner = false) => ({ pubkey, isSigner, isWritable });
  const { pool } = r.pool;
  const data = jupiterRouteData({ inAmount: r.amount, quotedOutAmount: r.quotedOut, slippageBps: r.slippageBps, platformFeeBps: r.feeBps });
  const swapInstruction = {
    programId: JUPITER_V6,
    accounts: [
      meta(TOKEN_PROGRAM_ADDRESS, false),
      meta(r.taker, false, true),
      meta(source, true),
      meta(destination, true),
      meta(JUPITER_V6, false), // destination_token_account: None
      meta(r.outputMint, false),
      r.feeAccount ? meta(r.feeAccount, true) : meta(JUPITER_V6, false),
      meta(pool.state, false),
      meta(pool.authority, false),
      meta(pool.inVault, true),
      meta(pool.outVault, true),
    ],
    data: data.toString("base64"),
  };
  // The cleanup closes the taker's wSOL account: SOL out unwrapped (output routed to another owner's account stays
  // wrapped there), or what is left of SOL in (its rent) given back.
  const unwrapOut = r.wrapSol && r.outputMint === WRAPPED_SOL_MINT && r.destinationOwner === null;
  const closed = unwrapOut ? destination : wrapIn ? source : null;
  const cleanup = closed ? jupiterJson(getCloseAccountInstruction({ account: closed, destination: address(r.taker), owner: taker })) : null;
  return { setupInstructions: setup.map(jupiterJson), swapInstruction, cleanupInstruction: cleanup };
}
