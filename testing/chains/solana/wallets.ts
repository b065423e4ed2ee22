// The Solana part of the wallets' book (../wallets.ts: the local chain as the e2e stack's browser wallets use it). Every
// wallet starts with 1,000 USDC and 400 of Kamino's cUSDC; Kamino's main-market USDC reserve and market, marginfi's
// USDC bank and group and an SPL mint the dashboard does not know by name are on chain. Nothing here signs: the wallet
// in the page signs with its own key. A signed transaction lands by its first signature and moves USDC the way a real
// receipt shows it: a Kamino `depositReserveLiquidity(u64)` debits its fee payer's USDC by that amount, a
// `redeemReserveCollateral(u64)` burns that cUSDC and pays its USDC at the reserve's rate, a CCTP V1 or V2
// `receive_message` mints the burn message's amount (less V2's executed fee) to it (the pre/post token balances the server reads); every other
// program's instructions move nothing. simulateTransaction runs on the IDL-checked local chain (./local-chain.ts) over
// these accounts and the fee payer's balances, so the plan review shows what a chain that checks klend's and
// marginfi's interfaces said before the wallet opens.
import { createPublicKey, verify } from "node:crypto";
import { address, getAddressEncoder, getBase58Decoder, getBase58Encoder, getProgramDerivedAddress, getUtf8Encoder } from "@solana/kit";
import { Keypair, PublicKey, VersionedTransaction } from "@solana/web3.js";
import { ASSOCIATED_TOKEN_PROGRAM_ADDRESS, getMintEncoder, TOKEN_PROGRAM_ADDRESS } from "@solana-program/token";
import { DISC } from "../../../server/venues/kamino/build";
import { kamino } from "../../../server/venues/kamino/descriptor";
import { marginfi } from "../../../server/venues/marginfi/descriptor";
import { MESSAGE_TRANSMITTER_V1_PROGRAM } from "../../../server/rails/cctp-v1/solana";
import { MESSAGE_TRANSMITTER_V2_PROGRAM } from "../../../server/rails/cctp-v2/solana";
import type { ChainCore, ChainTx } from "../state";
import { type AnchorIdl, type ChainAccount, encodeAnchorAccount } from "./anchor-idl";
import { installLocalSolanaCctp } from "./cctp";
import { SolanaLocalChain } from "./local-chain";
import { fixtureAddress } from "./venues/encode";
import { KAMINO_CUSDC_MINT, KAMINO_USDC_SUPPLY_VAULT, kaminoMarketAccount, kaminoMinted, kaminoPaid, kaminoReserveAccount, kaminoReserveAmounts } from "./venues/kamino";
import { liquidityVaultOf, MARGINFI, marginfiBank, mfiRequire } from "./venues/marginfi";

/** Kamino Lend's program (server/venues/kamino/descriptor.ts) and Solana USDC (server/chains/balances.ts). */
const KLEND_PROGRAM = "KLend2g3cP87fffoy8q1mQqGKjrxjC8boSyAYavgmjD";
export const SOLANA_USDC = "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v";
/** A token the dashboard does not know by name (Tether USD's mint): the local chain serves its SPL mint, 6 decimals. */
export const SOLANA_OTHER_MINT = "Es9vMFrzaCERmJfrF4H2FYD4KCoNkY11McCe8BenwNYB";
/** What every Solana wallet starts with: 1,000 USDC, and 400 cUSDC (worth 500 USDC at the reserve below), so withdraw plans can be sized and signed. */
export const SOLANA_WALLET_START = new Map<string, bigint>([
  [SOLANA_USDC, 1_000_000_000n],
  [KAMINO_CUSDC_MINT, 400_000_000n],
]);
/**
 * The Solana test wallet of seed byte 9 (components/wallet/test-wallets.ts, window.__SVC_TEST_WALLET_SEED__ = 9): it
 * starts with USDC and no cUSDC, so a walk through deposit and withdraws ends at nothing on chain.
 */
