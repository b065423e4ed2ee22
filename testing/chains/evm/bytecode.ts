// Hand-assembled EVM bytecode for the local node's own tests (./chain.test.ts, ./trace-call.test.ts): contracts placed by
// a request's state overrides at fixed addresses, built from a few opcodes (PUSH1 60, PUSH20 73, PUSH32 7f, MSTORE 52,
// LOG1 a1, GAS 5a, CALL f1, DELEGATECALL f4, STATICCALL fa, POP 50, STOP 00, REVERT fd).
import type { Hex } from "viem";

export const SENDER = "0x00000000000000000000000000000000000a11ce";
export const CALLER = "0x000000000000000000000000000000000000c411";
export const LOGGER = "0x0000000000000000000000000000000000001066";
export const REVERTER = "0x000000000000000000000000000000000000dead";

/** One byte as two hex digits. */
export const byte = (n: number) => n.toString(16).padStart(2, "0");
/** A one-byte topic as a 32-byte word. */
export const topicByte = (n: number): Hex => `0x${n.toString(16).padStart(64, "0")}`;
/** LOG1 of topic `t` (one byte) over memory [0, size): PUSH1 t, PUSH1 size, PUSH1 0, LOG1. */
export const log1 = (t: number, size = 0) => `60${byte(t)}60${byte(size)}6000a1`;
/** A call opcode (`op`: f1 CALL with `wei`, f4 DELEGATECALL, fa STATICCALL) to `to` with no data, all gas, the flag popped. */
export const call = (op: "f1" | "f4" | "fa", to: string, wei = 0) => `6000600060006000${op === "f1" ? `60${byte(wei)}` : ""}73${to.slice(2)}5a${op}50`;
export const STOP = "00";
/** REVERT with empty data. */
export const REVERT = "60006000fd";
