// gRPC-web over HTTP/1.1, the protocol SuiGrpcClient speaks (@protobuf-ts/grpcweb-transport; its default "text" format,
// application/grpc-web-text, is the frames base64-encoded; "binary" is application/grpc-web+proto): a POST to
// /<package.Service>/<Method> whose body is one frame (flag 0x00, u32 big-endian length, protobuf message), answered
// with a data frame and a trailer frame (flag 0x80) holding `grpc-status` and `grpc-message`. Messages are decoded and
// encoded with the protobuf types @mysten/sui ships (`GrpcTypes`), so a field the real node would not accept fails here.
import type { IncomingMessage, ServerResponse } from "node:http";
import { GrpcTypes } from "@mysten/sui/grpc";
import type { IMessageType, JsonValue } from "@protobuf-ts/runtime";

/** gRPC status codes used here (google.rpc.Code). */
export const Code = { OK: 0, INVALID_ARGUMENT: 3, NOT_FOUND: 5, FAILED_PRECONDITION: 9, UNIMPLEMENTED: 12, UNAVAILABLE: 14 } as const;

export class GrpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

/** A method's handler: the request as protobuf JSON in, the response as protobuf JSON out. */
export type Handler = (request: Record<string, unknown>) => unknown;

interface MethodInfo {
  name: string;
  I: IMessageType<object>;
  O: IMessageType<object>;
}

const SERVICES: { typeName: string; methods: readonly MethodInfo[] }[] = [
  GrpcTypes.LedgerService,
  GrpcTypes.StateService,
  GrpcTypes.TransactionExecutionService,
  GrpcTypes.MovePackageService,
] as unknown as { typeName: string; methods: readonly MethodInfo[] }[];

function method(path: string): { key: string; info: MethodInfo } | null {
  const m = /^\/([A-Za-z0-9_.]+)\/([A-Za-z0-9_]+)$/.exec(path);
  if (!m) return null;
  const service = SERVICES.find((s) => s.typeName === m[1]);
  const info = service?.methods.find((x) => x.name === m[2]);
  return info ? { key: m[2] ?? "", info } : null;
}

function frame(flag: number, payload: Uint8Array): Buffer {
  const head = Buffer.alloc(5);
  head.writeUInt8(flag, 0);
  head.writeUInt32BE(payload.length, 1);
  return Buffer.concat([head, Buffer.from(payload)]);
}

const trailer = (code: number, message: string) => frame(0x80, Buffer.from(`grpc-status:${code}\r\ngrpc-message:${encodeURIComponent(message)}\r\n`));

/** Whether `req` is a gRPC-web call (so one HTTP server can also answer JSON-RPC for the other chains). */
export function isGrpcWeb(req: IncomingMessage): boolean {
  return req.method === "POST" && String(req.headers["content-type"] ?? "").startsWith("application/grpc-web");
}

/**
 * Answers one gRPC-web call with `handlers[MethodName]`; `onCall` sees the method name first and may throw a GrpcError
 * (a failing or unreachable node).
 */
export async function serveGrpcWeb(req: IncomingMessage, res: ServerResponse, handlers: Record<string, Handler>, onCall: (name: string) => void): Promise<void> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  const text = String(req.headers["content-type"] ?? "").startsWith("application/grpc-web-text");
  const raw = Buffer.concat(chunks);
  const body = text ? Buffer.from(raw.toString("latin1"), "base64") : raw;
  const headers = {
    "content-type": text ? "application/grpc-web-text" : "application/grpc-web+proto",
    "access-control-allow-origin": "*",
    "access-control-expose-headers": "grpc-status,grpc-message",
  };
  const send = (frames: Buffer) => res.writeHead(200, headers).end(text ? frames.toString("base64") : frames);
  const m = method(req.url ?? "");
  const handler = m ? handlers[m.key] : undefined;
  try {
    if (!m || !handler) throw new GrpcError(Code.UNIMPLEMENTED, `unknown method ${req.url}`);
    onCall(m.key);
    if (body.length < 5 || body.readUInt8(0) !== 0) throw new GrpcError(Code.INVALID_ARGUMENT, "expected one gRPC-web data frame");
    const len = body.readUInt32BE(1);
    const input = m.info.I.fromBinary(body.subarray(5, 5 + len));
    const out = await handler(m.info.I.toJson(input) as Record<string, unknown>);
    const bytes = m.info.O.toBinary(m.info.O.fromJson(out as JsonValue));
    send(Buffer.concat([frame(0, bytes), trailer(Code.OK, "")]));
  } catch (e) {
    const code = e instanceof GrpcError ? e.code : 13;
    send(trailer(code, e instanceof Error ? e.message : String(e)));
  }
}