export const FRESH_SOLANA_WALLET_SEED = 9;
export const FRESH_SOLANA_WALLET = Keypair.fromSeed(new Uint8Array(32).fill(FRESH_SOLANA_WALLET_SEED)).publicKey.toBase58();

/** What `owner` starts with of `asset` on the local Solana chain; undefined when the book gives nothing. */
export function solanaWalletStart(owner: string, asset: string): bigint | undefined {
  if (owner === FRESH_SOLANA_WALLET && asset === KAMINO_CUSDC_MINT) return 0n;
  return SOLANA_WALLET_START.get(asset);
}
/** The slot a landed transaction is in. */
export const WALLET_SLOT = 300_000_000;

/** Kamino's main-market USDC reserve (its klend Reserve account: 1.25 USDC per cUSDC; the published address). */
const KAMINO_RESERVE = kamino.onchain.usdcReserve ?? "";
/** marginfi's production USDC bank (1 USDC per share) and its group, encoded with the SDK's IDL. */
const MARGINFI_BANK = marginfi.onchain.usdcBank ?? "";
const MARGINFI_ORACLE = fixtureAddress("e2e-mfi-usdc-oracle"); // a fixture key: the deposit reads no prices
/** CCTP V2's fee recipient on the local chain (a fixture key). */
const CCTP_FEE_RECIPIENT = fixtureAddress("e2e-cctp-fee-recipient");

const pdaOf = async (program: string, seed: string, key: string) =>
  getProgramDerivedAddress({ programAddress: address(program), seeds: [getUtf8Encoder().encode(seed), getAddressEncoder().encode(address(key))] });

export interface SolanaWallets {
  /** Program accounts the app reads and the local Solana chain checks against (owner and data). */
  accounts: [string, ChainAccount][];
  /** The checked simulation's chain: the fee payer gets 1 SOL and the USDC and cUSDC the book gives it. */
  simulationChain(core: ChainCore, wire: string): Promise<SolanaLocalChain>;
}

