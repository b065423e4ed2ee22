"use client";
// Reads the three wallet libraries and publishes one connected account plus a signer to the store.
import { useCurrentAccount, useCurrentWallet, useDAppKit } from "@mysten/dapp-kit-react";
import { Transaction } from "@mysten/sui/transactions";
import { useConnection as useSolanaConnection, useWallet as useSolanaWallet } from "@solana/wallet-adapter-react";
import { type Connection, PublicKey, TransactionInstruction, TransactionMessage, VersionedTransaction } from "@solana/web3.js";
// biome-ignore lint/style/useNodejsImportProtocol: the browser polyfill package (web3.js instructions take a Buffer), not node:buffer
import { Buffer } from "buffer";
import { useEffect, useMemo, useRef } from "react";
import { useDisconnect, useConnection as useEvmConnection, useSendTransaction, useSwitchChain } from "wagmi";
import { arbitrum, base } from "wagmi/chains";
import type { PlanTransaction, SolanaPayload } from "@/lib/api";
import { type ConnectedAccount, type WalletFamily, type WalletSigner, useWallet, walletStore } from "./store";

function base64ToBytes(b64: string): Uint8Array {
  const bin = atob(b64);
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

/** The wallet-side Solana transaction: the service's unsigned v0 transaction as is, or, when the service could not
 * read a blockhash (transaction null), the plan's instructions compiled with the wallet's own recent blockhash. */
async function solanaTransaction(p: SolanaPayload, conn: Connection): Promise<VersionedTransaction> {
  if (p.transaction) return VersionedTransaction.deserialize(base64ToBytes(p.transaction));
  const { blockhash } = await conn.getLatestBlockhash();
  const instructions = p.instructions.map(
    (ix) =>
      new TransactionInstruction({
        programId: new PublicKey(ix.programAddress),
        keys: ix.accounts.map((a) => ({
          pubkey: new PublicKey(a.address),
          isSigner: a.role.endsWith("_signer"),
          isWritable: a.role.startsWith("writable"),
        })),
        data: Buffer.from(base64ToBytes(ix.data)),
      }),
  );
  const message = new TransactionMessage({ payerKey: new PublicKey(p.feePayer), recentBlockhash: blockhash, instructions }).compileToV0Message();
  return new VersionedTransaction(message);
}

const EVM_CHAINS: Record<number, typeof base.id | typeof arbitrum.id> = { [base.id]: base.id, [arbitrum.id]: arbitrum.id };

function wrongEncoding(tx: PlanTransaction, want: PlanTransaction["encoding"]): Error {
  return new Error(`This wallet signs ${want} transactions; the plan carries ${tx.encoding}.`);
}

export function WalletBridge() {
  const { preferred } = useWallet();

  const suiAccount = useCurrentAccount();
  const suiWallet = useCurrentWallet();
  const suiKit = useDAppKit();

  const sol = useSolanaWallet();
  const { connection } = useSolanaConnection();

  const evm = useEvmConnection();
  const evmDisconnect = useDisconnect();
  const evmSend = useSendTransaction();
  const evmSwitch = useSwitchChain();

  const solAddress = sol.publicKey?.toBase58() ?? null;

  const candidates = useMemo(() => {
    const c: Partial<Record<WalletFamily, ConnectedAccount>> = {};
    if (suiAccount) c.sui = { family: "sui", address: suiAccount.address, walletName: suiWallet?.name ?? "Sui wallet" };
    if (sol.connected && solAddress) c.solana = { family: "solana", address: solAddress, walletName: sol.wallet?.adapter.name ?? "Solana wallet" };
    if (evm.address) c.evm = { family: "evm", address: evm.address, walletName: evm.connector?.name ?? "EVM wallet" };
    return c;
  }, [suiAccount, suiWallet?.name, sol.connected, solAddress, sol.wallet?.adapter.name, evm.address, evm.connector?.name]);

  const picked: ConnectedAccount | null =
    (preferred ? candidates[preferred] : undefined) ?? candidates.sui ?? candidates.solana ?? candidates.evm ?? null;
  // Keep one object per connected account, so the store only changes when the account really changes.
  const accountKey = picked ? `${picked.family}:${picked.address}:${picked.walletName}` : "";
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed on the account's identity on purpose
  const account = useMemo(() => picked, [accountKey]);

  // The signing functions change identity between renders; the signer reads the latest through a ref
  // so it stays stable (a new signer per render would loop through the store).
  const current = {
    suiKit,
    solSend: sol.sendTransaction,
    evmMutate: evmSend.mutateAsync,
    evmSwitchChain: evmSwitch.mutateAsync,
    evmChainId: evm.chainId,
    connection,
    solDisconnect: sol.disconnect,
    evmDisconnect: evmDisconnect.mutate,
  };
  const latest = useRef(current);
  latest.current = current;

  const family = account?.family ?? null;
  const signer = useMemo<WalletSigner | null>(() => {
    switch (family) {
      case null:
        return null;
      case "sui":
        return {
          signAndSend: async (tx: PlanTransaction) => {
            if (tx.encoding !== "sui-transaction-json") throw wrongEncoding(tx, "sui-transaction-json");
            // The unresolved Transaction JSON: dApp Kit resolves the CoinWithBalance intent with its gRPC client (unless
            // the wallet declares it resolves it), the wallet resolves object versions and gas, signs and executes.
            const r = await latest.current.suiKit.signAndExecuteTransaction({ transaction: Transaction.from(tx.payload) });
            // A transaction that executed and failed still has its digest: the service's confirmation reports the failure.
            return (r.Transaction ?? r.FailedTransaction).digest;
          },
        };
      case "solana":
        return {
          signAndSend: async (tx: PlanTransaction) => {
            const { connection: conn, solSend } = latest.current;
            if (tx.encoding !== "solana-v0-message-base64") throw wrongEncoding(tx, "solana-v0-message-base64");
            const t = await solanaTransaction(tx.payload, conn);
            return solSend(t, conn);
          },
        };
      case "evm":
        return {
          signAndSend: async (tx: PlanTransaction) => {
            if (tx.encoding !== "evm-call") throw wrongEncoding(tx, "evm-call");
            const p = tx.payload;
            const chainId = EVM_CHAINS[p.chainId];
            if (!chainId) throw new Error(`The plan's EVM transaction is for chain ${p.chainId}, which this wallet is not set up for.`);
            if (!/^0x[0-9a-fA-F]{40}$/.test(p.to)) throw new Error("The plan's EVM transaction has no valid destination.");
            // The wallet signs on the chain it is on: move it to the plan's chain first (a wallet connected on Base
            // signing an Arbitrum plan), as wallets ask their user to.
            if (latest.current.evmChainId !== chainId) await latest.current.evmSwitchChain({ chainId });
            return latest.current.evmMutate({ to: p.to as `0x${string}`, data: p.data as `0x${string}`, value: BigInt(p.value), chainId });
          },
        };
    }
  }, [family]);

  const disconnect = useMemo(() => {
    if (family === null) return null;
    if (family === "sui") return () => void latest.current.suiKit.disconnectWallet().catch(() => undefined);
    if (family === "solana") return () => void latest.current.solDisconnect();
    return () => latest.current.evmDisconnect({});
  }, [family]);

  useEffect(() => {
    walletStore.setConnection(account, signer, disconnect);
  }, [account, signer, disconnect]);

  return null;
}
