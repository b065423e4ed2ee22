// solc-js's standard-JSON compile as the build scripts use it (./comet/build.ts, ./cctp/build.ts, ./morpho/build.ts):
// imports read through `read` (a git mirror at the pinned commit), and any error-severity message thrown.
export type SolcOut = {
  errors?: { severity: string; formattedMessage: string }[];
  contracts: Record<string, Record<string, { abi: unknown; evm: { bytecode: { object: string; linkReferences?: unknown } } }>>;
};
export type Solc = { version(): string; compile(input: string, callbacks: { import: (p: string) => { contents: string } | { error: string } }): string };

export function solcCompile(solc: Solc, input: object, read: (p: string) => string): SolcOut {
  const findImports = (p: string) => {
    try {
      return { contents: read(p) };
    } catch {
      return { error: `not found: ${p}` };
    }
  };
  const out = JSON.parse(solc.compile(JSON.stringify(input), { import: findImports })) as SolcOut;
  const errors = (out.errors ?? []).filter((e) => e.severity === "error");
  if (errors.length) throw new Error(errors.map((e) => e.formattedMessage).join("\n"));
  return out;
}

/** The compiled contract `name` of source unit `file`, or a refusal naming it. */
export function contractOf(out: SolcOut, file: string, name: string) {
  const c = out.contracts[file]?.[name];
  if (!c?.evm.bytecode.object) throw new Error(`solc gave no bytecode for ${file}:${name}`);
  return c;
}

/** One self-contained Solidity source (no imports) compiled with the `solc` devDependency: the contract's ABI and creation code. */
export function compileOne(solc: Solc, file: string, name: string, content: string): { abi: unknown; bytecode: `0x${string}` } {
  const input = { language: "Solidity", sources: { [file]: { content } }, settings: { outputSelection: { "*": { "*": ["abi", "evm.bytecode.object"] } } } };
  const c = contractOf(solcCompile(solc, input, (p) => { throw new Error(`no imports in ${file}: ${p}`); }), file, name);
  return { abi: c.abi, bytecode: `0x${c.evm.bytecode.object}` };
}