export async function solanaWallets(): Promise<SolanaWallets> {
  const [kaminoAuthority, bump] = await pdaOf(KLEND_PROGRAM, "lma", kamino.onchain.mainMarket ?? "");
  const [bankVaultAuthority] = await pdaOf(MARGINFI, "liquidity_vault_auth", MARGINFI_BANK);
  const idl: AnchorIdl = { ...(mfiRequire("@mrgnlabs/marginfi-client-v2") as { MARGINFI_IDL: AnchorIdl }).MARGINFI_IDL, address: MARGINFI };
  const reserve = kaminoReserveAccount({
    lendingMarket: kamino.onchain.mainMarket ?? "",
    liquidityMint: SOLANA_USDC,
    available: 1_250_000_000_000n,
    borrowedSf: 0n,
    protocolFeesSf: 0n,
    referrerFeesSf: 0n,
    pendingReferrerFeesSf: 0n,
    collateralSupply: 1_000_000_000_000n,
  });
  const otherMint = getMintEncoder().encode({ mintAuthority: null, supply: 1_000_000_000_000n, decimals: 6, isInitialized: true, freezeAuthority: null });
  const accounts: [string, ChainAccount][] = [
    [KAMINO_RESERVE, { owner: KLEND_PROGRAM, data: Buffer.from(reserve) }],
    [kamino.onchain.mainMarket ?? "", { owner: KLEND_PROGRAM, data: kaminoMarketAccount(bump) }],
    [MARGINFI_BANK, { owner: MARGINFI, data: marginfiBank(MARGINFI_BANK, { assetShareValue: 1n << 48n, oracle: MARGINFI_ORACLE }) }],
    [marginfi.onchain.group ?? "", { owner: MARGINFI, data: encodeAnchorAccount(idl, "MarginfiGroup", {}) }],
    [SOLANA_OTHER_MINT, { owner: TOKEN_PROGRAM_ADDRESS, data: Uint8Array.from(otherMint) }],
  ];
  // Circle's CCTP programs' state (./cctp.ts): the transmitters trust the local attesters, the minters hold USDC in
  // custody for the other chains' burns; their token accounts are put on every simulation's chain below.
  const cctp = new Map<string, ChainAccount>();
  const cctpTokens = new SolanaLocalChain(() => cctp);
  await installLocalSolanaCctp(cctp, cctpTokens, CCTP_FEE_RECIPIENT);
  accounts.push(...cctp);
  return {
    accounts,
    simulationChain: async (core, wire) => {
      const chain = new SolanaLocalChain(() => core.chain.solanaAccounts);
      chain.addMint(SOLANA_USDC, fixtureAddress("e2e-usdc-mint-authority"));
      chain.addMint(KAMINO_CUSDC_MINT, kaminoAuthority);
      chain.setTokenAccount(KAMINO_USDC_SUPPLY_VAULT, kaminoAuthority, SOLANA_USDC, 1_250_000_000_000n);
      chain.setTokenAccount(liquidityVaultOf(MARGINFI_BANK), bankVaultAuthority, SOLANA_USDC, 310_000_000_000n);
      for (const [at, t] of cctpTokens.tokens) chain.setTokenAccount(at, t.owner, t.mint, t.amount);
      const payer = VersionedTransaction.deserialize(Buffer.from(wire, "base64")).message.staticAccountKeys[0]?.toBase58() ?? "";
      chain.lamports.set(payer, 1_000_000_000n);
      await chain.setTokenBalance(payer, SOLANA_USDC, core.balance(payer, SOLANA_USDC));
      await chain.setTokenBalance(payer, KAMINO_CUSDC_MINT, core.balance(payer, KAMINO_CUSDC_MINT));
      return chain;
    },
  };
}

type UsdcMove = { owner: string; accountIndex: number; pre: bigint; post: bigint } | null;
/** A token balance the transaction moved besides USDC (Kamino's cUSDC), as getTransaction's pre/post token balances list it. */
type ShareMove = { owner: string; mint: string; accountIndex: number; pre: bigint; post: bigint };

/**
 * Applies the transaction's USDC effect (Kamino deposits and redeems, CCTP V1 receives) to the balances; `shares`
 * collects the cUSDC the Kamino calls mint or burn (the owner's cUSDC account's index in the transaction, else one past
 * its keys).
 */
