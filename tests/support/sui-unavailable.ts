// A move-chain transaction simulated on a node that is down, then on one that does not offer simulation at all
// (SimulateTransaction unimplemented): each time the simulation is unavailable with its reason, nothing is blocked, and
// the plan's expectation is not contradicted (issue 23: "an RPC without simulation gives unavailable with its reason").
import { expect } from "vitest";
import { checkChanges, type ExpectedChanges } from "../../server/chains/check-changes";
import type { Simulated } from "../../server/chains/simulate";
import type { FakeRpc } from "./fake-rpc";

export const SUI_SIMULATION_UNSERVED = "Not simulated: the move-chain node does not serve sui.rpc.v2.TransactionExecutionService/SimulateTransaction (gRPC UNIMPLEMENTED).";

/** Runs `simulate` with `rpc` down, then with SimulateTransaction unserved; answers the second simulation for more checks. */
export async function suiUnavailableEither(rpc: FakeRpc, simulate: () => Promise<Simulated>, expected: ExpectedChanges): Promise<Simulated> {
  rpc.down = true;
  try {
    const sim = await simulate();
    expect(sim.transactions[0]?.simulation).toMatchObject({ status: "unavailable", error: expect.stringContaining("did not answer") });
    expect(checkChanges(sim.transactions, expected)).toBeNull();
  } finally {
    rpc.down = false;
  }
  rpc.unserved.add("SimulateTransaction");
  try {
    const sim = await simulate();
    expect(sim.blocker).toBeNull();
    expect(sim.transactions[0]?.simulation).toMatchObject({ status: "unavailable", error: SUI_SIMULATION_UNSERVED });
    expect(checkChanges(sim.transactions, expected)).toBeNull();
    return sim;
  } finally {
    rpc.unserved.delete("SimulateTransaction");
  }
}
