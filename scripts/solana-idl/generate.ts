// The Solana instruction interfaces our builders use, taken from the IDLs the protocols' SDKs ship and written to
// server/venues/<venue>/idl.ts (`npm run gen:idl`), and Save's instruction tags from its SDK (server/venues/save/tags.ts). The server cannot import the SDKs (they are dev dependencies and
// pull whole client stacks); it imports these generated subsets, and tests/unit/solana-idl.test.ts regenerates
// them and fails on any difference, so no discriminator, account list, flag or argument is typed by hand or can drift
// from the SDK in package.json.
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
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
interface TypeDef {
  name: string;
  type: { kind: string; fields?: { name: string; type: ArgType }[]; variants?: { name: string; fields?: unknown[] }[] };
}
interface Idl {
  instructions: Ix[];
  accounts?: { name: string; discriminator: number[] }[];
  types?: TypeDef[];
}

const sha8 = (s: string) => [...createHash("sha256").update(s).digest().subarray(0, 8)];
const snake = (n: string) => n.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

interface LegacyIdl {
  instructions: { name: string; accounts: { name: string; isMut: boolean; isSigner: boolean; isOptional?: boolean }[]; args: { name: string; type: ArgType }[] }[];
  /** A legacy IDL declares each account's struct here, not in `types`. */
  accounts?: TypeDef[];
  types?: TypeDef[];
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
    types: [...(legacy.accounts ?? []), ...(legacy.types ?? [])],
  };
}

interface Source {
  /** The generated file, from the repository root. */
  target: string;
  constName: string;
  /** Where the IDL comes from, written into the generated file's header. */
  from: string;
  idl: () => Idl;
  instructions: string[];
  accounts: string[];
  /** Fields the readers take from an account's raw data: account → our name → the IDL field's dotted path. Their byte
   * offsets (after the 8-byte discriminator) are computed from the IDL's types, never typed. */
  layouts?: Record<string, Record<string, string>>;
}

export const SOURCES: Source[] = [
  {
    target: "server/venues/kamino/idl.ts",
    constName: "KLEND_IDL",
    from: "@kamino-finance/klend-sdk 8.0.2 dist/idl/klend.json (a legacy Anchor IDL: discriminators by Anchor's sha256 rule)",
    idl: () => fromLegacy(require("@kamino-finance/klend-sdk/dist/idl/klend.json") as LegacyIdl),
    instructions: ["depositReserveLiquidity", "redeemReserveCollateral"],
    accounts: ["Reserve"],
    layouts: {
      Reserve: {
        version: "version",
        lendingMarket: "lendingMarket",
        liquidityMint: "liquidity.mintPubkey",
        liquiditySupplyVault: "liquidity.supplyVault",
        available: "liquidity.totalAvailableAmount",
        borrowedSf: "liquidity.borrowedAmountSf",
        protocolFeesSf: "liquidity.accumulatedProtocolFeesSf",
        referrerFeesSf: "liquidity.accumulatedReferrerFeesSf",
        pendingReferrerFeesSf: "liquidity.pendingReferrerFeesSf",
        liquidityTokenProgram: "liquidity.tokenProgram",
        collateralMint: "collateral.mintPubkey",
        collateralSupply: "collateral.mintTotalSupply",
      },
    },
  },
  {
    target: "server/venues/marginfi/idl.ts",
    constName: "MARGINFI_IDL",
    from: "@mrgnlabs/marginfi-client-v2 6.4.2 dist/idl/marginfi_0.1.7.json (the SDK's MARGINFI_IDL)",
    idl: () => require("@mrgnlabs/marginfi-client-v2/dist/idl/marginfi_0.1.7.json") as Idl,
    instructions: ["marginfi_account_initialize_pda", "lending_account_deposit", "lending_account_withdraw"],
    accounts: ["Bank", "MarginfiAccount"],
  },
  {
    target: "server/venues/jupiter-lend/idl.ts",
    constName: "JUP_LENDING_IDL",
    from: "@jup-ag/lend 0.0.107 getLendingProgram().rawIdl (dist/shared/lend.DS0KoPpL.mjs; jup-ag/jupiter-lend target/idl/lending.json @ 33a22cf)",
    idl: () => {
      const { getLendingProgram } = require("@jup-ag/lend/earn") as { getLendingProgram: (o: { connection: Connection; signer: PublicKey }) => { rawIdl: unknown } };
      // No connection is made: the Program object only carries the IDL.
      return getLendingProgram({ connection: new Connection("http://127.0.0.1:9"), signer: PublicKey.default }).rawIdl as Idl;
    },
    instructions: ["deposit", "withdraw"],
    accounts: ["Lending"],
    layouts: {
      Lending: {
        mint: "mint",
        fTokenMint: "f_token_mint",
        rewardsRateModel: "rewards_rate_model",
        tokenExchangePrice: "token_exchange_price",
        tokenReservesLiquidity: "token_reserves_liquidity",
        supplyPositionOnLiquidity: "supply_position_on_liquidity",
      },
    },
  },
  ...cctpSources(),
];

