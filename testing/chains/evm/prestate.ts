// geth's native prestateTracer for the local EVM's debug_traceCall (./chain.ts traceCall): ethereum/go-ethereum
// eth/tracers/native/prestate.go and gen_account_json.go @ 02b73d4ea7181464175e0a6cbecc0a3a2655a562. The accounts and
// slots the call touches are the ones geth's hooks look up: the sender, the callee and the block's coinbase at the start
// (OnTxStart); the address operand of BALANCE, EXTCODESIZE, EXTCODECOPY, EXTCODEHASH and SELFDESTRUCT (stack top) and
// of CALL, CALLCODE, DELEGATECALL and STATICCALL (second from the top); the slot of each SLOAD and SSTORE of the running
// contract (OnOpcode); the address a CREATE or CREATE2 makes. geth reads each when first touched; this node reads them
// all before the call (the state the call starts from, overrides applied) and after it, which is the same value for
// all but an address funded earlier in the same call before it is first touched (a contract created at an address the
// call had already sent ETH to). EIP-7702 delegation targets (Prague) are not looked up: this chain runs Cancun.
import type { EVMResult, InterpreterStep, Message } from "@ethereumjs/evm";
import { type Address, createAddressFromString, setLengthLeft } from "@ethereumjs/util";
import type { VM } from "@ethereumjs/vm";
import { bytesToHex, getAddress, type Hex, hexToBytes, numberToHex } from "viem";

/** PrestateTracerConfig (prestate.go @ 02b73d4e). */
export interface PrestateOptions {
  diffMode: boolean;
  disableCode: boolean;
  disableStorage: boolean;
  includeEmpty: boolean;
}

/** An account as prestate.go's `account` holds it, plus geth's `empty` flag (nonce 0, no code, zero balance). */
interface AccountState {
  balance: bigint;
  nonce: bigint;
  code: Uint8Array;
  /** The code hash; null where geth's GetCodeHash answers the zero hash: no such account. */
  codeHash: Hex | null;
  storage: Map<Hex, Hex>;
  empty: boolean;
}

/** What the call touched, as geth's hooks would have looked it up. */
export interface Touched {
  accounts: Set<string>;
  storage: Map<string, Set<Hex>>;
  /** Addresses a CREATE / CREATE2 made in this call (prestate.go `created`). */
  created: Set<string>;
  /** Created in this call and then SELFDESTRUCTed: EIP-6780 deletes only those (prestate.go `deleted`). */
  deleted: Set<string>;
}

// ethereum/go-ethereum core/types/account.go @ 02b73d4ea7181464175e0a6cbecc0a3a2655a562: EmptyCodeHash, keccak256 of no bytes.
const EMPTY_CODE_HASH: Hex = "0xc5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470";
const ZERO_WORD: Hex = `0x${"0".repeat(64)}`;

const lower = (a: Address | string) => a.toString().toLowerCase();
const word = (v: bigint): Hex => numberToHex(v, { size: 32 });

/** Go's encoding/json name for a JSON value's kind, as in its "cannot unmarshal X into …" error. */
const goJsonKind = (v: unknown) => (typeof v === "string" ? "string" : typeof v === "number" ? "number" : Array.isArray(v) ? "array" : typeof v === "object" ? "object" : "bool");

/**
 * json.Unmarshal of the tracerConfig into PrestateTracerConfig (newPrestateTracer): no config or null is all false; a
 * field matches its JSON name case-insensitively, as encoding/json matches; unknown fields are ignored; another kind
 * than bool for a field, or than an object for the whole, is Go's error; diffMode with includeEmpty is refused.
 */
export function prestateOptions(cfg: unknown): PrestateOptions {
  if (cfg === undefined || cfg === null) return { diffMode: false, disableCode: false, disableStorage: false, includeEmpty: false };
  if (typeof cfg !== "object" || Array.isArray(cfg)) throw new Error(`json: cannot unmarshal ${goJsonKind(cfg)} into Go value of type native.PrestateTracerConfig`);
  const fields = Object.entries(cfg as Record<string, unknown>);
  const field = (name: string): boolean => {
    const v = (fields.find(([k]) => k === name) ?? fields.find(([k]) => k.toLowerCase() === name.toLowerCase()))?.[1];
    if (v !== undefined && v !== null && typeof v !== "boolean") throw new Error(`json: cannot unmarshal ${goJsonKind(v)} into Go struct field PrestateTracerConfig.${name} of type bool`);
    return v === true;
  };
  const opts = { diffMode: field("diffMode"), disableCode: field("disableCode"), disableStorage: field("disableStorage"), includeEmpty: field("includeEmpty") };
  if (opts.diffMode && opts.includeEmpty) throw new Error("cannot use diffMode with includeEmpty");
  return opts;
}

