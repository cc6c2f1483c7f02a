import type { RefreshTokenRecord, RotateResult } from './refresh-token.js';

/** Where refresh tokens and the revocation of their families live, shared by every instance. */
export interface RefreshTokenStore {
  insert(token: RefreshTokenRecord): Promise<void>;
  find(tokenHash: string): Promise<RefreshTokenRecord | null>;
  /**
   * Rotates `tokenHash` into `successor` at `now`: marks it rotated (with the successor's hash
   * and `sealedSuccessor`) and stores the successor. Atomic: of concurrent rotations of one
   * token exactly one is `rotated`, the others `already-rotated`. A token of a revoked family
   * is `revoked`, and nothing is stored.
   */
  rotate(tokenHash: string, successor: RefreshTokenRecord, sealedSuccessor: string, now: Date): Promise<RotateResult>;
  /** Revokes every token of the family, those stored now and any stored later. */
  revokeFamily(familyId: string, now: Date): Promise<void>;
  isFamilyRevoked(familyId: string): Promise<boolean>;
  /**
   * Deletes tokens that expired before `now`, and revoked families whose tokens are all gone
   * (revoked before `familiesBefore`, the longest life of a refresh token ago); answers how many tokens.
   */
  deleteExpired(now: Date, familiesBefore: Date): Promise<number>;
  /** Revokes every family of the user's tokens for the client (their access revoked); answers how many families. */
  revokeGrant(userId: string, clientId: string, now: Date): Promise<number>;
}
