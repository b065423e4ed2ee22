// Issue 22 item 2, on the running app and both databases: POST /svc/bridge/plan refuses (400 INVALID_REQUEST, the reason
// as the message) every destination the issue found answered `prepared`, and the other addresses a request names as
// recipients of value (auto-pay payees, cage payees). An EVM destination holding contract code (eth_getCode on the
// destination chain's RPC) is refused unless destIsContract is true; when the RPC cannot tell, the plan is blocked.
import { Base, Solana } from "@circle-fin/bridge-kit/chains";
import { normalizeSuiAddress } from "@mysten/sui/utils";
import { SYSTEM_PROGRAM_ADDRESS } from "@solana-program/system";
import { address, getAddressEncoder, getProgramDerivedAddress } from "@solana/kit";
import { Keypair } from "@solana/web3.js";
import { getAddress, zeroAddress } from "viem";
import { privateKeyToAddress } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dbKinds } from "../support/app";
import { type BridgeStack, startBridgeStack } from "../support/bridge-stack";
import { fundSuiOwner } from "../support/fake-rpc";
import { call } from "../support/http";

type J = Record<string, unknown> & { code?: string; message?: string; status?: string; blockers?: { code: string; message: string }[]; details?: { field: string; message: string }[] };

const EVM_SOURCE = "0x5555555555555555555555555555555555555555";
const SUI_OWNER = `0x${"7".repeat(64)}`;
/** Wallets: a key's own public key on each family. */
const EVM_WALLET = privateKeyToAddress(`0x${"31".repeat(32)}`);
const SOL_WALLET = Keypair.fromSeed(new Uint8Array(32).fill(9)).publicKey.toBase58();
const OWNER = "bridge-destinations-owner-0001";
const KEYS = JSON.stringify([{ key: OWNER, role: "owner", wallets: [EVM_SOURCE, SUI_OWNER] }]);

/** The same bytes as a checksummed address, one letter's case flipped: the EIP-55 checksum no longer matches. */
const BAD_CHECKSUM = (() => {
  const a = getAddress(EVM_WALLET);
  const i = [...a].findIndex((c, k) => k > 1 && /[a-fA-F]/.test(c));
  const c = a[i] ?? "";
  return a.slice(0, i) + (c === c.toUpperCase() ? c.toLowerCase() : c.toUpperCase()) + a.slice(i + 1);
})();

const LOST = "not a wallet: funds sent there are lost.";

