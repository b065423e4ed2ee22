// A local chain for the e2e stack. The app server reads it (SVC_RPC_SVM / SVC_RPC_MOVE: blockhash for plans, balances,
// package resolution, simulation, confirmation of a reported digest) and the browser's wallet reaches it through
// Playwright's request routing (support.ts routeChainRpc), so a test wallet's submission and the server's confirmation
// meet. move-chain: the local Sui node (testing/chains/sui, gRPC-web) over this file's Sui state, for the app server and
// for the browser's dApp Kit wallet alike (the wallet resolves, simulates and executes through the same node, so its
// version, ownership and package checks apply to what the wallet signs). No Sui JSON-RPC is served.
// Solana: the local Solana chain's method table (testing/chains/solana/rpc.ts) over this file's state: a new blockhash
// per getLatestBlockhash, sendTransaction (recorded by its first signature), getSignatureStatuses, getTransaction (json,
// jsonParsed with token balances, base64), the balances and program accounts below. Nothing here signs: the wallet in the page signs
// with its own key. The chain keeps a small USDC book so a confirmed deposit proves its amount the way a real
// receipt does: a Kamino `depositReserveLiquidity(u64)` instruction debits its fee payer's USDC by that amount
// (the pre/post token balances the server reads). Every other program's instructions move nothing.
// simulateTransaction is answered by the IDL-checked local Solana chain (testing/chains/solana/local-chain.ts) over this
// file's program accounts (Kamino's reserve and market, marginfi's group and USDC bank) and token state (the fee
// payer's USDC and cUSDC as this book holds them, the reserve's and the bank's vaults), so the plan review shows what
// a chain that checks klend's and marginfi's interfaces said before the wallet opens.
import { createHash } from "node:crypto";
import { createServer } from "node:http";
import { Transaction, TransactionDataBuilder } from "@mysten/sui/transactions";
import { address, getAddressEncoder, getBase58Decoder, getBase58Encoder, getProgramDerivedAddress, getUtf8Encoder } from "@solana/kit";
import { VersionedTransaction } from "@solana/web3.js";
import { getMintEncoder, TOKEN_PROGRAM_ADDRESS } from "@solana-program/token";
import { kamino } from "../server/venues/kamino/descriptor";
import { MESSAGE_TRANSMITTER_V1_PROGRAM } from "../server/rails/cctp-v1/solana";
import { fixtureAddress } from "../testing/chains/solana/venues/encode";
import { KAMINO_CUSDC_MINT, KAMINO_USDC_SUPPLY_VAULT, kaminoMarketAccount, kaminoReserveAccount } from "../testing/chains/solana/venues/kamino";
import { liquidityVaultOf, MARGINFI, marginfiBank, mfiRequire } from "../testing/chains/solana/venues/marginfi";
import { marginfi } from "../server/venues/marginfi/descriptor";
import { type AnchorIdl, type ChainAccount, encodeAnchorAccount } from "../testing/chains/solana/anchor-idl";
import { SolanaLocalChain } from "../testing/chains/solana/local-chain";
import { solanaRpc, tokenBalanceJson } from "../testing/chains/solana/rpc";
import { CCTP_PACKAGE_VERSIONS, cctpFunctions, cctpObjects, } from "../testing/chains/sui/cctp";
import { isGrpcWeb, serveGrpcWeb } from "../testing/chains/sui/grpc-web";
import { readHandlers, sameAddress, type SuiObject, type SuiWorld } from "../testing/chains/sui/node";
import { CLOCK } from "../testing/chains/sui/simulate";
import { suiVenueEntryObjects, suiVenuePackageVersions, suiVenueUpgradeCaps } from "../testing/chains/sui/venues";
import { upgradeCapObject } from "../testing/chains/sui/venues/move";
import { type JsonRpcReply, type JsonRpcRequest, jsonRpcBodyAsync, jsonRpcReply, jsonRpcReplyAsync } from "../tests/support/json-rpc";

