import { createHash } from 'node:crypto';
import { constantTimeEqual } from '@tend/kernel';

/** RFC 7636 §4.1: 43 to 128 characters of [A-Z] [a-z] [0-9] "-" "." "_" "~". */
const VERIFIER = /^[A-Za-z0-9\-._~]{43,128}$/;
/** An S256 challenge: the base64url (no padding) of a SHA-256 digest, 43 characters. */
const S256_CHALLENGE = /^[A-Za-z0-9_-]{43}$/;

/** The one challenge method Tend accepts (OAuth 2.1: `plain` is refused). */
export const PKCE_METHODS = ['S256'] as const;
export type PkceMethod = (typeof PKCE_METHODS)[number];

export function isValidCodeVerifier(verifier: string): boolean {
  return VERIFIER.test(verifier);
}

/** Whether an authorization request's challenge is acceptable: S256 only, well formed. */
export function isValidCodeChallenge(challenge: string, method: string | undefined): method is PkceMethod {
  return method === 'S256' && S256_CHALLENGE.test(challenge);
}

/** The S256 challenge of a verifier: BASE64URL(SHA256(ASCII(verifier))). */
export function s256Challenge(verifier: string): string {
  return createHash('sha256').update(verifier, 'ascii').digest('base64url');
}

/** Whether `verifier` answers `challenge` (S256 only; the digests compared in constant time). */
export function verifyCodeVerifier(input: { verifier: string; challenge: string; method: string }): boolean {
  if (input.method !== 'S256' || !isValidCodeVerifier(input.verifier)) return false;
  return constantTimeEqual(s256Challenge(input.verifier), input.challenge);
}
