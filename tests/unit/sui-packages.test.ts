// Package resolution as the protocols resolve it: the call package is the one the protocol's UpgradeCap points at on
// the chain now; the ids we start from are the ones the protocols' own SDKs ship.
import { readFileSync } from "node:fs";
import path from "node:path";
import { PACKAGE_ID as SUILEND_SDK_PACKAGE_ID } from "@suilend/sdk/_generated/suilend";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { currentPackage } from "../../server/chains/sui/packages";
import { resetConfigForTests } from "../../server/config";
import { builderFor, runBuilder } from "../../server/venues/adapters";
import { scallop } from "../../server/venues/scallop/descriptor";
import { suilend } from "../../server/venues/suilend/descriptor";
import type { SuiObject } from "../../testing/chains/sui/node";
import { type FakeRpc, startFakeRpc } from "../support/fake-rpc";
import { SCALLOP_CURRENT_PACKAGE } from "../../testing/chains/sui/venues/scallop";
import { SUILEND_CURRENT_PACKAGE } from "../../testing/chains/sui/venues/suilend";

/** A file as the SDK ships it in node_modules (their package.json `exports` do not expose these paths). */
const sdkFile = (pkg: string, file: string) => readFileSync(path.join(import.meta.dirname, "..", "..", "node_modules", pkg, file), "utf8");

