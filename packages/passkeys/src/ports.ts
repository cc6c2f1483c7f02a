import type { User } from '@tend/identity';
import type { Passkey } from './passkey.js';

/** Tells a user about changes to their passkeys (a mail when one is added). */
export interface PasskeyNotices {
  added(user: User, passkey: Passkey): void;
}
