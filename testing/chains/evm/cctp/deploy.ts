// Circle's CCTP on a local EVM chain, V1 and V2, from the bytecode compiled from Circle's source (./build.ts →
// ./artifacts.json), at the published addresses the rails use (lib/cctp-ids.ts cites them), configured with Circle's
// own admin functions in the order of Circle's deployment scripts (circlefin/evm-cctp-contracts @
// 4061786a5726bc05f99fcdb53b0985599f0dbaf7 scripts/v1/deploy.s.sol; scripts/v2/DeployProxiesV2.s.sol and
// SetupRemoteResourcesV2.s.sol):
//  - V1: MessageTransmitter(localDomain, attester, maxMessageBodySize 8192, version 0) and TokenMessenger(transmitter,
//    messageBodyVersion 0) constructed in place, TokenMinter(tokenController) at a CREATE address; the second local
//    attester enabled; addLocalMinter / addLocalTokenMessenger; per remote domain addRemoteTokenMessenger and
//    linkTokenPair; setMaxBurnAmountPerMessage.
//  - V2: MessageTransmitterV2(localDomain, version 1) and TokenMessengerV2(transmitter, messageBodyVersion 1)
//    implementations at CREATE addresses behind Circle's AdminUpgradableProxy at the published proxy addresses, each
//    proxy's constructor calling `initialize` (the local attesters, LOCAL_SIGNATURE_THRESHOLD, the remote token
//    messengers); TokenMinterV2 at a CREATE address, linked as V1's.
// The attesters are the local ones (testing/chains/attester.ts), so only an attestation they sign is received. The
// local USDC is Aave's MintableERC20 (./aave.ts deployUsdc): TokenMinter's `mint(address,uint256)` is its open mint, so
// no minter role is needed; it has no `burn(uint256)`, so the real messengers can receive but not burn on it (a burn's
// TokenMinter.burn would revert). A test that burns through the real messengers deploys Circle's MockMintBurnToken as the
// USDC first (deployBurnableUsdc, compiled from test/mocks/MockMintBurnToken.sol at the same commit).
//
// The remote token messengers and burn tokens are what each source chain's CCTP writes into a message (`cctpRemoteIds`),
// read by the tests' message builders too, so a message a test attests is one these contracts accept.
import { readFileSync } from "node:fs";
import path from "node:path";
import { type Abi, encodeFunctionData, type Hex, } from "viem";
import type { ChainId } from "../../../../server/chains/address";
import { USDC } from "../../../../server/chains/balances";
import { CCTP_DOMAIN } from "../../../../server/rails/cctp/domains";
import { MESSAGE_TRANSMITTER, MESSAGE_TRANSMITTER_V2, TOKEN_MESSENGER, TOKEN_MESSENGER_V2 } from "../../../../lib/cctp-ids";
import { LOCAL_ATTESTERS, LOCAL_SIGNATURE_THRESHOLD } from "../../attester";
import { cctpRemoteIds } from "../../cctp-message";
import { deployUsdc } from "../aave";
import { type HardhatArtifact, initcode as linkedInitcode } from "../artifacts";
import type { EvmNode } from "../node";

type Name = "MessageTransmitter" | "TokenMessenger" | "TokenMinter" | "MessageTransmitterV2" | "TokenMessengerV2" | "TokenMinterV2" | "AdminUpgradableProxy" | "Message" | "MockMintBurnToken";
// solc's output per contract: ABI, creation code, library link references (the shape ../artifacts.ts links).
const built = JSON.parse(readFileSync(path.join(import.meta.dirname, "artifacts.json"), "utf8")) as { artifacts: Record<Name, HardhatArtifact> };
const artifact = (name: Name) => built.artifacts[name];

/** Circle's compiled ABIs (./artifacts.json), for tests that read or call the contracts. */
export const CCTP_ARTIFACT_ABI = (name: Name): Abi => artifact(name).abi;

const initcode = (name: Name, args: readonly unknown[], libraries: Record<string, string> = {}) => linkedInitcode(artifact(name), args, libraries);
const data = (name: Name, functionName: string, args: readonly unknown[]) => encodeFunctionData({ abi: artifact(name).abi, functionName, args } as Parameters<typeof encodeFunctionData>[0]);

/** scripts/v2/DeployProxiesV2.s.sol `maxMessageBodySize = 8192` (V1's deploy script takes the same from its env). */
const MAX_MESSAGE_BODY_SIZE = 8192;
/** Message and message body versions: V1 0 (src/messages/Message.sol, BurnMessage.sol), V2 1 (the V2 scripts' VERSION / MESSAGE_BODY_VERSION, test/v2). */
const VERSION = { 1: 0, 2: 1 } as const;

const CHAINS = Object.keys(CCTP_DOMAIN) as ChainId[];
/** The chains whose burns `chain`'s contracts of `version` receive: every other chain running that version. */
const remotesOf = (chain: ChainId, version: 1 | 2) =>
  CHAINS.filter((c) => c !== chain).flatMap((c) => {
    const ids = cctpRemoteIds(c, version);
    return ids ? [{ domain: CCTP_DOMAIN[c], ...ids }] : [];
  });

const ADMIN: Hex = `0x${"cc".repeat(20)}`;
/** The proxies' admin: another address than the owner, as AdminUpgradableProxy's `ifAdmin` keeps the admin out of the implementation. */
const PROXY_ADMIN: Hex = `0x${"cd".repeat(20)}`;
const NO_BURN_LIMIT = 2n ** 255n;

