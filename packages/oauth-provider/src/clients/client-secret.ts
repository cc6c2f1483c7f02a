import { createHash } from 'node:crypto';
import { constantTimeEqual, randomToken } from '@tend/kernel';

const CLIENT_ID_LENGTH = 32;
const CLIENT_SECRET_LENGTH = 48;

/** A new public client identifier (letters and digits). */
export function generateClientId(): string {
  return randomToken(CLIENT_ID_LENGTH);
}

/** A new client secret: 48 characters from a CSPRNG (over 280 bits), shown once. */
export function generateClientSecret(): string {
  return randomToken(CLIENT_SECRET_LENGTH);
}

/**
 * The stored form of a client secret: SHA-256, base64url. A fast hash is enough for a
 * high-entropy random secret (no dictionary to try); never the secret itself.
 */
export function hashClientSecret(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('base64url');
}

/** Whether `presented` is the secret of `storedHash`, the hashes compared in constant time. */
export function verifyClientSecret(presented: string, storedHash: string | null): boolean {
  if (!storedHash || !presented) return false;
  return constantTimeEqual(hashClientSecret(presented), storedHash);
}

/**
 * The credentials of a new client: an id, and for a confidential client a secret (plain,
 * to show once) with its hash (to store). A public client (`none`) gets no secret.
 */
export function newClientCredentials(method: 'client_secret_basic' | 'client_secret_post' | 'none'): {
  clientId: string;
  clientSecret: string | null;
  clientSecretHash: string | null;
} {
  const clientId = generateClientId();
  if (method === 'none') return { clientId, clientSecret: null, clientSecretHash: null };
  const clientSecret = generateClientSecret();
  return { clientId, clientSecret, clientSecretHash: hashClientSecret(clientSecret) };
}
