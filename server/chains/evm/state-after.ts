// The state a plan's later steps see on the per-step path (./simulate.ts, an RPC without eth_simulateV1): the earlier
// steps' effects as geth's state overrides, composed step by step. An approval is its allowance slot (probed); any other
// step is the state after it, asked of the RPC as debug_traceCall with geth's prestateTracer in diffMode:
// ethereum/go-ethereum eth/tracers/native/prestate.go and gen_account_json.go @
// 02b73d4ea7181464175e0a6cbecc0a3a2655a562. Its `post` names, per changed account, the balance, nonce (a JSON number),
// code and the storage slots whose new value is not zero; a slot in `pre` but not in `post` was zeroed, and an account
// in `pre` but not in `post` was deleted. A `codeHash` alone in `post` (the zero hash: no account left) changes nothing
// an override can set. The overrides are geth's OverrideAccount (internal/ethapi/override/override.go @ 02b73d4e):
// hex-string nonce, balance and code, `state` (all storage replaced) or `stateDiff` (some slots), never both.
import { type Hex, toHex } from "viem";
import { errorLine } from "../clients";
import type { RpcCall, RpcReply } from "./rpc";

export interface AccountOverride {
  balance?: Hex;
  nonce?: Hex;
  code?: Hex;
  state?: Record<string, Hex>;
  stateDiff?: Record<string, Hex>;
}

/** Per lower-case address. */
export type StateOverride = Record<string, AccountOverride>;

/** A zeroed storage slot's value: 32 zero bytes, as geth's common.Hash{} (a slot that `post` no longer names). */
const ZERO_WORD = toHex(0n, { size: 32 });

/** An approval of `amount` applied at the token's allowance `slot` (found by the allowance probe). */
export const approvalOverride = (token: string, slot: Hex, amount: bigint): StateOverride => ({ [token.toLowerCase()]: { stateDiff: { [slot.toLowerCase()]: toHex(amount, { size: 32 }) } } });

/**
 * `add` applied on top of `base`: balance, nonce and code replaced; a `state` replaces the account's storage (and any
 * earlier slot changes); a `stateDiff` adds to the storage as it stands (into `state` where the account already has one,
 * as geth refuses both on one account).
 */
export function composeOverrides(base: StateOverride, add: StateOverride): StateOverride {
  const out: StateOverride = Object.fromEntries(Object.entries(base).map(([a, o]) => [a, { ...o }]));
  for (const [a, o] of Object.entries(add)) {
    const acc: AccountOverride = out[a] ?? {};
    if (o.balance !== undefined) acc.balance = o.balance;
    if (o.nonce !== undefined) acc.nonce = o.nonce;
    if (o.code !== undefined) acc.code = o.code;
    if (o.state) {
      acc.state = { ...o.state };
      delete acc.stateDiff;
    }
    if (o.stateDiff) {
      if (acc.state) acc.state = { ...acc.state, ...o.stateDiff };
      else acc.stateDiff = { ...acc.stateDiff, ...o.stateDiff };
    }
    out[a] = acc;
  }
  return out;
}

/** debug_traceCall of `tx` with prestateTracer in diffMode, on the state `overrides` describe. */
// ethereum/go-ethereum eth/tracers/api.go @ 02b73d4ea7181464175e0a6cbecc0a3a2655a562: TraceCallConfig{Tracer, TracerConfig, StateOverrides}; native/prestate.go PrestateTracerConfig.diffMode.
export function prestateDiffCall(tx: Record<string, string>, overrides: StateOverride): RpcCall {
  const stateOverrides = Object.keys(overrides).length ? { stateOverrides: overrides } : {};
  return { method: "debug_traceCall", params: [tx, "latest", { tracer: "prestateTracer", tracerConfig: { diffMode: true }, ...stateOverrides }] };
}

/** One account of prestate.go's stateMap as the wire carries it (nonce a JSON number there; a string is read too). */
// ethereum/go-ethereum eth/tracers/native/gen_account_json.go @ 02b73d4ea7181464175e0a6cbecc0a3a2655a562: account's JSON fields.
interface PrestateAccount {
  balance?: string;
  nonce?: number | string;
  code?: string;
  codeHash?: string;
  storage?: Record<string, string>;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
const lowerKeys = <T>(m: Record<string, T>): Record<string, T> => Object.fromEntries(Object.entries(m).map(([k, v]) => [k.toLowerCase(), v]));

/** One account's change as an override: what `post` sets, and the slots only `pre` names set to zero. */
function accountChange(after: PrestateAccount, before: PrestateAccount | undefined): AccountOverride {
  const o: AccountOverride = {};
  if (typeof after.balance === "string") o.balance = toHex(BigInt(after.balance));
  if (typeof after.nonce === "number" || typeof after.nonce === "string") o.nonce = toHex(BigInt(after.nonce));
  if (typeof after.code === "string") o.code = after.code as Hex;
  const slots: Record<string, Hex> = {};
  for (const slot of Object.keys(before?.storage ?? {})) slots[slot.toLowerCase()] = ZERO_WORD;
  for (const [slot, value] of Object.entries(after.storage ?? {})) slots[slot.toLowerCase()] = toHex(BigInt(value), { size: 32 });
  if (Object.keys(slots).length) o.stateDiff = slots;
  return o;
}

/**
 * The state after a step, from its prestateTracer diffMode reply, as overrides; or why it cannot be had (the reason,
 * for the later steps' "Not simulated: …").
 */
export function stateAfter(r: RpcReply | undefined): { override: StateOverride } | { why: string } {
  // -32601 only: "not found" in another error's text is a refusal of the tracer, not of the method (its text is kept).
  if (!r || (!r.ok && r.code === -32601)) return { why: "the RPC offers no debug_traceCall" };
  if (!r.ok) return { why: `the RPC's debug_traceCall with prestateTracer answered ${r.code} ${errorLine(r.message, 120)}` };
  const res = r.result;
  if (!isObject(res) || !isObject(res.post) || !isObject(res.pre)) return { why: "the RPC's debug_traceCall with prestateTracer gave no pre and post state" };
  const pre = lowerKeys(res.pre as Record<string, PrestateAccount>);
  const post = lowerKeys(res.post as Record<string, PrestateAccount>);
  const override: StateOverride = {};
  try {
    for (const [a, after] of Object.entries(post)) {
      const o = accountChange(after, pre[a]);
      if (Object.keys(o).length) override[a] = o;
    }
    // Deleted (a contract created and destroyed by the step, or emptied): nothing of it is left.
    for (const a of Object.keys(pre)) if (!(a in post)) override[a] = { balance: "0x0", nonce: "0x0", code: "0x", state: {} };
  } catch (e) {
    return { why: `the RPC's debug_traceCall with prestateTracer gave a state that does not read (${errorLine(e, 120)})` };
  }
  return { override };
}
