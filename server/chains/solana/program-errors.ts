// A Solana TransactionError (as simulateTransaction answers it) in the failing program's own words: which instruction,
// which program, and for a custom error code the program's name and message for it: klend from the IDL shipped with
// its SDK (server/venues/kamino/errors.ts), SPL Token, Associated Token and System from their @solana-program
// clients; marginfi, Jupiter Lend and Save by name, with the code and their last log line. Anything else keeps the
// RPC's error and the program's last log line.
import * as system from "@solana-program/system";
import * as token from "@solana-program/token";
import { jupiterLend } from "../../venues/jupiter-lend/descriptor";
import { kamino } from "../../venues/kamino/descriptor";
import { marginfi } from "../../venues/marginfi/descriptor";
import { save } from "../../venues/save/descriptor";
import { KLEND_ANCHOR_ERRORS, KLEND_PROGRAM_ERRORS, type ProgramErrorRow } from "../../venues/kamino/errors";

type Decoder = { name: string; custom: (code: number) => string | null };

const table = (rows: readonly ProgramErrorRow[]) => new Map(rows.map(([code, name, message]) => [code, `${name} (${code}): ${message}`]));
const KLEND = table([...KLEND_ANCHOR_ERRORS, ...KLEND_PROGRAM_ERRORS]);

// The @solana-program clients keep error messages out of production bundles, so the names come from their exported
// code constants (`TOKEN_ERROR__INSUFFICIENT_FUNDS = 1`, …), generated from each program's IDL.
function clientCodes(module: Record<string, unknown>, prefix: string): (code: number) => string | null {
  const names = new Map<number, string>();
  for (const [k, v] of Object.entries(module)) if (k.startsWith(prefix) && typeof v === "number") names.set(v, k.slice(prefix.length));
  return (code) => {
    const name = names.get(code);
    return name ? `${name} (${code})` : null;
  };
}

const PROGRAMS: Record<string, Decoder> = {
  [kamino.onchain.program ?? ""]: { name: "Kamino Lend (klend)", custom: (c) => KLEND.get(c) ?? null },
  // Named only: their error tables are not loaded here, so a failure keeps the code and the program's own log line.
  [marginfi.onchain.program ?? ""]: { name: "marginfi", custom: () => null },
  [jupiterLend.onchain.lendingProgram ?? ""]: { name: "Jupiter Lend", custom: () => null },
  [save.onchain.program ?? ""]: { name: "Save", custom: () => null },
  [token.TOKEN_PROGRAM_ADDRESS]: { name: "SPL Token", custom: clientCodes(token, "TOKEN_ERROR__") },
  [token.ASSOCIATED_TOKEN_PROGRAM_ADDRESS]: { name: "Associated Token Account", custom: clientCodes(token, "ASSOCIATED_TOKEN_ERROR__") },
  [system.SYSTEM_PROGRAM_ADDRESS]: { name: "System", custom: clientCodes(system, "SYSTEM_ERROR__") },
};

/**
 * What the program said about its failure: its last AnchorError / "Error:" line, else the last line it logged before
 * the runtime's "Program … failed" (programs such as Save print the error's text without a prefix), else that line.
 */
function failureLog(logs: readonly string[] | null): string | null {
  const all = logs ?? [];
  const marked = all.filter((l) => /^Program log: .*(AnchorError|Error:)/.test(l)).at(-1);
  if (marked) return marked.replace(/^Program log: /, "");
  let failedAt = all.length;
  while (failedAt > 0 && !/^Program \w+ failed: /.test(all[failedAt - 1] ?? "")) failedAt--;
  if (failedAt === 0) failedAt = all.length;
  const said = all.slice(0, failedAt).filter((l) => l.startsWith("Program log: ")).at(-1);
  return said?.replace(/^Program log: /, "") ?? all.filter((l) => /failed:/.test(l)).at(-1) ?? null;
}

/**
 * `err` from simulateTransaction (`{ InstructionError: [index, detail] }`, or a transaction-level error such as
 * "AccountNotFound" / "BlockhashNotFound"), `programs` the program id of each instruction in message order; the
 * index said is the plan's own, `offset` instructions fewer.
 */
export function describeSolanaError(err: unknown, programs: readonly string[], logs: readonly string[] | null, offset = 0): string {
  const ie = typeof err === "object" && err !== null && "InstructionError" in err ? (err as { InstructionError: [number, unknown] }).InstructionError : null;
  const log = failureLog(logs);
  if (!ie) return `The transaction was refused: ${JSON.stringify(err, (_, v) => (typeof v === "bigint" ? v.toString() : v))}${log ? ` (${log})` : ""}.`;
  const index = Number(ie[0]); // @solana/kit answers numbers from the RPC as bigint
  const detail = ie[1];
  const program = programs[index] ?? "unknown program";
  const d = PROGRAMS[program];
  // `offset`: instructions the simulated transaction had in front of the plan's own (the probe's compute budget).
  const who = index >= offset ? `Instruction ${index - offset} (${d?.name ?? program})` : `The compute budget instruction ${index}`;
  if (typeof detail === "object" && detail !== null && "Custom" in detail) {
    const code = Number((detail as { Custom: number | bigint }).Custom);
    // A program it called may have failed (a CPI's error is the top-level instruction's): the first program the logs
    // say failed with this code is the one whose table names it.
    const inner = (logs ?? []).map((l) => /^Program (\w+) failed: custom program error: 0x([0-9a-f]+)$/.exec(l)).find((m) => m && Number.parseInt(m[2] ?? "", 16) === code);
    const callee = inner?.[1];
    if (callee && callee !== program && PROGRAMS[callee]) {
      const c = PROGRAMS[callee];
      return `${who} failed in ${c?.name}: ${c?.custom(code) ?? `custom program error ${code}`}.`;
    }
    const known = d?.custom(code);
    return `${who} failed: ${known ?? `custom program error ${code}`}${!known && log ? ` (${log})` : ""}.`;
  }
  const what = typeof detail === "string" ? detail : JSON.stringify(detail, (_, v) => (typeof v === "bigint" ? v.toString() : v));
  return `${who} failed: ${what}${log ? ` (${log})` : ""}.`;
}
