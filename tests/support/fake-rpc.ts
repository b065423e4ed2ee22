// The tests' names for the local chain (testing/chains/server.ts: one server for Sui, Solana and the answered EVM over
// the state of testing/chains/state.ts), scripted by each test: balances with `set`, transactions in `txs`, what a
// submission becomes in `onSubmit`, failing methods, the venues' state.
import { type LocalChain, startLocalChain } from "../../testing/chains/server";

export { fundSuiOwner } from "../../testing/chains/server";
export type { SaveReserveState } from "../../testing/chains/server";
export type { ChainTx as FakeTx, ChainTxState as FakeTxState, ChainVenues as FakeVenues } from "../../testing/chains/server";
export type FakeRpc = LocalChain;

/** The local chain as the tests script it (no wallets' book: nothing lands unless `onSubmit` says so). */
export const startFakeRpc = (): Promise<FakeRpc> => startLocalChain();
