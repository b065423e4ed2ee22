// Prefixed ids from one generator: opp_, pln_, evt_, whk_, key_, chr_ …
import { createHash, randomFillSync } from "node:crypto";
import { ID_ALPHABET as ALPHABET, ID_CHARS } from "../lib/ids";

export type IdPrefix = "opp" | "pln" | "evt" | "whk" | "key" | "chr" | "act" | "dlv" | "req" | "apd";

// Random bytes are drawn from the CSPRNG in 4 KiB batches (one syscall per ~200 ids, not one per id:
// request ids are made on every API request). Each byte is used once.
const pool = Buffer.alloc(4096);
let poolAt = pool.length;

/** A random id: prefix + 20 chars of lower-case base32 (100 bits). */
export function newId(prefix: IdPrefix): string {
  if (poolAt + ID_CHARS > pool.length) {
    randomFillSync(pool);
    poolAt = 0;
  }
  let out = `${prefix}_`;
  for (let i = 0; i < ID_CHARS; i++) out += ALPHABET[(pool[poolAt + i] ?? 0) & 31];
  poolAt += ID_CHARS;
  return out;
}

/** A stable id: the same parts always give the same id (used for opportunityId, contract §2). */
export function stableId(prefix: IdPrefix, ...parts: string[]): string {
  const h = createHash("sha256").update(parts.map((p) => p.toLowerCase()).join("\u0000")).digest("hex");
  return `${prefix}_${h.slice(0, 20)}`;
}
