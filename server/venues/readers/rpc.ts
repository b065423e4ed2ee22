// Chain RPC endpoints of the readers (contract §1: SVC_RPC_*).
import type { ChainId } from "../../chains/address";
import { config } from "../../config";

export function rpcUrlOf(chain: ChainId): string {
  const cfg = config();
  return { "move-chain": cfg.SVC_RPC_MOVE, "svm-chain": cfg.SVC_RPC_SVM, "evm-a": cfg.SVC_RPC_EVM_A, "evm-b": cfg.SVC_RPC_EVM_B }[chain];
}