/** Kamino Lend's program (server/venues/kamino/descriptor.ts) and Solana USDC (server/chains/balances.ts). */
const KLEND_PROGRAM = "KLend2g3cP87fffoy8q1mQqGKjrxjC8boSyAYavgmjD";
export const SOLANA_USDC = "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v";
/** USDC every Solana wallet starts with on this local chain: 1,000 USDC. */
const START_USDC = 1_000_000_000n;
/**
 * Kamino's main-market USDC reserve (its klend Reserve account: 1.25 USDC per cUSDC) and the cUSDC every Solana wallet
 * holds here (400 cUSDC, worth 500 USDC), so withdraw plans can be sized and signed. Its collateral mint is the
 * reserve's PDA (server/venues/kamino/build.ts; the published address).
 */
const KAMINO_RESERVE = kamino.onchain.usdcReserve ?? "";
/** A token the dashboard does not know by name (Tether USD's mint): the local chain serves its SPL mint, 6 decimals. */
export const SOLANA_OTHER_MINT = "Es9vMFrzaCERmJfrF4H2FYD4KCoNkY11McCe8BenwNYB";
const otherMint = Uint8Array.from(
  getMintEncoder().encode({ mintAuthority: null, supply: 1_000_000_000_000n, decimals: 6, isInitialized: true, freezeAuthority: null }),
);
const START_CUSDC = 400_000_000n;
const kaminoReserve = Buffer.from(
  kaminoReserveAccount({
    lendingMarket: kamino.onchain.mainMarket ?? "",
    liquidityMint: SOLANA_USDC,
    available: 1_250_000_000_000n,
    borrowedSf: 0n,
    protocolFeesSf: 0n,
    referrerFeesSf: 0n,
    pendingReferrerFeesSf: 0n,
    collateralSupply: 1_000_000_000_000n,
  }),
).toString("base64");

const pdaOf = async (program: string, seed: string, key: string) =>
  getProgramDerivedAddress({ programAddress: address(program), seeds: [getUtf8Encoder().encode(seed), getAddressEncoder().encode(address(key))] });
/** marginfi's production USDC bank (1 USDC per share) and its group, encoded with the SDK's IDL. */
const MARGINFI_BANK = marginfi.onchain.usdcBank ?? "";
const MARGINFI_ORACLE = fixtureAddress("e2e-mfi-usdc-oracle"); // a fixture key: the deposit reads no prices

/** Program accounts the app reads and the local Solana chain checks against (owner and data). */
async function solanaProgramAccounts(): Promise<{ accounts: Map<string, ChainAccount>; kaminoAuthority: string; bankVaultAuthority: string }> {
  const [kaminoAuthority, bump] = await pdaOf(KLEND_PROGRAM, "lma", kamino.onchain.mainMarket ?? "");
  const [bankVaultAuthority] = await pdaOf(MARGINFI, "liquidity_vault_auth", MARGINFI_BANK);
  const idl: AnchorIdl = { ...(mfiRequire("@mrgnlabs/marginfi-client-v2") as { MARGINFI_IDL: AnchorIdl }).MARGINFI_IDL, address: MARGINFI };
  const accounts = new Map<string, ChainAccount>([
    [KAMINO_RESERVE, { owner: KLEND_PROGRAM, data: Buffer.from(kaminoReserve, "base64") }],
    [kamino.onchain.mainMarket ?? "", { owner: KLEND_PROGRAM, data: kaminoMarketAccount(bump) }],
    [MARGINFI_BANK, { owner: MARGINFI, data: marginfiBank(MARGINFI_BANK, { assetShareValue: 1n << 48n, oracle: MARGINFI_ORACLE }) }],
    [marginfi.onchain.group ?? "", { owner: MARGINFI, data: encodeAnchorAccount(idl, "MarginfiGroup", {}) }],
  ]);
  return { accounts, kaminoAuthority, bankVaultAuthority };
}

const SLOT = 300_000_000;
/** How long a new transaction stays "processed" before it is final. */
const PROCESSING_MS = 2500;

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
  sui: Map<string, SuiLanded>;
  calls: string[];
  close: () => Promise<void>;
}

