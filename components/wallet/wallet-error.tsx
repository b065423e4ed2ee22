// A wallet's error in one plain sentence per kind (rejected, no wallet, wrong network, timeout, other), with the
// wallet's own words behind a "Details" toggle. Wallet libraries put their version and a JSON dump in the message
// (viem: "User rejected the request. Details: … Version: viem@…"); that text helps a bug report, not the owner.

export type WalletErrorKind = "rejected" | "no_wallet" | "wrong_network" | "timeout" | "other";

export type WalletAction = "connect" | "sign";

interface ErrorLike {
  name?: unknown;
  code?: unknown;
  message?: unknown;
  shortMessage?: unknown;
  cause?: unknown;
}

/** The error and its causes (viem and wagmi wrap the provider's error in `cause`), at most a few deep. */
function chain(e: unknown): ErrorLike[] {
  const out: ErrorLike[] = [];
  let cur: unknown = e;
  for (let i = 0; i < 5 && cur !== null && typeof cur === "object"; i++) {
    out.push(cur as ErrorLike);
    cur = (cur as ErrorLike).cause;
  }
  return out;
}

const text = (v: unknown): string => (typeof v === "string" ? v : "");

export function walletErrorKind(e: unknown): WalletErrorKind {
  const links = chain(e);
  const names = links.map((l) => text(l.name));
  const codes = links.map((l) => l.code);
  const words = [typeof e === "string" ? e : "", ...links.map((l) => `${text(l.shortMessage)} ${text(l.message)}`)].join(" ");
  // EIP-1193 4001 (user rejected); viem's UserRejectedRequestError; the Solana adapter's and Sui wallets' wording.
  if (codes.includes(4001) || names.includes("UserRejectedRequestError") || /\b(user )?(rejected|denied|declined|cancell?ed)\b/i.test(words))
    return "rejected";
  if (
    names.some((n) => n === "ProviderNotFoundError" || n === "ConnectorNotFoundError" || n === "WalletNotReadyError" || n === "WalletNotFoundError") ||
    /provider not found|no (browser )?wallet|wallet (is )?not (installed|found|ready)/i.test(words)
  )
    return "no_wallet";
  // EIP-1193 4901 (chain disconnected), EIP-3085/3326 4902 (unknown chain); viem's and wagmi's chain errors.
  if (
    codes.includes(4901) ||
    codes.includes(4902) ||
    names.some((n) => n === "ChainMismatchError" || n === "SwitchChainError" || n === "ChainNotConfiguredError" || n === "ChainDisconnectedError") ||
    /chain mismatch|does not match the target chain|wrong network|unsupported chain|unrecognized chain/i.test(words)
  )
    return "wrong_network";
  if (names.some((n) => n === "TimeoutError" || n === "WalletTimeoutError") || /timed? ?out|timeout/i.test(words)) return "timeout";
  return "other";
}

const SENTENCES: Record<WalletAction, Record<WalletErrorKind, string>> = {
  connect: {
    rejected: "You declined the connection in your wallet; nothing was shared.",
    no_wallet: "No wallet of this kind was found in this browser: install or unlock one, then try again.",
    wrong_network: "Your wallet is on a network this service does not use: switch networks in your wallet and try again.",
    timeout: "Your wallet did not answer in time: open it and try again.",
    other: "Your wallet could not connect.",
  },
  sign: {
    rejected: "You declined the request in your wallet; nothing was signed or sent.",
    no_wallet: "No wallet is ready to sign: connect one, then try again.",
    wrong_network: "Your wallet is on another network than this plan: switch networks in your wallet and try again.",
    timeout: "Your wallet did not answer in time; nothing was sent by this page. Check your wallet’s activity before you try again.",
    other: "Your wallet could not sign or send the transaction.",
  },
};

export function walletErrorSentence(e: unknown, action: WalletAction): string {
  return SENTENCES[action][walletErrorKind(e)];
}

/** The wallet's own words, for the details toggle: its message, else the error as JSON. */
export function walletErrorDetail(e: unknown): string {
  if (typeof e === "string") return e;
  if (e instanceof Error) return e.message || e.name;
  try {
    return JSON.stringify(e) ?? String(e);
  } catch {
    return String(e);
  }
}

/** The sentence, then the raw detail behind a "Details" toggle. */
export function WalletErrorText({ error, action }: { error: unknown; action: WalletAction }) {
  const detail = walletErrorDetail(error);
  return (
    <>
      <span data-testid="wallet-error">{walletErrorSentence(error, action)}</span>
      {detail && (
        <details className="small" data-testid="wallet-error-details">
          <summary>Details</summary>
          <span className="mono">{detail}</span>
        </details>
      )}
    </>
  );
}

/** A signing error as an alert: the title, the plain sentence with its details, and a retry. */
export function WalletErrorBox({ error, title, onRetry }: { error: unknown; title: string; onRetry: () => void }) {
  return (
    <div role="alert" className="alert alert-error" data-testid="sign-error">
      <div>
        <strong>{title}</strong> <WalletErrorText error={error} action="sign" />
      </div>
      <button type="button" className="btn" onClick={onRetry}>
        Retry
      </button>
    </div>
  );
}
