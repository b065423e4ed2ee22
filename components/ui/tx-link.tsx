// A transaction id, linked to the chain's explorer when the chain is known and has one (lib/format explorerTxUrl).
import { explorerTxUrl } from "@/lib/format";

export function TxLink({ chain, txId, testId }: { chain: string | null; txId: string; testId: string }) {
  const href = chain ? explorerTxUrl(chain, txId) : null;
  if (!href)
    return (
      <span className="mono" data-testid={testId}>
        {txId}
      </span>
    );
  return (
    <a href={href} target="_blank" rel="noreferrer" className="mono" data-testid={testId}>
      {txId}
      <span className="sr-only"> (opens the chain explorer)</span>
    </a>
  );
}
