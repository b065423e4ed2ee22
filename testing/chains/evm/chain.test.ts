// The local EVM's eth_simulateV1 with traceTransfers: the synthetic Transfer logs of ETH transfers sit among the
// bytecode's own logs in execution order (as reth's TransferInspector inserts them when a frame starts), and a reverted
// frame takes its transfer log and everything it logged with it. Contracts are hand-assembled bytecode: runtime code
// placed by the request's state overrides, and one init code sent as a CREATE.
import { getAddress, getContractAddress, type Hex } from "viem";
import { describe, expect, it } from "vitest";
import { CALLER, call, LOGGER, log1, REVERT, REVERTER, SENDER, STOP, topicByte } from "./bytecode";
import { createLocalEvm, simulateV1 } from "./chain";

const EMITTER = "0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE";
const TRANSFER_TOPIC = "0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef";

/** A contract that logs 0xaa, CALLs `to` with 1 wei, then logs 0xcc. */
const callerCode = (to: string): Hex => `0x${log1(0xaa)}${call("f1", to, 1)}${log1(0xcc)}${STOP}`;
/** Logs 0xbb. */
const LOGGER_CODE: Hex = `0x${log1(0xbb)}${STOP}`;
/** Logs 0xdd, CALLs LOGGER with 2 wei (which logs 0xbb), then reverts: nothing of it may remain. */
const REVERTER_CODE: Hex = `0x${log1(0xdd)}${call("f1", LOGGER, 2)}${REVERT}`;

const word = (a: string): Hex => `0x${a.slice(2).toLowerCase().padStart(64, "0")}`;

/** A log as [emitter, first topic] for a real one, or ["transfer", from, to, wei] for traceTransfers'. */
function shape(l: { address: string; topics: string[]; data: string }) {
  if (l.address === EMITTER && l.topics[0] === TRANSFER_TOPIC) return ["transfer", l.topics[1], l.topics[2], BigInt(l.data)];
  return [l.address, l.topics[0]];
}

async function simulateCallTo(target: string, value: bigint) {
  const chain = await createLocalEvm({ chainId: 31337, startTime: 1_700_000_000n });
  const [block] = await simulateV1(chain, {
    traceTransfers: true,
    blockStateCalls: [
      {
        stateOverrides: {
          [CALLER]: { code: callerCode(target), balance: "0x100" },
          [LOGGER]: { code: LOGGER_CODE },
          [REVERTER]: { code: REVERTER_CODE, balance: "0x100" },
        },
        calls: [{ from: SENDER, to: CALLER, value: `0x${value.toString(16)}` }],
      },
    ],
  });
  const call = block?.calls[0];
  expect(call?.status).toBe("0x1");
  return (call?.logs ?? []).map(shape);
}

describe("local EVM eth_simulateV1 traceTransfers: transfer logs in execution order", () => {
  it("log, inner value call (whose callee logs), log → [log, transfer, callee's log, log]; the top-level value's transfer first", async () => {
    expect(await simulateCallTo(LOGGER, 0n)).toEqual([
      [getAddress(CALLER), topicByte(0xaa)],
      ["transfer", word(CALLER), word(LOGGER), 1n],
      [getAddress(LOGGER), topicByte(0xbb)],
      [getAddress(CALLER), topicByte(0xcc)],
    ]);
    expect(await simulateCallTo(LOGGER, 5n)).toEqual([
      ["transfer", word(SENDER), word(CALLER), 5n],
      [getAddress(CALLER), topicByte(0xaa)],
      ["transfer", word(CALLER), word(LOGGER), 1n],
      [getAddress(LOGGER), topicByte(0xbb)],
      [getAddress(CALLER), topicByte(0xcc)],
    ]);
  });

  it("a reverted inner value call leaves no transfer log, nor its own logs, nor its nested call's transfer and logs", async () => {
    expect(await simulateCallTo(REVERTER, 0n)).toEqual([
      [getAddress(CALLER), topicByte(0xaa)],
      [getAddress(CALLER), topicByte(0xcc)],
    ]);
  });

  it("a CREATE with value: its transfer log, to the created address, before the init code's log", async () => {
    const chain = await createLocalEvm({ chainId: 31337, startTime: 1_700_000_000n });
    const [block] = await simulateV1(chain, { traceTransfers: true, blockStateCalls: [{ calls: [{ from: SENDER, data: `0x${log1(0xee)}${STOP}`, value: "0x7" }] }] });
    const created = getContractAddress({ from: SENDER, nonce: 0n });
    expect(block?.calls[0]?.logs.map(shape)).toEqual([
      ["transfer", word(SENDER), word(created), 7n],
      [created, topicByte(0xee)],
    ]);
  });
});