function applyUsdc(core: ChainCore, tx: VersionedTransaction, shares: ShareMove[] = []): UsdcMove {
  const keys = tx.message.staticAccountKeys.map((k) => k.toBase58());
  const payer = keys[0];
  if (!payer) return null;
  const shareMove = (pre: bigint, post: bigint) => {
    const [ata] = PublicKey.findProgramAddressSync([new PublicKey(payer).toBuffer(), new PublicKey(TOKEN_PROGRAM_ADDRESS).toBuffer(), new PublicKey(KAMINO_CUSDC_MINT).toBuffer()], new PublicKey(ASSOCIATED_TOKEN_PROGRAM_ADDRESS));
    const at = keys.indexOf(ata.toBase58());
    shares.push({ owner: payer, mint: KAMINO_CUSDC_MINT, accountIndex: at === -1 ? keys.length : at, pre, post });
  };
  const move = (accountIndex: number, delta: bigint): UsdcMove => {
    const pre = core.balance(payer, SOLANA_USDC);
    if (pre + delta < 0n) throw new Error("insufficient funds for instruction");
    core.chain.set(payer, SOLANA_USDC, pre + delta);
    return { owner: payer, accountIndex, pre, post: pre + delta };
  };
  let debit = 0n;
  let accountIndex = 0;
  for (const ix of tx.message.compiledInstructions) {
    if (keys[ix.programIdIndex] !== KLEND_PROGRAM || ix.data.length !== 16) continue;
    const data = Buffer.from(ix.data);
    const amount = data.readBigUInt64LE(8);
    const reserve = core.chain.solanaAccounts.get(KAMINO_RESERVE);
    if (!reserve) throw new Error("Kamino's reserve is not on this chain");
    const amounts = kaminoReserveAmounts(reserve.data);
    const held = core.balance(payer, KAMINO_CUSDC_MINT);
    if (data.subarray(0, 8).equals(Buffer.from(DISC.redeemReserveCollateral))) {
      // redeem_reserve_collateral(collateral): klend pays collateral at the reserve's rate (./venues/kamino.ts's handler)
      // into user_destination_liquidity (the IDL's 9th account); the cUSDC is burned.
      if (held < amount) throw new Error("insufficient funds for instruction");
      core.chain.set(payer, KAMINO_CUSDC_MINT, held - amount);
      shareMove(held, held - amount);
      debit -= kaminoPaid(amount, amounts);
      accountIndex = ix.accountKeyIndexes[8] ?? 0;
      continue;
    }
    if (!data.subarray(0, 8).equals(Buffer.from(DISC.depositReserveLiquidity))) continue;
    // deposit_reserve_liquidity(liquidity): the USDC leaves the owner and the cUSDC the handler mints arrives, so the
    // owner's position is on the chain as the venue's reader sees it.
    const minted = kaminoMinted(amount, amounts);
    core.chain.set(payer, KAMINO_CUSDC_MINT, held + minted);
    shareMove(held, held + minted);
    debit += amount;
    accountIndex = ix.accountKeyIndexes[4] ?? 0;
  }
  // Circle's CCTP receive_message (message_transmitter V1 and V2): mints the burn message's amount, less V2's executed
  // fee, to its mint recipient, the token account at position 14 (V1) or 15 (V2, after the fee recipient's account) of
  // the instruction (server/rails/cctp/solana.ts receiveIx). Its owner is taken to be the fee payer: the locked
  // destination signs and pays its own receive. ReceiveMessageParams (Borsh): the 8-byte discriminator, then `message`
  // as a u32 length and its bytes. Message V1: 116-byte header, then the burn body (version u32, burn token, mint
  // recipient, amount u256 big-endian at 184..216); V2: 148-byte header, amount at 216..248 and fee executed at
  // 312..344 (BurnMessageV2's 68 and 164).
  for (const ix of tx.message.compiledInstructions) {
    const program = keys[ix.programIdIndex];
    const v = program === MESSAGE_TRANSMITTER_V1_PROGRAM ? 1 : program === MESSAGE_TRANSMITTER_V2_PROGRAM ? 2 : 0;
    if (v === 0 || ix.data.length < 12) continue;
    const data = Buffer.from(ix.data);
    const message = data.subarray(12, 12 + data.readUInt32LE(8));
    const u256 = (at: number) => BigInt(`0x${message.subarray(at, at + 32).toString("hex")}`);
    if (v === 1 && message.length >= 216 && message.readUInt32BE(0) === 0) return move(ix.accountKeyIndexes[14] ?? 0, u256(184));
    if (v === 2 && message.length >= 344 && message.readUInt32BE(0) === 1) return move(ix.accountKeyIndexes[15] ?? 0, u256(216) - u256(312));
  }
  return debit === 0n ? null : move(accountIndex, -debit);
}

/** The DER prefix of an ed25519 SubjectPublicKeyInfo (RFC 8410): a 32-byte public key follows it. */
const ED25519_SPKI_PREFIX = Buffer.from("302a300506032b6570032100", "hex");

