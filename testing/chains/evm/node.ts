// A real EVM on loopback: @ethereumjs/vm (the execution client's own EVM, pure JavaScript) behind an Ethereum
// JSON-RPC server, so the service, the tests, the benchmarks and a browser wallet talk to the same contracts through
// the same wire format as a Base or Arbitrum node. Every transaction is mined in its own block when it arrives
// (automine). It refuses what a node refuses: a bad signature, another chain's id, a stale nonce, a fee below the base
// fee, a sender who cannot pay; a reverting eth_call / eth_estimateGas answers geth's error (code 3, "execution
// reverted", the revert bytes as `data`); an unknown method answers -32601 ("does not exist/is not available"), as
// geth does, and that includes eth_simulateV1 unless a test turns it on (`methods.simulateV1`). debug_traceCall with
// geth's callTracer and prestateTracer is on unless a test turns it off (`methods.traceCall`), as an RPC without the
// debug namespace, and so is debug_traceTransaction with the callTracer of a mined transaction (`methods.traceTransaction`;
// its frames are recorded as it runs, since the node keeps no state to run it again). `setL1Fee` makes it charge an
// OP-stack L1 data fee per transaction, shown as the receipt's `l1Fee`.
//
// Dev accounts (`unlocked`): as Anvil and Hardhat do for their well-known test keys, the node itself signs
// eth_sendTransaction for an address whose private key it was started with (filling nonce, gas and EIP-1559 fees as
// those nodes do), then mines the signed transaction through the same path as eth_sendRawTransaction, so the signature,
// nonce, fee and balance checks are the real ones. Any other `from` is refused ("unknown account"), as geth refuses an
// account it does not hold. This is what lets a browser wallet that forwards eth_sendTransaction to its RPC (wagmi's
// mock connector in the e2e suite) sign with a local key without any key reaching the page.
//
// Test set-up (deploying the protocols' contracts at their published addresses) goes through `deployAt` / `exec`,
// which are not on the wire: a node never lets a caller act as someone else.
import { createServer, type Server } from "node:http";
import type { VM } from "@ethereumjs/vm";
import { Account } from "@ethereumjs/util";
import { getAddress, type Hex, hexToBytes } from "viem";
import { addr, advanceClock, commitCall, createLocalEvm, ethCall, hexOf, type LocalEvm, RpcError } from "./chain";
import { handleMethod, type OptionalMethods } from "./methods";

export { BASE_FEE_WEI } from "./chain";

export interface EvmNode {
  url: string;
  chainId: number;
  vm: VM;
  /** Every method asked, in order. */
  calls: string[];
  /** Optional methods real RPCs differ on; off by default (a node without them answers -32601). */
  methods: OptionalMethods;
  /** When true, every connection is dropped (the RPC is unreachable). */
  down: boolean;
  /** Runs `initcode` (creation code + constructor args) as the code of `address` and keeps what it returns as that address's code: a contract deployed at a published address. */
  deployAt: (address: string, initcode: Hex, from?: string) => Promise<void>;
  /** CREATE from `from` (set-up only): the new contract's address. */
  deploy: (initcode: Hex, from: string) => Promise<Hex>;
  /** A state-changing call as `from` (set-up only, no signature): reverts throw with the revert data. */
  exec: (from: string, to: string, data: Hex) => Promise<Hex>;
  /**
   * `exec` whose contract creation (a factory's CREATE/CREATE2) lands at `address`: a contract its factory made at a
   * published address. Our compiled creation code differs from the chain's, so the CREATE2 address would too; as with
   * `deployAt`, the address is the published one and everything else (the factory's bookkeeping, the constructor with
   * the factory as msg.sender) is the contracts' own code.
   */
  execCreatingAt: (address: string, from: string, to: string, data: Hex) => Promise<Hex>;
  /** A read-only call at the head. */
  read: (to: string, data: Hex, from?: string) => Promise<Hex>;
  setBalance: (address: string, wei: bigint) => Promise<void>;
  /** Each transaction mined from now on pays `wei` as an OP-stack L1 data fee (its receipt's `l1Fee`); null: none (set-up only). */
  setL1Fee: (wei: bigint | null) => Promise<void>;
  /** Moves the clock on: the next block (calls and transactions) is `seconds` later than it would have been (set-up only, like evm_increaseTime). */
  advanceTime: (seconds: bigint) => Promise<void>;
  /** The JSON-RPC method handler (what the HTTP server answers), for in-process callers. */
  request: (method: string, params: unknown[]) => Promise<unknown>;
  close: () => Promise<void>;
}

