// Issue 22 item 2 in the dashboard: the bridge form refuses a destination nobody can receive on before Review, in the
// words the server answers (POST /svc/bridge/plan → 400 INVALID_REQUEST), and Review stays disabled until it is fixed.
import { Base, Solana } from "@circle-fin/bridge-kit/chains";
import { normalizeSuiAddress } from "@mysten/sui/utils";
import { SYSTEM_PROGRAM_ADDRESS } from "@solana-program/system";
import { address, getAddressEncoder, getProgramDerivedAddress } from "@solana/kit";
import { Keypair } from "@solana/web3.js";
import { getAddress, zeroAddress } from "viem";
import { privateKeyToAddress } from "viem/accounts";
import { expect, test } from "./guarded";

const EVM_SOURCE = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266";
const SOL_WALLET = Keypair.fromSeed(new Uint8Array(32).fill(5)).publicKey.toBase58();
const EVM_WALLET = privateKeyToAddress(`0x${"51".repeat(32)}`);

/** The checksummed address with one letter's case flipped: a wrong EIP-55 checksum. */
function badChecksum(a: string): string {
  const c = getAddress(a);
  const i = [...c].findIndex((ch, k) => k > 1 && /[a-fA-F]/.test(ch));
  const ch = c[i] ?? "";
  return c.slice(0, i) + (ch === ch.toUpperCase() ? ch.toLowerCase() : ch.toUpperCase()) + c.slice(i + 1);
}

test("bridge form: a destination nobody can receive on shows the server's reason before Review, and Review is disabled", async ({ page, request }) => {
  const [pda] = await getProgramDerivedAddress({ programAddress: address(SYSTEM_PROGRAM_ADDRESS), seeds: [getAddressEncoder().encode(address(SOL_WALLET))] });
  const cases: [source: string, dest: string, destination: string, words: RegExp][] = [
    ["svm-chain", "evm-a", zeroAddress, /^This is the zero address/],
    ["svm-chain", "evm-a", badChecksum(EVM_WALLET), /EIP-55 checksum is wrong/],
    ["svm-chain", "evm-a", Base.usdcAddress, /^This is the USDC token contract on evm-a, not a wallet/],
    ["evm-a", "svm-chain", SYSTEM_PROGRAM_ADDRESS, /^This is the Solana System Program/],
    ["evm-a", "svm-chain", Solana.usdcAddress, /^This is the USDC mint on svm-chain, not a wallet/],
    ["evm-a", "svm-chain", pda, /off the ed25519 curve/],
    ["evm-a", "move-chain", normalizeSuiAddress("0x0"), /^This is the zero address/],
  ];
  let planRequests = 0;
  page.on("request", (r) => {
    if (r.url().endsWith("/svc/bridge/plan")) planRequests += 1;
  });
  await page.goto("/swap");
  const bridge = page.locator(".card").filter({ has: page.getByRole("heading", { name: "Bridge", exact: true }) });
  const review = bridge.getByRole("button", { name: "Review bridge plan" });
  const destination = bridge.getByLabel("Destination address");
  const reason = bridge.getByTestId("bridge-dest-reason");
  await bridge.getByLabel(/^Amount/).fill("10");
  for (const [source, dest, bad, words] of cases) {
    await bridge.getByLabel("From chain").selectOption(source);
    await bridge.getByLabel("To chain").selectOption(dest);
    await bridge.getByLabel("Source address").fill(source === "svm-chain" ? SOL_WALLET : EVM_SOURCE);
    await destination.fill(bad);
    await expect(reason, `${dest} ${bad}`).toHaveText(words);
    await expect(destination).toHaveAttribute("aria-invalid", "true");
    await expect(review).toBeDisabled();
    // The server refuses the same destination with the very sentence on screen.
    const answer = await request.post("/api/v1/svc/bridge/plan", {
      data: { sourceChain: source, destChain: dest, amountMicros: "10000000", sourceAddress: source === "svm-chain" ? SOL_WALLET : EVM_SOURCE, destAddress: bad },
    });
    expect(answer.status()).toBe(400);
    expect(await answer.json()).toMatchObject({ code: "INVALID_REQUEST", message: await reason.innerText() });
  }
  expect(planRequests).toBe(0);

  // A wallet: the reason goes away and Review builds the plan.
  await bridge.getByLabel("From chain").selectOption("svm-chain");
  await bridge.getByLabel("To chain").selectOption("evm-a");
  await bridge.getByLabel("Source address").fill(SOL_WALLET);
  await destination.fill(EVM_WALLET);
  await expect(reason).toHaveCount(0);
  await expect(review).toBeEnabled();
  await review.click();
  await expect(bridge.getByTestId("plan")).toContainText("bridge Solana (svm-chain) → Base (evm-a)");
  expect(planRequests).toBe(1);
});