describe.each(dbKinds())("bridge destinations nobody can receive on are refused (%s)", (db) => {
  let stack: BridgeStack;
  const post = (path: string, body: unknown, key?: string) => call<J>(stack.app.url, "POST", `/api/v1${path}`, { body, key });
  const plan = (destChain: string, destAddress: string, extra: Record<string, unknown> = {}) =>
    post("/svc/bridge/plan", { sourceChain: destChain === "evm-a" ? "evm-b" : "evm-a", destChain, amountMicros: "2000000", sourceAddress: EVM_SOURCE, destAddress, ...extra });

  beforeAll(async () => {
    stack = await startBridgeStack(db, KEYS, (rpc) => fundSuiOwner(rpc, SUI_OWNER));
  });
  afterAll(async () => {
    await stack?.stop();
  });

  it.each([
    ["the EVM zero address", "evm-b", zeroAddress, "This is the zero address: nobody holds its key, so funds sent there are lost."],
    ["the Sui zero address", "move-chain", normalizeSuiAddress("0x0"), "This is the zero address: nobody holds its key, so funds sent there are lost."],
    [
      "an EVM address with a wrong EIP-55 checksum",
      "evm-b",
      BAD_CHECKSUM,
      "This EVM address mixes upper and lower case but its EIP-55 checksum is wrong, so it is probably mistyped: copy it again from the wallet that will receive.",
    ],
    ["the System Program", "svm-chain", SYSTEM_PROGRAM_ADDRESS, `This is the Solana System Program (the all-zero address), ${LOST}`],
    ["the Solana USDC mint", "svm-chain", Solana.usdcAddress, `This is the USDC mint on svm-chain, ${LOST}`],
    ["the Base USDC contract", "evm-a", Base.usdcAddress, `This is the USDC token contract on evm-a, ${LOST}`],
    ["Circle's TokenMessengerV2", "evm-b", Base.cctp.contracts.v2.tokenMessenger, `This is Circle's CCTP TokenMessengerV2 contract, ${LOST}`],
    ["Kamino's program (a venue id the server knows)", "svm-chain", "KLend2g3cP87fffoy8q1mQqGKjrxjC8boSyAYavgmjD", `This is the program of Kamino Lend (venue kamino), ${LOST}`],
  ])("%s → 400 INVALID_REQUEST with the reason", async (_what, destChain, dest, reason) => {
    const r = await plan(destChain, dest);
    expect(r.status, r.text).toBe(400);
    expect(r.json).toMatchObject({ code: "INVALID_REQUEST", message: reason, details: [{ field: "body.destAddress", message: reason }] });
  });

  it("a Solana destination off the ed25519 curve (a PDA) → 400; a keypair's public key is prepared", async () => {
    const [pda] = await getProgramDerivedAddress({ programAddress: address(SYSTEM_PROGRAM_ADDRESS), seeds: [getAddressEncoder().encode(address(SOL_WALLET))] });
    const off = await plan("svm-chain", pda);
    expect(off.status).toBe(400);
    expect(off.json).toMatchObject({
      code: "INVALID_REQUEST",
      message: "This Solana address is off the ed25519 curve (a program-derived address): no key can sign for it, so nobody can receive there.",
    });
    const ok = await plan("svm-chain", SOL_WALLET);
    expect(ok.status, ok.text).toBe(200);
    expect(ok.json).toMatchObject({ status: "prepared", destAddress: SOL_WALLET });
  });

  it("valid EVM and Sui wallets are still prepared (an EVM wallet has no code on the destination chain)", async () => {
    const evm = await plan("evm-b", EVM_WALLET);
    expect(evm.json).toMatchObject({ status: "prepared", destAddress: EVM_WALLET });
    expect(stack.rpc.calls).toContain("eth_getCode");
    const lower = await plan("evm-b", EVM_WALLET.toLowerCase());
    expect(lower.json).toMatchObject({ status: "prepared" });
    const sui = await plan("move-chain", `0x${"8".repeat(64)}`);
    expect(sui.json).toMatchObject({ status: "prepared" });
  });

  it("an EVM destination holding contract code → 400 unless destIsContract: true; an EIP-7702 delegated account is a wallet", async () => {
    const contract = privateKeyToAddress(`0x${"41".repeat(32)}`);
    stack.rpc.evmCode.set(contract.toLowerCase(), "0x6080604052348015600f57600080fd5b50");
    const refused = await plan("evm-b", contract);
    expect(refused.status).toBe(400);
    expect(refused.json).toMatchObject({ code: "INVALID_REQUEST", details: [{ field: "body.destAddress" }] });
    expect(refused.json.message).toBe(
      "This address holds contract code on evm-b: funds sent to a contract that cannot move them are lost. If this contract can receive USDC (a multisig, for example), confirm it with destIsContract: true.",
    );
    const confirmed = await plan("evm-b", contract, { destIsContract: true });
    expect(confirmed.status, confirmed.text).toBe(200);
    expect(confirmed.json).toMatchObject({ status: "prepared", destAddress: contract });
    expect((await plan("evm-b", contract, { destIsContract: "yes" })).status).toBe(400);

    const delegated = privateKeyToAddress(`0x${"42".repeat(32)}`);
    stack.rpc.evmCode.set(delegated.toLowerCase(), `0xef0100${"ab".repeat(20)}`);
    expect((await plan("evm-b", delegated)).json).toMatchObject({ status: "prepared" });
  });

  it("the destination chain's RPC cannot answer eth_getCode: the plan is blocked rpc_unavailable, never a guess", async () => {
    stack.rpc.failing.add("eth_getCode");
    try {
      const r = await plan("evm-b", EVM_WALLET);
      expect(r.status).toBe(200);
      expect(r.json).toMatchObject({ status: "blocked", transactions: [] });
      expect(r.json.blockers?.map((b) => b.code)).toContain("rpc_unavailable");
      expect(r.json.blockers?.find((b) => b.code === "rpc_unavailable")?.message).toMatch(/contract code on evm-b could not be read/);
    } finally {
      stack.rpc.failing.delete("eth_getCode");
    }
  });

  it("destIsContract is in the OpenAPI request schema of the bridge plan", async () => {
    const doc = await call<{ components: { schemas: Record<string, { properties: Record<string, { type?: string }> }> } }>(stack.app.url, "GET", "/api/v1/openapi.json");
    expect(doc.json.components.schemas.BridgePlanRequest?.properties.destIsContract).toMatchObject({ type: "boolean" });
  });

  it("auto-pay payees and cage payees pass the same check", async () => {
    const pay = await post(`/wallets/${SUI_OWNER}/auto-pay`, { chain: "move-chain", payees: [{ address: normalizeSuiAddress("0x0"), bps: 100 }] }, OWNER);
    expect(pay.status, pay.text).toBe(400);
    expect(pay.json).toMatchObject({
      code: "INVALID_REQUEST",
      message: "payees[0].address: This is the zero address: nobody holds its key, so funds sent there are lost.",
      details: [{ field: "body.payees.0.address" }],
    });
    const cage = await post(
      "/svc/evm-b/cage/prepare",
      { owner: EVM_SOURCE, actions: ["AUTOPAY"], payees: [{ account: EVM_WALLET, bps: 100 }, { account: BAD_CHECKSUM, bps: 100 }], maxAmountMicros: "1000000" },
      OWNER,
    );
    expect(cage.status, cage.text).toBe(400);
    expect(cage.json).toMatchObject({ code: "INVALID_REQUEST", details: [{ field: "body.payees.1.account" }] });
    expect(cage.json.message).toMatch(/^payees\[1\]\.account: This EVM address mixes upper and lower case but its EIP-55 checksum is wrong/);
    const fine = await post("/svc/evm-b/cage/prepare", { owner: EVM_SOURCE, actions: ["AUTOPAY"], payees: [{ account: EVM_WALLET, bps: 100 }], maxAmountMicros: "1000000" }, OWNER);
    expect(fine.status, fine.text).toBe(200);
  });
});
