// Token symbol and decimals (GET /svc/tokens/lookup, /svc/tokens): the shipped list, else the chain's own
// metadata read through the RPC; an unreadable token answers decimals null with the reason, never a default.
import { getMintEncoder, TOKEN_PROGRAM_ADDRESS } from "@solana-program/token";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type App, dbKinds, startApp } from "../support/app";
import { type FakeRpc, startFakeRpc } from "../support/fake-rpc";
import { call } from "../support/http";

const MINT = "Es9vMFrzaCERmJfrF4H2FYD4KCoNkY11McCe8BenwNYB";
const mint = (decimals: number) => getMintEncoder().encode({ mintAuthority: null, supply: 1n, decimals, isInitialized: true, freezeAuthority: null }) as Uint8Array;

describe.each(dbKinds())("tokens (%s)", (db) => {
  let app: App;
  let rpc: FakeRpc;
  const get = (path: string) => call<Record<string, unknown>>(app.url, "GET", `/api/v1${path}`);

  beforeAll(async () => {
    rpc = await startFakeRpc();
    app = await startApp({ db, env: { SVC_RPC_SVM: rpc.url, SVC_DISABLE_JOBS: "1" } });
  });
  afterAll(async () => {
    await app?.stop();
    await rpc?.close();
  });

  it("known tokens come from the shipped list, by symbol or address", async () => {
    const usdc = await get("/svc/tokens/lookup?chain=svm-chain&address=USDC");
    expect(usdc.status).toBe(200);
    expect(usdc.json).toMatchObject({ schemaVersion: "svc-token.v1", chain: "svm-chain", address: "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v", symbol: "USDC", decimals: 6, source: "token-list", reason: null });
    expect((await get("/svc/tokens/lookup?chain=move-chain&address=0x2::sui::SUI")).json).toMatchObject({ symbol: "SUI", decimals: 9, source: "token-list" });
    expect((await get("/svc/tokens/lookup?chain=evm-a&address=0x833589fcd6edb6e08f4c7c32d4f71b54bda02913")).json).toMatchObject({ symbol: "USDC", decimals: 6 });
    const list = await get("/svc/tokens?chain=svm-chain");
    expect((list.json.tokens as { symbol: string; decimals: number }[]).map((t) => [t.symbol, t.decimals])).toEqual([
      ["USDC", 6],
      ["SOL", 9],
    ]);
  });

  it("another mint is read from the chain: decimals from the SPL mint account; a non-mint or an unreachable RPC gives null with the reason", async () => {
    rpc.solanaAccounts.set(MINT, { owner: TOKEN_PROGRAM_ADDRESS, data: mint(8) });
    expect((await get(`/svc/tokens/lookup?chain=svm-chain&address=${MINT}`)).json).toMatchObject({ address: MINT, decimals: 8, symbol: null, source: "chain", reason: null });

    rpc.solanaAccounts.set(MINT, { owner: "11111111111111111111111111111111", data: mint(8) });
    const wrongOwner = await get(`/svc/tokens/lookup?chain=svm-chain&address=${MINT}`);
    expect(wrongOwner.status).toBe(200);
    expect(wrongOwner.json).toMatchObject({ decimals: null, source: null, reason: expect.stringContaining("not owned by") });

    rpc.solanaAccounts.delete(MINT);
    expect((await get(`/svc/tokens/lookup?chain=svm-chain&address=${MINT}`)).json).toMatchObject({ decimals: null, reason: expect.stringContaining("does not exist") });

    rpc.failing.add("getAccountInfo");
    try {
      expect((await get(`/svc/tokens/lookup?chain=svm-chain&address=${MINT}`)).json).toMatchObject({ decimals: null, reason: expect.stringContaining("could not be read") });
    } finally {
      rpc.failing.delete("getAccountInfo");
    }
  });

  it("a malformed token id is 400 with the shape expected; an unknown chain is 400", async () => {
    const bad = await get("/svc/tokens/lookup?chain=svm-chain&address=not-a-mint");
    expect(bad.status).toBe(400);
    expect(bad.json).toMatchObject({ code: "INVALID_REQUEST", message: expect.stringContaining("mint address") });
    expect((await get("/svc/tokens/lookup?chain=move-chain&address=0x2::sui")).status).toBe(400);
    expect((await get("/svc/tokens/lookup?chain=evm-a&address=0x1234")).status).toBe(400);
    expect((await get("/svc/tokens/lookup?chain=nochain&address=USDC")).status).toBe(400);
  });
});
