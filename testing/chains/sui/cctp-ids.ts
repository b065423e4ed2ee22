// Circle CCTP V1's ids on Sui as the local node knows them, read from files copied verbatim from their publishers at a
// commit (tests/fixtures/sui-cctp/README.md), never from our builders (server/, lib/): a wrong id in the builder then
// names an object this node does not hold, and its simulation fails as mainnet's would.
//  - the two packages: circlefin/sui-cctp @ 83e522af (branch mainnet) packages/*/Move.lock `[env.mainnet] original-published-id`;
//  - the Sui domain: circlefin/sui-cctp @ 70290f70 scripts/sui-scripts/deploy.ts, `init_state(…, pure.u32(8), // localDomain)`;
//  - the shared objects (Circle publishes them in no repository or npm package we can read): wormhole-sdk-ts @ 12489add
//    platforms/sui/protocols/cctp/src/objects.ts (`@wormhole-foundation/sdk-sui-cctp` 1.20.0), network `Mainnet`.
import { readFileSync } from "node:fs";
import path from "node:path";
import { normalizeSuiAddress } from "@mysten/sui/utils";

const FIXTURES = path.join(import.meta.dirname, "..", "..", "..", "tests", "fixtures", "sui-cctp");
const fixture = (file: string) => readFileSync(path.join(FIXTURES, file), "utf8");

function match(text: string, re: RegExp, what: string): string {
  const m = re.exec(text)?.[1];
  if (!m) throw new Error(`tests/fixtures/sui-cctp: ${what} not found`);
  return m;
}

/** `[env.<env>] original-published-id` of a Move.lock (the package's first id; types keep it across upgrades). */
export function moveLockOriginalId(lock: string, env: string): string {
  const section = match(lock, new RegExp(`\\[env\\.${env}\\]([^[]*)`), `[env.${env}]`);
  return normalizeSuiAddress(match(section, /original-published-id = "(0x[0-9a-f]{64})"/, `[env.${env}] original-published-id`));
}

/** The `localDomain` Circle's deploy script initializes the MessageTransmitter State with. */
export function deployLocalDomain(script: string): number {
  return Number(match(script, /pure\.u32\((\d+)\), \/\/ localDomain/, "init_state localDomain"));
}

export interface SuiCircleObjects {
  tokenMessengerState: string;
  messageTransmitterState: string;
  usdcTreasury: string;
}

/** One network's entry of the Wormhole SDK's `_suiCircleObjects` table. */
export function wormholeSuiCircleObjects(source: string, network: "Mainnet" | "Testnet"): SuiCircleObjects {
  const entry = match(source, new RegExp(`"${network}",\\s*\\{([^}]*)\\}`), `${network} objects`);
  const field = (name: keyof SuiCircleObjects) => normalizeSuiAddress(match(entry, new RegExp(`${name}: "(0x[0-9a-f]{64})"`), `${network} ${name}`));
  return { tokenMessengerState: field("tokenMessengerState"), messageTransmitterState: field("messageTransmitterState"), usdcTreasury: field("usdcTreasury") };
}

export interface CircleSuiCctp {
  /** TokenMessengerMinter, original id. */
  tokenMessengerMinter: string;
  /** MessageTransmitter, original id. */
  messageTransmitter: string;
  domain: number;
  objects: SuiCircleObjects;
  /** The same table's Testnet objects: real, well-formed ids of Circle's that are not mainnet's (for the mutation tests). */
  testnetObjects: SuiCircleObjects;
}

let cached: CircleSuiCctp | null = null;

/** Circle's Sui CCTP V1 ids on mainnet, from the fixtures (read once per process). */
export function circleSuiCctp(): CircleSuiCctp {
  if (cached) return cached;
  const objects = fixture("wormhole-sdk-sui-cctp-objects.ts.txt");
  cached = {
    tokenMessengerMinter: moveLockOriginalId(fixture("token_messenger_minter.Move.lock"), "mainnet"),
    messageTransmitter: moveLockOriginalId(fixture("message_transmitter.Move.lock"), "mainnet"),
    domain: deployLocalDomain(fixture("deploy.ts.txt")),
    objects: wormholeSuiCircleObjects(objects, "Mainnet"),
    testnetObjects: wormholeSuiCircleObjects(objects, "Testnet"),
  };
  return cached;
}
