// `npm run keys -- create --role owner --wallet <address> [--wallet …] [--label text]`: prints a new key once.
// `npm run keys -- list` and `npm run keys -- revoke <key id>`. Uses the same database as the server
// (DATABASE_URL, or the embedded one in SVC_DATA_DIR: stop the server first, PGlite is single-process).
import "dotenv/config";
import { parseArgs } from "node:util";
import { addressFamily } from "../server/chains/address";
import { ConfigError, parseConfig } from "../server/config";
import { openDatabase } from "../server/db/client";
import { apiKeys } from "../server/db/schema";
import { createApiKey, revokeApiKey } from "../server/http/auth";
import { ROLES, type Role } from "../server/http/roles";

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(2);
}

const usage = "usage: npm run keys -- create --role owner|agent|keeper --wallet <address|*> [--wallet …] [--label text] | list | revoke <id>";

async function main(): Promise<void> {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { role: { type: "string" }, wallet: { type: "string", multiple: true }, label: { type: "string" } },
  });
  const [command, arg] = positionals;
  let cfg: ReturnType<typeof parseConfig>;
  try {
    cfg = parseConfig(process.env);
  } catch (e) {
    if (e instanceof ConfigError) fail(e.message);
    throw e;
  }
  if (command === "create") {
    const role = values.role as Role | undefined;
    if (!role || !ROLES.includes(role)) fail(`--role must be one of ${ROLES.join(", ")}\n${usage}`);
    const wallets = values.wallet ?? [];
    if (wallets.length === 0) fail(`at least one --wallet (an address, or * for every wallet)\n${usage}`);
    for (const w of wallets) if (w !== "*" && !addressFamily(w)) fail(`--wallet ${w}: not a Sui, Solana or EVM address`);
    const h = await openDatabase(cfg);
    try {
      const k = await createApiKey(h.db, { role, wallets, label: values.label });
      process.stdout.write(`id:     ${k.id}\nrole:   ${role}\nkey:    ${k.key}\n\nThe key is shown once; only its SHA-256 hash is stored.\n`);
    } finally {
      await h.close();
    }
    return;
  }
  if (command === "list") {
    const h = await openDatabase(cfg);
    try {
      const rows = await h.db.select().from(apiKeys);
      for (const r of rows) {
        process.stdout.write(`${r.id}\t${r.prefix}…\t${r.role}\t${r.wallets.join(",")}\t${r.revokedAt ? "revoked" : "active"}\t${r.label ?? ""}\n`);
      }
    } finally {
      await h.close();
    }
    return;
  }
  if (command === "revoke") {
    if (!arg) fail(usage);
    const h = await openDatabase(cfg);
    try {
      if (!(await revokeApiKey(h.db, arg))) fail(`no key ${arg}`);
      process.stdout.write(`revoked ${arg}\n`);
    } finally {
      await h.close();
    }
    return;
  }
  fail(usage);
}

main().catch((e: unknown) => fail(e instanceof Error ? e.message : String(e)));
