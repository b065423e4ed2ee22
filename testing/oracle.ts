// The one SDK-oracle comparison every venue's oracle test uses (server/venues/<venue>/<venue>.oracle.test.ts): our
// builder's transaction against the one the protocol's own SDK (or its shipped ABI) builds from the same chain state.
// Each family is first read into a plain view of what the chain sees (Solana: instructions with program, account metas
// and data; Sui: Move calls with package, module, function, type arguments and arguments; EVM: target, selector,
// decoded call and data), then `expectSameAs` compares the two views and fails with one message naming every place
// they differ (`[2] <program> › accounts[3].address: ours "…" ≠ theirs "…"`).
// Also here: our builder's output for a venue and action (`ourTransactions`, `ourPlan`, `ourInstructions`,
// `ourSuiData`) and the local chain set-up every oracle test shares (`useLocalChain`).
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { Transaction } from "@mysten/sui/transactions";
import { normalizeStructTag, normalizeSuiAddress } from "@mysten/sui/utils";
import { type Abi, decodeFunctionData, encodeFunctionData, type Hex } from "viem";
import { afterAll, beforeAll, expect } from "vitest";
import type { EvmCall } from "../server/chains/evm";
import type { SolanaInstructionJson, SolanaPayload } from "../server/chains/solana";
import { resetConfigForTests } from "../server/config";
import { getVenue } from "../server/venues";
import { type BuildResult, builderFor, type PlanTransaction, runBuilder } from "../server/venues/adapters";
import { type EvmNode, startEvmNode } from "./chains/evm/node";
import { signAndSend } from "./chains/evm/wallet";

// ---- the comparison ----

/** A list element's name in a path: its program, Move call, module::function, or EVM target and selector. */
function nameOf(v: unknown): string {
  if (!v || typeof v !== "object") return "";
  const o = v as Record<string, unknown>;
  if (typeof o.program === "string") return ` <${o.program}>`;
  if (typeof o.call === "string") return ` <${o.call}>`;
  if (typeof o.function === "string") return ` <${String(o.module)}::${o.function}>`;
  if (typeof o.selector === "string") return ` <${String(o.to)} ${o.selector}>`;
  return "";
}

const show = (v: unknown): string => JSON.stringify(v, (_, x) => (typeof x === "bigint" ? `${x}n` : x)) ?? "undefined";
const isRecord = (v: unknown): v is Record<string, unknown> => !!v && typeof v === "object" && !Array.isArray(v) && !(v instanceof Uint8Array);

/** A path into a view, as read in a failure: `[1] <program> › accounts[3].address`. */
function pathText(path: readonly string[]): string {
  return path.reduce((text, seg) => (seg.startsWith("[") ? `${text}${seg}` : `${text}${text === "" ? "" : text.endsWith(">") ? " › " : "."}${seg}`), "") || "(the whole)";
}

/** Where two plain values differ, one line per place: `path: ours X ≠ theirs Y` (a missing key reads as undefined). */
export function differences(ours: unknown, theirs: unknown, path: readonly string[] = []): string[] {
  if (Object.is(ours, theirs)) return [];
  if (Array.isArray(ours) && Array.isArray(theirs)) {
    const out: string[] = [];
    for (let i = 0; i < Math.max(ours.length, theirs.length); i++) {
      const at = [...path, `[${i}]${nameOf(theirs[i] ?? ours[i])}`];
      if (i >= ours.length) out.push(`${pathText(at)}: ours has none, theirs ${show(theirs[i])}`);
      else if (i >= theirs.length) out.push(`${pathText(at)}: ours ${show(ours[i])}, theirs has none`);
      else out.push(...differences(ours[i], theirs[i], at));
    }
    return out;
  }
  if (isRecord(ours) && isRecord(theirs)) {
    const keys = [...new Set([...Object.keys(ours), ...Object.keys(theirs)])];
    return keys.flatMap((k) => differences(ours[k], theirs[k], [...path, k]));
  }
  return [`${pathText(path)}: ours ${show(ours)} ≠ theirs ${show(theirs)}`];
}

