import { randomInt } from 'node:crypto';
import { hmacSha256 } from '@tend/kernel';

export const BACKUP_CODE_COUNT = 10;
const LETTERS = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** One backup code: `abcde-12345` (ten characters of 36, about 51 bits). */
function backupCode(): string {
  let out = '';
  for (let i = 0; i < 10; i += 1) out += LETTERS[randomInt(LETTERS.length)];
  return `${out.slice(0, 5)}-${out.slice(5)}`;
}

/** `count` distinct backup codes. */
export function newBackupCodes(count = BACKUP_CODE_COUNT): string[] {
  const codes = new Set<string>();
  while (codes.size < count) codes.add(backupCode());
  return [...codes];
}

/** How a backup code is stored: an HMAC under the app secret, bound to its user. Input is trimmed and lowercased. */
export function backupCodeHash(secret: string, userId: string, code: string): string {
  return hmacSha256(secret, `two-factor-backup:${userId}:${code.trim().toLowerCase()}`);
}
