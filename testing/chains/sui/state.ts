// The local chain's Sui state (../state.ts) as the local Sui node (./node.ts) reads it: coins (one Coin<T> object per
// owner and type, from the balances; with the wallets' book also every listed owner's starting coins), the Sui venues'
// packages, UpgradeCaps and objects (./venues: Scallop's Market, Suilend's LendingMarket, NAVI's Storage and oracle;
// with the wallets' book, a venue's shared entry objects its state does not give stand in by id), Circle's CCTP (the
// attesters and threshold its MessageTransmitter State verifies attestations against, LocalChain.suiMessageTransmitter,
// and the nonces it has used) and the Cetus aggregator's packages and objects, executed transactions (GetTransaction: a
// landed one is checkpointed after the book's processingMs) and submissions (ExecuteTransaction: scripted by
// `onSubmit`, or landed by ./wallets.ts).
import { createHash } from "node:crypto";
import { normalizeStructTag, normalizeSuiAddress } from "@mysten/sui/utils";
import { scallop } from "../../../server/venues/scallop/descriptor";
import { type ChainCore, landedFinal, type LocalChain } from "../state";
import { cctpCoinCall, cctpModules, cctpMoveCallAbort, cctpObjects } from "./cctp";
import { circleSuiCctp } from "./cctp-ids";
import { withUsedNonces } from "./cctp-nonces";
import { cetusFunctions, cetusObjects } from "./cetus-aggregator";
import { cetusCoinCall } from "./cetus-flow";
import { suiVenueCoinCall, suiVenueEntryObjects, suiVenueFunctions, suiVenueMoveCallAbort, suiVenueObjects, suiVenueWholeModules } from "./venues";
import { upgradeCapObject } from "./venues/move";
import { SUI_WALLET_START, landSui, SUI_USDC } from "./wallets";
import { moduleKey, type MoveFunctionSig, sameAddress, type SuiObject, type SuiTxRecord, type SuiWorld } from "./world";

/**
 * What a Sui owner needs for a plan's simulation to pass on the local chain: SUI for gas (5 SUI) and USDC (1,000 USDC)
 * to supply. Plans are simulated before they are returned, so an owner without them is refused, as on chain.
 */
export function fundSuiOwner(chain: LocalChain, owner: string): void {
  chain.set(owner, "native", 5_000_000_000n);
  chain.set(owner, scallop.onchain.usdcCoinType ?? "", 1_000_000_000n);
}

/** Circle's CCTP modules with every function's signature, parsed once from its sources (./cctp.ts). */
const CCTP_MODULES = cctpModules();

const coinId = (owner: string, coinType: string) => `0x${createHash("sha256").update(`coin|${normalizeSuiAddress(owner)}|${coinType}`).digest("hex")}`;

export function suiWorld(core: ChainCore): SuiWorld {
  const { chain } = core;
  let version = 42n;
  // Circle's CCTP coin rules, with the nonces this node's MessageTransmitter State has used (./cctp-nonces.ts).
  const cctpCall = withUsedNonces(cctpCoinCall, circleSuiCctp().messageTransmitter);
  /** Owners the node listed coins of (the wallets' book gives each its starting coins). */
  const listed = new Set<string>();
  const coin = (owner: string, coinType: string, amount: bigint): SuiObject => ({
    id: coinId(owner, coinType),
    type: `0x2::coin::Coin<${coinType}>`,
    owner: { kind: "address", address: owner },
    version,
    json: { id: coinId(owner, coinType), balance: amount.toString() },
    balance: amount,
  });
  const coins = (): SuiObject[] => {
    const held = core
      .entries()
      .map((e) => ({ owner: e.owner, coinType: e.asset === "native" ? "0x2::sui::SUI" : e.asset, amount: e.amount }))
      .filter((c) => c.coinType.includes("::") && /^0x[0-9a-f]{1,64}$/.test(c.owner));
    const starting = core.wallets
      ? [...listed].flatMap((owner) =>
          [...SUI_WALLET_START.keys()]
            .map((asset) => ({ owner, coinType: asset === "native" ? "0x2::sui::SUI" : asset, amount: core.balance(owner, asset) }))
            .filter((c) => !held.some((h) => sameAddress(h.owner, owner) && h.coinType === c.coinType)),
        )
      : [];
    return [...held, ...starting].map((c) => coin(c.owner, c.coinType, c.amount));
  };
  const venueObjects = (): SuiObject[] => {
    const objects = suiVenueObjects(chain);
    if (!core.wallets) return objects;
    const standIns = suiVenueEntryObjects()
      .filter((e) => !objects.some((o) => sameAddress(o.id, e.id)))
      .map((e): SuiObject => ({ id: e.id, type: e.type, owner: { kind: "shared", initialVersion: 1000n }, version, json: { id: e.id } }));
    return [...objects, ...standIns];
  };
  const objects = (): SuiObject[] => [
    ...[...chain.upgradeCaps].map(([id, pkg]) => upgradeCapObject(id, pkg, `0x${"ad".repeat(32)}`)),
    ...venueObjects(),
    ...cctpObjects(chain.suiMessageTransmitter),
    ...cetusObjects(),
    ...coins(),
  ];
  const transaction = (digest: string): SuiTxRecord | undefined => {
    const t = chain.txs.get(digest);
    if (t?.kind !== "sui") return undefined;
    return {
      digest,
      sender: t.sender,
      status: t.status === "success" ? { success: true } : { success: false, error: t.error ?? "MoveAbort" },
      balanceChanges: t.balanceChanges.map((c) => ({ address: c.owner, coinType: c.coinType, amount: c.amount })),
      events: t.events ?? [],
      checkpointed: landedFinal(core, t.landed),
    };
  };
  const withBcs = (o: SuiObject | undefined): SuiObject | undefined => {
    const bcs = o && [...chain.suiObjectBcs].find(([id]) => sameAddress(id, o.id))?.[1];
    return o && bcs ? { ...o, bcs } : o;
  };
  const world: SuiWorld = {
    object: (id) => withBcs(objects().find((o) => sameAddress(o.id, id))),
    owned: (address) => {
      if (core.wallets) listed.add(normalizeSuiAddress(address));
      return objects().filter((o) => o.owner.kind === "address" && sameAddress(o.owner.address, address));
    },
    packageVersions: chain.packageVersions,
    functions: new Map([...cetusFunctions().map(([key, params]): [string, MoveFunctionSig] => [key, { params }]), ...CCTP_MODULES.flatMap((m) => m.functions), ...suiVenueFunctions()]),
    wholeModules: new Set([...CCTP_MODULES.map((m) => moduleKey(m.package, m.module)), ...suiVenueWholeModules()]),
    transaction,
    execute: (bytes) =>
      core.submit("ExecuteTransaction", bytes, () =>
        landSui(core, world, bytes, (sender) => coinId(sender, SUI_USDC), () => {
          version += 1n;
        }),
      ),
    get referenceGasPrice() {
      return chain.gas.suiMist;
    },
    moveCallAbort: (call, ctx) => cctpMoveCallAbort(call, chain.suiMessageTransmitter) ?? suiVenueMoveCallAbort(chain, call, ctx),
    coinCall: (call) => cetusCoinCall(call) ?? cctpCall(call) ?? suiVenueCoinCall(chain, call),
    coinInfo: (coinType) => chain.suiCoinInfo.get(normalizeStructTag(coinType)),
  };
  return world;
}
