// solc-js (devDependency, testing/chains/evm/comet/build.ts) ships no type declarations: the two calls we use.
declare module "solc" {
  const solc: {
    version(): string;
    compile(input: string, callbacks?: { import?: (path: string) => { contents: string } | { error: string } }): string;
  };
  export default solc;
}

// npm aliases of solc at the versions Morpho Blue and MetaMorpho pin (testing/chains/evm/morpho/build.ts).
declare module "solc-0.8.19" {
  const solc: {
    version(): string;
    compile(input: string, callbacks?: { import?: (path: string) => { contents: string } | { error: string } }): string;
  };
  export default solc;
}
declare module "solc-0.8.21" {
  const solc: {
    version(): string;
    compile(input: string, callbacks?: { import?: (path: string) => { contents: string } | { error: string } }): string;
  };
  export default solc;
}
