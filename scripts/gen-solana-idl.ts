// Writes server/venues/<venue>/idl.ts from the IDLs the SDKs ship (scripts/solana-idl/generate.ts).
import { writeFileSync } from "node:fs";
import path from "node:path";
import { render, TARGETS } from "./solana-idl/generate";

const root = path.resolve(import.meta.dirname, "..");
for (const target of TARGETS) {
  writeFileSync(path.join(root, target), render(target));
  console.log(`wrote ${target}`);
}