/** sendTransaction of a wallet-signed transaction: lands it by its first signature (once), moving its USDC. */
export function landSolana(core: ChainCore, data: string, encoding: string | undefined): string {
  const raw = (encoding ?? "base58") === "base64" ? Buffer.from(data, "base64") : Buffer.from(getBase58Encoder().encode(data));
  const tx = VersionedTransaction.deserialize(raw);
  const first = tx.signatures[0];
  if (!first || first.every((b) => b === 0)) throw new Error("transaction is not signed");
  // As the cluster does (sigverify): each required signer's ed25519 signature verifies over the message bytes.
  const message = tx.message.serialize();
  tx.message.staticAccountKeys.slice(0, tx.message.header.numRequiredSignatures).forEach((key, i) => {
    const sig = tx.signatures[i];
    const spki = Buffer.concat([ED25519_SPKI_PREFIX, key.toBuffer()]);
    if (!sig || !verify(null, message, createPublicKey({ key: spki, format: "der", type: "spki" }), sig)) {
      throw new Error("Transaction signature verification failure");
    }
  });
  const sig = getBase58Decoder().decode(first);
  if (core.chain.txs.has(sig)) return sig;
  const shares: ShareMove[] = [];
  const usdc = applyUsdc(core, tx, shares);
  core.chain.txs.set(sig, {
    kind: "solana",
    feePayer: tx.message.staticAccountKeys[0]?.toBase58() ?? "",
    confirmationStatus: "processed",
    tokenBalances: [...(usdc ? [{ owner: usdc.owner, mint: SOLANA_USDC, pre: usdc.pre, post: usdc.post, accountIndex: usdc.accountIndex }] : []), ...shares],
    landed: { at: Date.now(), slot: WALLET_SLOT + 1, blockTime: Math.floor(Date.now() / 1000), wire: raw },
  });
  return sig;
}

/** getTransaction of a landed transaction from its wire bytes, in the encoding asked (json, jsonParsed, base64). */
export function landedTransactionJson(t: Extract<ChainTx, { kind: "solana" }>, wire: Buffer, encoding: string, balances: (which: "pre" | "post") => unknown[]) {
  const b58 = getBase58Decoder();
  const tx = VersionedTransaction.deserialize(wire);
  const m = tx.message;
  const meta = {
    err: t.err ?? null,
    status: { Ok: null },
    fee: 5000,
    preBalances: m.staticAccountKeys.map(() => 0),
    postBalances: m.staticAccountKeys.map(() => 0),
    innerInstructions: [],
    logMessages: [],
    preTokenBalances: balances("pre"),
    postTokenBalances: balances("post"),
    rewards: [],
    loadedAddresses: { writable: [], readonly: [] },
    computeUnitsConsumed: 50_000,
  };
  const accountKeys =
    encoding === "jsonParsed"
      ? m.staticAccountKeys.map((k, i) => ({ pubkey: k.toBase58(), signer: i < m.header.numRequiredSignatures, writable: m.isAccountWritable(i), source: "transaction" }))
      : m.staticAccountKeys.map((k) => k.toBase58());
  // "json" lists each instruction by account indexes; "jsonParsed" by the program's and accounts' addresses, the data
  // base58 as in "json" (the RPC's shape for a program it has no parser for: every program here is shown so).
  const keyAt = (i: number) => m.staticAccountKeys[i]?.toBase58() ?? "";
  const instructions = m.compiledInstructions.map((ix) =>
    encoding === "jsonParsed"
      ? { programId: keyAt(ix.programIdIndex), accounts: ix.accountKeyIndexes.map(keyAt), data: b58.decode(ix.data), stackHeight: null }
      : { programIdIndex: ix.programIdIndex, accounts: [...ix.accountKeyIndexes], data: b58.decode(ix.data), stackHeight: null },
  );
  const transaction =
    encoding === "base64"
      ? [wire.toString("base64"), "base64"]
      : {
          signatures: tx.signatures.map((s) => b58.decode(s)),
          message: { accountKeys, header: m.header, recentBlockhash: m.recentBlockhash, instructions, addressTableLookups: [] },
        };
  return { version: 0, meta, transaction };
}
