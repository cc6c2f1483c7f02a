import { randomBytes } from 'node:crypto';
import { encodeBase32NoPadding } from '@oslojs/encoding';
import { generateHOTP } from '@oslojs/otp';
import { constantTimeEqual } from '@tend/kernel';

/** RFC 6238 as authenticator apps expect it: 6 digits, 30-second steps, HMAC-SHA1. */
export const TOTP_DIGITS = 6;
export const TOTP_PERIOD = 30;
/** 160 bits (RFC 4226's recommended length): 32 base32 characters. */
export const TOTP_SECRET_BYTES = 20;

export function newTotpSecret(): Uint8Array {
  return new Uint8Array(randomBytes(TOTP_SECRET_BYTES));
}

/**
 * `otpauth://totp/<issuer>:<account>?secret=…&issuer=…&algorithm=SHA1&digits=6&period=30`, the
 * spec's order (secret first); issuer and account URI-encoded as the Key URI Format asks.
 */
export function totpURI(issuer: string, account: string, secret: Uint8Array): string {
  const label = `${encodeURIComponent(issuer)}:${encodeURIComponent(account)}`;
  return `otpauth://totp/${label}?secret=${setupKey(secret)}&issuer=${encodeURIComponent(issuer)}&algorithm=SHA1&digits=${TOTP_DIGITS}&period=${TOTP_PERIOD}`;
}

/** The secret as people type it into an app without a camera (base32, no padding). */
export function setupKey(secret: Uint8Array): string {
  return encodeBase32NoPadding(secret);
}

/** The 30-second step of an instant. */
export function stepAt(now: Date): number {
  return Math.floor(now.getTime() / 1000 / TOTP_PERIOD);
}

export function totpAt(secret: Uint8Array, step: number): string {
  return generateHOTP(secret, BigInt(step), TOTP_DIGITS);
}

/**
 * The step whose code `code` is, among the current and the next one (a clock slightly ahead),
 * or null. Every candidate is compared, in constant time, whatever matched.
 */
export function matchingStep(secret: Uint8Array, code: string, now: Date): number | null {
  const current = stepAt(now);
  let found: number | null = null;
  for (const step of [current, current + 1]) {
    if (constantTimeEqual(totpAt(secret, step), code) && found === null) found = step;
  }
  return found;
}
