/** Where the rate-limit package reports what an operator should know (the gateway's logger). */
export interface RateLimitLogger {
  info(message: string, context?: Record<string, unknown>): void;
  warn(message: string, context?: Record<string, unknown>): void;
  error(message: string, context?: Record<string, unknown>): void;
}

/** A logger that drops everything; for callers that do not care. */
export const silentLogger: RateLimitLogger = { info: () => undefined, warn: () => undefined, error: () => undefined };