/** One JSON-RPC request object answered: its result or its error, with its id. */
async function reply(request: EvmNode["request"], req: Record<string, unknown>) {
  const base = { jsonrpc: "2.0", id: req.id ?? null };
  try {
    return { ...base, result: await request(String(req.method), (req.params as unknown[]) ?? []) };
  } catch (e) {
    if (e instanceof RpcError) return { ...base, error: { code: e.code, message: e.message, ...(e.data ? { data: e.data } : {}) } };
    return { ...base, error: { code: -32603, message: e instanceof Error ? e.message.split("\n")[0] : String(e) } };
  }
}

/** The HTTP face: JSON-RPC over POST (one request or a batch) on a loopback port; `isDown()` drops every connection. */
async function serveJsonRpc(request: EvmNode["request"], isDown: () => boolean): Promise<{ server: Server; port: number }> {
  const server: Server = createServer((req, res) => {
    if (isDown()) {
      req.socket.destroy();
      return;
    }
    let raw = "";
    req.on("data", (d) => {
      raw += d;
    });
    req.on("end", async () => {
      let body: unknown;
      try {
        body = JSON.parse(raw);
      } catch {
        res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ jsonrpc: "2.0", id: null, error: { code: -32700, message: "parse error" } }));
        return;
      }
      const out = Array.isArray(body) ? await Promise.all(body.map((b) => reply(request, b as Record<string, unknown>))) : await reply(request, body as Record<string, unknown>);
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(out));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const a = server.address();
  return { server, port: typeof a === "object" && a ? a.port : 0 };
}

const DEPLOYER = `0x${"de".repeat(20)}`;

/** The set-up face (not on the wire): deploy at a published address, CREATE, exec, read, fund, move the clock. */
function setUp(chain: LocalEvm, serial: <T>(f: () => Promise<T>) => Promise<T>) {
  const { vm } = chain;
  return {
    deployAt: (address: string, initcode: Hex, from = DEPLOYER) =>
      serial(async () => {
        // The creation code runs as the code of `address`: its constructor writes that address's storage and returns
        // the runtime code (immutables filled in), which then becomes the address's code.
        const at = addr(address);
        await vm.stateManager.putCode(at, hexToBytes(initcode));
        const r = await commitCall(chain, from, address, "0x");
        await vm.stateManager.putCode(at, r.execResult.returnValue);
        const acc = (await vm.stateManager.getAccount(at)) ?? new Account();
        if (acc.nonce === 0n) {
          acc.nonce = 1n; // EIP-161: a contract starts at nonce 1
          await vm.stateManager.putAccount(at, acc);
        }
      }),
    deploy: (initcode: Hex, from: string) =>
      serial(async () => {
        const r = await commitCall(chain, from, undefined, initcode);
        if (!r.createdAddress) throw new Error("no contract created");
        return getAddress(r.createdAddress.toString());
      }),
    exec: (from: string, to: string, data: Hex) => serial(async () => hexOf((await commitCall(chain, from, to, data)).execResult.returnValue)),
    execCreatingAt: (address: string, from: string, to: string, data: Hex) =>
      serial(async () => {
        const evm = vm.evm as unknown as { _generateAddress: (message: unknown) => Promise<unknown> };
        const generate = evm._generateAddress;
        evm._generateAddress = async () => addr(address);
        try {
          return hexOf((await commitCall(chain, from, to, data)).execResult.returnValue);
        } finally {
          evm._generateAddress = generate;
        }
      }),
    read: (to: string, data: Hex, from?: string) => serial(() => ethCall(chain, { to, data, from })),
    setBalance: (address: string, wei: bigint) =>
      serial(async () => {
        const at = addr(address);
        const acc = (await vm.stateManager.getAccount(at)) ?? new Account();
        acc.balance = wei;
        await vm.stateManager.putAccount(at, acc);
      }),
    setL1Fee: (wei: bigint | null) =>
      serial(async () => {
        chain.l1Fee = wei;
      }),
    advanceTime: (seconds: bigint) =>
      serial(async () => {
        advanceClock(chain, seconds);
      }),
  };
}

export async function startEvmNode(opts: { chainId: number; startTime?: bigint; unlocked?: readonly Hex[] }): Promise<EvmNode> {
  const chain = await createLocalEvm(opts);

  // One request at a time: the EVM's state is one journal.
  let queue: Promise<unknown> = Promise.resolve();
  const serial = <T>(f: () => Promise<T>): Promise<T> => {
    const run = queue.then(f, f);
    queue = run.catch(() => undefined);
    return run;
  };

  const self = { methods: { simulateV1: false, feeHistory: true, traceCall: true, traceTransaction: true }, down: false, calls: [] as string[] };
  const request = (method: string, params: unknown[]) =>
    serial(async () => {
      self.calls.push(method);
      return handleMethod(chain, method, params, self.methods);
    });
  const { server, port } = await serveJsonRpc(request, () => self.down);

  return Object.assign(self, {
    url: `http://127.0.0.1:${port}`,
    chainId: opts.chainId,
    vm: chain.vm,
    request,
    ...setUp(chain, serial),
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  });
}
