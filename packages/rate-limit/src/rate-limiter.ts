import type { Clock } from '@tend/kernel';
import { rateLimitAddress } from './client-ip.js';
import { decide, UNLIMITED, type RateLimitDecision } from './decision.js';
import type { RateLimitStore } from './rate-limit-store.port.js';
import { DEFAULT_RATE_LIMIT_RULES, normalizePath, requestKey, RuleTable, type RateLimitRules, type ResolvedRule } from './rules.js';

export interface RateLimitConfig {
  /** Whether requests are limited at all (the gateway turns it on in production). */
  readonly enabled: boolean;
  /** Seconds of the default window; default 10. */
  readonly window?: number;
  /** Requests per default window; default 100. */
  readonly max?: number;
  /** Rules by path pattern, merged over `DEFAULT_RATE_LIMIT_RULES` (same pattern: this one wins). */
  readonly rules?: RateLimitRules;
  /** Removed from the front of request paths before matching (for example `/api/auth`). */
  readonly basePath?: string;
  /** IPv6 clients count per network of this many bits; default 64, 128 for single addresses. */
  readonly ipv6PrefixLength?: number;
}

export const DEFAULT_RATE_LIMIT_WINDOW = 10;
export const DEFAULT_RATE_LIMIT_MAX = 100;

/** One request, as the limiter sees it. */
export interface RateLimitRequest {
  /** The client address from `resolveClientIp`; null (unknown) is never limited rather than pooled. */
  readonly ip: string | null;
  /** The request path (query string allowed, it is dropped). */
  readonly path: string;
}

/**
 * The per-client limit: one fixed-window counter per client address and path. Refused requests
 * answer 429 TOO_MANY_REQUESTS with the decision's retry-after (`tooManyRequests`, `retryAfterHeaders`).
 * Share one store (Redis, the database) between gateway instances to share the limit.
 */
export class RateLimiter {
  private readonly table: RuleTable;
  private readonly basePath: string;
  private readonly ipv6PrefixLength: number;

  constructor(
    private readonly config: RateLimitConfig,
    private readonly store: RateLimitStore,
    private readonly clock: Clock,
  ) {
    const fallback = { window: config.window ?? DEFAULT_RATE_LIMIT_WINDOW, max: config.max ?? DEFAULT_RATE_LIMIT_MAX };
    this.table = new RuleTable(fallback, { ...DEFAULT_RATE_LIMIT_RULES, ...config.rules });
    this.basePath = config.basePath ?? '';
    this.ipv6PrefixLength = config.ipv6PrefixLength ?? 64;
  }

  get enabled(): boolean {
    return this.config.enabled;
  }

  /** The rule a path falls under, or null when it is not limited. */
  ruleFor(path: string): ResolvedRule | null {
    return this.table.resolve(normalizePath(path, this.basePath));
  }

  /** Counts the request and says whether it may go on. */
  async check(request: RateLimitRequest): Promise<RateLimitDecision> {
    if (!this.config.enabled || request.ip === null) return UNLIMITED;
    const path = normalizePath(request.path, this.basePath);
    const rule = this.table.resolve(path);
    if (rule === null) return UNLIMITED;
    const nowMs = this.clock.now().getTime();
    const key = requestKey(rateLimitAddress(request.ip, this.ipv6PrefixLength), path);
    const { count, resetAtMs } = await this.store.hit(key, rule.window * 1000, nowMs);
    return decide(count, rule.max, resetAtMs, nowMs);
  }
}
