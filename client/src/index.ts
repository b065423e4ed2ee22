// @svc/client: typed calls to the svc yield routing API, exact amount helpers, typed errors and webhook verification.
export { createSvcClient, isIdempotentOperation, randomKey, type SvcClient, type SvcClientOptions } from "./client.ts";
export { type Blocker, type ClientErrorCode, type ErrorCode, isSvcApiError, SvcApiError, unwrap } from "./errors.ts";
export { formatMicros, MAX_MICROS, toMicros } from "./money.ts";
export { IDEMPOTENT_OPERATIONS } from "./operations.ts";
export { type RetryOptions, retryAfterMs, retryingFetch } from "./retry.ts";
export type { components, operations, paths } from "./schema.ts";
export {
  DEFAULT_TOLERANCE_S,
  EVENT_ID_HEADER,
  SIGNATURE_HEADER,
  type VerifyWebhookOptions,
  type VerifyWebhookResult,
  verifyWebhook,
} from "./webhooks.ts";
