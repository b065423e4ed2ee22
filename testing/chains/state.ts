// The state of the local chain (./server.ts), one object for every family: balances per owner and asset, the venues'
// slices (testing/chains/<family>/venues), the transactions the chain knows, submissions, failures a test switches on,
// gas prices. Each family's method table reads it through its own module (./solana/state.ts, ./sui/state.ts,
// ./evm/state.ts). Tests script it (balances with `set`, transactions in `txs`, what a submission becomes in
// `onSubmit`); with `wallets` (the e2e stack) it also plays a chain the browser's wallets sign for: every wallet starts
// with the book's balances, and a signed transaction lands, moves USDC and turns final after `processingMs`.
import type { SolanaLocalChain } from "./solana/local-chain";
import type { SolanaAccounts } from "./solana/venues/encode";
import type { SaveReserveState } from "./solana/venues/save";
import type { SuiVenueState } from "./sui/venues";
import { localSuiAttesterState, type SuiAttesterState } from "./sui/cctp-attestation";
import type { SuiCoinInfo, SuiEventRecord } from "./sui/world";
import type { ExecutedEvm } from "./evm/executed";
import type { EvmTxRecord } from "./evm/rpc";
import type { EvmVenueState } from "./evm/venues";

export type { SaveReserveState };

/** The venues' state of the local chain, one slice per venue module (testing/chains/<family>/venues), and the EVM head. */
export interface ChainVenues extends SolanaAccounts, SuiVenueState, EvmVenueState {
  /** The EVM head block (`latest`). */
  evmBlock: { number: bigint; timestamp: bigint };
}

/** When a landed transaction was taken (ms) and, for Solana, its wire bytes (its getTransaction shows them). */
export interface Landing {
  at: number;
  slot: number;
  blockTime: number;
  wire?: Buffer;
}

export type ChainTx =
  | {
      kind: "sui";
      sender: string;
      status: "success" | "failure";
      error?: string;
      balanceChanges: { owner: string; coinType: string; amount: bigint }[];
      /** The events it emitted (sui.rpc.v2 Event), as the node's simulation follows them. */
      events?: SuiEventRecord[];
      landed?: Landing;
    }
  | {
      kind: "solana";
      feePayer: string;
      err?: unknown;
      confirmationStatus: "processed" | "confirmed" | "finalized";
      /** `accountIndex` defaults to the entry's position + 1; `opened`: the transaction opened the account (no pre entry). */
      tokenBalances: { owner: string; mint: string; pre: bigint; post: bigint; accountIndex?: number; opened?: boolean }[];
      /** Lamports of the transaction's accounts by account index (the fee payer first), before and after; none when not given. */
      lamports?: { pre: bigint; post: bigint }[];
      landed?: Landing;
    }
  | ({ kind: "evm" } & EvmTxRecord);

export interface ChainTxState {
  /** Known transactions by digest / signature / hash. */
  txs: Map<string, ChainTx>;
  /** When true, every connection is dropped (the RPC is unreachable). */
  down: boolean;
  /** When true, every request is taken and never answered (the RPC stalls) until it is false again. */
  stalled: boolean;
  /** Submissions received (method and the signed bytes, base64). */
  submitted: { method: string; bytes: string }[];
  /** What a submission registers: the digest answered and the transaction it becomes (tests script it). */
  onSubmit: { digest: string; tx: ChainTx } | null;
  /**
   * When true, a signed Sui submission without `onSubmit` lands as the wallets' book lands it (checked, executed by the
   * node's coin flow, with its balance changes and events) though there is no book; otherwise it is refused.
   */
  landsSui: boolean;
  /**
   * When true, a signed Solana submission without `onSubmit` lands as the wallets' book lands it (every signature
   * checked, recorded with its wire, so getTransaction answers its accounts) though there is no book.
   */
  landsSolana: boolean;
}

/** The wallets' book (./wallets.ts): what every wallet starts with and how long a landed transaction stays unfinal. */
export interface WalletBook {
  /** An owner's balance of `asset` before anything moved it (undefined: none). */
  start(owner: string, asset: string): bigint | undefined;
  processingMs: number;
}

