// The local chain's Solana state (../state.ts) as the method table ./rpc.ts reads it: balances (`getBalance` /
// `getTokenAccountsByOwner`), the venues' program accounts (`getAccountInfo` of `solanaAccounts`, written by
// ./venues/<venue>.ts or the wallets' book, then the Save reserves of `saveReserves`), the transactions of `txs`
// (`getSignatureStatuses` / `getTransaction`: a scripted record as it says, a landed one "processed" until the book's
// processingMs passed, then "finalized", shown from its wire bytes), submissions (`sendTransaction`),
// `simulateTransaction` by `solanaChain` or the wallets' book, and `simulateBundle` by the same unless `solanaJito` is
// off. With the wallets' book the chain also moves on (a new blockhash per getLatestBlockhash: two identical deposits
// never share a signature) and answers what the browser wallets read besides (getBlockHeight, getSlot,
// getMultipleAccounts).
import { createHash } from "node:crypto";
import { getBase58Decoder } from "@solana/kit";
import { type ChainCore, landedFinal } from "../state";
import { type SolanaHandler, type SolanaRpcState, solanaRpc, tokenBalanceJson } from "./rpc";
import { type SolanaWallets, WALLET_SLOT, landSolana, landedTransactionJson } from "./wallets";
import { saveReserveAmounts } from "./venues/save";

export function solanaMethods(core: ChainCore, wallets: SolanaWallets | null): Map<string, SolanaHandler> {
  const { chain } = core;
  let blocks = 0;
  const state: SolanaRpcState = {
    latestBlockhash: () => {
      if (!wallets) return { blockhash: chain.blockhash, lastValidBlockHeight: 280000150 };
      blocks += 1;
      return { blockhash: getBase58Decoder().decode(createHash("sha256").update(`e2e-block-${blocks}`).digest()), lastValidBlockHeight: 280_000_150 + blocks };
    },
    prioritizationFees: () => [
      { slot: 300000000, prioritizationFee: chain.gas.solanaMicroLamports },
      { slot: 300000001, prioritizationFee: chain.gas.solanaMicroLamports },
    ],
    lamports: (owner) => core.balance(owner, "native"),
    tokenBalance: (owner, mint) => {
      const amount = core.balance(owner, mint ?? "");
      return amount === 0n ? null : amount;
    },
    account: (at) => {
      const acc = chain.solanaAccounts.get(at);
      if (acc) return { owner: acc.owner, data: acc.data, lamports: 60_000_000 };
      const r = chain.saveReserves.get(at);
      return r ? { owner: r.owner, data: saveReserveAmounts(r), lamports: 5_000_000 } : null;
    },
    send: (data, options) => core.submit("sendTransaction", data, () => landSolana(core, data, options?.encoding)),
    signatureStatus: (sig) => {
      const t = chain.txs.get(sig);
      if (t?.kind !== "solana") return null;
      if (t.landed) {
        const final = landedFinal(core, t.landed);
        return { slot: t.landed.slot, confirmations: final ? null : 0, err: t.err ?? null, confirmationStatus: final ? "finalized" : "processed" };
      }
      return { slot: 299999990, confirmations: t.confirmationStatus === "finalized" ? null : 10, err: t.err ?? null, confirmationStatus: t.confirmationStatus };
    },
    transaction: (sig, encoding) => {
      const t = chain.txs.get(sig);
      if (t?.kind !== "solana") return null;
      const bal = (which: "pre" | "post") =>
        t.tokenBalances.flatMap((b, i) => (which === "pre" && b.opened ? [] : [tokenBalanceJson(b.accountIndex ?? i + 1, b.mint, b.owner, b[which])]));
      const lamports = (which: "pre" | "post") => (t.lamports ?? []).map((l) => Number(l[which]));
      if (t.landed?.wire) return { slot: t.landed.slot, blockTime: t.landed.blockTime, ...landedTransactionJson(t, t.landed.wire, encoding, bal) };
      return {
        slot: 299999990,
        blockTime: 1760000000,
        meta: { err: t.err ?? null, fee: 5000, preBalances: lamports("pre"), postBalances: lamports("post"), preTokenBalances: bal("pre"), postTokenBalances: bal("post"), logMessages: [] },
        transaction: { signatures: [sig], message: { accountKeys: [{ pubkey: t.feePayer, signer: true, writable: true, source: "transaction" }], instructions: [], recentBlockhash: chain.blockhash } },
        version: 0,
      };
    },
    simulationChain: (wire) => chain.solanaChain ?? wallets?.simulationChain(core, wire) ?? null,
    multipleAccounts: (addresses) => chain.solanaChain?.accounts(addresses) ?? null,
    jito: () => chain.solanaJito,
    contextSlot: () => chain.solanaSlot,
    beforeAnswer: (method) => chain.onSolanaAnswer?.(method),
    ...(wallets ? { blockHeight: 280_000_000, slot: WALLET_SLOT, noMultipleAccounts: true } : {}),
  };
  return solanaRpc(state);
}
