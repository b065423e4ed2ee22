// The local node's TransactionExecutionService.SimulateTransaction: it resolves what the client left unresolved (an
// input given by id only becomes a shared or owned reference from the object's owner; gas coins are picked from the
// sender's SUI when asked) and refuses what the chain refuses, as a full node's simulation does:
// - an owned input at a version that is not the object's current one ("is not available for consumption"),
// - a shared object passed as owned, and an owned object passed as shared,
// - an object owned by someone other than the sender (a coin the sender does not own),
// - a call to a package the chain does not have;
// - for the functions the world lists the signatures of, a call with the wrong number of arguments or an object of the
//   wrong type at a parameter (the execution fails as the chain's does: ArityMismatch, CommandArgumentError TypeMismatch);
// and a call to a superseded version of a package executes that old code, whose version guard aborts (Scallop's and
// Suilend's entry functions assert the package version): the effects fail with a MoveAbort in the called module.
// Protocol rules the world models (`SuiWorld.moveCallAbort`, e.g. NAVI's oracle price check) abort the same way.
import { normalizeSuiAddress } from "@mysten/sui/utils";
import { Code, GrpcError, type Handler } from "./grpc-web";
import { coinFlow } from "./coin-flow";
import { eventsJson } from "./events";
import { type ArgError, signatureMismatch } from "./signature-check";
import { type CoinCallSeen, type MoveAbortSeen, originalPackage, type SuiObject, type SuiWorld, ZERO_DIGEST, sameAddress } from "./world";

type Json = Record<string, unknown>;

/** The framework packages (always present). */
const FRAMEWORK = new Set(["0x1", "0x2", "0x3"].map((a) => normalizeSuiAddress(a)));
/** Budget the node sets when it selects gas (MIST). */
const SELECTED_BUDGET = 50_000_000n;
/** Gas the node charges a simulated transaction: computation, storage, rebate (MIST). */
const GAS_USED = { computationCost: "750000", storageCost: "2964000", storageRebate: "978120", nonRefundableStorageFee: "9880" };

const isClock = (id: string) => normalizeSuiAddress(id) === normalizeSuiAddress("0x6");

/** The Clock (0x6), shared since genesis; every node has it. */
export const CLOCK: SuiObject = { id: normalizeSuiAddress("0x6"), type: "0x2::clock::Clock", owner: { kind: "shared", initialVersion: 1n }, version: 600000000n, json: { id: normalizeSuiAddress("0x6"), timestamp_ms: "1760000000000" } };

function refuse(message: string): never {
  throw new GrpcError(Code.INVALID_ARGUMENT, message);
}

/** The latest version of the package `pkg` belongs to, or null when `pkg` is the latest (or unknown to `world`). */
function supersededBy(world: SuiWorld, pkg: string): { original: string; latest: string } | null {
  for (const [original, versions] of world.packageVersions) {
    const i = versions.findIndex((v) => sameAddress(v, pkg));
    const latest = versions.at(-1);
    if (i >= 0 && latest && i < versions.length - 1) return { original, latest };
  }
  return null;
}

const knownPackage = (world: SuiWorld, pkg: string) =>
  FRAMEWORK.has(normalizeSuiAddress(pkg)) || [...world.packageVersions.values()].some((vs) => vs.some((v) => sameAddress(v, pkg)));

type ObjectOf = (id: string) => SuiObject | undefined;
type Abort = MoveAbortSeen & { command: number };

