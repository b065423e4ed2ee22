// solc-js (devDependency, testing/chains/evm/comet/build.ts) ships no type declarations: the two calls we use.
declare module "solc" {
  const solc: {
    version(): string;
    compile(input: string, callbacks?: { import?: (path: string) => { contents: string } | { error: string } }): string;
  };
  export default solc;
}