/** Circle's CCTP programs on Solana: the IDLs of circlefin/solana-cctp-contracts at a pinned commit, kept as fixtures. */
function cctpSources(): Source[] {
  const commit = "76018c2b28bb44ef10affa97216a0d983c88e5f8";
  const fixture = (file: string) => () => JSON.parse(readFileSync(path.join(import.meta.dirname, "..", "..", "tests", "fixtures", "cctp", `${file}.json`), "utf8")) as Idl;
  const from = (file: string) => `circlefin/solana-cctp-contracts @ ${commit} examples/target/idl/${file}.json (tests/fixtures/cctp/${file}.json)`;
  return [
    ["CCTP_TOKEN_MESSENGER_MINTER_V1_IDL", "token_messenger_minter_031", "deposit_for_burn"],
    ["CCTP_MESSAGE_TRANSMITTER_V1_IDL", "message_transmitter_031", "receive_message"],
    ["CCTP_TOKEN_MESSENGER_MINTER_V2_IDL", "token_messenger_minter_v2", "deposit_for_burn"],
    ["CCTP_MESSAGE_TRANSMITTER_V2_IDL", "message_transmitter_v2", "receive_message"],
  ].map(([constName = "", file = "", ix = ""]) => [constName, file, ix] as const).map(([constName, file, ix]) => ({ target: "server/rails/cctp/idl.ts", constName, from: from(file), idl: fixture(file), instructions: [ix], accounts: [] }));
}

/** An argument type with every `defined` struct inlined from the IDL's `types` (the encoder needs no type table). */
function resolve(t: ArgType, idl: Idl): unknown {
  if (typeof t === "string") return t;
  if ("option" in t) return { option: resolve(t.option, idl) };
  if ("defined" in t) {
    const name = typeof t.defined === "string" ? t.defined : (t.defined as { name: string }).name;
    const def = idl.types?.find((x) => x.name === name);
    if (def?.type.kind !== "struct" || !def.type.fields) throw new Error(`type ${name} is not a struct of the IDL`);
    return { struct: def.type.fields.map((f) => ({ name: f.name, type: resolve(f.type, idl) })) };
  }
  throw new Error(`IDL type ${JSON.stringify(t)} is not generated here`);
}

const PRIMITIVE_SIZES: Record<string, number> = { bool: 1, u8: 1, i8: 1, u16: 2, i16: 2, u32: 4, i32: 4, f32: 4, u64: 8, i64: 8, f64: 8, u128: 16, i128: 16, publicKey: 32, pubkey: 32 };

function typeDef(idl: Idl, name: string): TypeDef {
  const def = idl.types?.find((x) => x.name === name);
  if (!def) throw new Error(`no type ${name} in the IDL`);
  return def;
}

/** The byte size of a fixed-size type as laid out in the account (borsh, and zero-copy Pod structs: no implicit padding). */
function sizeOf(t: ArgType, idl: Idl): number {
  if (typeof t === "string") {
    const n = PRIMITIVE_SIZES[t];
    if (n === undefined) throw new Error(`IDL type ${t} has no fixed size`);
    return n;
  }
  if ("array" in t) {
    const [inner, len] = t.array as [ArgType, number];
    return sizeOf(inner, idl) * len;
  }
  if ("defined" in t) {
    const def = typeDef(idl, typeof t.defined === "string" ? t.defined : (t.defined as { name: string }).name);
    if (def.type.kind === "struct") return (def.type.fields ?? []).reduce((n, f) => n + sizeOf(f.type, idl), 0);
    if (def.type.kind === "enum" && (def.type.variants ?? []).every((v) => !v.fields?.length)) return 1;
  }
  throw new Error(`IDL type ${JSON.stringify(t)} has no fixed size`);
}

/** The byte offset of a dotted field path in an account's data: the discriminator, then each field before it. */
function offsetOf(idl: Idl, account: string, dotted: string): number {
  let fields = typeDef(idl, account).type.fields ?? [];
  let offset = 8;
  const parts = dotted.split(".");
  for (const [depth, part] of parts.entries()) {
    const at = fields.findIndex((f) => f.name === part);
    if (at === -1) throw new Error(`${account}: no field ${parts.slice(0, depth + 1).join(".")}`);
    offset += fields.slice(0, at).reduce((n, f) => n + sizeOf(f.type, idl), 0);
    const t = fields[at]?.type;
    if (depth < parts.length - 1) {
      if (!t || typeof t === "string" || !("defined" in t)) throw new Error(`${account}: ${part} is not a struct`);
      fields = typeDef(idl, typeof t.defined === "string" ? t.defined : (t.defined as { name: string }).name).type.fields ?? [];
    }
  }
  return offset;
}

