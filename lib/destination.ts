// Who can receive: the check every address a plan sends value to passes before the plan is built (issue 22), the same
// words in the dashboard (before Review) and in the server's 400 INVALID_REQUEST. Client-safe: no server imports.
// Refused: a malformed address; the zero address of the family; well-known system and program addresses (from the
// chains' own SDK packages); the token mints, coin packages and token contracts the service knows (lib/tokens.ts);
// Circle CCTP's contracts, programs and objects (lib/cctp-ids.ts); a mixed-case EVM address whose EIP-55 checksum is
// wrong; a Solana address off the ed25519 curve (a program-derived address: no key signs for it). The server adds the
// venues' published ids (server/venues, server-only) through `more`, and reads EVM contract code (server/plans/recipient.ts).
import {
  MOVE_STDLIB_ADDRESS,
  normalizeSuiAddress,
  SUI_CLOCK_OBJECT_ID,
  SUI_COIN_REGISTRY_OBJECT_ID,
  SUI_DENY_LIST_OBJECT_ID,
  SUI_FRAMEWORK_ADDRESS,
  SUI_RANDOM_OBJECT_ID,
  SUI_SYSTEM_ADDRESS,
  SUI_SYSTEM_STATE_OBJECT_ID,
} from "@mysten/sui/utils";
import { COMPUTE_BUDGET_PROGRAM_ADDRESS } from "@solana-program/compute-budget";
import { SYSTEM_PROGRAM_ADDRESS } from "@solana-program/system";
import { ASSOCIATED_TOKEN_PROGRAM_ADDRESS, TOKEN_PROGRAM_ADDRESS } from "@solana-program/token";
import { address, isOffCurveAddress } from "@solana/kit";
import {
  AddressLookupTableProgram,
  BPF_LOADER_DEPRECATED_PROGRAM_ID,
  BPF_LOADER_PROGRAM_ID,
  Ed25519Program,
  SYSVAR_CLOCK_PUBKEY,
  SYSVAR_EPOCH_SCHEDULE_PUBKEY,
  SYSVAR_INSTRUCTIONS_PUBKEY,
  SYSVAR_RECENT_BLOCKHASHES_PUBKEY,
  SYSVAR_RENT_PUBKEY,
  SYSVAR_REWARDS_PUBKEY,
  SYSVAR_SLOT_HASHES_PUBKEY,
  SYSVAR_SLOT_HISTORY_PUBKEY,
  SYSVAR_STAKE_HISTORY_PUBKEY,
  Secp256k1Program,
  StakeProgram,
  VOTE_PROGRAM_ID,
} from "@solana/web3.js";
import { getAddress, zeroAddress } from "viem";
import type { ChainId } from "./api-types";
import {
  MESSAGE_TRANSMITTER,
  MESSAGE_TRANSMITTER_V2,
  SOLANA_CCTP_PROGRAMS,
  SUI_MESSAGE_TRANSMITTER,
  SUI_MESSAGE_TRANSMITTER_STATE,
  SUI_TOKEN_MESSENGER_MINTER,
  SUI_TOKEN_MESSENGER_MINTER_STATE,
  SUI_USDC_TREASURY,
  TOKEN_MESSENGER,
  TOKEN_MESSENGER_V2,
} from "./cctp-ids";
import { KNOWN_TOKENS } from "./tokens";

export type RecipientFamily = "sui" | "solana" | "evm";

export const RECIPIENT_FAMILY: Record<ChainId, RecipientFamily> = { "move-chain": "sui", "svm-chain": "solana", "evm-a": "evm", "evm-b": "evm" };

/** An address that is not a wallet, with what it is ("the USDC mint on svm-chain"). */
export interface KnownAddress {
  address: string;
  label: string;
}

const FORMAT: Record<RecipientFamily, string> = {
  sui: "This is not a Sui address (0x + 64 hex).",
  evm: "This is not an EVM address (0x + 40 hex).",
  solana: "This is not a Solana address (base58, 32 bytes).",
};

const B58 = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/;

function wellFormed(family: RecipientFamily, a: string): boolean {
  if (family === "sui") return /^0x[0-9a-fA-F]{64}$/.test(a);
  if (family === "evm") return /^0x[0-9a-fA-F]{40}$/.test(a);
  if (!B58.test(a)) return false;
  try {
    address(a);
    return true;
  } catch {
    return false;
  }
}

/** A known id this family can compare with (a Sui id may be short: 0x2). */
function comparable(family: RecipientFamily, a: string): boolean {
  return family === "sui" ? /^0x[0-9a-fA-F]{1,64}$/.test(a) : wellFormed(family, a);
}

