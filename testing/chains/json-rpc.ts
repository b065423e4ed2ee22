// The JSON-RPC 2.0 envelope of the local chain (./server.ts): the envelope, the error shape and batches; the methods
// are its families' method tables.

export type JsonRpcRequest = Record<string, unknown>;
export type JsonRpcReply = Record<string, unknown>;

/** A method's answer for its params; what it throws is answered as a JSON-RPC error (-32601) with its message. */
export type JsonRpcAnswer = (method: string, params: unknown[]) => unknown;

/** An error reply to `req` (its id kept, null when it had none). */
export function jsonRpcError(req: JsonRpcRequest, code: number, message: string): JsonRpcReply {
  return { jsonrpc: "2.0", id: req.id ?? null, error: { code, message } };
}

/** The reply to `req`: `answer`'s result, or what it threw as a -32601 error. */
export function jsonRpcReply(req: JsonRpcRequest, answer: JsonRpcAnswer): JsonRpcReply {
  const base = { jsonrpc: "2.0", id: req.id ?? null };
  try {
    return { ...base, result: answer(String(req.method), (req.params as unknown[]) ?? []) };
  } catch (e) {
    return { ...base, error: { code: -32601, message: e instanceof Error ? e.message : String(e) } };
  }
}

/** A parsed request body, one request or a batch, answered request by request. */
export function jsonRpcBody(body: unknown, handle: (req: JsonRpcRequest) => JsonRpcReply): JsonRpcReply | JsonRpcReply[] {
  return Array.isArray(body) ? body.map((b) => handle(b as JsonRpcRequest)) : handle(body as JsonRpcRequest);
}

/** As jsonRpcReply, for an answer that may be asynchronous; an error carrying a numeric `code` keeps it. */
export async function jsonRpcReplyAsync(req: JsonRpcRequest, answer: (method: string, params: unknown[]) => Promise<unknown>): Promise<JsonRpcReply> {
  const base = { jsonrpc: "2.0", id: req.id ?? null };
  try {
    return { ...base, result: await answer(String(req.method), (req.params as unknown[]) ?? []) };
  } catch (e) {
    const code = typeof e === "object" && e !== null && typeof (e as { code?: unknown }).code === "number" ? (e as { code: number }).code : -32601;
    const data = typeof e === "object" && e !== null ? (e as { data?: unknown }).data : undefined;
    return { ...base, error: { code, message: e instanceof Error ? e.message : String(e), ...(data === undefined ? {} : { data }) } };
  }
}

/** As jsonRpcBody, for handlers that may be asynchronous. */
export async function jsonRpcBodyAsync(body: unknown, handle: (req: JsonRpcRequest) => Promise<JsonRpcReply>): Promise<JsonRpcReply | JsonRpcReply[]> {
  return Array.isArray(body) ? Promise.all(body.map((b) => handle(b as JsonRpcRequest))) : handle(body as JsonRpcRequest);
}
