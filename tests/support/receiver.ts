// A real webhook receiver on 127.0.0.1 (port 0): records every request with its raw body and answers
// with the status the test chooses.
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export interface Received {
  at: number;
  path: string;
  headers: IncomingHttpHeaders;
  rawBody: string;
  eventId: string;
  signature: string;
}

export interface Receiver {
  url: string;
  received: Received[];
  /** Decides the answer to each request (default 200). */
  respond: (r: Received) => number | { status: number; headers?: Record<string, string>; delayMs?: number };
  /** Resolves when `pred` holds over everything received (polls; rejects after timeoutMs). */
  waitFor: (pred: (all: Received[]) => boolean, timeoutMs?: number) => Promise<void>;
  close: () => Promise<void>;
}

export async function startReceiver(): Promise<Receiver> {
  const received: Received[] = [];
  const rx: Receiver = {
    url: "",
    received,
    respond: () => 200,
    waitFor: async (pred, timeoutMs = 30_000) => {
      const deadline = Date.now() + timeoutMs;
      while (!pred(received)) {
        if (Date.now() > deadline) throw new Error(`receiver: condition not met after ${timeoutMs} ms (${received.length} received)`);
        await new Promise((r) => setTimeout(r, 25));
      }
    },
    close: async () => {},
  };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const r: Received = {
        at: Date.now(),
        path: req.url ?? "/",
        headers: req.headers,
        rawBody: Buffer.concat(chunks).toString("utf8"),
        eventId: String(req.headers["x-svc-event-id"] ?? ""),
        signature: String(req.headers["x-svc-signature"] ?? ""),
      };
      received.push(r);
      const a = rx.respond(r);
      const { status, headers, delayMs } = typeof a === "number" ? { status: a, headers: undefined, delayMs: 0 } : a;
      const send = () => {
        res.writeHead(status, { "content-type": "text/plain", ...(headers ?? {}) });
        res.end("ok");
      };
      if (delayMs) setTimeout(send, delayMs);
      else send();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  rx.url = `http://127.0.0.1:${port}/hook`;
  rx.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return rx;
}
