// A local Circle attestation service (Iris API, CCTP v1 format): GET /v1/messages/{sourceDomain}/{txHash} →
// 200 { messages: [{ attestation, message, eventNonce }] } (attestation "PENDING" until attested), 404
// { error: "Message hash not found" } for an unknown burn. `failing` answers 503.
import { createServer, type Server } from "node:http";

export interface IrisEntry {
  message: string;
  attestation: string;
  eventNonce: string;
}

export interface FakeIris {
  url: string;
  /** Entries by `${sourceDomain}/${txHash lower-case}`. */
  messages: Map<string, IrisEntry[]>;
  failing: { on: boolean };
  requests: string[];
  close: () => Promise<void>;
}

export async function startFakeIris(): Promise<FakeIris> {
  const messages = new Map<string, IrisEntry[]>();
  const failing = { on: false };
  const requests: string[] = [];
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://x");
    requests.push(url.pathname);
    const send = (status: number, body: unknown) => res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
    if (failing.on) return send(503, { error: "Service Unavailable" });
    const m = /^\/v1\/messages\/(\d+)\/(0x[0-9a-fA-F]{64})$/.exec(url.pathname);
    if (!m) return send(400, { error: "Invalid request" });
    const list = messages.get(`${m[1]}/${(m[2] as string).toLowerCase()}`);
    if (!list) return send(404, { error: "Message hash not found" });
    return send(200, { messages: list });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const addr = server.address();
  const port = typeof addr === "object" && addr ? addr.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    messages,
    failing,
    requests,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