/**
 * Fails, with every place they differ, unless our view equals the oracle's (`what`: the SDK call that built theirs).
 * The same check as toEqual (which runs too, so nothing slips between the two), read as a diff of the chain's terms.
 */
export function expectSameAs(what: string, ours: unknown, theirs: unknown): void {
  const lines = differences(ours, theirs);
  if (lines.length > 0) {
    const shown = lines.slice(0, 12).map((l) => `  ${l}`);
    if (lines.length > 12) shown.push(`  (${lines.length - 12} more)`);
    throw new Error(`ours is not what ${what} builds (${lines.length} difference${lines.length > 1 ? "s" : ""}):\n${shown.join("\n")}`);
  }
  expect(ours).toEqual(theirs);
}

// ---- our builders ----

/** Our builder called as the plan endpoints call it: a blocked plan rejects with its BuildBlocked (code, message). */
export function ourBuild(venueId: string, action: "deposit" | "withdraw", owner: string, amountMicros: bigint): Promise<PlanTransaction[]> {
  const b = builderFor(venueId, action);
  if (!("build" in b)) throw new Error(b.reason);
  return b.build({ owner, amountMicros });
}

/** Our builder's plan for a venue and action: built, or blocked with the blocker (never thrown). */
export async function ourPlan(venueId: string, action: "deposit" | "withdraw", owner: string, amountMicros: bigint): Promise<BuildResult> {
  const b = builderFor(venueId, action);
  if (!("build" in b)) throw new Error(b.reason);
  return runBuilder(b.build, { owner, amountMicros });
}

/** Our builder's transactions for a venue and action; a blocked plan fails the test with its code and message. */
export async function ourTransactions(venueId: string, action: "deposit" | "withdraw", owner: string, amountMicros: bigint): Promise<PlanTransaction[]> {
  const r = await ourPlan(venueId, action, owner, amountMicros);
  if (!r.ok) throw new Error(`${r.blocker.code}: ${r.blocker.message}`);
  return r.transactions;
}

// ---- Solana ----

/** A Solana instruction as the chain runs it: program, account metas in order, data as hex. */
export interface OracleInstruction {
  program: string;
  accounts: { address: string; signer: boolean; writable: boolean }[];
  data: string;
}

/** Our instruction (roles by name, data base64). */
export const fromOurInstruction = (ix: SolanaInstructionJson): OracleInstruction => ({
  program: ix.programAddress,
  accounts: ix.accounts.map((a) => ({ address: a.address, signer: a.role.endsWith("signer"), writable: a.role.startsWith("writable") })),
  data: Buffer.from(ix.data, "base64").toString("hex"),
});

/** A web3.js 1.x TransactionInstruction (the SDKs on web3.js: marginfi, Save, Jupiter Lend). */
export interface Web3Instruction {
  programId: { toBase58(): string };
  keys: { pubkey: { toBase58(): string }; isSigner: boolean; isWritable: boolean }[];
  data: Uint8Array;
}
export const fromWeb3Instruction = (ix: Web3Instruction): OracleInstruction => ({
  program: ix.programId.toBase58(),
  accounts: ix.keys.map((k) => ({ address: k.pubkey.toBase58(), signer: k.isSigner, writable: k.isWritable })),
  data: Buffer.from(ix.data).toString("hex"),
});

/** A @solana/kit instruction (roles 0 readonly, 1 writable, 2 readonly signer, 3 writable signer: klend-sdk). */
export const fromKitInstruction = (ix: { programAddress: string; accounts?: readonly { address: string; role: number }[]; data?: ArrayLike<number> }): OracleInstruction => ({
  program: ix.programAddress,
  accounts: (ix.accounts ?? []).map((a) => ({ address: a.address, signer: (a.role & 2) !== 0, writable: (a.role & 1) !== 0 })),
  data: Buffer.from(Uint8Array.from(ix.data ?? [])).toString("hex"),
});

