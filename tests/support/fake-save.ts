// Save (Solend) Reserve accounts for the local Solana RPC, written with the protocol's own layout:
// @solendprotocol/solend-sdk 0.14.27 state/reserve.js `ReserveLayout` (the Rust Reserve pack order, 619 bytes), so the
// builder's offsets are checked against the SDK's, not against themselves. The account is served by
// tests/support/fake-rpc.ts from `solanaAccounts` (getAccountInfo, base64).
import { createRequire } from "node:module";
import { getAddressDecoder } from "@solana/kit";
import { save } from "../../server/venues/save/descriptor";
import type { FakeVenues } from "./fake-venues";

/** The SDK's own modules, resolved from the SDK's folder (it nests web3.js 1.92.3, spl-token 0.3.11 and bn.js 5.2.0). */
const sdkRequire = createRequire(createRequire(import.meta.url).resolve("@solendprotocol/solend-sdk"));

interface BnLike {
  toString(base?: number): string;
}
interface KeyLike {
  toBase58(): string;
  toBuffer(): Buffer;
}
interface BufferStruct {
  span: number;
  decode(b: Buffer): Record<string, unknown>;
  encode(v: Record<string, unknown>, b: Buffer): number;
}
type Bn = new (v: string) => BnLike;
type Key = new (v: string | Uint8Array) => KeyLike;

export const SolendBN = sdkRequire("bn.js") as Bn;
export const SolendPublicKey = (sdkRequire("@solana/web3.js") as { PublicKey: Key }).PublicKey;
const { ReserveLayout } = sdkRequire("./state/reserve") as { ReserveLayout: BufferStruct };

export interface SaveReserveFixture {
  lendingMarket?: string;
  liquidityMint?: string;
  liquiditySupply: string;
  collateralMint: string;
  collateralSupplyAccount: string;
  pythOracle: string;
  switchboardOracle: string;
  /** Absent: all zero, which the program reads as no extra oracle. */
  extraOracle?: string;
  available: bigint;
  borrowedWads: bigint;
  protocolFeesWads: bigint;
  collateralSupply: bigint;
}

const key = (a: string) => new SolendPublicKey(a);
const bn = (v: bigint) => new SolendBN(v.toString());

/** A Reserve account encoded by the SDK's ReserveLayout (version 1; every field not given is zero). */
export function saveReserveAccount(f: SaveReserveFixture): Uint8Array {
  const v = ReserveLayout.decode(Buffer.alloc(ReserveLayout.span));
  Object.assign(v, {
    version: 1,
    lendingMarket: key(f.lendingMarket ?? save.onchain.mainMarket ?? ""),
    liquidityMintPubkey: key(f.liquidityMint ?? save.onchain.usdcMint ?? ""),
    liquidityMintDecimals: 6,
    liquiditySupplyPubkey: key(f.liquiditySupply),
    liquidityPythOracle: key(f.pythOracle),
    liquiditySwitchboardOracle: key(f.switchboardOracle),
    liquidityAvailableAmount: bn(f.available),
    liquidityBorrowedAmountWads: bn(f.borrowedWads),
    liquidityCumulativeBorrowRateWads: bn(10n ** 18n),
    collateralMintPubkey: key(f.collateralMint),
    collateralMintTotalSupply: bn(f.collateralSupply),
    collateralSupplyPubkey: key(f.collateralSupplyAccount),
    accumulatedProtocolFeesWads: bn(f.protocolFeesWads),
    extraOracle: f.extraOracle ? key(f.extraOracle) : new SolendPublicKey(new Uint8Array(32)),
  });
  const out = Buffer.alloc(ReserveLayout.span);
  ReserveLayout.encode(v, out);
  return out;
}

/** A fresh, distinct address for a fixture account (deterministic per label). */
export function fixtureAddress(label: string): string {
  const bytes = new Uint8Array(32);
  const src = Buffer.from(label.padEnd(32, "#"));
  bytes.set(src.subarray(0, 32));
  return getAddressDecoder().decode(bytes);
}

/** Save's USDC reserve (server/venues/save/descriptor.ts) on the local chain, owned by the Save program unless `owner` says otherwise. */
export function setSaveUsdc(v: FakeVenues, f: SaveReserveFixture, owner = save.onchain.program ?? ""): void {
  v.solanaAccounts.set(save.onchain.usdcReserve ?? "", { owner, data: saveReserveAccount(f) });
}

/** A fixture with distinct supply, mint and oracle accounts and the given balances. */
export function saveFixture(over: Partial<SaveReserveFixture> = {}): SaveReserveFixture {
  return {
    liquiditySupply: fixtureAddress("save-liquidity-supply"),
    collateralMint: fixtureAddress("save-collateral-mint"),
    collateralSupplyAccount: fixtureAddress("save-collateral-supply"),
    pythOracle: fixtureAddress("save-pyth"),
    switchboardOracle: fixtureAddress("save-switchboard"),
    available: 3_000_000_000n,
    borrowedWads: 0n,
    protocolFeesWads: 0n,
    collateralSupply: 2_000_000_000n,
    ...over,
  };
}
