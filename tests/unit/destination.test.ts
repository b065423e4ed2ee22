// The recipient check (lib/destination.ts, issue 22): every address the issue found accepted as a bridge destination is
// refused with its reason; a wallet (a key's public key) passes. The inputs come from the chains' own packages and
// Circle's chain definitions, not from our constants, so a wrong or missing constant fails here.
import { Base, Solana } from "@circle-fin/bridge-kit/chains";
import { normalizeSuiAddress } from "@mysten/sui/utils";
import { SYSTEM_PROGRAM_ADDRESS } from "@solana-program/system";
import { address, getAddressEncoder, getProgramDerivedAddress } from "@solana/kit";
import { Keypair } from "@solana/web3.js";
import { getAddress, zeroAddress } from "viem";
import { privateKeyToAddress } from "viem/accounts";
import { describe, expect, it } from "vitest";
import { CHECKSUM_REASON, OFF_CURVE_REASON, recipientProblem, ZERO_ADDRESS_REASON } from "../../lib/destination";

/** An EVM address with the case of its first checksummed letter flipped: same bytes, wrong EIP-55 checksum. */
function flipCase(a: string): string {
  const i = [...a].findIndex((c, k) => k > 1 && /[a-fA-F]/.test(c));
  const c = a[i] ?? "";
  return a.slice(0, i) + (c === c.toUpperCase() ? c.toLowerCase() : c.toUpperCase()) + a.slice(i + 1);
}

describe("recipientProblem: the addresses issue 22 found accepted", () => {
  it("the EVM and Sui zero addresses", () => {
    expect(recipientProblem("evm-a", zeroAddress)).toBe(ZERO_ADDRESS_REASON);
    expect(recipientProblem("evm-b", zeroAddress)).toBe(ZERO_ADDRESS_REASON);
    expect(recipientProblem("move-chain", normalizeSuiAddress("0x0"))).toBe(ZERO_ADDRESS_REASON);
  });

  it("the Solana System Program (32 zero bytes)", () => {
    expect(SYSTEM_PROGRAM_ADDRESS).toBe("11111111111111111111111111111111");
    expect(recipientProblem("svm-chain", SYSTEM_PROGRAM_ADDRESS)).toBe("This is the Solana System Program (the all-zero address), not a wallet: funds sent there are lost.");
  });

  it("the USDC mint on Solana and the USDC contract on Base (bridge-kit's own chain definitions), in any case", () => {
    expect(recipientProblem("svm-chain", Solana.usdcAddress)).toBe("This is the USDC mint on svm-chain, not a wallet: funds sent there are lost.");
    const base = "This is the USDC token contract on evm-a, not a wallet: funds sent there are lost.";
    expect(recipientProblem("evm-a", Base.usdcAddress)).toBe(base);
    expect(recipientProblem("evm-a", Base.usdcAddress.toLowerCase())).toBe(base);
  });

  it("a mixed-case EVM address whose EIP-55 checksum is wrong; all lower case carries no checksum and passes", () => {
    const wallet = privateKeyToAddress(`0x${"11".repeat(32)}`);
    expect(getAddress(wallet)).toBe(wallet);
    expect(recipientProblem("evm-a", wallet)).toBeNull();
    expect(recipientProblem("evm-a", wallet.toLowerCase())).toBeNull();
    expect(recipientProblem("evm-a", flipCase(wallet))).toBe(CHECKSUM_REASON);
  });

  it("a Solana address off the ed25519 curve (a PDA) is refused; a keypair's public key passes", async () => {
    const [pda] = await getProgramDerivedAddress({ programAddress: address(SYSTEM_PROGRAM_ADDRESS), seeds: [getAddressEncoder().encode(address(Solana.usdcAddress))] });
    expect(recipientProblem("svm-chain", pda)).toBe(OFF_CURVE_REASON);
    const wallet = Keypair.fromSeed(new Uint8Array(32).fill(7)).publicKey.toBase58();
    expect(recipientProblem("svm-chain", wallet)).toBeNull();
  });

  it("Circle's CCTP contracts and programs, wrapped SOL, the Sui framework and a Sui wallet", () => {
    expect(recipientProblem("evm-b", Base.cctp.contracts.v2.tokenMessenger)).toMatch(/^This is Circle's CCTP TokenMessengerV2 contract, not a wallet/);
    expect(recipientProblem("evm-a", Base.cctp.contracts.v1.messageTransmitter)).toMatch(/^This is Circle's CCTP MessageTransmitter contract on evm-a/);
    expect(recipientProblem("svm-chain", Solana.cctp.contracts.v2.tokenMessenger)).toMatch(/token_messenger_minter_v2 program, not a wallet/);
    expect(recipientProblem("svm-chain", "So11111111111111111111111111111111111111112")).toMatch(/^This is the SOL mint on svm-chain/);
    expect(recipientProblem("move-chain", normalizeSuiAddress("0x2"))).toMatch(/^This is the Sui framework package \(0x2\)/);
    expect(recipientProblem("move-chain", `0x${"8".repeat(64)}`)).toBeNull();
  });

  it("a malformed address names the family's format; a caller's own known ids are refused with their label", () => {
    expect(recipientProblem("svm-chain", "0x1234")).toBe("This is not a Solana address (base58, 32 bytes).");
    const mine = privateKeyToAddress(`0x${"22".repeat(32)}`);
    expect(recipientProblem("evm-a", mine, [{ address: mine.toLowerCase(), label: "the pool of Aave" }])).toBe("This is the pool of Aave, not a wallet: funds sent there are lost.");
  });
});