/** Our Solana plan's first transaction: its payload and its instructions (those of `skipPrograms` left out). */
export async function ourInstructions(venueId: string, action: "deposit" | "withdraw", owner: string, amountMicros: bigint, skipPrograms: readonly string[] = []) {
  const [tx] = await ourTransactions(venueId, action, owner, amountMicros);
  const payload = tx?.payload as SolanaPayload;
  return { payload, instructions: payload.instructions.filter((i) => !skipPrograms.includes(i.programAddress)).map(fromOurInstruction) };
}

// ---- EVM ----

/** An EVM call as the chain runs it: target, value, selector, the call decoded with the oracle's ABI, and the data. */
export function evmCallView(call: Pick<EvmCall, "to" | "data" | "value">, abi: Abi) {
  let decoded: unknown;
  try {
    const d = decodeFunctionData({ abi, data: call.data as Hex });
    decoded = { functionName: d.functionName, args: (d.args ?? []).map((a) => (typeof a === "string" ? a.toLowerCase() : a)) };
  } catch {
    decoded = `no function of the oracle's ABI has selector ${call.data.slice(0, 10)}`;
  }
  return { to: call.to.toLowerCase(), value: call.value, selector: call.data.slice(0, 10), call: decoded, data: call.data.toLowerCase() };
}

/** The call the oracle's ABI encodes for `functionName(args)` at `to` (value 0), read as `evmCallView` reads ours. */
export function abiCallView(to: string, abi: Abi, functionName: string, args: readonly unknown[]) {
  const data = encodeFunctionData({ abi, functionName, args } as Parameters<typeof encodeFunctionData>[0]);
  return evmCallView({ to: to as Hex, data, value: "0" }, abi);
}

/**
 * An EVM venue's two deployments, as `describe.each` rows: `<venue>-base` on evm-a (chain id 8453) and
 * `<venue>-arbitrum` on evm-b (chain id 42161), each with the variable that points the service at its chain's RPC.
 */
export function evmVenueChains<V extends string>(venue: V) {
  return [
    [`${venue}-base`, 8453, "SVC_RPC_EVM_A"],
    [`${venue}-arbitrum`, 42161, "SVC_RPC_EVM_B"],
  ] as const;
}

/**
 * A local EVM node at `chainId` for the describe block's tests (the service's `rpcVar` pointing at it, RPC timeout 30 s):
 * `setUp` is given the node and the registry's addresses of `venueId` (to deploy the venue's contracts there) before
 * the tests.
 */
export function useVenueEvm(venueId: string, chainId: number, rpcVar: string, setUp: (node: EvmNode, onchain: Readonly<Record<string, string>>) => Promise<void>): void {
  useLocalChain(
    [rpcVar],
    async () => {
      const node = await startEvmNode({ chainId });
      await setUp(node, getVenue(venueId)?.onchain ?? {});
      return node;
    },
    { SVC_RPC_TIMEOUT_MS: "30000" },
  );
}

/** Signs a plan's EVM transactions with a local key and mines them in order (throws if one reverts). */
export function signPlan(node: { url: string }, privateKey: Hex, plan: readonly PlanTransaction[]) {
  return signAndSend(
    node.url,
    privateKey,
    plan.map((t) => t.payload as EvmCall),
  );
}

// ---- Sui ----

type SuiData = ReturnType<Transaction["getData"]>;
type SuiArg = SuiData["commands"][number] extends infer C ? (C extends { MoveCall: { arguments: (infer A)[] } } ? A : never) : never;

/** Our Sui plan: the first transaction as the wallet reads it, and the plan's transactions. */
export async function ourSuiData(venueId: string, action: "deposit" | "withdraw", owner: string, amountMicros: bigint) {
  const transactions = await ourTransactions(venueId, action, owner, amountMicros);
  return { data: Transaction.from(String(transactions[0]?.payload)).getData(), transactions };
}

