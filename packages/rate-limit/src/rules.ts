import { sha256Hex } from '@tend/kernel';

/** A limit: at most `max` requests per `window` seconds. */
export interface RateLimitRule {
  readonly window: number;
  readonly max: number;
}

/**
 * Rules by path pattern: an exact path (`/change-email`) or a prefix ending in `/*` (`/sign-in/*`
 * covers `/sign-in` and everything below it). `false` turns limiting off for those paths.
 */
export type RateLimitRules = Readonly<Record<string, RateLimitRule | false>>;

/** The spec's stricter paths: 3 requests per 10 seconds. */
export const DEFAULT_RATE_LIMIT_RULES: RateLimitRules = Object.freeze({
  '/sign-in/*': { window: 10, max: 3 },
  '/sign-up/*': { window: 10, max: 3 },
  '/change-password': { window: 10, max: 3 },
  '/change-email': { window: 10, max: 3 },
});

/** The rule that applies to a path, with the pattern that chose it (`*` for the default rule). */
export interface ResolvedRule extends RateLimitRule {
  readonly pattern: string;
}

interface CompiledRule {
  readonly pattern: string;
  readonly prefix: string | null;
  readonly exact: string | null;
  readonly rule: RateLimitRule | false;
}

/** Checks a rule and throws on nonsense, so a bad configuration fails at start-up. */
export function validateRule(rule: RateLimitRule, where: string): RateLimitRule {
  if (!(Number.isFinite(rule.window) && rule.window > 0)) throw new RangeError(`${where}: window must be a positive number of seconds`);
  if (!(Number.isInteger(rule.max) && rule.max >= 0)) throw new RangeError(`${where}: max must be a whole number, 0 or more`);
  return { window: rule.window, max: rule.max };
}

/** Picks the rule of a path: an exact pattern first, then the longest matching prefix, then the default. */
export class RuleTable {
  private readonly rules: CompiledRule[];

  constructor(
    private readonly fallback: RateLimitRule,
    rules: RateLimitRules,
  ) {
    validateRule(fallback, 'rate limit');
    this.rules = Object.entries(rules).map(([pattern, rule]) => compile(pattern, rule));
    // Exact patterns first, then longer prefixes before shorter ones.
    this.rules.sort((a, b) => rank(b) - rank(a));
  }

  /** The rule for a normalised path, or null when limiting is off for it. */
  resolve(path: string): ResolvedRule | null {
    for (const { pattern, exact, prefix, rule } of this.rules) {
      const matches = exact !== null ? path === exact : path === prefix || path.startsWith(`${prefix}/`);
      if (matches) return rule === false ? null : { ...rule, pattern };
    }
    return { ...this.fallback, pattern: '*' };
  }
}

function compile(pattern: string, rule: RateLimitRule | false): CompiledRule {
  if (!pattern.startsWith('/')) throw new RangeError(`rate limit rule ${pattern}: a pattern starts with /`);
  const checked = rule === false ? false : validateRule(rule, `rate limit rule ${pattern}`);
  if (pattern.endsWith('/*')) {
    return { pattern, exact: null, prefix: normalizePath(pattern.slice(0, -2) || '/').replace(/\/$/, ''), rule: checked };
  }
  if (pattern.includes('*')) throw new RangeError(`rate limit rule ${pattern}: * is allowed only as a last /* segment`);
  return { pattern, exact: normalizePath(pattern), prefix: null, rule: checked };
}

function rank(rule: CompiledRule): number {
  return rule.exact !== null ? Number.MAX_SAFE_INTEGER : (rule.prefix ?? '').length;
}

const UNRESERVED = /^[A-Za-z0-9\-._~]$/;

/**
 * One spelling per route, so a path cannot dodge its rule: no query or fragment, percent-encoded
 * unreserved characters decoded, lower case (routing is case-insensitive), no repeated or trailing
 * slashes, and `basePath` removed from the front.
 */
export function normalizePath(path: string, basePath = ''): string {
  let result = path.split(/[?#]/, 1)[0] ?? '';
  result = result.replace(/%([0-9a-fA-F]{2})/g, (encoded, hex: string) => {
    const char = String.fromCharCode(parseInt(hex, 16));
    return UNRESERVED.test(char) ? char : encoded.toUpperCase();
  });
  result = `/${result.toLowerCase()}`.replace(/\/{2,}/g, '/');
  if (result.length > 1) result = result.replace(/\/+$/, '');
  const base = basePath === '' ? '' : normalizePath(basePath);
  if (base !== '' && base !== '/' && (result === base || result.startsWith(`${base}/`))) {
    result = result.slice(base.length) || '/';
  }
  return result;
}

/** The counter key of one client on one path; long paths are hashed so keys stay small. */
export function requestKey(address: string, path: string): string {
  return `request|${address}|${path.length > 200 ? `sha256:${sha256Hex(path)}` : path}`;
}
