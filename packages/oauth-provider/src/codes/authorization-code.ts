/**
 * A stored authorization code. Only the code's SHA-256 is kept (`codeHash`); the family id
 * names every token issued from it, so a replayed code can revoke them all.
 */
export interface AuthorizationCodeRecord {
  codeHash: string;
  clientId: string;
  redirectUri: string;
  scopes: string[];
  nonce: string | null;
  codeChallenge: string;
  codeChallengeMethod: 'S256';
  userId: string;
  sessionId: string;
  familyId: string;
  createdAt: Date;
  expiresAt: Date;
  consumedAt: Date | null;
}

/** What a consume answers: the code, first used now; already used before; or unknown. */
export type ConsumeResult =
  | { status: 'consumed'; code: AuthorizationCodeRecord }
  | { status: 'replayed'; code: AuthorizationCodeRecord }
  | { status: 'unknown' };