/**
 * What the chain sees of a Sui transaction: each command with its package, module, function, type arguments, and each
 * argument's kind (an object by id, pure bytes, a result, the gas coin). Inputs left for the wallet to resolve (an
 * object by id only, a CoinWithBalance intent) count by what they name, not by how far they were resolved. A
 * command's single result reads the same whether it is taken whole (`Result`) or as its first value (`NestedResult`).
 */
export function chainView(data: SuiData) {
  const arg = (a: SuiArg): unknown => {
    if (a.$kind === "Input") {
      const input = data.inputs[a.Input];
      if (!input) return { missingInput: a.Input };
      if (input.Pure) return { pure: input.Pure.bytes };
      if (input.UnresolvedObject) return { object: normalizeSuiAddress(input.UnresolvedObject.objectId) };
      const ref = input.Object?.SharedObject ?? input.Object?.ImmOrOwnedObject ?? input.Object?.Receiving;
      if (ref) return { object: normalizeSuiAddress(ref.objectId) };
      return { unexpectedInput: input };
    }
    if (a.$kind === "NestedResult") return { result: a.NestedResult[0], index: a.NestedResult[1] };
    // Result(i) is valid on chain only when command i returns exactly one value, and then it is NestedResult(i, 0).
    if (a.$kind === "Result") return { result: a.Result, index: 0 };
    return { gas: true };
  };
  return {
    sender: data.sender ? normalizeSuiAddress(data.sender) : null,
    commands: data.commands.map((c) => {
      if (c.MoveCall) {
        return {
          package: normalizeSuiAddress(c.MoveCall.package),
          module: c.MoveCall.module,
          function: c.MoveCall.function,
          typeArguments: c.MoveCall.typeArguments.map((t) => normalizeStructTag(t)),
          arguments: c.MoveCall.arguments.map(arg),
        };
      }
      if (c.$Intent) return { intent: c.$Intent.name, type: normalizeStructTag(String(c.$Intent.data.type)), balance: String(c.$Intent.data.balance) };
      if (c.SplitCoins) return { split: arg(c.SplitCoins.coin), amounts: c.SplitCoins.amounts.map(arg) };
      if (c.TransferObjects) return { transfer: c.TransferObjects.objects.map(arg), to: arg(c.TransferObjects.address) };
      return { unexpectedCommand: c.$kind };
    }),
  };
}

/** `package::module::function` of each Move call, the intent's name, or "transfer": the transaction's outline. */
export function outline(view: ReturnType<typeof chainView>): string[] {
  return view.commands.map((c) => ("function" in c ? `${c.package}::${c.module}::${c.function}` : "intent" in c ? String(c.intent) : "transfer" in c ? "transfer" : "unexpected"));
}

/** A coin object as the chain holds it: its coin type (`T` of `Coin<T>`) and balance. */
export interface CoinFacts {
  type: string;
  balance: bigint;
}

/**
 * The Move calls and transfers of a transaction, with every coin argument read as what it is worth rather than how it
 * was put together: `{ coin: T, amount }` whether it is a CoinWithBalance intent, a SplitCoins of an owned coin, or a
 * whole coin object (plus whatever a MergeCoins folded into it). A result of another Move call reads as that call's
 * place in this list. For comparing builders that pick coins differently (an intent the wallet resolves, or coins the
 * SDK lists from the chain) while the chain runs the same calls on the same values.
 */