/**
 * Circle's MockMintBurnToken (its tests' USDC: open `mint(address,uint256)`, `burn(uint256)`) at `chain`'s USDC address,
 * before deployCctp: the real TokenMessenger(V2)'s depositForBurn then burns through TokenMinter(V2) as on chain.
 */
export async function deployBurnableUsdc(node: EvmNode, chain: "evm-a" | "evm-b"): Promise<void> {
  await node.deployAt(USDC[chain], initcode("MockMintBurnToken", []), ADMIN);
}

/** The local USDC (deployed here unless there) and both CCTP versions on `chain`'s node; the V2 TokenMinter's address. */
export async function deployCctp(node: EvmNode, chain: "evm-a" | "evm-b"): Promise<{ tokenMinter: Hex; tokenMinterV2: Hex }> {
  const domain = CCTP_DOMAIN[chain];
  const usdc = USDC[chain];
  const transmitter = MESSAGE_TRANSMITTER[chain];
  const messenger = TOKEN_MESSENGER[chain];
  if (!transmitter || !messenger) throw new Error(`no CCTP V1 contracts known on ${chain}`);
  const [first, ...others] = LOCAL_ATTESTERS;
  if (!first) throw new Error("no local attesters");
  await deployUsdc(node, usdc, ADMIN);
  const exec = (to: string, name: Name, fn: string, args: readonly unknown[]) => node.exec(ADMIN, to, data(name, fn, args));

  // V1 (scripts/v1/deploy.s.sol; forge deploys and links the Message library the contracts call).
  const message = { Message: await node.deploy(initcode("Message", []), ADMIN) };
  await node.deployAt(transmitter, initcode("MessageTransmitter", [domain, first.address, MAX_MESSAGE_BODY_SIZE, VERSION[1]], message), ADMIN);
  for (const a of others) await exec(transmitter, "MessageTransmitter", "enableAttester", [a.address]);
  if (LOCAL_SIGNATURE_THRESHOLD !== 1) await exec(transmitter, "MessageTransmitter", "setSignatureThreshold", [BigInt(LOCAL_SIGNATURE_THRESHOLD)]);
  await node.deployAt(messenger, initcode("TokenMessenger", [transmitter, VERSION[1]], message), ADMIN);
  const tokenMinter = await node.deploy(initcode("TokenMinter", [ADMIN]), ADMIN);
  await exec(tokenMinter, "TokenMinter", "addLocalTokenMessenger", [messenger]);
  await exec(messenger, "TokenMessenger", "addLocalMinter", [tokenMinter]);
  await exec(tokenMinter, "TokenMinter", "setMaxBurnAmountPerMessage", [usdc, NO_BURN_LIMIT]);
  for (const r of remotesOf(chain, 1)) {
    await exec(messenger, "TokenMessenger", "addRemoteTokenMessenger", [r.domain, r.tokenMessenger]);
    await exec(tokenMinter, "TokenMinter", "linkTokenPair", [usdc, r.domain, r.usdc]);
  }

  // V2 (scripts/v2/DeployProxiesV2.s.sol: implementations, proxies initialized through upgradeToAndCall's data).
  const attesters = LOCAL_ATTESTERS.map((a) => a.address);
  const transmitterImpl = await node.deploy(initcode("MessageTransmitterV2", [domain, VERSION[2]]), ADMIN);
  const initTransmitter = data("MessageTransmitterV2", "initialize", [ADMIN, ADMIN, ADMIN, ADMIN, attesters, BigInt(LOCAL_SIGNATURE_THRESHOLD), BigInt(MAX_MESSAGE_BODY_SIZE)]);
  await node.deployAt(MESSAGE_TRANSMITTER_V2, initcode("AdminUpgradableProxy", [transmitterImpl, PROXY_ADMIN, initTransmitter]), ADMIN);
  const tokenMinterV2 = await node.deploy(initcode("TokenMinterV2", [ADMIN]), ADMIN);
  const messengerImpl = await node.deploy(initcode("TokenMessengerV2", [MESSAGE_TRANSMITTER_V2, VERSION[2]]), ADMIN);
  const remotes = remotesOf(chain, 2);
  const roles = { owner: ADMIN, rescuer: ADMIN, feeRecipient: ADMIN, denylister: ADMIN, tokenMinter: tokenMinterV2, minFeeController: ADMIN };
  const initMessenger = data("TokenMessengerV2", "initialize", [roles, 0n, remotes.map((r) => r.domain), remotes.map((r) => r.tokenMessenger)]);
  await node.deployAt(TOKEN_MESSENGER_V2, initcode("AdminUpgradableProxy", [messengerImpl, PROXY_ADMIN, initMessenger]), ADMIN);
  await exec(tokenMinterV2, "TokenMinterV2", "addLocalTokenMessenger", [TOKEN_MESSENGER_V2]);
  await exec(tokenMinterV2, "TokenMinterV2", "setMaxBurnAmountPerMessage", [usdc, NO_BURN_LIMIT]);
  for (const r of remotes) await exec(tokenMinterV2, "TokenMinterV2", "linkTokenPair", [usdc, r.domain, r.usdc]);
  return { tokenMinter, tokenMinterV2 };
}
