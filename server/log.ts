// Structured logs (pino). Never log a key, a secret or a request body: the redaction list is a backstop.
import pino from "pino";

const holder = globalThis as unknown as { __svcLog?: pino.Logger };

export function log(): pino.Logger {
  holder.__svcLog ??= pino({
    level: process.env.SVC_LOG_LEVEL || "info",
    base: { svc: "svc" },
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