export async function moveFlow(data: SuiData, coinOf: (objectId: string) => Promise<CoinFacts | undefined>) {
  const calls = data.commands.flatMap((c, i) => (c.MoveCall || c.TransferObjects ? [i] : []));
  const u64 = (a: SuiArg): bigint => {
    const input = a.$kind === "Input" ? data.inputs[a.Input] : undefined;
    const bytes = input?.Pure ? Buffer.from(input.Pure.bytes, "base64") : undefined;
    if (bytes?.length !== 8) throw new Error("split amount is not a pure u64");
    return bytes.readBigUInt64LE();
  };
  const objectId = (a: SuiArg): string | undefined => {
    if (a.$kind !== "Input") return undefined;
    const input = data.inputs[a.Input];
    const id = input?.UnresolvedObject?.objectId ?? input?.Object?.ImmOrOwnedObject?.objectId ?? input?.Object?.SharedObject?.objectId;
    return id ? normalizeSuiAddress(id) : undefined;
  };
  /** A whole coin object: its balance, plus the coins merged into it before use. */
  const wholeCoin = async (id: string): Promise<{ coin: string; amount: string } | undefined> => {
    const facts = await coinOf(id);
    if (!facts) return undefined;
    let amount = facts.balance;
    for (const c of data.commands) {
      if (!c.MergeCoins || objectId(c.MergeCoins.destination) !== id) continue;
      for (const s of c.MergeCoins.sources) amount += (await coinOf(objectId(s) ?? ""))?.balance ?? 0n;
    }
    return { coin: normalizeStructTag(facts.type), amount: amount.toString() };
  };
  const arg = async (a: SuiArg): Promise<unknown> => {
    if (a.$kind === "Input") {
      const input = data.inputs[a.Input];
      if (input?.Pure) return { pure: input.Pure.bytes };
      const id = objectId(a);
      if (!id) return { unexpectedInput: input };
      return (await wholeCoin(id)) ?? { object: id };
    }
    if (a.$kind === "GasCoin") return { gas: true };
    const [cmd, index] = a.$kind === "NestedResult" ? a.NestedResult : [a.Result, 0];
    const c = data.commands[cmd];
    if (c?.$Intent?.name === "CoinWithBalance") return { coin: normalizeStructTag(String(c.$Intent.data.type)), amount: String(c.$Intent.data.balance) };
    if (c?.SplitCoins) {
      const amount = c.SplitCoins.amounts[index];
      const source = c.SplitCoins.coin;
      const type = source.$kind === "GasCoin" ? "0x2::sui::SUI" : (await coinOf(objectId(source) ?? ""))?.type;
      if (!amount || !type) return { unexpectedSplit: cmd };
      return { coin: normalizeStructTag(type), amount: u64(amount).toString() };
    }
    const place = calls.indexOf(cmd);
    return place >= 0 ? { resultOf: place, index } : { unexpectedResult: cmd };
  };
  const out: unknown[] = [];
  for (const i of calls) {
    const c = data.commands[i];
    if (c?.MoveCall) {
      out.push({
        call: `${normalizeSuiAddress(c.MoveCall.package)}::${c.MoveCall.module}::${c.MoveCall.function}`,
        typeArguments: c.MoveCall.typeArguments.map((t) => normalizeStructTag(t)),
        arguments: await Promise.all(c.MoveCall.arguments.map(arg)),
      });
    } else if (c?.TransferObjects) {
      out.push({ transfer: await Promise.all(c.TransferObjects.objects.map(arg)), to: await arg(c.TransferObjects.address) });
    }
  }
  return { sender: data.sender ? normalizeSuiAddress(data.sender) : null, calls: out };
}

// ---- the local chain ----

/**
 * Starts a local chain before the file's tests and stops it after: `start` gives it (and may keep it in the test's
 * variable), each of `envVars` points the service at its URL for the tests (and `env` sets more), and the config is
 * re-read both ways.
 */
export function useLocalChain<T extends { url: string; close(): Promise<void> }>(envVars: readonly string[], start: () => Promise<T>, env: Record<string, string> = {}): void {
  let chain: T | undefined;
  beforeAll(async () => {
    chain = await start();
    for (const v of envVars) process.env[v] = chain.url;
    Object.assign(process.env, env);
    resetConfigForTests();
  });
  afterAll(async () => {
    for (const v of [...envVars, ...Object.keys(env)]) delete process.env[v];
    resetConfigForTests();
    await chain?.close();
  });
}

/** A local stand-in for an SDK's web endpoints (full node, API): it records every request and answers none (503). */
export async function silentEndpoint(): Promise<{ url: string; requests: string[]; close: () => Promise<void> }> {
  const requests: string[] = [];
  const server = createServer((req, res) => {
    requests.push(`${req.method} ${req.url}`);
    res.writeHead(503).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, requests, close };
}
