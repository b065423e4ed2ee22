// Prefixed ids from one generator: opp_, pln_, evt_, whk_, key_, chr_ …
import { createHash, randomBytes } from "node:crypto";

export type IdPrefix = "opp" | "pln" | "evt" | "whk" | "key" | "chr" | "act" | "dlv" | "req" | "apd";

/** A random id: prefix + 20 chars of lower-case base32 (100 bits). */
export function newId(prefix: IdPrefix): string {
  const alphabet = "0123456789abcdefghjkmnpqrstvwxyz";
  const bytes = randomBytes(20);
  let out = "";
  for (const b of bytes) out += alphabet[b & 31];
  return `${prefix}_${out}`;
}

/** A stable id: the same parts always give the same id (used for opportunityId, contract §2). */
export function stableId(prefix: IdPrefix, ...parts: string[]): string {
  const h = createHash("sha256").update(parts.map((p) => p.toLowerCase()).join("\u0000")).digest("hex");
  return `${prefix}_${h.slice(0, 20)}`;
}
