import type * as Jose from 'jose';
import type { JWTPayload } from 'jose';
import { raise, type Clock } from '@tend/kernel';
import { PROVIDER_ERRORS } from '../error-codes.js';
import type { RemoteKeySet } from './remote-key-set.js';

let library: Promise<typeof Jose> | undefined;
/** jose loads with the first id token to verify, not at start. */
function jose(): Promise<typeof Jose> {
  library ??= import('jose');
  return library;
}

/** The clock skew allowed between a provider and this server on `iat`, `exp` and `nbf`. */
export const CLOCK_TOLERANCE_SECONDS = 30;

/** Signature algorithms accepted on id tokens (never `none`, never HMAC with a public secret). */
const ALGORITHMS = ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'ES256', 'ES384', 'ES512', 'EdDSA'];

export interface IdTokenExpectations {
  keys: RemoteKeySet;
  /** Expected `iss`; null skips the check (Microsoft's multi-tenant endpoints issue per tenant). */
  issuer: string | string[] | null;
  /** Expected `aud`: the client id (or the accepted ones). */
  audience: string | string[];
  nonce?: string;
  /** How old `iat` may be (Apple: one hour). */
  maxAge?: string;
  clock: Clock;
  /** How a `nonce` claim matches the expected nonce (Apple also accepts its SHA-256). */
  nonceMatches?: (claim: unknown, nonce: string) => boolean;
}

/**
 * The claims of a valid id token, or null when it is not one (bad signature, wrong issuer or
 * audience, expired, too old, nonce mismatch, malformed). Key-set failures are errors
 * ('Keys not found', 'JWK with kid {kid} not found'), not a verdict on the token.
 */
export async function verifyIdTokenSignature(token: string, expected: IdTokenExpectations): Promise<JWTPayload | null> {
  let header: { kid?: string; alg?: string };
  try {
    header = (await jose()).decodeProtectedHeader(token);
  } catch {
    return null;
  }
  if (!header.kid || !header.alg || !ALGORITHMS.includes(header.alg)) return null;
  const key = await expected.keys.key(header);
  let payload: JWTPayload;
  try {
    ({ payload } = await (await jose()).jwtVerify(token, key, {
      algorithms: [header.alg],
      ...(expected.issuer ? { issuer: expected.issuer } : {}),
      audience: expected.audience,
      currentDate: expected.clock.now(),
      requiredClaims: ['exp', 'iat', 'sub'],
      // Clocks differ between the provider and this server: an `iat` a few seconds ahead of ours
      // (or an `exp` just behind) is the same token, not a forgery.
      clockTolerance: CLOCK_TOLERANCE_SECONDS,
      ...(expected.maxAge ? { maxTokenAge: expected.maxAge } : {}),
    }));
  } catch {
    return null;
  }
  if (expected.nonce !== undefined) {
    const matches = expected.nonceMatches ?? ((claim: unknown, nonce: string) => claim === nonce);
    if (!matches(payload.nonce, expected.nonce)) return null;
  }
  return payload;
}

/**
 * The claims of an id token received straight from a provider's token endpoint over TLS, where
 * the channel vouches for it (OpenID Connect Core 3.1.3.7). Malformed tokens are AuthErrors.
 */
export function decodeIdToken(token: string): Record<string, unknown> {
  if (token.split('.').length !== 3) throw raise(PROVIDER_ERRORS.INVALID_JWT);
  // As jose's decodeJwt reads it (without loading jose): a base64url payload holding a JSON
  // object, decoded as atob does (ASCII whitespace ignored, padding optional but only at the end).
  const payload = token.split('.')[1]!;
  let base64 = payload.replace(/[\t\n\f\r ]/g, '');
  if (base64.length % 4 === 0) base64 = base64.replace(/={1,2}$/, '');
  if (!payload || base64.length % 4 === 1 || !/^[A-Za-z0-9_-]*$/.test(base64)) throw raise(PROVIDER_ERRORS.INVALID_JWT);
  let claims: unknown;
  try {
    claims = JSON.parse(Buffer.from(base64, 'base64url').toString('utf8'));
  } catch {
    throw raise(PROVIDER_ERRORS.INVALID_JWT);
  }
  if (!claims || typeof claims !== 'object' || Array.isArray(claims)) throw raise(PROVIDER_ERRORS.INVALID_JWT);
  return claims as Record<string, unknown>;
}