export function simulateHandler(world: SuiWorld): Handler {
  const objectOf = (id: string) => (isClock(id) ? CLOCK : world.object(id));
  return (request) => {
    const tx = (request.transaction ?? {}) as Json;
    const sender = normalizeSuiAddress(String(tx.sender ?? "0x0"));
    const kind = (tx.kind ?? {}) as Json;
    const ptb = (kind.programmableTransaction ?? {}) as Json;
    const inputs = ((ptb.inputs as Json[] | undefined) ?? []).map((input) => resolveInput(objectOf, sender, input));
    const { abort: failure, argError: mismatch } = checkCommands(world, objectOf, sender, inputs, (ptb.commands as Json[] | undefined) ?? []);
    const gas = (tx.gasPayment ?? {}) as Json;
    const payment = gasPayment(world, sender, (gas.objects as Json[] | undefined) ?? [], request.doGasSelection === true);

    const resolved = {
      ...tx,
      sender,
      kind: { ...kind, programmableTransaction: { ...ptb, inputs } },
      gasPayment: {
        objects: payment,
        owner: gas.owner ?? sender,
        price: gas.price ?? world.referenceGasPrice.toString(),
        budget: gas.budget ?? SELECTED_BUDGET.toString(),
      },
      expiration: tx.expiration ?? { kind: "NONE" },
    };
    const flow = ptbCoinFlow(world, sender, inputs, (ptb.commands as Json[] | undefined) ?? [], payment);
    // A protocol's abort the coin rules raise (a redeem the reserve's cash cannot pay) is an abort like the others.
    const abort = failure ?? (flow.failure?.abort ? { ...flow.failure.abort, command: flow.failure.command } : null);
    const status = effectsStatus(mismatch, flow, abort);
    const balanceChanges = status.success && flow.balanceChanges ? { balanceChanges: flow.balanceChanges } : {};
    // A failed transaction emits no events (its effects are reverted but the gas).
    const events = status.success ? { events: eventsJson(flow.events) } : {};
    return { transaction: { transaction: resolved, effects: { status, gasUsed: GAS_USED, epoch: "700" }, ...balanceChanges, ...events } };
  };
}

/**
 * The coin flow of a PTB (./coin-flow.ts) in `world`, the sender paying with the gas coins `payment` (object refs) the
 * gas this node charges; a call's package is matched by its original id. The simulation and the wallets' execution
 * (./wallets.ts) both report these changes.
 */
export function ptbCoinFlow(world: SuiWorld, sender: string, inputs: Json[], commands: Json[], payment: Json[]) {
  const objectOf = (id: string) => (isClock(id) ? CLOCK : world.object(id));
  const charged = BigInt(GAS_USED.computationCost) + BigInt(GAS_USED.storageCost) - BigInt(GAS_USED.storageRebate);
  const coinCall = (call: CoinCallSeen) => world.coinCall?.({ ...call, package: normalizeSuiAddress(originalPackage(world, call.package)) });
  const gasCoinValue = payment.reduce((sum, ref) => sum + (world.object(String(ref.objectId ?? ""))?.balance ?? 0n), 0n);
  return coinFlow(sender, inputs, commands, { objectOf, coinCall, gasCharged: charged, gasCoinValue });
}

/** An input as the node resolves it: an object given by id becomes a shared or owned reference from its owner; refused as the chain refuses. */
function resolveInput(objectOf: ObjectOf, sender: string, input: Json): Json {
  if (input.kind === "PURE" || input.kind === "FUNDS_WITHDRAWAL") return input;
  const id = String(input.objectId ?? "");
  const o = objectOf(id);
  if (!o) refuse(`Could not find the referenced object ${id} at version ${String(input.version ?? "None")}`);
  const shared = o.owner.kind === "shared";
  const declared = input.kind as string | undefined;
  if (declared === "IMMUTABLE_OR_OWNED" && shared) refuse(`Object ${o.id} is a shared object and cannot be used as an owned object`);
  if (declared === "SHARED" && !shared) refuse(`Object ${o.id} is not a shared object`);
  if (shared) {
    const initial = o.owner.kind === "shared" ? o.owner.initialVersion : 0n;
    if (input.version !== undefined && BigInt(String(input.version)) !== initial) {
      refuse(`Shared object ${o.id} was given initial shared version ${String(input.version)}, but it is ${initial}`);
    }
    return { kind: "SHARED", objectId: o.id, version: initial.toString(), mutable: input.mutable ?? !isClock(o.id) };
  }
  if (input.version !== undefined && BigInt(String(input.version)) !== o.version) {
    refuse(`Object ID ${o.id} Version 0x${BigInt(String(input.version)).toString(16)} Digest ${String(input.digest ?? ZERO_DIGEST)} is not available for consumption, current version: 0x${o.version.toString(16)}`);
  }
  if (o.owner.kind === "address" && !sameAddress(o.owner.address, sender)) {
    refuse(`Object ${o.id} is owned by account address ${normalizeSuiAddress(o.owner.address)}, but given owner/signer address is ${sender}`);
  }
  if (o.owner.kind === "object") refuse(`Object ${o.id} is owned by object ${o.owner.address} and cannot be used as an input`);
  return { kind: "IMMUTABLE_OR_OWNED", objectId: o.id, version: o.version.toString(), digest: ZERO_DIGEST };
}