function pick(i: Ix, idl: Idl) {
  return {
    discriminator: i.discriminator,
    accounts: i.accounts.map((a) => ({
      name: a.name,
      ...(a.writable ? { writable: true } : {}),
      ...(a.signer ? { signer: true } : {}),
      ...(a.optional ? { optional: true } : {}),
      ...(a.address ? { address: a.address } : {}),
    })),
    args: i.args.map((a) => ({ name: a.name, type: resolve(a.type, idl) })),
  };
}

/** The generated file of one source. */
/** One source's constant. */
function renderSource(s: Source): string[] {
  const idl = s.idl();
  const instructions = Object.fromEntries(
    s.instructions.map((n) => {
      const i = idl.instructions.find((x) => x.name === n);
      if (!i) throw new Error(`${s.constName}: no instruction ${n} in the IDL`);
      if ((i.accounts as unknown[]).some((a) => a && typeof a === "object" && "accounts" in a)) throw new Error(`${s.constName}: ${n} has nested account groups`);
      return [n, pick(i, idl)];
    }),
  );
  const accounts = Object.fromEntries(
    s.accounts.map((n) => {
      const a = idl.accounts?.find((x) => x.name === n);
      if (!a) throw new Error(`${s.constName}: no account ${n} in the IDL`);
      return [n, a.discriminator];
    }),
  );
  const j = JSON.stringify;
  const lines = [`// From ${s.from}.`, `export const ${s.constName} = {`, "  instructions: {"];
  for (const [name, i] of Object.entries(instructions)) {
    // One line per instruction part: the accounts are data, read by anchorInstruction, not by people line by line.
    // Each line with fixed addresses carries its source above it (the project's rule for on-chain ids).
    lines.push(`    ${j(name)}: {`, `      discriminator: ${j(i.discriminator)},`, `      // source: ${s.from}, instruction ${name}.`, `      accounts: ${j(i.accounts)},`, `      args: ${j(i.args)},`, "    },");
  }
  lines.push("  },", "  accounts: {");
  for (const [name, d] of Object.entries(accounts)) lines.push(`    ${j(name)}: ${j(d)},`);
  lines.push("  },");
  if (s.layouts) {
    // Byte offsets in the account data (discriminator included), each computed from the IDL's types.
    lines.push("  layouts: {");
    for (const [account, fields] of Object.entries(s.layouts)) {
      const offsets = Object.fromEntries(Object.entries(fields).map(([ours, dotted]) => [ours, offsetOf(idl, account, dotted)]));
      lines.push(`    ${j(account)}: ${j(offsets)},`);
    }
    lines.push("  },");
  }
  lines.push("} as const;");
  return lines;
}

/**
 * Save (Solend's token-lending) is not an Anchor program: an instruction is one tag byte, then its arguments. The tags
 * come from the SDK's LendingInstruction enum (@solendprotocol/solend-sdk instructions/instruction.js, the numbering of
 * solendprotocol/solana-program-library token-lending/program/src/instruction.rs `unpack`).
 */
const SAVE_TAGS_TARGET = "server/venues/save/tags.ts";
function renderSaveTags(): string {
  const sdk = require("@solendprotocol/solend-sdk/instructions/instruction.js") as { LendingInstruction: Record<string, number | string> };
  const version = (require("@solendprotocol/solend-sdk/package.json") as { version: string }).version;
  const wanted = ["RefreshReserve", "DepositReserveLiquidity", "RedeemReserveCollateral"];
  const tags = Object.fromEntries(
    wanted.map((n) => {
      const tag = sdk.LendingInstruction[n];
      if (typeof tag !== "number") throw new Error(`no LendingInstruction.${n} in the Save SDK`);
      return [n.charAt(0).toLowerCase() + n.slice(1), tag];
    }),
  );
  return [
    "// Generated by scripts/solana-idl/generate.ts (npm run gen:idl). Do not edit: tests/unit/solana-idl.test.ts regenerates it.",
    `// From @solendprotocol/solend-sdk ${version} instructions/instruction.js LendingInstruction: Save's instruction tags (one byte`,
    "// before the arguments; Save's token-lending program is not an Anchor program).",
    `export const SAVE_TAG = ${JSON.stringify(tags)} as const;`,
    "",
  ].join("\n");
}

/** The generated files, each with the constants of its sources. */
export const TARGETS = [...new Set(SOURCES.map((s) => s.target)), SAVE_TAGS_TARGET];

/** The text of one generated file. */
export function render(target: string): string {
  if (target === SAVE_TAGS_TARGET) return renderSaveTags();
  return [
    "// Generated by scripts/solana-idl/generate.ts (npm run gen:idl) from the IDLs named below.",
    "// Do not edit: tests/unit/solana-idl.test.ts regenerates it and fails on any difference.",
    "// Program ids stay with their citations in the venue's descriptor or the rail's ids; this is the instruction interface.",
    ...SOURCES.filter((s) => s.target === target).flatMap(renderSource),
    "",
  ].join("\n");
}
