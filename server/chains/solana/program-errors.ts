// A Solana TransactionError (as simulateTransaction answers it) in the failing program's own words: which instruction,
// which program, and for a custom error code the program's name and message for it: SPL Token, Associated Token and
// System from their @solana-program clients; the venues' programs as each venue module says (its `programErrors`, e.g.
// klend's table from the IDL shipped with its SDK in server/venues/kamino/errors.ts), given here by the venue list
// (server/venues/index.ts). Anything else keeps the RPC's error and the program's last log line.
import * as system from "@solana-program/system";
import * as token from "@solana-program/token";

/** How a failed simulation names a program and, when its table is known, its custom error codes. */
export interface ProgramDecoder {
  readonly name: string;
  readonly custom: (code: number) => string | null;
}

/** A venue's program as a failed simulation names it: its address, name and (when known) error table. */
export interface VenueProgram extends ProgramDecoder {
  readonly program: string;
}

/** One row of a program's error table: code, name, message (the order of an Anchor IDL's `errors`). */
export type ProgramErrorRow = readonly [code: number, name: string, message: string];

/** `name (code): message` for a code in `rows`, else null. */
export function programErrorTable(rows: readonly ProgramErrorRow[]): (code: number) => string | null {
  const byCode = new Map(rows.map(([code, name, message]) => [code, `${name} (${code}): ${message}`]));
  return (code) => byCode.get(code) ?? null;
}

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

const GENERIC_PROGRAMS: Record<string, ProgramDecoder> = {
  [token.TOKEN_PROGRAM_ADDRESS]: { name: "SPL Token", custom: clientCodes(token, "TOKEN_ERROR__") },
  [token.ASSOCIATED_TOKEN_PROGRAM_ADDRESS]: { name: "Associated Token Account", custom: clientCodes(token, "ASSOCIATED_TOKEN_ERROR__") },
  [system.SYSTEM_PROGRAM_ADDRESS]: { name: "System", custom: clientCodes(system, "SYSTEM_ERROR__") },
};

let venuePrograms = new Map<string, ProgramDecoder>();

/** The venues' programs: set once by server/venues/index.ts from the venue list (the chain layer names no venue). */
export function setVenuePrograms(programs: readonly VenueProgram[]): void {
  venuePrograms = new Map(programs.map((p) => [p.program, p]));
}

function decoderOf(program: string): ProgramDecoder | undefined {
  return venuePrograms.get(program) ?? GENERIC_PROGRAMS[program];
}

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
  const d = decoderOf(program);
  // `offset`: instructions the simulated transaction had in front of the plan's own (the probe's compute budget).
  const who = index >= offset ? `Instruction ${index - offset} (${d?.name ?? program})` : `The compute budget instruction ${index}`;
  if (typeof detail === "object" && detail !== null && "Custom" in detail) {
    const code = Number((detail as { Custom: number | bigint }).Custom);
    // A program it called may have failed (a CPI's error is the top-level instruction's): the first program the logs
    // say failed with this code is the one whose table names it.
    const inner = (logs ?? []).map((l) => /^Program (\w+) failed: custom program error: 0x([0-9a-f]+)$/.exec(l)).find((m) => m && Number.parseInt(m[2] ?? "", 16) === code);
    const callee = inner?.[1];
    const c = callee && callee !== program ? decoderOf(callee) : undefined;
    if (c) {
      return `${who} failed in ${c.name}: ${c.custom(code) ?? `custom program error ${code}`}.`;
    }
    const known = d?.custom(code);
    return `${who} failed: ${known ?? `custom program error ${code}`}${!known && log ? ` (${log})` : ""}.`;
  }
  const what = typeof detail === "string" ? detail : JSON.stringify(detail, (_, v) => (typeof v === "bigint" ? v.toString() : v));
  return `${who} failed: ${what}${log ? ` (${log})` : ""}.`;
}
