// The local Solana chain a Kamino plan simulates on: Kamino's main market and USDC reserve (3,000 USDC for 2,000 cUSDC,
// ./venues/kamino.ts layouts), the USDC and cUSDC mints and the reserve's supply vault, attached to the chain server as
// its simulateTransaction chain. Tests then give owners their lamports and token balances on the returned chain.
import { randomBytes } from "node:crypto";
import { address, getAddressDecoder, getAddressEncoder, getProgramDerivedAddress, getUtf8Encoder } from "@solana/kit";
import { kamino } from "../../../server/venues/kamino/descriptor";
import type { LocalChain } from "../state";
import { SolanaLocalChain } from "./local-chain";
import { KAMINO_CUSDC_MINT, KAMINO_USDC_SUPPLY_VAULT, kaminoMarketAccount, setKaminoUsdc } from "./venues/kamino";

const ids = kamino.onchain as Record<"program" | "mainMarket" | "usdcMint", string>;

/** The market's authority PDA (klend seeds "lma" + market) and its bump. */
export async function kaminoMarketAuthority(): Promise<{ authority: string; bump: number }> {
  const [authority, bump] = await getProgramDerivedAddress({ programAddress: address(ids.program), seeds: [getUtf8Encoder().encode("lma"), getAddressEncoder().encode(address(ids.mainMarket))] });
  return { authority, bump };
}

/** Puts Kamino's market and USDC reserve on `rpc` and a simulation chain holding its mints and vault; returns the chain. */
export async function kaminoSimulationChain(rpc: LocalChain, usdcMintAuthority: string = getAddressDecoder().decode(randomBytes(32))): Promise<SolanaLocalChain> {
  setKaminoUsdc(rpc, 3_000_000_000n, 2_000_000_000n);
  const { authority, bump } = await kaminoMarketAuthority();
  rpc.solanaAccounts.set(ids.mainMarket, { owner: ids.program, data: kaminoMarketAccount(bump) });
  const chain = new SolanaLocalChain(() => rpc.solanaAccounts);
  chain.blockhashes.add(rpc.blockhash);
  chain.lamports.set(usdcMintAuthority, 1_000_000_000n);
  chain.addMint(ids.usdcMint, usdcMintAuthority);
  chain.addMint(KAMINO_CUSDC_MINT, authority);
  chain.setTokenAccount(KAMINO_USDC_SUPPLY_VAULT, authority, ids.usdcMint, 3_000_000_000n);
  rpc.solanaChain = chain;
  return chain;
}