/** Sui USDC (server/chains/balances.ts) and Scallop's `mint::mint` package (server/venues/scallop/descriptor.ts). */
export const SUI_USDC = "0xdba34672e30cb065b1f93e3ab55318768fd6fef66c15942c9f7cb846e2f900e7::usdc::USDC";
const SUI_START_USDC = 1_000_000_000n;
const SUI_START_MIST = 10_000_000_000n;

interface SuiLanded {
  digest: string;
  sender: string;
  usdcMoved: bigint;
  landedAt: number;
}

const hex64 = (seed: string) => `0x${createHash("sha256").update(seed).digest("hex")}`;
const suiCoinId = (owner: string, kind: "usdc" | "gas") => hex64(`e2e-sui-coin-${kind}-${owner}`);

/**
 * UpgradeCap → the package it points at (the Sui venues' local-chain modules, testing/chains/sui/venues: a stand-in
 * "current upgrade" of Scallop's and Suilend's packages).
 */
const SUI_UPGRADE_CAPS = new Map(suiVenueUpgradeCaps());

/** USDC leaving the sender in a Sui transaction: SplitCoins of the sender's USDC coin (how CoinWithBalance resolves). */
function suiUsdcMoved(bytes: Uint8Array): { sender: string; moved: bigint } {
  const data = Transaction.from(bytes).getData();
  const sender = data.sender ?? "";
  const usdcCoin = suiCoinId(sender, "usdc");
  let moved = 0n;
  for (const c of data.commands) {
    const split = c.SplitCoins;
    if (split?.coin.$kind !== "Input") continue;
    const src = data.inputs[split.coin.Input];
    if (src?.Object?.ImmOrOwnedObject?.objectId !== usdcCoin) continue;
    for (const a of split.amounts) {
      const pure = a.$kind === "Input" ? data.inputs[a.Input]?.Pure : undefined;
      if (pure) moved += Buffer.from(pure.bytes, "base64").readBigUInt64LE(0);
    }
  }
  return { sender, moved };
}

/**
 * `evm` maps a path on this server to an EVM node's JSON-RPC URL (e.g. "/evm-b" → the in-process EVM of
 * testing/chains/evm): requests there are passed through as they are, with CORS headers added, so the browser's wallet
 * (routed here by support.ts) and the test reach that node at a port they know.
 */
