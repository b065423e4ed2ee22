// A plan's Solana transaction changed the way a wrong builder would change it (an account swapped, a flag dropped),
// recompiled on the same blockhash, for the local chain's refusal tests.
import { compileSolanaPayload, instructionFromJson, type SolanaInstructionJson, type SolanaPayload } from "../../../server/chains/solana";

/** The payload's instructions changed by `edit`, recompiled (fee payer `payer`) on the same blockhash. */
export function variant(p: SolanaPayload, edit: (ixs: SolanaInstructionJson[]) => void, payer = p.feePayer): SolanaPayload {
  const ixs: SolanaInstructionJson[] = structuredClone(p.instructions);
  edit(ixs);
  return compileSolanaPayload(payer, ixs.map(instructionFromJson), { blockhash: p.recentBlockhash, lastValidBlockHeight: BigInt(p.lastValidBlockHeight) });
}

/** `owner` no longer signs anything (its signer roles dropped); someone else pays the fee. */
export function unsigned(p: SolanaPayload, owner: string, payer: string): SolanaPayload {
  return variant(
    p,
    (ixs) => {
      for (const ix of ixs) for (const a of ix.accounts) if (a.address === owner) a.role = a.role === "writable_signer" ? "writable" : a.role === "readonly_signer" ? "readonly" : a.role;
    },
    payer,
  );
}