export interface LocalChain extends ChainTxState, ChainVenues {
  url: string;
  /** UpgradeCap objects by id → the package they point at (Scallop's and Suilend's caps point at the *_CURRENT_PACKAGE ids). */
  upgradeCaps: Map<string, string>;
  /** Published versions of each Move package (storage ids, oldest first) by original id: ListPackageVersions. */
  packageVersions: Map<string, string[]>;
  /** BCS contents served for a Sui object id (for SDKs that decode objects from BCS rather than the JSON rendering). */
  suiObjectBcs: Map<string, Uint8Array>;
  /** Coin metadata served by the Sui node's GetCoinInfo, by coin type (normalized struct tag): none unless a test adds it. */
  suiCoinInfo: Map<string, SuiCoinInfo>;
  /**
   * Circle's MessageTransmitter State on the Sui node, the fields its receive_message verifies attestations against
   * (./sui/cctp-attestation.ts): the enabled attesters (the local ones, as the EVM and Solana transmitters enable them)
   * and the signature threshold. A test may change them (another threshold, an attester disabled).
   */
  suiMessageTransmitter: SuiAttesterState;
  /** Solana Save reserves by account address. */
  saveReserves: Map<string, SaveReserveState>;
  /** EVM bytecode by lower-cased address, answered by `eth_getCode` ("0x" for any other address: an EOA, as on chain). */
  evmCode: Map<string, string>;
  /** Balance of `asset` ("native" or a coin type / mint / token address) for an owner. */
  set: (owner: string, asset: string, amount: bigint) => void;
  /** Methods (JSON-RPC names, or gRPC method names such as `GetBalance`, `BatchGetObjects`) that answer with an error. */
  failing: Set<string>;
  /**
   * gRPC methods (e.g. `SimulateTransaction`) the Sui node does not serve: answered UNIMPLEMENTED with no message, as a
   * tonic server answers a method it has no route for (a node or provider that does not expose that service).
   */
  unserved: Set<string>;
  calls: string[];
  /** The blockhash `getLatestBlockhash` answers (base58, 32 bytes) when the chain does not move on (no `wallets`). */
  blockhash: string;
  /**
   * Solana `simulateTransaction`: answered by this local chain (testing/chains/solana/local-chain.ts: litesvm plus
   * klend's checked interface) when set; otherwise by the wallets' book's chain, or refused (method not found) so a
   * plan says "not simulated".
   */
  solanaChain: SolanaLocalChain | null;
  /**
   * EVM contracts that run on a real EVM, by the URL path the service calls ("/evm-a"): eth_call and eth_estimateGas
   * addressed to them are answered by that node (./evm/executed.ts); empty: the answered EVM answers everything.
   */
  evmExecuted: Map<string, ExecutedEvm>;
  /**
   * The Solana RPC is a Jito-Solana node (the default): `simulateBundle` is answered by the same chain as
   * simulateTransaction. false: a plain Solana RPC, which answers it -32601 Method not found.
   */
  solanaJito: boolean;
  /** The slot the Solana RPC's simulateTransaction and getMultipleAccounts answer at (a test moves it on). */
  solanaSlot: number;
  /** Called before simulateTransaction and getMultipleAccounts answer: a test moves the chain on between two requests. */
  onSolanaAnswer: ((method: string) => void | Promise<void>) | null;
  /** Gas prices answered by `eth_gasPrice` (wei), Sui `GetEpoch` reference_gas_price (MIST) and `getRecentPrioritizationFees` (micro-lamports per CU). */
  gas: { evmWei: bigint; suiMist: bigint; solanaMicroLamports: number };
  close: () => Promise<void>;
}

/** What the families' modules read and write beside the public object. */
export interface ChainCore {
  chain: LocalChain;
  balance(owner: string, asset: string): bigint;
  /** Balances set (or moved) so far: owner and asset as keyed (hex lower-cased). */
  entries(): { owner: string; asset: string; amount: bigint }[];
  wallets: WalletBook | null;
  /** Records a submission; answers the digest it becomes (`onSubmit`, else `land` with a wallets' book, else refused). */
  submit(method: string, bytes: string, land: () => string): string;
}

const key = (owner: string, asset: string) =>
  `${owner.startsWith("0x") ? owner.toLowerCase() : owner}|${asset.startsWith("0x") && !asset.includes("::") ? asset.toLowerCase() : asset}`;

/** A new chain state (url and close are filled in by the server once it listens). */
export function chainState(initial: ChainVenues, wallets: WalletBook | null): ChainCore {
  const balances = new Map<string, bigint>();
  const chain: LocalChain = {
    ...initial,
    url: "",
    txs: new Map(),
    down: false,
    stalled: false,
    submitted: [],
    onSubmit: null,
    landsSui: false,
    landsSolana: false,
    upgradeCaps: new Map(),
    packageVersions: new Map(),
    suiObjectBcs: new Map(),
    suiCoinInfo: new Map(),
    suiMessageTransmitter: localSuiAttesterState(),
    saveReserves: new Map(),
    evmCode: new Map(),
    set: (owner, asset, amount) => balances.set(key(owner, asset), amount),
    failing: new Set(),
    unserved: new Set(),
    calls: [],
    blockhash: "EkSnNWid2cvwEVnVx9aBqawnmiCNiDgp3gUdkDPTKN1N",
    solanaChain: null,
    evmExecuted: new Map(),
    solanaJito: true,
    solanaSlot: 300000000,
    onSolanaAnswer: null,
    gas: { evmWei: 12_000_000n, suiMist: 750n, solanaMicroLamports: 1000 },
    close: async () => {},
  };
  return {
    chain,
    wallets,
    balance: (owner, asset) => balances.get(key(owner, asset)) ?? wallets?.start(owner, asset) ?? 0n,
    entries: () =>
      [...balances].map(([k, amount]) => {
        const [owner = "", asset = ""] = k.split("|");
        return { owner, asset, amount };
      }),
    submit: (method, bytes, land) => {
      chain.submitted.push({ method, bytes });
      if (chain.onSubmit) {
        chain.txs.set(chain.onSubmit.digest, chain.onSubmit.tx);
        return chain.onSubmit.digest;
      }
      if (wallets || (chain.landsSui && method === "ExecuteTransaction") || (chain.landsSolana && method === "sendTransaction")) return land();
      throw new Error("transaction rejected");
    },
  };
}

/** Whether a landed transaction is final yet (a scripted one is as its record says). */
export const landedFinal = (core: ChainCore, landed: Landing | undefined): boolean =>
  landed === undefined || Date.now() - landed.at >= (core.wallets?.processingMs ?? 0);
