// A local Circle attestation service (Iris API):
//  CCTP V1: GET /v1/messages/{sourceDomain}/{txHash} → 200 { messages: [{ attestation, message, eventNonce }] }
//           (attestation "PENDING" until attested), 404 { error: "Message hash not found" } for an unknown burn; the
//           transaction is the source chain's own id: an EVM hash, a Solana signature or a Sui digest (base58);
//  CCTP V2: GET /v2/messages/{sourceDomain}?transactionHash= → 200 { messages: [{ message, eventNonce, attestation,
//           decodedMessage, cctpVersion: 2, status: "complete" | "pending_confirmations" }] } (@circle-fin/provider-cctp-v2
//           1.14.0 `isValidAttestationMessage`), 404 for an unknown burn; a request without transactionHash is 400;
//  fees:    GET /v2/burn/USDC/fees/{src}/{dst} → [{ finalityThreshold, minimumFee }] (minimumFee in bps).
// `failing` answers 503 to everything; `feesFailing` only to the fee API.
import { createServer, type Server } from "node:http";

export interface IrisEntry {
  message: string;
  attestation: string;
  eventNonce: string;
}

export interface IrisV2Entry {
  message: string;
  attestation: string;
  eventNonce: string;
  status: "complete" | "pending_confirmations";
}

export interface FakeIris {
  url: string;
  /** V2 entries by `${sourceDomain}/${txHash}` (EVM hashes lower-case, Solana signatures as they are). */
  v2: Map<string, IrisV2Entry[]>;
  /** Fee tiers answered for every route (Circle's published shape: fast costs bps, standard 0). */
  fees: { finalityThreshold: number; minimumFee: number | string }[];
  feesFailing: { on: boolean };
  /** Entries by `${sourceDomain}/${txId}` (EVM hashes lower-case, Solana signatures and Sui digests as they are). */
  messages: Map<string, IrisEntry[]>;
  failing: { on: boolean };
  requests: string[];
  close: () => Promise<void>;
}

export async function startFakeIris(): Promise<FakeIris> {
  const messages = new Map<string, IrisEntry[]>();
  const v2 = new Map<string, IrisV2Entry[]>();
  const fees: FakeIris["fees"] = [
    { finalityThreshold: 1000, minimumFee: 1.3 },
    { finalityThreshold: 2000, minimumFee: 0 },
  ];
  const feesFailing = { on: false };
  const failing = { on: false };
  const requests: string[] = [];
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://x");
    requests.push(url.pathname);
    const send = (status: number, body: unknown) => res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
    if (failing.on) return send(503, { error: "Service Unavailable" });
    const fee = /^\/v2\/burn\/USDC\/fees\/(\d+)\/(\d+)$/.exec(url.pathname);
    if (fee) return feesFailing.on ? send(503, { error: "Service Unavailable" }) : send(200, fees);
    const v2m = /^\/v2\/messages\/(\d+)$/.exec(url.pathname);
    if (v2m) {
      const tx = url.searchParams.get("transactionHash");
      // an EVM hash (hex, any case) or a Solana signature (base58, case-sensitive)
      const evm = tx !== null && /^0x[0-9a-fA-F]{64}$/.test(tx);
      if (!tx || (!evm && !/^[1-9A-HJ-NP-Za-km-z]{64,88}$/.test(tx))) return send(400, { error: "transactionHash is required" });
      const list = v2.get(`${v2m[1]}/${evm ? tx.toLowerCase() : tx}`);
      if (!list) return send(404, { error: "Message hash not found" });
      return send(200, { messages: list.map((e) => ({ ...e, decodedMessage: null, cctpVersion: 2, delayReason: null })) });
    }
    const m = /^\/v1\/messages\/(\d+)\/(0x[0-9a-fA-F]{64}|[1-9A-HJ-NP-Za-km-z]{43,88})$/.exec(url.pathname);
    if (!m) return send(400, { error: "Invalid request" });
    const id = m[2] as string;
    const list = messages.get(`${m[1]}/${id.startsWith("0x") ? id.toLowerCase() : id}`);
    if (!list) return send(404, { error: "Message hash not found" });
    return send(200, { messages: list });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const addr = server.address();
  const port = typeof addr === "object" && addr ? addr.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    messages,
    v2,
    fees,
    feesFailing,
    failing,
    requests,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
