import { constantTimeEqual, hmacSha256, raise, type Clock } from '@tend/kernel';
import { OAUTH_PROVIDER_ERRORS } from '../error-codes.js';

/** The parameters of an authorization request, carried through sign-in and consent. */
export type OAuthQueryParameters = Record<string, string>;

/** Separates this HMAC from every other use of the app secret. */
const DOMAIN = 'tend.oauth_query.v1\n';
const RESERVED = ['exp', 'sig'] as const;

export interface OAuthQueryOptions {
  /** The app secret (AUTH_SECRET). */
  secret: string;
  clock: Clock;
}

/**
 * The canonical form signed: the parameters sorted by name (then value), each
 * `encodeURIComponent(name)=encodeURIComponent(value)`, joined by `&`. Independent of the order
 * and the percent-encoding the browser sends them back with.
 */
export function canonicalQuery(parameters: Iterable<[string, string]>): string {
  return [...parameters]
    .map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`)
    .sort()
    .join('&');
}

/**
 * The authorization parameters signed for the sign-in and consent pages: the same parameters
 * plus `exp` (seconds since the epoch) and `sig` (HMAC-SHA-256 of the canonical form, base64url).
 */
export function signOAuthQuery(parameters: OAuthQueryParameters, options: OAuthQueryOptions & { ttlSeconds: number }): string {
  for (const name of RESERVED) if (name in parameters) throw new Error(`The authorization parameters may not name ${name}`);
  if (!(options.ttlSeconds > 0)) throw new Error('ttlSeconds must be positive');
  const exp = Math.floor(options.clock.now().getTime() / 1000) + Math.floor(options.ttlSeconds);
  const entries: Array<[string, string]> = [...Object.entries(parameters), ['exp', String(exp)]];
  const search = new URLSearchParams(entries);
  search.append('sig', signature(options.secret, canonicalQuery(entries)));
  return search.toString();
}

/**
 * The parameters of a signed query (without `exp` and `sig`). Missing or malformed → `INVALID_REQUEST`;
 * a signature that does not match → `INVALID_SIGNATURE`; past `exp` → `OAUTH_QUERY_EXPIRED`.
 */
export function verifyOAuthQuery(query: string | URLSearchParams | null | undefined, options: OAuthQueryOptions): OAuthQueryParameters {
  if (query === null || query === undefined || query === '') throw raise(OAUTH_PROVIDER_ERRORS.INVALID_REQUEST);
  const search = typeof query === 'string' ? new URLSearchParams(query.startsWith('?') ? query.slice(1) : query) : query;
  const sigs = search.getAll('sig');
  const exps = search.getAll('exp');
  if (sigs.length !== 1 || exps.length !== 1) throw raise(sigs.length === 0 && exps.length === 0 ? OAUTH_PROVIDER_ERRORS.INVALID_REQUEST : OAUTH_PROVIDER_ERRORS.INVALID_SIGNATURE);
  const signed = [...search.entries()].filter(([name]) => name !== 'sig');
  if (!constantTimeEqual(sigs[0]!, signature(options.secret, canonicalQuery(signed)))) throw raise(OAUTH_PROVIDER_ERRORS.INVALID_SIGNATURE);
  const exp = exps[0]!;
  if (!/^\d{1,12}$/.test(exp)) throw raise(OAUTH_PROVIDER_ERRORS.INVALID_SIGNATURE);
  if (Number(exp) * 1000 <= options.clock.now().getTime()) throw raise(OAUTH_PROVIDER_ERRORS.OAUTH_QUERY_EXPIRED);
  const parameters: OAuthQueryParameters = {};
  for (const [name, value] of signed) {
    if (name === 'exp') continue;
    if (Object.hasOwn(parameters, name)) throw raise(OAUTH_PROVIDER_ERRORS.INVALID_REQUEST);
    parameters[name] = value;
  }
  return parameters;
}

function signature(secret: string, canonical: string): string {
  return hmacSha256(secret, DOMAIN + canonical);
}
