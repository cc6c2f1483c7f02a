export type { RateLimitStore, RateLimitHit, RateLimitAdmission } from './rate-limit-store.port.js';
export { RATE_LIMIT_ERRORS } from './error-codes.js';
export {
  retryAfterHeaders,
  tooManyRequests,
  TooManyRequestsError,
  RETRY_AFTER_HEADER,
  X_RETRY_AFTER_HEADER,
  UNLIMITED,
  type RateLimitDecision,
} from './decision.js';
export {
  DEFAULT_RATE_LIMIT_RULES,
  normalizePath,
  type RateLimitRule,
  type RateLimitRules,
  type ResolvedRule,
} from './rules.js';
export {
  RateLimiter,
  DEFAULT_RATE_LIMIT_WINDOW,
  DEFAULT_RATE_LIMIT_MAX,
  type RateLimitConfig,
  type RateLimitRequest,
} from './rate-limiter.js';
export {
  FailedSignInThrottle,
  DEFAULT_FAILED_SIGN_IN_MAX,
  DEFAULT_FAILED_SIGN_IN_WINDOW,
  type FailedSignInThrottleConfig,
} from './failed-sign-in-throttle.js';
export {
  resolveClientIp,
  compileTrustedProxies,
  normalizeIp,
  rateLimitAddress,
  type ClientIpInput,
  type ProxyTrust,
  type TrustedProxies,
} from './client-ip.js';
export { FallbackRateLimitStore, type FallbackRateLimitStoreOptions } from './fallback-rate-limit-store.js';
export { MemoryRateLimitStore, type MemoryRateLimitStoreOptions } from './adapters/memory/index.js';
