import { createHmac, createHash, createSecretKey, timingSafeEqual, type KeyObject } from 'node:crypto';
import { alphabet, generateRandomString } from 'oslo/crypto';

const ALPHANUMERIC = alphabet('a-z', 'A-Z', '0-9');
const DIGITS_AND_LOWERCASE = alphabet('a-z', '0-9');

/** The one token generator: `length` characters from a CSPRNG, letters and digits. */
export function randomToken(length: number): string {
  return generateRandomString(length, ALPHANUMERIC);
}

/** Random characters from digits and lowercase letters (the delete-account token). */
export function randomLowercaseToken(length: number): string {
  return generateRandomString(length, DIGITS_AND_LOWERCASE);
}

/** Compares two strings in time that depends only on their length. */
export function constantTimeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  if (left.length !== right.length) {
    // Still compare, so a length mismatch costs the same as a content mismatch.
    timingSafeEqual(left, left);
    return false;
  }
  return timingSafeEqual(left, right);
}

// The key objects of the few secrets a process signs with, made once: every session check
// verifies one or two signatures, and importing the key is a good part of an HMAC's cost.
const keys = new Map<string, KeyObject>();

function keyOf(secret: string): KeyObject {
  let key = keys.get(secret);
  if (!key) {
    if (keys.size >= 16) keys.clear(); // tests make many secrets; a process uses one or two
    key = createSecretKey(Buffer.from(secret, 'utf8'));
    keys.set(secret, key);
  }
  return key;
}

/** Base64url HMAC-SHA-256 of `value` under `secret`. */
export function hmacSha256(secret: string, value: string): string {
  return createHmac('sha256', keyOf(secret)).update(value).digest('base64url');
}

export function sha256Hex(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/**
 * Signs `value` as `value.signature`; the signature is an HMAC-SHA-256 under `secret`.
 * The one cookie-signing scheme: session cookies and the cookie cache use it.
 */
export function signValue(secret: string, value: string): string {
  return `${value}.${hmacSha256(secret, value)}`;
}

/** The value of a `signValue` result, or null when the signature does not match. */
export function unsignValue(secret: string, signed: string): string | null {
  const dot = signed.lastIndexOf('.');
  if (dot <= 0) return null;
  const value = signed.slice(0, dot);
  return constantTimeEqual(signed.slice(dot + 1), hmacSha256(secret, value)) ? value : null;
}
