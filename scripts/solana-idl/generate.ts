// The Solana instruction interfaces our builders use, taken from the IDLs the protocols' SDKs ship and written to
// server/venues/<venue>/idl.ts (`npm run gen:idl`). The server cannot import the SDKs (they are dev dependencies and
// pull whole client stacks); it imports these generated subsets, and tests/unit/solana-idl.test.ts regenerates
// them and fails on any difference, so no discriminator, account list, flag or argument is typed by hand or can drift
// from the SDK in package.json.
import { createHash } from "node:crypto";
import { createRequire } from "node:module";
import { Connection, PublicKey } from "@solana/web3.js";

const require = createRequire(import.meta.url);

type ArgType = string | { option: ArgType } | { defined: unknown } | { vec: ArgType } | { array: unknown };
interface Account {
  name: string;
  writable?: boolean;
  signer?: boolean;
  optional?: boolean;
  address?: string;
}
interface Ix {
  name: string;
  discriminator: number[];
  accounts: Account[];
  args: { name: string; type: ArgType }[];
}
interface Idl {
  instructions: Ix[];
  accounts?: { name: string; discriminator: number[] }[];
}

const sha8 = (s: string) => [...createHash("sha256").update(s).digest().subarray(0, 8)];
const snake = (n: string) => n.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

interface LegacyIdl {
  instructions: { name: string; accounts: { name: string; isMut: boolean; isSigner: boolean; isOptional?: boolean }[]; args: { name: string; type: ArgType }[] }[];
  accounts?: { name: string }[];
}

/** A legacy (pre-0.30) Anchor IDL in the current shape, as Anchor's coder reads it: discriminators are
 * sha256("global:<snake_case name>")[0..8] and sha256("account:<Name>")[0..8]; isMut/isSigner are writable/signer. */
function fromLegacy(legacy: LegacyIdl): Idl {
  return {
    instructions: legacy.instructions.map((i) => ({
      name: i.name,
      discriminator: sha8(`global:${snake(i.name)}`),
      accounts: i.accounts.map((a) => ({ name: a.name, ...(a.isMut ? { writable: true } : {}), ...(a.isSigner ? { signer: true } : {}), ...(a.isOptional ? { optional: true } : {}) })),
      args: i.args,
    })),
    accounts: (legacy.accounts ?? []).map((a) => ({ name: a.name, discriminator: sha8(`account:${a.name}`) })),
  };
}

interface Source {
  venue: string;
  constName: string;
  /** Where the IDL comes from, written into the generated file's header. */
  from: string;
  idl: () => Idl;
  instructions: string[];
  accounts: string[];
}

export const SOURCES: Source[] = [
  {
    venue: "kamino",
    constName: "KLEND_IDL",
    from: "@kamino-finance/klend-sdk 8.0.2 dist/idl/klend.json (a legacy Anchor IDL: discriminators by Anchor's sha256 rule)",
    idl: () => fromLegacy(require("@kamino-finance/klend-sdk/dist/idl/klend.json") as LegacyIdl),
    instructions: ["depositReserveLiquidity", "redeemReserveCollateral"],
    accounts: ["Reserve"],
  },
  {
    venue: "marginfi",
    constName: "MARGINFI_IDL",
    from: "@mrgnlabs/marginfi-client-v2 6.4.2 dist/idl/marginfi_0.1.7.json (the SDK's MARGINFI_IDL)",
    idl: () => require("@mrgnlabs/marginfi-client-v2/dist/idl/marginfi_0.1.7.json") as Idl,
    instructions: ["marginfi_account_initialize_pda", "lending_account_deposit", "lending_account_withdraw"],
    accounts: ["Bank", "MarginfiAccount"],
  },
  {
    venue: "jupiter-lend",
    constName: "JUP_LENDING_IDL",
    from: "@jup-ag/lend 0.0.107 getLendingProgram().rawIdl (dist/shared/lend.DS0KoPpL.mjs; jup-ag/jupiter-lend target/idl/lending.json @ 33a22cf)",
    idl: () => {
      const { getLendingProgram } = require("@jup-ag/lend/earn") as { getLendingProgram: (o: { connection: Connection; signer: PublicKey }) => { rawIdl: unknown } };
      // No connection is made: the Program object only carries the IDL.
      return getLendingProgram({ connection: new Connection("http://127.0.0.1:9"), signer: PublicKey.default }).rawIdl as Idl;
    },
    instructions: ["deposit", "withdraw"],
    accounts: ["Lending"],
  },
];

function pick(i: Ix) {
  return {
    discriminator: i.discriminator,
    accounts: i.accounts.map((a) => ({
      name: a.name,
      ...(a.writable ? { writable: true } : {}),
      ...(a.signer ? { signer: true } : {}),
      ...(a.optional ? { optional: true } : {}),
      ...(a.address ? { address: a.address } : {}),
    })),
    args: i.args,
  };
}

/** The generated file of one source. */
export function render(s: Source): string {
  const idl = s.idl();
  const instructions = Object.fromEntries(
    s.instructions.map((n) => {
      const i = idl.instructions.find((x) => x.name === n);
      if (!i) throw new Error(`${s.venue}: no instruction ${n} in the IDL`);
      if ((i.accounts as unknown[]).some((a) => a && typeof a === "object" && "accounts" in a)) throw new Error(`${s.venue}: ${n} has nested account groups`);
      return [n, pick(i)];
    }),
  );
  const accounts = Object.fromEntries(
    s.accounts.map((n) => {
      const a = idl.accounts?.find((x) => x.name === n);
      if (!a) throw new Error(`${s.venue}: no account ${n} in the IDL`);
      return [n, a.discriminator];
    }),
  );
  const j = JSON.stringify;
  const lines = [`export const ${s.constName} = {`, "  instructions: {"];
  for (const [name, i] of Object.entries(instructions)) {
    // One line per instruction part: the accounts are data, read by anchorInstruction, not by people line by line.
    lines.push(`    ${j(name)}: {`, `      discriminator: ${j(i.discriminator)},`, `      accounts: ${j(i.accounts)},`, `      args: ${j(i.args)},`, "    },");
  }
  lines.push("  },", "  accounts: {");
  for (const [name, d] of Object.entries(accounts)) lines.push(`    ${j(name)}: ${j(d)},`);
  lines.push("  },", "} as const;");
  return [
    `// Generated by scripts/solana-idl/generate.ts (npm run gen:idl) from ${s.from}.`,
    "// Do not edit: tests/unit/solana-idl.test.ts regenerates it from the installed SDK and fails on any difference.",
    "// The program id is the venue's descriptor's (cited there); the IDL's instruction interface is this file.",
    ...lines,
    "",
  ].join("\n");
}

export const targetOf = (s: Source) => `server/venues/${s.venue}/idl.ts`;
