"use client";
// "Use a Sui wallet": opens the connect dialog on the family a plan needs (the deposit form, the bridge receive).
import { A_FAMILY, type WalletFamily, walletStore } from "./store";

export function UseWalletButton({ family }: { family: WalletFamily }) {
  return (
    <button
      type="button"
      className="btn"
      onClick={() => {
        walletStore.prefer(family);
        walletStore.openDialog();
      }}
    >
      Use {A_FAMILY[family]} wallet
    </button>
  );
}