/**
 * The PTB's Move calls in order: a call to a package the chain does not have is refused; the first abort (a superseded
 * package's version guard, or a protocol rule the world models) and the first argument mismatch are what the effects report.
 */
function checkCommands(world: SuiWorld, objectOf: ObjectOf, sender: string, inputs: Json[], commands: Json[]): { abort: Abort | null; argError: ArgError | null } {
  let abort: Abort | null = null;
  let argError: ArgError | null = null;
  const clockMs = BigInt(String((CLOCK.json as { timestamp_ms: string }).timestamp_ms));
  const scratch = new Map<string, unknown>();
  const argOf = (a: Json) => {
    if (a.kind !== "INPUT") return null;
    const input = inputs[Number(a.input ?? -1)];
    if (!input) return null;
    if (input.kind === "PURE") return { pure: Uint8Array.from(Buffer.from(String(input.pure ?? ""), "base64")) };
    return input.objectId ? { object: normalizeSuiAddress(String(input.objectId)) } : null;
  };
  commands.forEach((c, i) => {
    const call = c.moveCall as Json | undefined;
    if (!call) return;
    const pkg = String(call.package ?? "");
    if (!knownPackage(world, pkg)) refuse(`Package object does not exist with ID ${normalizeSuiAddress(pkg)}`);
    if (abort) return;
    const [module, fn] = [String(call.module), String(call.function)];
    const old = supersededBy(world, pkg);
    if (old) {
      const at = normalizeSuiAddress(pkg);
      abort = { package: at, module, functionName: fn, code: 1n, command: i, description: `MoveAbort in ${at}::${module}::${fn}: package ${at} is superseded by ${old.latest}; its version check aborts` };
    } else {
      const typeArguments = ((call.typeArguments as string[] | undefined) ?? []).map(String);
      const args = ((call.arguments as Json[] | undefined) ?? []).map(argOf);
      const raised = world.moveCallAbort?.({ package: normalizeSuiAddress(pkg), module, function: fn, typeArguments, args }, { sender, clockMs, scratch });
      if (raised) abort = { ...raised, command: i };
    }
    if (argError) return;
    const typeArguments = ((call.typeArguments as string[] | undefined) ?? []).map(String);
    argError = signatureMismatch(world, objectOf, inputs, { pkg, module, fn, typeArguments, args: (call.arguments as Json[] | undefined) ?? [] }, i);
  });
  return { abort, argError };
}

/** The gas coins: the sender's SUI when the client asks the node to select gas (or gives none), else the given coins checked. */
function gasPayment(world: SuiWorld, sender: string, given: Json[], doGasSelection: boolean): Json[] {
  if (doGasSelection || given.length === 0) {
    const suiCoins = world.owned(sender).filter((o) => /^0x0*2::coin::Coin<0x0*2::sui::SUI>$/.test(o.type));
    if (suiCoins.length === 0) refuse(`Cannot find gas coin for signer address ${sender} with amount sufficient for the required gas budget`);
    return suiCoins.map((o) => ({ objectId: o.id, version: o.version.toString(), digest: ZERO_DIGEST }));
  }
  for (const ref of given) {
    const o = world.object(String(ref.objectId ?? ""));
    if (o?.owner.kind !== "address" || !sameAddress(o.owner.address, sender)) refuse(`Gas object ${String(ref.objectId)} is not owned by ${sender}`);
    if (BigInt(String(ref.version ?? "0")) !== o.version) refuse(`Gas object ${o.id} is not available for consumption, current version: 0x${o.version.toString(16)}`);
  }
  return given;
}

/** The effects' status: an argument mismatch, then a coin balance too low (unless a call aborted first), then the abort. */
function effectsStatus(mismatch: ArgError | null, flow: ReturnType<typeof coinFlow>, failure: Abort | null) {
  return mismatch
    ? { success: false, error: { description: mismatch.description, command: String(mismatch.command), kind: mismatch.kind } }
    : flow.failure && !failure && !flow.failure.abort
    ? { success: false, error: { description: flow.failure.description, command: String(flow.failure.command), kind: flow.failure.kind ?? "INSUFFICIENT_COIN_BALANCE" } }
    : failure
    ? {
        success: false,
        error: {
          description: failure.description,
          command: String(failure.command),
          kind: "MOVE_ABORT",
          abort: { abortCode: failure.code.toString(), location: { package: failure.package, module: failure.module, functionName: failure.functionName } },
        },
      }
    : { success: true };
}