/**
 * Records what `run` touches (OnTxStart's sender, callee and coinbase, then each OnOpcode lookup and each created
 * address) through the EVM's `beforeMessage`, `step` and `afterMessage` events.
 */
export async function trackTouched<T>(vm: VM, start: { from: string; to: string | null | undefined; coinbase: string }, run: () => Promise<T>): Promise<{ out: T; touched: Touched }> {
  const touched: Touched = { accounts: new Set([start.from, start.coinbase, ...(start.to ? [start.to] : [])].map(lower)), storage: new Map(), created: new Set(), deleted: new Set() };
  const creating: boolean[] = [];
  const account = (a: string) => touched.accounts.add(lower(a));
  const stackAddress = (v: bigint | undefined) => `0x${(v ?? 0n).toString(16).padStart(40, "0").slice(-40)}`;
  const before = (m: Message) => {
    creating.push(!m.to);
  };
  const step = (s: InterpreterStep) => {
    const code = s.opcode.code;
    const n = s.stack.length;
    const self = lower(s.address);
    // The frame of a CREATE runs at the address it makes (ethereumjs sets it before the init code's first step).
    if (creating[creating.length - 1]) touched.created.add(self);
    if ((code === 0x54 || code === 0x55) && n >= 1) {
      account(self);
      const slots = touched.storage.get(self) ?? new Set<Hex>();
      slots.add(word(s.stack[n - 1] ?? 0n));
      touched.storage.set(self, slots);
    } else if ([0x31, 0x3b, 0x3c, 0x3f, 0xff].includes(code) && n >= 1) {
      account(stackAddress(s.stack[n - 1]));
      if (code === 0xff && touched.created.has(self)) touched.deleted.add(self);
    } else if ([0xf1, 0xf2, 0xf4, 0xfa].includes(code) && n >= 5) account(stackAddress(s.stack[n - 2]));
  };
  const after = (r: EVMResult) => {
    creating.pop();
    if (r.createdAddress) {
      account(r.createdAddress.toString());
      touched.created.add(lower(r.createdAddress));
    }
  };
  const events = vm.evm.events;
  events?.on("beforeMessage", before);
  events?.on("step", step);
  events?.on("afterMessage", after);
  try {
    return { out: await run(), touched };
  } finally {
    events?.off("beforeMessage", before);
    events?.off("step", step);
    events?.off("afterMessage", after);
  }
}

/** The touched accounts and slots as the state holds them now (lookupAccount and lookupStorage's reads). */
export async function readTouched(vm: VM, touched: Touched): Promise<Map<string, AccountState>> {
  const sm = vm.stateManager;
  const out = new Map<string, AccountState>();
  for (const a of touched.accounts) {
    const at = createAddressFromString(getAddress(a));
    const acc = await sm.getAccount(at);
    const code = acc ? await sm.getCode(at) : new Uint8Array();
    const storage = new Map<Hex, Hex>();
    for (const slot of touched.storage.get(a) ?? []) storage.set(slot, bytesToHex(setLengthLeft(await sm.getStorage(at, hexToBytes(slot)), 32)));
    const balance = acc?.balance ?? 0n;
    const nonce = acc?.nonce ?? 0n;
    out.set(a, { balance, nonce, code, codeHash: acc ? bytesToHex(acc.codeHash) : null, storage, empty: nonce === 0n && code.length === 0 && balance === 0n });
  }
  return out;
}

