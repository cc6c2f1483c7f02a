import type { Request, RequestHandler } from 'express';
import { raise, type ErrorDefinition } from '@tend/kernel';
import { GATEWAY_ERRORS } from './gateway-errors.js';

/** The fields that may send a user's browser somewhere: each must be relative or trusted. */
export const REDIRECT_FIELDS = ['callbackURL', 'redirectTo', 'errorCallbackURL', 'newUserCallbackURL'] as const;

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const PROVIDER_FORM_POST = /^\/callback\/[^/]+\/?$/;
/** The SAML ACS (issue 24): an identity provider's cross-site form post, proven by its signed, single-use response. */
const SAML_ACS_POST = /^\/sso\/saml2\/sp\/acs\/[^/]+\/?$/;

/**
 * Tend's own OAuth endpoints that clients call from anywhere (issue 31): authenticated by the
 * client's secret, its PKCE verifier or a bearer access token, never by cookies, so no origin can forge them.
 */
const OAUTH_CLIENT_POST = /^\/oauth2\/(token|introspect|revoke|register|userinfo)\/?$/;

/** The identity providers' cross-site browser posts and OAuth clients' calls (path under the base path): never refused for their origin. */
export const isCrossSitePost = (path: string) => PROVIDER_FORM_POST.test(path) || SAML_ACS_POST.test(path) || OAUTH_CLIENT_POST.test(path);

/**
 * Which origins are trusted: the base URL's (configured, or the request's own when none is
 * configured) and the configured list.
 */
export class TrustedOrigins {
  private readonly fixed: Set<string>;

  constructor(
    private readonly baseURL: string | null,
    origins: readonly string[],
  ) {
    this.fixed = new Set(origins);
    if (baseURL) this.fixed.add(new URL(baseURL).origin);
  }

  /** The base URL: configured, or derived from the request. */
  baseURLOf(req: Request): string {
    return this.baseURL ?? `${req.protocol}://${req.get('host') ?? 'localhost'}`;
  }

  isTrusted(origin: string, req: Request): boolean {
    return this.fixed.has(origin) || (!this.baseURL && origin === new URL(this.baseURLOf(req)).origin);
  }

  /** A relative path ("/x", not "//x" or "/\x") or an absolute URL on a trusted origin. */
  isSafeRedirect(target: string, req: Request): boolean {
    // Control characters and backslashes let browsers read a path as another host.
    // eslint-disable-next-line no-control-regex
    if (/[\u0000-\u001f\\]/.test(target)) return false;
    if (target.startsWith('/')) return !target.startsWith('//');
    if (!URL.canParse(target)) return false;
    const url = new URL(target);
    return (url.protocol === 'https:' || url.protocol === 'http:') && this.isTrusted(url.origin, req);
  }
}

function originOf(req: Request): string | null {
  const origin = req.get('origin');
  if (origin && origin !== 'null') return origin;
  const referer = req.get('referer');
  return referer && URL.canParse(referer) ? new URL(referer).origin : null;
}

/**
 * Cross-site request forgery, login CSRF included: a state-changing request whose Origin (or,
 * without one, Referer) is not trusted is refused, cookies or not, and so is one a browser marks
 * `Sec-Fetch-Site: cross-site` without a trusted Origin. A request carrying cookies must name
 * its origin. Clients that send none of these headers and no cookies (API clients) pass.
 */
export function originCheck(origins: TrustedOrigins): RequestHandler {
  return (req, _res, next) => {
    if (SAFE_METHODS.has(req.method)) return next();
    // Apple returns the browser with a form POST from its own origin. That route changes nothing:
    // it only redirects to the GET callback, which the browser-bound state protects.
    if (isCrossSitePost(req.path)) return next();
    const origin = originOf(req);
    const trusted = origin !== null && origins.isTrusted(origin, req);
    if (origin !== null && !trusted) throw raise(GATEWAY_ERRORS.INVALID_ORIGIN);
    if (!trusted && req.get('sec-fetch-site') === 'cross-site') throw raise(GATEWAY_ERRORS.INVALID_ORIGIN);
    if (!trusted && req.headers.cookie) throw raise(GATEWAY_ERRORS.INVALID_ORIGIN);
    next();
  };
}

/** The gateway's refusal of each unsafe redirect field (routes may name their own: `redirectErrors`). */
export const INVALID_REDIRECT_FIELD = {
  callbackURL: GATEWAY_ERRORS.INVALID_CALLBACKURL,
  redirectTo: GATEWAY_ERRORS.INVALID_REDIRECTTO,
  errorCallbackURL: GATEWAY_ERRORS.INVALID_ERRORCALLBACKURL,
  newUserCallbackURL: GATEWAY_ERRORS.INVALID_NEWUSERCALLBACKURL,
} as const satisfies Record<RedirectField, unknown>;

export type RedirectField = (typeof REDIRECT_FIELDS)[number];

/** The refusals a route answers instead of the gateway's, by field, keyed `METHOD /path` (lowercase path). */
export type RedirectErrors = ReadonlyMap<string, Partial<Record<RedirectField, ErrorDefinition>>>;

/** The key of a request in `RedirectErrors`: HEAD is its GET route, the path as the route table matches it. */
export function redirectErrorsKey(method: string, path: string): string {
  const lower = path.toLowerCase();
  return `${method === 'HEAD' ? 'GET' : method.toUpperCase()} ${lower.length > 1 && lower.endsWith('/') ? lower.slice(0, -1) : lower}`;
}

/** Every redirect field of body and query must be safe: 403 `Invalid {field}` otherwise (under the route's own code, if it declares one). */
export function redirectCheck(origins: TrustedOrigins, routeErrors: RedirectErrors = new Map()): RequestHandler {
  return (req, _res, next) => {
    const body = (typeof req.body === 'object' && req.body) || null;
    // Express 5 parses the query string again on every read of `req.query`: read it once, and not
    // at all for a URL without one (most GET requests) unless a body must be checked.
    const query = req.originalUrl.includes('?') ? (req.query as Record<string, unknown>) : null;
    if (!body && !query) return next();
    for (const field of REDIRECT_FIELDS) {
      for (const value of [body?.[field], query?.[field]]) {
        if (value === undefined || value === null || value === '') continue;
        if (typeof value !== 'string' || !origins.isSafeRedirect(value, req)) {
          throw raise(routeErrors.get(redirectErrorsKey(req.method, req.path))?.[field] ?? INVALID_REDIRECT_FIELD[field]);
        }
      }
    }
    next();
  };
}
