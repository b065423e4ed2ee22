// A local chain JSON-RPC for the e2e stack. The app server reads it (SVC_RPC_SVM / SVC_RPC_MOVE: blockhash for
// plans, balances, confirmation of a reported digest) and the browser's wallet reaches it through Playwright's
// request routing (support.ts routeChainRpc), so a test wallet's submission and the server's confirmation meet.
// Solana: getLatestBlockhash, sendTransaction (recorded by its first signature), getSignatureStatuses,
// getTransaction (json, jsonParsed with token balances, base64). Nothing here signs: the wallet in the page signs
// with its own key. The chain keeps a small USDC book so a confirmed deposit proves its amount the way a real
// receipt does: a Kamino `depositReserveLiquidity(u64)` instruction debits its fee payer's USDC by that amount
// (the pre/post token balances the server reads). Every other program's instructions move nothing.
import { createHash } from "node:crypto";
import { createServer } from "node:http";
import { getBase58Decoder, getBase58Encoder } from "@solana/kit";
import { VersionedTransaction } from "@solana/web3.js";

type Json = Record<string, unknown>;

/** Kamino Lend's program (server/venues/kamino.ts) and Solana USDC (server/chains/balances.ts). */
const KLEND_PROGRAM = "KLend2g3cP87fffoy8q1mQqGKjrxjC8boSyAYavgmjD";
export const SOLANA_USDC = "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v";
/** USDC every Solana wallet starts with on this local chain: 1,000 USDC. */
const START_USDC = 1_000_000_000n;

const SLOT = 300_000_000;
/** How long a new transaction stays "processed" before it is final. */
const PROCESSING_MS = 2500;
const ctx = { apiVersion: "2.2.0", slot: SLOT };

interface Landed {
  raw: Buffer;
  tx: VersionedTransaction;
  slot: number;
  blockTime: number;
  landedAt: number;
  /** The fee payer's USDC before and after (micros), when the transaction moved USDC. */
  usdc: { owner: string; accountIndex: number; pre: bigint; post: bigint } | null;
}

export interface ChainRpc {
  url: string;
  solana: Map<string, Landed>;
  calls: string[];
}

