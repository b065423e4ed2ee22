"use client";
// The one connect button. It only flips the store; the wallet libraries load when the dialog opens.
import { shortAddress } from "@/lib/format";
import { FAMILY_NAMES, useWallet, walletStore } from "./store";

export function ConnectButton() {
  const w = useWallet();
  if (w.account) {
    return (
      <button type="button" className="btn btn-wallet" onClick={() => walletStore.openDialog()} data-testid="wallet-button">
        <span className="sr-only">Connected wallet: </span>
        {FAMILY_NAMES[w.account.family]} · <span className="mono">{shortAddress(w.account.address)}</span>
      </button>
    );
  }
  const loading = w.dialogOpen && !w.ready;
  return (
    <button
      type="button"
      className="btn btn-primary"
      onClick={() => walletStore.openDialog()}
      aria-busy={loading}
      data-testid="wallet-button"
    >
      {loading ? "Loading wallets…" : "Connect wallet"}
    </button>
  );
}