/** The form addresses compare in: Sui long and lower-case, EVM lower-case, Solana as is. */
function canonical(family: RecipientFamily, a: string): string {
  if (family === "sui") return normalizeSuiAddress(a);
  if (family === "evm") return a.toLowerCase();
  return a;
}

const ZERO: Record<RecipientFamily, string> = {
  // viem constants/address.ts `zeroAddress`.
  evm: zeroAddress,
  // @mysten/sui utils normalizeSuiAddress("0x0"): 0x + 64 zeros.
  sui: normalizeSuiAddress("0x0"),
  // 32 zero bytes in base58 is the System Program's id (@solana-program/system SYSTEM_PROGRAM_ADDRESS), named below.
  solana: SYSTEM_PROGRAM_ADDRESS,
};

const TOKEN_KIND: Record<RecipientFamily, string> = { sui: "coin package", solana: "mint", evm: "token contract" };

/** The tokens the service knows on `chain` (lib/tokens.ts): a Sui coin's package, a Solana mint, an EVM contract. */
function tokenAddresses(chain: ChainId): KnownAddress[] {
  const family = RECIPIENT_FAMILY[chain];
  return KNOWN_TOKENS[chain].map((t) => ({
    address: family === "sui" ? (t.address.split("::")[0] ?? t.address) : t.address,
    label: `the ${t.symbol} ${TOKEN_KIND[family]} on ${chain}`,
  }));
}

function systemAddresses(family: RecipientFamily): KnownAddress[] {
  if (family === "solana") {
    const programs: [string, string][] = [
      [SYSTEM_PROGRAM_ADDRESS, "the Solana System Program (the all-zero address)"],
      [TOKEN_PROGRAM_ADDRESS, "the SPL Token program"],
      [ASSOCIATED_TOKEN_PROGRAM_ADDRESS, "the Associated Token Account program"],
      [COMPUTE_BUDGET_PROGRAM_ADDRESS, "the Compute Budget program"],
      [StakeProgram.programId.toBase58(), "the Stake program"],
      [VOTE_PROGRAM_ID.toBase58(), "the Vote program"],
      [AddressLookupTableProgram.programId.toBase58(), "the Address Lookup Table program"],
      [Ed25519Program.programId.toBase58(), "the Ed25519 signature program"],
      [Secp256k1Program.programId.toBase58(), "the Secp256k1 signature program"],
      [BPF_LOADER_PROGRAM_ID.toBase58(), "the BPF loader"],
      [BPF_LOADER_DEPRECATED_PROGRAM_ID.toBase58(), "the deprecated BPF loader"],
      [SYSVAR_CLOCK_PUBKEY.toBase58(), "the Clock sysvar"],
      [SYSVAR_EPOCH_SCHEDULE_PUBKEY.toBase58(), "the EpochSchedule sysvar"],
      [SYSVAR_INSTRUCTIONS_PUBKEY.toBase58(), "the Instructions sysvar"],
      [SYSVAR_RECENT_BLOCKHASHES_PUBKEY.toBase58(), "the RecentBlockhashes sysvar"],
      [SYSVAR_RENT_PUBKEY.toBase58(), "the Rent sysvar"],
      [SYSVAR_REWARDS_PUBKEY.toBase58(), "the Rewards sysvar"],
      [SYSVAR_SLOT_HASHES_PUBKEY.toBase58(), "the SlotHashes sysvar"],
      [SYSVAR_SLOT_HISTORY_PUBKEY.toBase58(), "the SlotHistory sysvar"],
      [SYSVAR_STAKE_HISTORY_PUBKEY.toBase58(), "the StakeHistory sysvar"],
      [SOLANA_CCTP_PROGRAMS.tokenMessengerMinterV2, "Circle's CCTP token_messenger_minter_v2 program"],
      [SOLANA_CCTP_PROGRAMS.messageTransmitterV2, "Circle's CCTP message_transmitter_v2 program"],
      [SOLANA_CCTP_PROGRAMS.tokenMessengerMinterV1, "Circle's CCTP token_messenger_minter program"],
      [SOLANA_CCTP_PROGRAMS.messageTransmitterV1, "Circle's CCTP message_transmitter program"],
    ];
    return programs.map(([a, label]) => ({ address: a, label }));
  }
  if (family === "sui") {
    const ids: [string, string][] = [
      [MOVE_STDLIB_ADDRESS, "the Move standard library package (0x1)"],
      [SUI_FRAMEWORK_ADDRESS, "the Sui framework package (0x2)"],
      [SUI_SYSTEM_ADDRESS, "the Sui system package (0x3)"],
      [SUI_SYSTEM_STATE_OBJECT_ID, "the Sui system state object (0x5)"],
      [SUI_CLOCK_OBJECT_ID, "the Sui clock object (0x6)"],
      [SUI_RANDOM_OBJECT_ID, "the Sui randomness object (0x8)"],
      [SUI_COIN_REGISTRY_OBJECT_ID, "the Sui coin registry object (0xc)"],
      [SUI_DENY_LIST_OBJECT_ID, "the Sui deny list object (0x403)"],
      [SUI_TOKEN_MESSENGER_MINTER, "Circle's CCTP token_messenger_minter package"],
      [SUI_MESSAGE_TRANSMITTER, "Circle's CCTP message_transmitter package"],
      [SUI_TOKEN_MESSENGER_MINTER_STATE, "Circle's CCTP token_messenger_minter state object"],
      [SUI_MESSAGE_TRANSMITTER_STATE, "Circle's CCTP message_transmitter state object"],
      [SUI_USDC_TREASURY, "Circle's USDC treasury object"],
    ];
    return ids.map(([a, label]) => ({ address: a, label }));
  }
  return [
    { address: TOKEN_MESSENGER_V2, label: "Circle's CCTP TokenMessengerV2 contract" },
    { address: MESSAGE_TRANSMITTER_V2, label: "Circle's CCTP MessageTransmitterV2 contract" },
  ];
}