export async function startChainRpc(port: number): Promise<ChainRpc> {
  const solana = new Map<string, Landed>();
  const calls: string[] = [];
  const b58 = getBase58Decoder();
  let blocks = 0;
  const usdcBook = new Map<string, bigint>();
  const usdcOf = (owner: string) => usdcBook.get(owner) ?? START_USDC;

  /** Applies the transaction's USDC effect (Kamino deposits only) to the book. */
  const applyUsdc = (tx: VersionedTransaction): Landed["usdc"] => {
    const keys = tx.message.staticAccountKeys.map((k) => k.toBase58());
    const payer = keys[0];
    if (!payer) return null;
    let debit = 0n;
    let accountIndex = 0;
    for (const ix of tx.message.compiledInstructions) {
      if (keys[ix.programIdIndex] !== KLEND_PROGRAM || ix.data.length !== 16) continue;
      debit += Buffer.from(ix.data).readBigUInt64LE(8);
      accountIndex = ix.accountKeyIndexes[4] ?? 0;
    }
    if (debit === 0n) return null;
    const pre = usdcOf(payer);
    if (debit > pre) throw new Error("insufficient funds for instruction");
    usdcBook.set(payer, pre - debit);
    return { owner: payer, accountIndex, pre, post: pre - debit };
  };
  const tokenBalance = (u: NonNullable<Landed["usdc"]>, amount: bigint) => ({
    accountIndex: u.accountIndex,
    mint: SOLANA_USDC,
    owner: u.owner,
    programId: "TokenkegQfeZyiNwAJbNbGjPFXCWuBvf9Ss623VQ5DA",
    uiTokenAmount: { amount: amount.toString(), decimals: 6, uiAmount: Number(amount) / 1e6, uiAmountString: String(Number(amount) / 1e6) },
  });

  const solanaTxJson = (l: Landed, encoding: string) => {
    const m = l.tx.message;
    const meta = {
      err: null,
      status: { Ok: null },
      fee: 5000,
      preBalances: m.staticAccountKeys.map(() => 0),
      postBalances: m.staticAccountKeys.map(() => 0),
      innerInstructions: [],
      logMessages: [],
      preTokenBalances: l.usdc ? [tokenBalance(l.usdc, l.usdc.pre)] : [],
      postTokenBalances: l.usdc ? [tokenBalance(l.usdc, l.usdc.post)] : [],
      rewards: [],
      loadedAddresses: { writable: [], readonly: [] },
      computeUnitsConsumed: 50_000,
    };
    const transaction =
      encoding === "base64"
        ? [l.raw.toString("base64"), "base64"]
        : {
            signatures: l.tx.signatures.map((s) => b58.decode(s)),
            message: {
              accountKeys:
                encoding === "jsonParsed"
                  ? m.staticAccountKeys.map((k, i) => ({
                      pubkey: k.toBase58(),
                      signer: i < m.header.numRequiredSignatures,
                      writable: m.isAccountWritable(i),
                      source: "transaction",
                    }))
                  : m.staticAccountKeys.map((k) => k.toBase58()),
              header: m.header,
              recentBlockhash: m.recentBlockhash,
              instructions: m.compiledInstructions.map((ix) => ({
                programIdIndex: ix.programIdIndex,
                accounts: [...ix.accountKeyIndexes],
                data: b58.decode(ix.data),
                stackHeight: null,
              })),
              addressTableLookups: [],
            },
          };
    return { slot: l.slot, blockTime: l.blockTime, version: 0, meta, transaction };
  };

  const answer = (method: string, params: unknown[]): unknown => {
    switch (method) {
      case "getLatestBlockhash": {
        // A new blockhash per call, as a live chain moves on: two identical deposits never share a signature.
        blocks += 1;
        const blockhash = b58.decode(createHash("sha256").update(`e2e-block-${blocks}`).digest());
        return { context: ctx, value: { blockhash, lastValidBlockHeight: 280_000_150 + blocks } };
      }
      case "getBlockHeight":
        return 280_000_000;
      case "getSlot":
        return SLOT;
      case "getRecentPrioritizationFees":
        return [{ slot: SLOT, prioritizationFee: 1000 }];
      case "getBalance":
        return { context: ctx, value: 0 };
      case "getTokenAccountsByOwner": {
        const [owner, filter] = params as [string, { mint?: string }];
        if (filter?.mint !== SOLANA_USDC) return { context: ctx, value: [] };
        const amount = usdcOf(owner);
        const info = { isNative: false, mint: SOLANA_USDC, owner, state: "initialized", tokenAmount: tokenBalance({ owner, accountIndex: 0, pre: amount, post: amount }, amount).uiTokenAmount };
        const account = { data: { parsed: { info, type: "account" }, program: "spl-token", space: 165 }, executable: false, lamports: 2_039_280, owner: "TokenkegQfeZyiNwAJbNbGjPFXCWuBvf9Ss623VQ5DA", rentEpoch: 0, space: 165 };
        return { context: ctx, value: [{ pubkey: "7jaiZR5Sk8hdYN9MxTpczTcwbWpb5WEoxSANuUwveuat", account }] };
      }
      case "getAccountInfo":
        return { context: ctx, value: null };
      case "getMultipleAccounts":
        return { context: ctx, value: ((params[0] as unknown[]) ?? []).map(() => null) };
      case "sendTransaction": {
        const [data, opts] = params as [string, { encoding?: string } | undefined];
        const raw = (opts?.encoding ?? "base58") === "base64" ? Buffer.from(data, "base64") : Buffer.from(getBase58Encoder().encode(data));
        const tx = VersionedTransaction.deserialize(raw);
        const first = tx.signatures[0];
        if (!first || first.every((b) => b === 0)) throw new Error("transaction is not signed");
        const sig = b58.decode(first);
        if (!solana.has(sig)) solana.set(sig, { raw, tx, slot: SLOT + 1, blockTime: Math.floor(Date.now() / 1000), landedAt: Date.now(), usdc: applyUsdc(tx) });
        return sig;
      }
      case "getSignatureStatuses": {
        const [sigs] = params as [string[]];
        return {
          context: ctx,
          value: sigs.map((s) => {
            const l = solana.get(s);
            if (!l) return null;
            // "processed" for the first PROCESSING_MS, then "finalized": the reporter sees 202 pending first.
            const final = Date.now() - l.landedAt >= PROCESSING_MS;
            return { slot: l.slot, confirmations: final ? null : 0, err: null, status: { Ok: null }, confirmationStatus: final ? "finalized" : "processed" };
          }),
        };
      }
      case "getTransaction": {
        const [sig, opts] = params as [string, { encoding?: string } | string | undefined];
        const l = solana.get(sig);
        const encoding = typeof opts === "string" ? opts : (opts?.encoding ?? "json");
        return l ? solanaTxJson(l, encoding) : null;
      }
      case "suix_getBalance": {
        const [, coinType] = params as [string, string | undefined];
        return { coinType: coinType ?? "0x2::sui::SUI", coinObjectCount: 0, totalBalance: "0", lockedBalance: {} };
      }
      case "suix_getReferenceGasPrice":
        return "750";
      default:
        throw new Error(`method ${method} not found`);
    }
  };

  const handle = (req: Json): Json => {
    const method = String(req.method);
    calls.push(method);
    const base = { jsonrpc: "2.0", id: req.id ?? null };
    try {
      return { ...base, result: answer(method, (req.params as unknown[]) ?? []) };
    } catch (e) {
      return { ...base, error: { code: -32601, message: e instanceof Error ? e.message : String(e) } };
    }
  };

  const server = createServer((req, res) => {
    let raw = "";
    req.on("data", (d) => {
      raw += d;
    });
    req.on("end", () => {
      const cors = { "access-control-allow-origin": "*", "access-control-allow-headers": "*", "access-control-allow-methods": "POST, OPTIONS" };
      if (req.method === "OPTIONS") return void res.writeHead(204, cors).end();
      let body: unknown;
      try {
        body = JSON.parse(raw);
      } catch {
        return void res.writeHead(400, cors).end();
      }
      const out = Array.isArray(body) ? body.map((b) => handle(b as Json)) : handle(body as Json);
      res.writeHead(200, { "content-type": "application/json", ...cors }).end(JSON.stringify(out));
    });
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${port}`, solana, calls };
}
