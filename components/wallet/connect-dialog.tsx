"use client";
// The connect dialog: one list per wallet family. Part of the lazily loaded wallet stack.
import { useCurrentAccount, useDAppKit, useWallets } from "@mysten/dapp-kit-react";
import { WalletReadyState } from "@solana/wallet-adapter-base";
import { useWallet as useSolanaWallet } from "@solana/wallet-adapter-react";
import { useEffect, useRef, useState } from "react";
import { useConnect, useConnectors, useDisconnect, useConnection as useEvmConnection } from "wagmi";
import { shortAddress } from "@/lib/format";
import { useWallet, walletStore } from "./store";
import { WalletErrorText } from "./wallet-error";

/** A connection error as the wallet gave it (shown as one plain sentence, its words behind "Details"); null: none. */
type OnError = (e: { error: unknown } | null) => void;

/** The Solana adapter reports connection errors to its provider's onError (wallet-stack.tsx), not to the caller of
 * select(): they come to the open dialog through here. */
let solanaErrorSink: OnError | null = null;
export function reportSolanaError(error: unknown): void {
  // Signing and sending errors reach the adapter's onError too; "Sign in wallet" shows those where they happened.
  if (error instanceof Error && /Sign|Send/.test(error.name)) return;
  solanaErrorSink?.({ error });
}

function SuiSection({ onError }: { onError: OnError }) {
  const wallets = useWallets();
  const account = useCurrentAccount();
  const dAppKit = useDAppKit();
  return (
    <section aria-labelledby="wallet-sui" className="wallet-family">
      <h3 id="wallet-sui">Sui</h3>
      {account ? (
        <p>
          Connected <span className="mono">{shortAddress(account.address)}</span>{" "}
          <button type="button" className="btn btn-small" onClick={() => void dAppKit.disconnectWallet().catch(() => undefined)}>
            Disconnect Sui
          </button>
        </p>
      ) : wallets.length === 0 ? (
        <p className="muted">No Sui wallet found in this browser.</p>
      ) : (
        <ul className="wallet-list">
          {wallets.map((w) => (
            <li key={w.name}>
              <button
                type="button"
                className="btn"
                onClick={() => {
                  onError(null);
                  walletStore.prefer("sui");
                  dAppKit.connectWallet({ wallet: w }).catch((error: unknown) => onError({ error }));
                }}
              >
                {w.name}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function SolanaSection({ onError }: { onError: OnError }) {
  const sol = useSolanaWallet();
  const usable = sol.wallets.filter(
    (w) => w.readyState === WalletReadyState.Installed || w.readyState === WalletReadyState.Loadable,
  );
  return (
    <section aria-labelledby="wallet-solana" className="wallet-family">
      <h3 id="wallet-solana">Solana</h3>
      {sol.connected && sol.publicKey ? (
        <p>
          Connected <span className="mono">{shortAddress(sol.publicKey.toBase58())}</span>{" "}
          <button type="button" className="btn btn-small" onClick={() => void sol.disconnect()}>
            Disconnect Solana
          </button>
        </p>
      ) : usable.length === 0 ? (
        <p className="muted">No Solana (Wallet Standard) wallet found in this browser.</p>
      ) : (
        <ul className="wallet-list">
          {usable.map((w) => (
            <li key={w.adapter.name}>
              <button
                type="button"
                className="btn"
                disabled={sol.connecting}
                onClick={() => {
                  onError(null);
                  walletStore.prefer("solana");
                  // autoConnect on the provider connects as soon as the selection lands.
                  sol.select(w.adapter.name);
                }}
              >
                {w.adapter.name}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** wagmi always lists its generic injected connector; it is usable only when the page has an EIP-1193 provider. */
function hasInjectedProvider(): boolean {
  return typeof window !== "undefined" && "ethereum" in window && (window as { ethereum?: unknown }).ethereum != null;
}

function EvmSection({ onError }: { onError: OnError }) {
  const connectors = useConnectors().filter((c) => c.id !== "injected" || hasInjectedProvider());
  const evm = useEvmConnection();
  const connect = useConnect();
  const disconnect = useDisconnect();
  return (
    <section aria-labelledby="wallet-evm" className="wallet-family">
      <h3 id="wallet-evm">EVM (Base, Arbitrum)</h3>
      {evm.address ? (
        <p>
          Connected <span className="mono">{shortAddress(evm.address)}</span>{" "}
          <button type="button" className="btn btn-small" onClick={() => disconnect.mutate({})}>
            Disconnect EVM
          </button>
        </p>
      ) : connectors.length === 0 ? (
        <p className="muted">No EVM browser wallet found in this browser.</p>
      ) : (
        <ul className="wallet-list">
          {connectors.map((c) => (
            <li key={c.uid}>
              <button
                type="button"
                className="btn"
                onClick={() => {
                  onError(null);
                  walletStore.prefer("evm");
                  connect.mutate({ connector: c }, { onError: (error) => onError({ error }) });
                }}
              >
                {c.name === "Injected" ? "Browser wallet (injected)" : c.name}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export function ConnectDialog() {
  const { dialogOpen } = useWallet();
  const ref = useRef<HTMLDialogElement>(null);
  const [error, setError] = useState<{ error: unknown } | null>(null);
  const sol = useSolanaWallet();

  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (dialogOpen && !d.open) d.showModal();
    if (!dialogOpen && d.open) d.close();
  }, [dialogOpen]);

  useEffect(() => {
    solanaErrorSink = setError;
    return () => {
      solanaErrorSink = null;
    };
  }, []);

  // The Solana adapter reports connection errors through its own state.
  useEffect(() => {
    if (sol.wallet && sol.wallet.readyState === WalletReadyState.NotDetected) setError({ error: "That Solana wallet is not installed." });
  }, [sol.wallet]);

  return (
    <dialog ref={ref} className="dialog" aria-labelledby="connect-title" onClose={() => walletStore.closeDialog()}>
      <div className="dialog-head">
        <h2 id="connect-title">Connect a wallet</h2>
        <button type="button" className="btn btn-small" onClick={() => walletStore.closeDialog()} aria-label="Close">
          ✕
        </button>
      </div>
      <p className="muted">The service never holds your keys: you sign every plan in your own wallet.</p>
      {error && (
        <div role="alert" className="error-text" data-testid="connect-error">
          <WalletErrorText error={error.error} action="connect" />
        </div>
      )}
      <SuiSection onError={setError} />
      <SolanaSection onError={setError} />
      <EvmSection onError={setError} />
    </dialog>
  );
}
