// Structured logs (pino). Never log a key, a secret or a request body: the redaction list is a backstop.
// Every line written while a request is served carries its requestId (AsyncLocalStorage + pino's mixin), so a
// domain module logs without passing the id along.
import { AsyncLocalStorage } from "node:async_hooks";
import pino from "pino";

interface RequestScope {
  requestId: string;
}

const holder = globalThis as unknown as { __svcLog?: pino.Logger; __svcRequestScope?: AsyncLocalStorage<RequestScope> };
// One store per process (route files and the production server may load this module twice: see db/client.ts).
holder.__svcRequestScope ??= new AsyncLocalStorage<RequestScope>();
const scope = holder.__svcRequestScope;

/** Runs `fn` as the serving of request `requestId`: every log line written inside it carries the id. */
export function inRequest<T>(requestId: string, fn: () => T): T {
  return scope.run({ requestId }, fn);
}

/** The id of the request being served, or undefined outside one (jobs, start-up). */
export function currentRequestId(): string | undefined {
  return scope.getStore()?.requestId;
}

export function log(): pino.Logger {
  holder.__svcLog ??= pino({
    level: process.env.SVC_LOG_LEVEL || "info",
    base: { svc: "svc" },
    // A fresh object each time: pino merges the line's fields into what mixin returns.
    mixin: () => {
      const s = scope.getStore();
      return s ? { requestId: s.requestId } : {};
    },
    redact: {
      paths: [
        "key",
        "apiKey",
        "hmacKey",
        "secret",
        "privateKey",
        "mnemonic",
        "headers",
        "*.key",
        "*.apiKey",
        "*.hmacKey",
        "*.secret",
        "*.privateKey",
        "*.mnemonic",
        "*.headers",
        "*.authorization",
        '*["x-api-key"]',
      ],
      censor: "[redacted]",
    },
  });
  return holder.__svcLog;
}
