import { createHash } from 'node:crypto';
import { randomToken } from '@tend/kernel';
import type { ApiKeyConfig } from './config.js';

/**
 * A new key: the prefix, then `keyLength` CSPRNG letters and digits (64 by default, about
 * 381 bits), so the key cannot be guessed and a fast hash is enough to store it.
 */
export function generateApiKey(prefix: string | null, config: Pick<ApiKeyConfig, 'keyLength'>): string {
  return `${prefix ?? ''}${randomToken(config.keyLength)}`;
}

/**
 * What is stored for a key: SHA-256, base64url without padding (better-auth's format, so
 * its keys carry over). Keys are high-entropy random, so no salt or slow hash is needed,
 * and lookup by this hash is one indexed query on the unique `key` column. No constant-time
 * comparison is needed either: the database compares hashes, and learning how much of a
 * hash matched tells nothing about a key.
 */
export function hashApiKey(key: string): string {
  return createHash('sha256').update(key).digest('base64url');
}

/** The characters stored as `start`, or null when starts are not stored. */
export function startOf(key: string, config: Pick<ApiKeyConfig, 'startLength'>): string | null {
  return config.startLength === null ? null : key.slice(0, config.startLength);
}

/** Longer than any key this package issues with any sane prefix; refused without hashing. */
const LONGEST_KEY = 512;

/**
 * Whether `key` could be one this package issued, judged by length alone (no lookup): a key
 * is at least `keyLength` characters (as better-auth checks), plus its prefix.
 */
export function couldBeApiKey(key: unknown, config: Pick<ApiKeyConfig, 'keyLength'>): key is string {
  return typeof key === 'string' && key.length >= config.keyLength && key.length <= LONGEST_KEY;
}
