/**
 * A stored refresh token (only its SHA-256, `tokenHash`). Tokens of one authorization share a
 * family; rotating a token records its successor, sealed, so a retry within the grace period
 * can be answered with the same successor.
 */
export interface RefreshTokenRecord {
  tokenHash: string;
  familyId: string;
  clientId: string;
  userId: string;
  sessionId: string | null;
  scopes: string[];
  createdAt: Date;
  expiresAt: Date;
  rotatedAt: Date | null;
  successorHash: string | null;
  /** The successor's plaintext, sealed with the app secret (kernel SecretCipher). */
  sealedSuccessor: string | null;
}

export type RotateResult =
  | { status: 'rotated' }
  /** Rotated before: the record answers when, and into which successor. */
  | { status: 'already-rotated'; token: RefreshTokenRecord }
  | { status: 'revoked' }
  | { status: 'unknown' };
