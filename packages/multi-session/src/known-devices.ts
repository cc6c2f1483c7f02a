import { hmacSha256 } from '@tend/kernel';

/** How many accounts one browser's device cookie remembers (the oldest are forgotten first). */
export const KNOWN_ACCOUNTS_PER_DEVICE = 40;

/**
 * The accounts that have signed in from one browser, kept in its durable signed device cookie
 * (not in session rows, which end): each account as a keyed hash of its id (16 hex characters),
 * so the cookie names no account, oldest first.
 */
export class KnownDevices {
  constructor(private readonly secret: string) {}

  /** The mark of an account in the cookie. */
  markOf(userId: string): string {
    return Buffer.from(hmacSha256(this.secret, `known-device:${userId}`), 'base64url').toString('hex').slice(0, 16);
  }

  /** Whether the cookie's value (verified, or null) names the account. */
  knows(value: string | null, userId: string): boolean {
    return parse(value).includes(this.markOf(userId));
  }

  /** The cookie's next value with the account remembered (moved to the newest end). */
  remember(value: string | null, userId: string): string {
    const mark = this.markOf(userId);
    const kept = parse(value).filter((entry) => entry !== mark);
    return [...kept, mark].slice(-KNOWN_ACCOUNTS_PER_DEVICE).join('.');
  }
}

function parse(value: string | null): string[] {
  return value ? value.split('.').filter((entry) => /^[0-9a-f]{16}$/.test(entry)) : [];
}
