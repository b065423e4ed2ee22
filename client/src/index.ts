// @svc/client: typed calls to the svc yield routing API, exact amount helpers, typed errors and webhook verification.
export { createSvcClient, isIdempotentOperation, type SvcClient, type SvcClientOptions } from "./client.js";
export { type Blocker, type ClientErrorCode, type ErrorCode, isSvcApiError, SvcApiError, unwrap } from "./errors.js";
export { formatMicros, MAX_MICROS, toMicros } from "./money.js";
export { IDEMPOTENT_OPERATIONS } from "./operations.js";
export { type RetryOptions, retryAfterMs, retryingFetch } from "./retry.js";
export type { components, operations, paths } from "./schema.js";
export {
  DEFAULT_TOLERANCE_S,
  EVENT_ID_HEADER,
  SIGNATURE_HEADER,
  type VerifyWebhookOptions,
  type VerifyWebhookResult,
  verifyWebhook,
} from "./webhooks.js";