describe("the ids we resolve from are the SDKs' own", () => {
  it("Suilend: the UpgradeCap is @suilend/sdk's SUILEND_UPGRADE_CAP_ID (mainnet branch) and types keep its PACKAGE_ID", () => {
    const client = sdkFile("@suilend/sdk", "client.js");
    const m = /const SUILEND_UPGRADE_CAP_ID = [^?]+\?\s*"(0x[0-9a-f]{64})"\s*:\s*"(0x[0-9a-f]{64})"/.exec(client);
    expect(m?.[2]).toBe(suilend.onchain.upgradeCap);
    expect(suilend.onchain.package).toBe(SUILEND_SDK_PACKAGE_ID);
  });
  it("Scallop: the protocol UpgradeCap is the SDK's core.packages.protocol.upgradeCap, the original package its protocolObjectId fallback", () => {
    const addresses = sdkFile("@scallop-io/sui-scallop-sdk", "src/constants/testAddress.ts");
    const m = /protocol: \{\s*id:\s*'0x[0-9a-f]{64}',\s*upgradeCap:\s*'(0x[0-9a-f]{64})'/.exec(addresses);
    expect(m?.[1]).toBe(scallop.onchain.protocolUpgradeCap);
    const constants = sdkFile("@scallop-io/sui-scallop-sdk", "src/models/scallopConstants.ts");
    expect(constants).toContain(`'${scallop.onchain.protocolPackage}'`);
  });
});

describe("currentPackage: the UpgradeCap's package, through the configured RPC, cached briefly", () => {
  let rpc: FakeRpc;
  const OWNER = `0x${"ab".repeat(32)}`;
  beforeAll(async () => {
    rpc = await startFakeRpc();
    process.env.SVC_RPC_MOVE = rpc.url;
    resetConfigForTests();
  });
  afterAll(async () => {
    delete process.env.SVC_RPC_MOVE;
    resetConfigForTests();
    await rpc.close();
  });

  it("reads each cap's package once per burst of plans", async () => {
    const signal = new AbortController().signal;
    const before = rpc.calls.length;
    const [a, b, c] = await Promise.all([
      currentPackage(scallop.onchain.protocolUpgradeCap ?? "", signal),
      currentPackage(scallop.onchain.protocolUpgradeCap ?? "", signal),
      currentPackage(suilend.onchain.upgradeCap ?? "", signal),
    ]);
    expect([a, b, c]).toEqual([SCALLOP_CURRENT_PACKAGE, SCALLOP_CURRENT_PACKAGE, SUILEND_CURRENT_PACKAGE]);
    expect(rpc.calls.length - before).toBe(2);
  });

  it("a cap that cannot be read blocks the plan with venue_state_unavailable naming it, and the failure is not cached", async () => {
    const cap = `0x${"0c".repeat(32)}`;
    const signal = new AbortController().signal;
    await expect(currentPackage(cap, signal)).rejects.toThrow();
    rpc.upgradeCaps.set(cap, `0x${"0d".repeat(32)}`);
    await expect(currentPackage(cap, signal)).resolves.toBe(`0x${"0d".repeat(32)}`);

    // A fresh RPC URL (a new local chain) has its own cache entry: Suilend's cap is missing there.
    const other = await startFakeRpc();
    other.upgradeCaps.clear();
    // Its LendingMarket is there (the plan's type proof reads it; a reserve-less market, so only the cap is at issue first).
    other.suilendMarkets.set(suilend.onchain.lendingMarket ?? "", []);
    process.env.SVC_RPC_MOVE = other.url;
    resetConfigForTests();
    try {
      const b = builderFor("suilend", "deposit");
      if (!("build" in b)) throw new Error(b.reason);
      const r = await runBuilder(b.build, { owner: OWNER, amountMicros: 1_000_000n });
      expect(r).toMatchObject({ ok: false, blocker: { code: "venue_state_unavailable", message: expect.stringContaining("Suilend's current package") } });
    } finally {
      process.env.SVC_RPC_MOVE = rpc.url;
      resetConfigForTests();
      await other.close();
    }
  });
});

describe("our resolution equals the SDK's own on the same chain state", () => {
  it("Suilend: SuilendClient.initialize (getLatestPackageId over SuiGrpcClient) sets PUBLISHED_AT to the package our resolver reads", async () => {
    const { SuiGrpcClient } = await import("@mysten/sui/grpc");
    const { SuilendClient } = await import("@suilend/sdk/client");
    const generated = await import("@suilend/sdk/_generated/suilend");
    const { LendingMarket } = await import("@suilend/sdk/_generated/suilend/lending-market/structs");
    const { startSuiNode } = await import("../../testing/chains/sui/server");
    const upgraded = `0x${"5e".repeat(32)}`;
    const market = suilend.onchain.lendingMarket ?? "";
    const zero = { value: "0" };
    // A LendingMarket<MAIN_POOL> as the SDK's generated BCS layout writes it (no reserves: the SDK only needs to decode it).
    const marketBcs = LendingMarket.bcs
      .serialize({
        id: { id: { bytes: market } },
        version: "7",
        reserves: [],
        obligations: { id: { id: { bytes: `0x${"0b".repeat(32)}` } }, size: "0" },
        rate_limiter: { config: { window_duration: "86400", max_outflow: "1000000" }, prev_qty: zero, window_start: "0", cur_qty: zero },
        fee_receiver: `0x${"fe".repeat(32)}`,
        bad_debt_usd: zero,
        bad_debt_limit_usd: zero,
      })
      .toBytes();
    const capId = suilend.onchain.upgradeCap ?? "";
    const objects: SuiObject[] = [
      { id: capId, type: "0x2::package::UpgradeCap", owner: { kind: "address", address: `0x${"ad".repeat(32)}` }, version: 90n, json: { id: capId, package: upgraded, version: "12", policy: 0 } },
      {
        id: market,
        type: `${suilend.onchain.package}::lending_market::LendingMarket<${suilend.onchain.lendingMarketType}>`,
        owner: { kind: "shared", initialVersion: 38698012n },
        version: 42n,
        json: { id: market },
        bcs: marketBcs,
      },
    ];
    const node = await startSuiNode({
      object: (id) => objects.find((o) => o.id === id),
      owned: () => [],
      packageVersions: new Map(),
      transaction: () => undefined,
      execute: () => {
        throw new Error("not here");
      },
      referenceGasPrice: 750n,
    });
    const saved = process.env.SVC_RPC_MOVE;
    try {
      await SuilendClient.initialize(market, suilend.onchain.lendingMarketType ?? "", new SuiGrpcClient({ network: "mainnet", baseUrl: node.url }));
      process.env.SVC_RPC_MOVE = node.url;
      resetConfigForTests();
      const ours = await currentPackage(capId, new AbortController().signal);
      expect(generated.PUBLISHED_AT).toBe(upgraded);
      expect(ours).toBe(generated.PUBLISHED_AT);
    } finally {
      if (saved === undefined) delete process.env.SVC_RPC_MOVE;
      else process.env.SVC_RPC_MOVE = saved;
      resetConfigForTests();
      await node.close();
    }
  });
});
