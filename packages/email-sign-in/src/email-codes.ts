import { randomInt } from 'node:crypto';
import { addSeconds, constantTimeEqual, hmacSha256, raise, sha256Hex, uuid, type Clock, type IdGenerator } from '@tend/kernel';
import type { VerificationRepository } from '@tend/identity';
import { EMAIL_SIGN_IN_ERRORS } from './error-codes.js';

/** What a mailed code is for; a code works only for its own type. */
export type EmailCodeType = 'sign-in' | 'email-verification' | 'forget-password';
export const EMAIL_CODE_TYPES: readonly EmailCodeType[] = ['sign-in', 'email-verification', 'forget-password'];

export const EMAIL_CODE_LENGTH = 6;

interface StoredCode {
  /** HMAC of the code under the app secret: a leaked table does not give the codes away. */
  digest: string;
  /** Wrong answers so far. */
  attempts: number;
}

/**
 * One-time codes by mail, one live code per address and type (a new one replaces it), stored
 * hashed and compared in constant time. Checking takes the record out first (the store's
 * `consume`: of parallel checks one holds it), so wrong answers are counted exactly: after
 * `maxAttempts` of them the next check is refused with 403 and the code is gone.
 */
export class EmailCodes {
  constructor(
    private readonly verifications: VerificationRepository,
    private readonly clock: Clock,
    private readonly secret: string,
    private readonly options: { lifetime: number; maxAttempts: number },
    private readonly newId: IdGenerator = uuid,
  ) {}

  /** A new code for `email` (lowercase) and `type`, replacing the live one; `revoke` undoes it. */
  async issue(type: EmailCodeType, email: string): Promise<{ code: string; revoke: () => Promise<void> }> {
    const identifier = identifierOf(type, email);
    const code = String(randomInt(0, 10 ** EMAIL_CODE_LENGTH)).padStart(EMAIL_CODE_LENGTH, '0');
    await this.verifications.deleteByIdentifier(identifier);
    await this.store(identifier, { digest: this.digest(identifier, code), attempts: 0 }, addSeconds(this.clock.now(), this.options.lifetime));
    return { code, revoke: () => this.verifications.deleteByIdentifier(identifier) };
  }

  /**
   * Checks a code: 400 INVALID_OTP when it is wrong (counted), missing or expired, 403
   * TOO_MANY_ATTEMPTS (and the code dies) once the wrong ones are used up. A right code is used
   * up with `consume`, else left in place for the real use.
   */
  async check(type: EmailCodeType, email: string, code: string, { consume }: { consume: boolean }): Promise<void> {
    const identifier = identifierOf(type, email);
    const record = await this.verifications.consume(identifier, this.clock.now());
    const stored = record ? decode(record.value) : null;
    if (!record || !stored) throw raise(EMAIL_SIGN_IN_ERRORS.INVALID_OTP);
    if (stored.attempts >= this.options.maxAttempts) throw raise(EMAIL_SIGN_IN_ERRORS.TOO_MANY_ATTEMPTS);
    if (!constantTimeEqual(stored.digest, this.digest(identifier, code))) {
      await this.store(identifier, { ...stored, attempts: stored.attempts + 1 }, record.expiresAt);
      throw raise(EMAIL_SIGN_IN_ERRORS.INVALID_OTP);
    }
    if (!consume) await this.store(identifier, stored, record.expiresAt);
  }

  /**
   * The store work of `issue`, statement for statement, for an address that gets no code: a decoy
   * code nobody is told, so known and unknown addresses answer in the same time, and wrong guesses
   * at either end in 403 TOO_MANY_ATTEMPTS alike.
   */
  async pretend(type: EmailCodeType, email: string): Promise<void> {
    await this.issue(type, email);
  }

  private digest(identifier: string, code: string): string {
    return hmacSha256(this.secret, `${identifier}:${code}`);
  }

  private async store(identifier: string, value: StoredCode, expiresAt: Date): Promise<void> {
    const now = this.clock.now();
    await this.verifications.create({ id: this.newId(), identifier, value: JSON.stringify(value), expiresAt, createdAt: now, updatedAt: now });
  }
}

function identifierOf(type: EmailCodeType, email: string): string {
  return `email-otp:${type}:${sha256Hex(email)}`;
}

function decode(value: string): StoredCode | null {
  try {
    const parsed = JSON.parse(value) as Partial<StoredCode>;
    return typeof parsed.digest === 'string' && typeof parsed.attempts === 'number' ? { digest: parsed.digest, attempts: parsed.attempts } : null;
  } catch {
    return null;
  }
}
