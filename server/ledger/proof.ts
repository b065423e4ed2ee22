// What a position or activity row shows as its on-chain proof (spec §2.4, §2.5): the transaction id, the chain it
// is on, and whether the service confirmed it through that chain's RPC. An id a caller gave to route or withdraw
// is shown unconfirmed, never as proof; a ledger credit with no transaction says so instead of showing an id.

export interface Proof {
  txId: string | null;
  chain: string;
  confirmed: boolean;
  confirmedAt: string | null;
  note: string;
  /** Positions: how much of the staked amount confirmed transactions put there (micros). */
  confirmedMicros?: bigint;
}

export function proofOf(txId: string | null, chain: string, confirmedAt: Date | null): Proof {
  if (txId === null) return { txId: null, chain, confirmed: false, confirmedAt: null, note: "Ledger credit: no on-chain transaction." };
  if (confirmedAt === null) {
    return { txId, chain, confirmed: false, confirmedAt: null, note: "Given with the request; not checked on chain." };
  }
  return { txId, chain, confirmed: true, confirmedAt: confirmedAt.toISOString(), note: "Confirmed through the chain's RPC." };
}

/** The chain an activity row's transaction is on: a bridge leg's is the delivery on the destination chain. */
export function txChainOf(row: { kind: string; chain: string; destChain: string | null }): string {
  return row.kind === "bridge" && row.destChain ? row.destChain : row.chain;
}

/**
 * A position's proof: confirmed only when confirmed transactions put all of its stake there. A position mixing
 * confirmed deposits with ledger credits or unchecked ids says how much is confirmed, and never lends the latest
 * transaction's confirmation to the rest (issue 23).
 */
export function positionProof(r: { txId: string | null; chain: string; txConfirmedAt: Date | null; stakedMicros: bigint; confirmedMicros: bigint }): Proof {
  const base = proofOf(r.txId, r.chain, r.txConfirmedAt);
  const confirmedMicros = r.confirmedMicros < r.stakedMicros ? r.confirmedMicros : r.stakedMicros;
  if (!base.confirmed || confirmedMicros === r.stakedMicros) return { ...base, confirmedMicros };
  return {
    ...base,
    confirmed: false,
    confirmedMicros,
    note: `Confirmed through the chain's RPC for ${confirmedMicros} of the ${r.stakedMicros} micros staked; the rest came from ledger credits or ids not checked on chain.`,
  };
}