/** Every address on `chain` that is not a wallet, as this module knows them (tokens, system and program ids, CCTP). */
export function knownAddresses(chain: ChainId): KnownAddress[] {
  const family = RECIPIENT_FAMILY[chain];
  const evmV1: KnownAddress[] = [];
  const tm = TOKEN_MESSENGER[chain];
  const mt = MESSAGE_TRANSMITTER[chain];
  if (tm) evmV1.push({ address: tm, label: `Circle's CCTP TokenMessenger contract on ${chain}` });
  if (mt) evmV1.push({ address: mt, label: `Circle's CCTP MessageTransmitter contract on ${chain}` });
  return [...systemAddresses(family), ...tokenAddresses(chain), ...evmV1];
}

/** The sentence for a known non-wallet address: the dashboard shows it and the server answers it (400 INVALID_REQUEST). */
export function notAWallet(label: string): string {
  return `This is ${label}, not a wallet: funds sent there are lost.`;
}

export const ZERO_ADDRESS_REASON = "This is the zero address: nobody holds its key, so funds sent there are lost.";
export const CHECKSUM_REASON =
  "This EVM address mixes upper and lower case but its EIP-55 checksum is wrong, so it is probably mistyped: copy it again from the wallet that will receive.";
export const OFF_CURVE_REASON =
  "This Solana address is off the ed25519 curve (a program-derived address): no key can sign for it, so nobody can receive there.";

/** An EVM address has a checksum to check only when its hex mixes cases (all lower or all upper carries none, EIP-55). */
function badChecksum(a: string): boolean {
  const hex = a.slice(2);
  if (hex === hex.toLowerCase() || hex === hex.toUpperCase()) return false;
  return getAddress(a) !== a;
}

/**
 * Why `a` cannot receive value on `chain`, as one sentence, or null when it can. `more` adds the caller's own known
 * non-wallet addresses (the server: the venues' published ids). Contract code on an EVM chain is the server's read.
 */
export function recipientProblem(chain: ChainId, a: string, more: readonly KnownAddress[] = []): string | null {
  const family = RECIPIENT_FAMILY[chain];
  if (!wellFormed(family, a)) return FORMAT[family];
  const c = canonical(family, a);
  if (family !== "solana" && c === canonical(family, ZERO[family])) return ZERO_ADDRESS_REASON;
  const known = [...knownAddresses(chain), ...more].find((k) => comparable(family, k.address) && canonical(family, k.address) === c);
  if (known) return notAWallet(known.label);
  if (family === "evm" && badChecksum(a)) return CHECKSUM_REASON;
  if (family === "solana" && isOffCurveAddress(address(a))) return OFF_CURVE_REASON;
  return null;
}

/** The sentence for an EVM destination that holds contract code (the server reads it with eth_getCode at plan time). */
export function contractCodeReason(chain: ChainId): string {
  return `This address holds contract code on ${chain}: funds sent to a contract that cannot move them are lost. If this contract can receive USDC (a multisig, for example), confirm it with destIsContract: true.`;
}
