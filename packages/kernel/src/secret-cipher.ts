import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const PREFIX = 'enc.v1.';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * Encrypts secrets at rest (provider tokens, SSO client secrets): AES-256-GCM under a key derived
 * from the app secret with HKDF-SHA256 and the `purpose` as its info string, so each kind of
 * secret has its own key and a leaked database holds no usable credential. Stored form:
 * `enc.v1.<base64url(iv | ciphertext | tag)>`.
 */
export class SecretCipher {
  private readonly key: Buffer;

  /** `acceptsPlaintext`: values without the prefix were stored before encryption and are answered as they are. */
  constructor(
    secret: string,
    purpose: string,
    private readonly options: { acceptsPlaintext?: boolean } = {},
  ) {
    if (!secret) throw new Error('SecretCipher needs the app secret');
    this.key = Buffer.from(hkdfSync('sha256', secret, 'tend', purpose, 32));
  }

  encrypt(plaintext: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return PREFIX + Buffer.concat([iv, body, cipher.getAuthTag()]).toString('base64url');
  }

  /** The plaintext; null for a tampered or foreign ciphertext (or an unprefixed value, unless plaintext is accepted). */
  decrypt(stored: string): string | null {
    if (!stored.startsWith(PREFIX)) return this.options.acceptsPlaintext ? stored : null;
    const raw = Buffer.from(stored.slice(PREFIX.length), 'base64url');
    if (raw.length < IV_BYTES + TAG_BYTES) return null;
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.key, raw.subarray(0, IV_BYTES));
      decipher.setAuthTag(raw.subarray(raw.length - TAG_BYTES));
      return Buffer.concat([decipher.update(raw.subarray(IV_BYTES, raw.length - TAG_BYTES)), decipher.final()]).toString('utf8');
    } catch {
      return null;
    }
  }

  /** `encrypt` for optional values. */
  seal(value: string | null | undefined): string | null {
    return value ? this.encrypt(value) : null;
  }

  /** `decrypt` for optional values. */
  open(value: string | null | undefined): string | null {
    return value ? this.decrypt(value) : null;
  }
}
