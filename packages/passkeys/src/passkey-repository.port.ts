import type { Passkey } from './passkey.js';

/** Where passkeys live. A passkey belongs to a user and goes with them (cascade). */
export interface PasskeyRepository {
  /** Stores a new passkey; false when its credential id is registered already (nothing stored). */
  create(passkey: Passkey): Promise<boolean>;
  /** The passkey of a credential id (one indexed lookup). */
  findByCredentialId(credentialID: string): Promise<Passkey | null>;
  /** The passkey `id` when it is `userId`'s, else null (someone else's looks unknown). */
  findOwned(id: string, userId: string): Promise<Passkey | null>;
  /** The user's passkeys, oldest first. */
  listByUser(userId: string): Promise<Passkey[]>;
  /** Renames `userId`'s passkey `id`; null when it is not theirs. */
  rename(id: string, userId: string, name: string): Promise<Passkey | null>;
  /** Deletes `userId`'s passkey `id`; false when it is not theirs. */
  delete(id: string, userId: string): Promise<boolean>;
  /**
   * Moves the counter from `from` to `to`, only if it still is `from`: of parallel sign-ins
   * presenting one counter value, one wins. False when the passkey is gone or moved on.
   */
  advanceCounter(id: string, from: number, to: number): Promise<boolean>;
  /** Deletes every passkey of a user; answers how many went. */
  deleteAllOf(userId: string): Promise<number>;
}