export async function startChainRpc(port: number, evm: Record<string, string> = {}): Promise<ChainRpc> {
  const solana = new Map<string, Landed>();
  const calls: string[] = [];
  const b58 = getBase58Decoder();
  let blocks = 0;
  const sui = new Map<string, SuiLanded>();
  const suiUsdc = new Map<string, bigint>();
  const suiUsdcOf = (owner: string) => suiUsdc.get(owner) ?? SUI_START_USDC;
  let suiVersion = 5000;
  const usdcBook = new Map<string, bigint>();
  const usdcOf = (owner: string) => usdcBook.get(owner) ?? START_USDC;
  const program = await solanaProgramAccounts();
  const programAccounts = program.accounts;
  /** The checked simulation's chain: the fee payer gets 1 SOL and the USDC and cUSDC this book gives it. */
  const simulationChain = async (wire: string) => {
    const chain = new SolanaLocalChain(() => programAccounts);
    chain.addMint(SOLANA_USDC, fixtureAddress("e2e-usdc-mint-authority"));
    chain.addMint(KAMINO_CUSDC_MINT, program.kaminoAuthority);
    chain.setTokenAccount(KAMINO_USDC_SUPPLY_VAULT, program.kaminoAuthority, SOLANA_USDC, 1_250_000_000_000n);
    chain.setTokenAccount(liquidityVaultOf(MARGINFI_BANK), program.bankVaultAuthority, SOLANA_USDC, 310_000_000_000n);
    const payer = VersionedTransaction.deserialize(Buffer.from(wire, "base64")).message.staticAccountKeys[0]?.toBase58() ?? "";
    chain.lamports.set(payer, 1_000_000_000n);
    await chain.setTokenBalance(payer, SOLANA_USDC, usdcOf(payer));
    await chain.setTokenBalance(payer, KAMINO_CUSDC_MINT, START_CUSDC);
    return chain;
  };

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
    // Circle's CCTP V1 receive_message (message_transmitter V1): mints the burn message's amount to its mint recipient,
    // the token account at position 14 of the instruction (server/rails/cctp/solana.ts receiveIx). Its owner is taken to
    // be the fee payer: the locked destination signs and pays its own receive. Message V1: 116-byte header, then the
    // burn body (version u32, burn token, mint recipient, amount u256 big-endian at 184..216).
    for (const ix of tx.message.compiledInstructions) {
      if (keys[ix.programIdIndex] !== MESSAGE_TRANSMITTER_V1_PROGRAM || ix.data.length < 12) continue;
      const data = Buffer.from(ix.data);
      const len = data.readUInt32LE(8);
      const message = data.subarray(12, 12 + len);
      if (message.length < 216 || message.readUInt32BE(0) !== 0) continue;
      const minted = BigInt(`0x${message.subarray(184, 216).toString("hex")}`);
      const pre = usdcOf(payer);
      usdcBook.set(payer, pre + minted);
      return { owner: payer, accountIndex: ix.accountKeyIndexes[14] ?? 0, pre, post: pre + minted };
    }
    if (debit === 0n) return null;
    const pre = usdcOf(payer);
    if (debit > pre) throw new Error("insufficient funds for instruction");
    usdcBook.set(payer, pre - debit);
    return { owner: payer, accountIndex, pre, post: pre - debit };
  };
  const tokenBalance = (u: NonNullable<Landed["usdc"]>, amount: bigint) => tokenBalanceJson(u.accountIndex, SOLANA_USDC, u.owner, amount);

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

  /**
   * What execution refuses before it runs, as the chain does: an owned input or gas coin that is not at its current
   * version or not the sender's, a shared object given a wrong initial version (the simulation the wallet resolved
   * through refuses the same, testing/chains/sui/simulate.ts).
   */
  const checkSuiInputs = (bytes: Uint8Array): void => {
    const data = Transaction.from(bytes).getData();
    const sender = data.sender ?? "0x0";
    const owned = [
      ...data.inputs.flatMap((i) => (i.Object?.ImmOrOwnedObject ? [i.Object.ImmOrOwnedObject] : [])),
      ...(data.gasData.payment ?? []),
    ];
    for (const ref of owned) {
      const o = suiWorld.object(ref.objectId);
      if (!o) throw new Error(`Could not find the referenced object ${ref.objectId} at version ${ref.version}`);
      if (BigInt(ref.version) !== o.version) {
        throw new Error(`Object ID ${ref.objectId} Version 0x${BigInt(ref.version).toString(16)} is not available for consumption, current version: 0x${o.version.toString(16)}`);
      }
      if (o.owner.kind !== "address" || !sameAddress(o.owner.address, sender)) throw new Error(`Object ${ref.objectId} is not owned by the sender ${sender}`);
    }
    for (const i of data.inputs) {
      const shared = i.Object?.SharedObject;
      if (!shared) continue;
      const o = sameAddress(shared.objectId, CLOCK.id) ? CLOCK : suiWorld.object(shared.objectId);
      if (o?.owner.kind !== "shared") throw new Error(`Object ${shared.objectId} is not a shared object`);
      if (BigInt(shared.initialSharedVersion) !== o.owner.initialVersion) throw new Error(`Shared object ${shared.objectId} was given a wrong initial shared version`);
    }
  };

  /** Executes signed Sui bytes (base64): debits the sender's USDC by what the transaction splits from its USDC coin. */
  const executeSui = (b64: string, sigs: readonly string[]): string => {
    if (!sigs.length) throw new Error("transaction is not signed");
    const bytes = Buffer.from(b64, "base64");
    const digest = TransactionDataBuilder.getDigestFromBytes(bytes);
    if (!sui.has(digest)) {
      checkSuiInputs(bytes);
      const { sender, moved } = suiUsdcMoved(bytes);
      if (moved > suiUsdcOf(sender)) throw new Error("InsufficientCoinBalance");
      suiUsdc.set(sender, suiUsdcOf(sender) - moved);
      suiVersion += 1;
      sui.set(digest, { digest, sender, usdcMoved: moved, landedAt: Date.now() });
    }
    return digest;
  };

  // ---- Solana: testing/chains/solana/rpc.ts over the state above ----
  const solanaRpcMethods = solanaRpc({
    latestBlockhash: () => {
      // A new blockhash per call, as a live chain moves on: two identical deposits never share a signature.
      blocks += 1;
      return { blockhash: b58.decode(createHash("sha256").update(`e2e-block-${blocks}`).digest()), lastValidBlockHeight: 280_000_150 + blocks };
    },
    prioritizationFees: () => [{ slot: SLOT, prioritizationFee: 1000 }],
    lamports: () => 0n,
    tokenBalance: (owner, mint) => (mint === SOLANA_USDC ? usdcOf(owner) : mint === KAMINO_CUSDC_MINT ? START_CUSDC : null),
    account: (at) => {
      if (at === SOLANA_OTHER_MINT) return { owner: TOKEN_PROGRAM_ADDRESS, data: otherMint, lamports: 1_461_600 };
      const a = programAccounts.get(at);
      return a ? { owner: a.owner, data: a.data, lamports: 61_000_000 } : null;
    },
    send: (data, opts) => {
      const raw = (opts?.encoding ?? "base58") === "base64" ? Buffer.from(data, "base64") : Buffer.from(getBase58Encoder().encode(data));
      const tx = VersionedTransaction.deserialize(raw);
      const first = tx.signatures[0];
      if (!first || first.every((b) => b === 0)) throw new Error("transaction is not signed");
      const sig = b58.decode(first);
      if (!solana.has(sig)) solana.set(sig, { raw, tx, slot: SLOT + 1, blockTime: Math.floor(Date.now() / 1000), landedAt: Date.now(), usdc: applyUsdc(tx) });
      return sig;
    },
    signatureStatus: (s) => {
      const l = solana.get(s);
      if (!l) return null;
      // "processed" for the first PROCESSING_MS, then "finalized": the reporter sees 202 pending first.
      const final = Date.now() - l.landedAt >= PROCESSING_MS;
      return { slot: l.slot, confirmations: final ? null : 0, err: null, confirmationStatus: final ? "finalized" : "processed" };
    },
    transaction: (sig, encoding) => {
      const l = solana.get(sig);
      return l ? solanaTxJson(l, encoding) : null;
    },
    simulationChain,
    blockHeight: 280_000_000,
    slot: SLOT,
    noMultipleAccounts: true,
  });

  // ---- move-chain for the app server: the local Sui gRPC node over the state above ----
  const coinOwners = new Map<string, { owner: string; kind: "usdc" | "gas" }>();
  const coinObject = (owner: string, kind: "usdc" | "gas"): SuiObject => {
    const id = suiCoinId(owner, kind);
    coinOwners.set(id, { owner, kind });
    const balance = kind === "usdc" ? suiUsdcOf(owner) : SUI_START_MIST;
    return { id, type: `0x2::coin::Coin<${kind === "usdc" ? SUI_USDC : "0x2::sui::SUI"}>`, owner: { kind: "address", address: owner }, version: BigInt(suiVersion), json: { id, balance: balance.toString() }, balance };
  };
  const sharedObject = (id: string, type: string): SuiObject => ({ id, type, owner: { kind: "shared", initialVersion: 1000n }, version: BigInt(suiVersion), json: { id } });
  const suiWorld: SuiWorld = {
    object: (id) => {
      const cctp = cctpObjects().find((o) => sameAddress(o.id, id));
      if (cctp) return cctp;
      const cap = [...SUI_UPGRADE_CAPS].find(([capId]) => sameAddress(capId, id));
      if (cap) return upgradeCapObject(cap[0], cap[1], hex64("e2e-admin"));
      const coin = [...coinOwners].find(([coinId]) => sameAddress(coinId, id));
      if (coin) return coinObject(coin[1].owner, coin[1].kind);
      // The Sui venues' shared objects every deposit takes (Scallop's Version and Market, Suilend's LendingMarket), as
      // stand-ins holding only their id (this chain keeps no venue state).
      const entry = suiVenueEntryObjects().find((o) => sameAddress(o.id, id));
      return entry ? sharedObject(id, entry.type) : undefined;
    },
    owned: (address) => [coinObject(address, "usdc"), coinObject(address, "gas")],
    packageVersions: new Map([
      // The Sui venues' packages (testing/chains/sui/venues): the original, then the upgrades (calls go to the newest).
      ...suiVenuePackageVersions(),
      // Circle's CCTP V1 (testing/chains/sui/cctp.ts): TokenMessengerMinter with one upgrade, MessageTransmitter.
      ...CCTP_PACKAGE_VERSIONS,
    ]),
    // Their public signatures: a bridge plan's burn and receive are type-checked as on chain.
    functions: new Map(cctpFunctions()),
    transaction: (digest) => {
      const l = sui.get(digest);
      if (!l) return undefined;
      return {
        digest,
        sender: l.sender,
        status: { success: true },
        balanceChanges: l.usdcMoved > 0n ? [{ address: l.sender, coinType: SUI_USDC, amount: -l.usdcMoved }] : [],
        // In a checkpoint (final) only after PROCESSING_MS: the reporter sees 202 pending first.
        checkpointed: Date.now() - l.landedAt >= PROCESSING_MS,
      };
    },
    execute: (b64, sigs) => executeSui(b64, sigs),
    referenceGasPrice: 750n,
  };
  const suiHandlers = readHandlers(suiWorld);

  const handle = async (req: JsonRpcRequest): Promise<JsonRpcReply> => {
    const method = String(req.method);
    calls.push(method);
    if (process.env.E2E_RPC_LOG) process.stdout.write(`rpc ${method}\n`);
    const solanaMethod = solanaRpcMethods.get(method);
    if (solanaMethod?.async) return jsonRpcReplyAsync(req, async (_, params) => solanaMethod.answer(params));
    if (solanaMethod) return jsonRpcReply(req, (_, params) => solanaMethod.answer(params));
    return jsonRpcReply(req, () => {
      throw new Error(`method ${method} not found`);
    });
  };

  const server = createServer((req, res) => {
    if (isGrpcWeb(req)) {
      void serveGrpcWeb(req, res, suiHandlers, (name) => {
        calls.push(name);
        if (process.env.E2E_RPC_LOG) process.stdout.write(`grpc ${name}\n`);
      });
      return;
    }
    let raw = "";
    req.on("data", (d) => {
      raw += d;
    });
    req.on("end", async () => {
      const cors = { "access-control-allow-origin": "*", "access-control-allow-headers": "*", "access-control-allow-methods": "POST, OPTIONS" };
      if (req.method === "OPTIONS") return void res.writeHead(204, cors).end();
      const upstream = evm[new URL(req.url ?? "/", "http://x").pathname.replace(/\/+$/, "")];
      if (upstream) {
        try {
          const r = await fetch(upstream, { method: "POST", headers: { "content-type": "application/json" }, body: raw });
          return void res.writeHead(r.status, { "content-type": "application/json", ...cors }).end(await r.text());
        } catch {
          return void res.writeHead(502, cors).end();
        }
      }
      let body: unknown;
      try {
        body = JSON.parse(raw);
      } catch {
        return void res.writeHead(400, cors).end();
      }
      const out = await jsonRpcBodyAsync(body, handle);
      res.writeHead(200, { "content-type": "application/json", ...cors }).end(JSON.stringify(out));
    });
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  // Port 0 (a test of its own) takes whatever port the system gives.
  const addr = server.address();
  const bound = typeof addr === "object" && addr ? addr.port : port;
  return { url: `http://127.0.0.1:${bound}`, solana, sui, calls, close: () => new Promise<void>((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  }) };
}
