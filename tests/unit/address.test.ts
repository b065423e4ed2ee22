import { describe, expect, it } from "vitest";
import { addressFamily, base58Decode, isSolanaAddress, normalizeAddress, sameAddress } from "../../server/chains/address";

const SUI = `0x${"ab".repeat(32)}`;
const EVM = "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913";
const SOL = "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v";

describe("wallet addresses (contract §2)", () => {
  it("classifies each family", () => {
    expect(addressFamily(SUI)).toBe("sui");
    expect(addressFamily(EVM)).toBe("evm");
    expect(addressFamily(SOL)).toBe("solana");
    expect(addressFamily("11111111111111111111111111111111")).toBe("solana");
  });

  it.each([
    ["short sui", `0x${"a".repeat(63)}`],
    ["non-hex", `0x${"g".repeat(40)}`],
    ["no prefix", "a".repeat(40)],
    ["base58 with 0", "0PjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v"],
    ["base58 of 31 bytes", "2222222222222222222222222222222"],
    ["empty", ""],
    ["spaces", ` ${EVM}`],
  ])("rejects %s", (_n, a) => {
    expect(addressFamily(a)).toBeNull();
  });

  it("decodes base58 to 32 bytes for Solana keys", () => {
    expect(base58Decode(SOL)?.length).toBe(32);
    expect(isSolanaAddress(`${SOL}1`)).toBe(false);
  });

  it("compares EVM and Sui addresses case-insensitively, Solana exactly", () => {
    expect(sameAddress(EVM, EVM.toLowerCase())).toBe(true);
    expect(normalizeAddress(SOL)).toBe(SOL);
    expect(sameAddress(SOL, SOL.toLowerCase())).toBe(false);
  });
});