/** One account in gen_account_json.go's field order: balance, code, codeHash, nonce (a JSON number), storage; empty fields omitted. */
function accountJson(a: { balance?: bigint; code?: Uint8Array; codeHash?: Hex; nonce?: bigint; storage?: Map<Hex, Hex> }): Record<string, unknown> {
  return {
    ...(a.balance !== undefined ? { balance: numberToHex(a.balance) } : {}),
    ...(a.code !== undefined ? { code: bytesToHex(a.code) } : {}),
    ...(a.codeHash !== undefined ? { codeHash: a.codeHash } : {}),
    ...(a.nonce ? { nonce: Number(a.nonce) } : {}),
    ...(a.storage && a.storage.size > 0 ? { storage: Object.fromEntries([...a.storage].sort(([x], [y]) => (x < y ? -1 : 1))) } : {}),
  };
}

/** A stateMap as encoding/json writes a Go map: keys (lower-case addresses) sorted. */
const stateMapJson = (m: Map<string, Record<string, unknown>>) => Object.fromEntries([...m].sort(([x], [y]) => (x < y ? -1 : 1)));

/** lookupAccount's view of an account: code only when there is some (and not disabled), codeHash only for real code. */
function preAccount(s: AccountState, opts: PrestateOptions) {
  const hasCode = s.codeHash !== null && s.codeHash !== EMPTY_CODE_HASH;
  return { balance: s.balance, nonce: s.nonce, code: s.code.length > 0 && !opts.disableCode ? s.code : undefined, codeHash: hasCode ? (s.codeHash ?? undefined) : undefined };
}

/**
 * processDiffState: for each touched account not deleted, what changed (balance, nonce, codeHash — the zero hash for an
 * account that no longer exists — code, and the storage slots whose value changed, omitted where now zero) goes to
 * `post`; `pre` keeps the touched account's state with only the changed non-zero slots, and drops unchanged accounts.
 */
function diffState(pre: Map<string, AccountState>, post: Map<string, AccountState>, touched: Touched, opts: PrestateOptions) {
  const preOut = new Map<string, Record<string, unknown>>();
  const postOut = new Map<string, Record<string, unknown>>();
  for (const [a, before] of pre) {
    const keep = preAccount(before, opts);
    if (touched.deleted.has(a)) {
      if (!before.empty) preOut.set(a, accountJson({ ...keep, storage: opts.disableStorage ? undefined : before.storage }));
      continue;
    }
    const after = post.get(a) as AccountState;
    const changed: { balance?: bigint; nonce?: bigint; codeHash?: Hex; code?: Uint8Array; storage: Map<Hex, Hex> } = { storage: new Map() };
    if (after.balance !== before.balance) changed.balance = after.balance;
    if (after.nonce !== before.nonce) changed.nonce = after.nonce;
    const newHash = after.codeHash ?? ZERO_WORD;
    if (newHash !== (keep.codeHash ?? EMPTY_CODE_HASH)) changed.codeHash = newHash;
    if (!opts.disableCode && bytesToHex(after.code) !== bytesToHex(keep.code ?? new Uint8Array())) changed.code = after.code;
    const preSlots = new Map<Hex, Hex>();
    if (!opts.disableStorage) {
      for (const [slot, value] of before.storage) {
        const now = after.storage.get(slot) ?? ZERO_WORD;
        if (value === now) continue;
        if (value !== ZERO_WORD) preSlots.set(slot, value);
        if (now !== ZERO_WORD) changed.storage.set(slot, now);
      }
    }
    const modified = changed.balance !== undefined || changed.nonce !== undefined || changed.codeHash !== undefined || changed.code !== undefined || preSlots.size > 0 || changed.storage.size > 0;
    if (!modified) continue;
    postOut.set(a, accountJson(changed));
    // OnTxEnd drops the accounts that were empty before the call from `pre`.
    if (!before.empty) preOut.set(a, accountJson({ ...keep, storage: preSlots }));
  }
  return { post: stateMapJson(postOut), pre: stateMapJson(preOut) };
}

/** GetResult: `{post, pre}` in diff mode, else the pre-state map (empty accounts dropped unless includeEmpty). */
export function prestateResult(pre: Map<string, AccountState>, post: Map<string, AccountState>, touched: Touched, opts: PrestateOptions): unknown {
  if (opts.diffMode) return diffState(pre, post, touched, opts);
  const out = new Map<string, Record<string, unknown>>();
  for (const [a, s] of pre) {
    if (s.empty && !opts.includeEmpty) continue;
    out.set(a, accountJson({ ...preAccount(s, opts), storage: opts.disableStorage ? undefined : s.storage }));
  }
  return stateMapJson(out);
}
