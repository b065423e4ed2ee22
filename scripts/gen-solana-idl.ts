// Writes server/venues/<venue>/idl.ts from the IDLs the SDKs ship (scripts/solana-idl/generate.ts).
import { writeFileSync } from "node:fs";
import path from "node:path";
import { render, SOURCES, targetOf } from "./solana-idl/generate";

const root = path.resolve(import.meta.dirname, "..");
for (const s of SOURCES) {
  writeFileSync(path.join(root, targetOf(s)), render(s));
  console.log(`wrote ${targetOf(s)}`);
}
