import { raise } from '@tend/kernel';
import { IDENTITY_ERRORS } from './error-codes.js';

export interface PasswordPolicy {
  minLength: number;
  maxLength: number;
  /** Common passwords to refuse (NIST SP 800-63B 5.1.1.2); null: no screening. */
  commonPasswords: CommonPasswords | null;
}

export const DEFAULT_PASSWORD_POLICY: PasswordPolicy = { minLength: 8, maxLength: 128, commonPasswords: null };

/**
 * A list of common passwords, loaded once. Lookups compare the NFKC form, case-insensitively,
 * so `Password123` and `ｐａｓｓｗｏｒｄ１２３` are refused like `password123`. Given a function,
 * it reads the list on the first lookup rather than at start (a process that never checks a
 * password never holds it).
 */
export class CommonPasswords {
  private loaded: ReadonlySet<string> | undefined;
  private source: (() => Iterable<string>) | undefined;

  constructor(passwords: Iterable<string> | (() => Iterable<string>)) {
    if (typeof passwords === 'function') this.source = passwords;
    else this.loaded = CommonPasswords.setOf(passwords);
  }

  has(password: string): boolean {
    return this.list.has(CommonPasswords.fold(password));
  }

  get size(): number {
    return this.list.size;
  }

  private get list(): ReadonlySet<string> {
    if (!this.loaded) {
      this.loaded = CommonPasswords.setOf(this.source!());
      this.source = undefined;
    }
    return this.loaded;
  }

  private static setOf(passwords: Iterable<string>): ReadonlySet<string> {
    return new Set([...passwords].map(CommonPasswords.fold));
  }

  private static fold(password: string): string {
    return password.normalize('NFKC').toLowerCase();
  }
}

/**
 * The password rules of sign-up, change, reset and admin set-password: 400 Password too short /
 * too long outside the bounds, 400 PASSWORD_COMPROMISED for a common password.
 */
export function checkPassword(password: string, policy: PasswordPolicy = DEFAULT_PASSWORD_POLICY): void {
  if (password.length < policy.minLength) throw raise(IDENTITY_ERRORS.PASSWORD_TOO_SHORT);
  if (password.length > policy.maxLength) throw raise(IDENTITY_ERRORS.PASSWORD_TOO_LONG);
  if (policy.commonPasswords?.has(password)) throw raise(IDENTITY_ERRORS.PASSWORD_COMPROMISED);
}
