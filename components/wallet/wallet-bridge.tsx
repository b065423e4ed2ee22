"use client";
// Reads the three wallet libraries and publishes one connected account plus a signer to the store.
import { useCurrentAccount, useCurrentWallet, useDisconnectWallet, useSignAndExecuteTransaction } from "@mysten/dapp-kit";
import { useConnection as useSolanaConnection, useWallet as useSolanaWallet } from "@solana/wallet-adapter-react";
import { VersionedMessage, VersionedTransaction } from "@solana/web3.js";
import { useEffect, useMemo, useRef } from "react";
import { useDisconnect, useConnection as useEvmConnection, useSendTransaction } from "wagmi";
import { arbitrum, base } from "wagmi/chains";
import type { PlanTransaction } from "@/lib/api";
import { type ConnectedAccount, type WalletFamily, type WalletSigner, useWallet, walletStore } from "./store";

function base64ToBytes(b64: string): Uint8Array {
  const bin = atob(b64);
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

/** The plan's payload as a string: either the string itself or a named field of an object payload. */
function payloadString(payload: unknown, fields: string[]): string {
  if (typeof payload === "string") return payload;
  if (payload && typeof payload === "object") {
    for (const f of fields) {
      const v = (payload as Record<string, unknown>)[f];
      if (typeof v === "string") return v;
    }
  }
  throw new Error("The plan's transaction payload has an unexpected format.");
}

/** A Solana payload is a base64 v0 message (first byte has the version bit) or a whole transaction. */
function solanaTransaction(payload: unknown): VersionedTransaction {
  const bytes = base64ToBytes(payloadString(payload, ["transaction", "message", "base64"]));
  const first = bytes[0] ?? 0;
  if ((first & 0x80) !== 0) return new VersionedTransaction(VersionedMessage.deserialize(bytes));
  return VersionedTransaction.deserialize(bytes);
}

const EVM_CHAIN_IDS: Record<string, number> = { "evm-a": base.id, "evm-b": arbitrum.id };

export function WalletBridge() {
  const { preferred } = useWallet();

  const suiAccount = useCurrentAccount();
  const suiWallet = useCurrentWallet();
  const suiDisconnect = useDisconnectWallet();
  const suiSign = useSignAndExecuteTransaction();

  const sol = useSolanaWallet();
  const { connection } = useSolanaConnection();

  const evm = useEvmConnection();
  const evmDisconnect = useDisconnect();
  const evmSend = useSendTransaction();

  const solAddress = sol.publicKey?.toBase58() ?? null;

  const candidates = useMemo(() => {
    const c: Partial<Record<WalletFamily, ConnectedAccount>> = {};
    if (suiAccount) c.sui = { family: "sui", address: suiAccount.address, walletName: suiWallet.currentWallet?.name ?? "Sui wallet" };
    if (sol.connected && solAddress) c.solana = { family: "solana", address: solAddress, walletName: sol.wallet?.adapter.name ?? "Solana wallet" };
    if (evm.address) c.evm = { family: "evm", address: evm.address, walletName: evm.connector?.name ?? "EVM wallet" };
    return c;
  }, [suiAccount, suiWallet.currentWallet?.name, sol.connected, solAddress, sol.wallet?.adapter.name, evm.address, evm.connector?.name]);

  const picked: ConnectedAccount | null =
    (preferred ? candidates[preferred] : undefined) ?? candidates.sui ?? candidates.solana ?? candidates.evm ?? null;
  // Keep one object per connected account, so the store only changes when the account really changes.
  const accountKey = picked ? `${picked.family}:${picked.address}:${picked.walletName}` : "";
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed on the account's identity on purpose
  const account = useMemo(() => picked, [accountKey]);

  // The signing functions change identity between renders; the signer reads the latest through a ref
  // so it stays stable (a new signer per render would loop through the store).
  const latest = useRef({
    suiMutate: suiSign.mutateAsync,
    solSend: sol.sendTransaction,
    evmMutate: evmSend.mutateAsync,
    connection,
    suiDisconnect: suiDisconnect.mutate,
    solDisconnect: sol.disconnect,
    evmDisconnect: evmDisconnect.mutate,
  });
  latest.current = {
    suiMutate: suiSign.mutateAsync,
    solSend: sol.sendTransaction,
    evmMutate: evmSend.mutateAsync,
    connection,
    suiDisconnect: suiDisconnect.mutate,
    solDisconnect: sol.disconnect,
    evmDisconnect: evmDisconnect.mutate,
  };

  const family = account?.family ?? null;
  const signer = useMemo<WalletSigner | null>(() => {
    switch (family) {
      case null:
        return null;
      case "sui":
        return {
          signAndSend: async (tx: PlanTransaction) => {
            const json = typeof tx.payload === "string" ? tx.payload : JSON.stringify(tx.payload);
            const r = await latest.current.suiMutate({ transaction: json });
            return r.digest;
          },
        };
      case "solana":
        return {
          signAndSend: async (tx: PlanTransaction) => {
            const { connection: conn, solSend } = latest.current;
            const t = solanaTransaction(tx.payload);
            const { blockhash } = await conn.getLatestBlockhash();
            t.message.recentBlockhash = blockhash;
            return solSend(t, conn);
          },
        };
      case "evm":
        return {
          signAndSend: async (tx: PlanTransaction) => {
            const p = (tx.payload ?? {}) as { to?: string; data?: string; value?: string };
            if (!p.to || !/^0x[0-9a-fA-F]{40}$/.test(p.to)) throw new Error("The plan's EVM transaction has no valid destination.");
            return latest.current.evmMutate({
              to: p.to as `0x${string}`,
              data: (p.data ?? "0x") as `0x${string}`,
              value: BigInt(p.value ?? "0"),
              chainId: EVM_CHAIN_IDS[tx.chain] === arbitrum.id ? arbitrum.id : base.id,
            });
          },
        };
    }
  }, [family]);

  const disconnect = useMemo(() => {
    if (family === null) return null;
    if (family === "sui") return () => latest.current.suiDisconnect();
    if (family === "solana") return () => void latest.current.solDisconnect();
    return () => latest.current.evmDisconnect({});
  }, [family]);

  useEffect(() => {
    walletStore.setConnection(account, signer, disconnect);
  }, [account, signer, disconnect]);

  return null;
}
