// The parts of autocannon 9 the benchmarks use (the package ships no types).
declare module "autocannon" {
  interface Req {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string;
  }
  interface Options {
    url: string;
    connections?: number;
    duration?: number;
    requests?: (Req & { setupRequest?: (req: Req) => Req })[];
  }
  interface Result {
    non2xx: number;
    requests: { average: number; total: number };
    latency: { p99: number; average: number };
  }
  function autocannon(opts: Options): Promise<Result>;
  namespace autocannon {
    export type { Result };
  }
  // biome-ignore lint/style/noDefaultExport: the package exports a function as its default.
  export default autocannon;
}
