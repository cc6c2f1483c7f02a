import type { SigningKeyRecord } from './signing-key.js';

/** Where signing keys live, shared by every instance. */
export interface SigningKeyStore {
  /**
   * The current key (the newest not retired), storing `candidate` first when there is none. Atomic:
   * instances starting together end with one current key, and each is answered that key.
   */
  currentOrCreate(candidate: SigningKeyRecord): Promise<SigningKeyRecord>;
  /** The current key, or null before the first. */
  current(): Promise<SigningKeyRecord | null>;
  /**
   * Makes `next` the current key and retires the previous current one at `retiredAt`, kept
   * published until `publishedUntil`. One step: there is never no current key, nor two.
   */
  rotate(next: SigningKeyRecord, retiredAt: Date, publishedUntil: Date): Promise<void>;
  /** Every key still published at `now` (current first, then retired ones, newest first). */
  published(now: Date): Promise<SigningKeyRecord[]>;
  /** Deletes retired keys no longer published at `now`; answers how many. */
  deleteUnpublished(now: Date): Promise<number>;
}
