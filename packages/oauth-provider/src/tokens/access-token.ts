/**
 * An issued access token (a JWT), by its `jti`. The record is what makes a token revocable and
 * introspectable: a token whose record is gone or revoked is inactive however valid its signature.
 */
export interface AccessTokenRecord {
  /** The JWT's `jti`. */
  id: string;
  clientId: string;
  /** Null for client_credentials tokens (no user). */
  userId: string | null;
  /** The Tend session the authorization was made in (end-session turns its tokens inactive). */
  sessionId: string | null;
  /** The refresh-token family it came from (a replayed code or refresh token revokes the family). */
  familyId: string | null;
  scopes: string[];
  createdAt: Date;
  expiresAt: Date;
  revokedAt: Date | null;
}

/** Where access tokens' records live, shared by every instance. */
export interface AccessTokenStore {
  insert(token: AccessTokenRecord): Promise<void>;
  /** One indexed read by id. */
  find(id: string): Promise<AccessTokenRecord | null>;
  /** Marks the token revoked at `now` (idempotent); false when there is no such token. */
  revoke(id: string, now: Date): Promise<boolean>;
  /** Revokes every token of the family; answers how many were active. */
  revokeFamily(familyId: string, now: Date): Promise<number>;
  /** Revokes every token issued in the session; answers how many were active. */
  revokeSession(sessionId: string, now: Date): Promise<number>;
  /** Revokes every token the user granted the client (their access revoked); answers how many were active. */
  revokeGrant(userId: string, clientId: string, now: Date): Promise<number>;
  /** Revokes every token of the client; answers how many were active. */
  revokeClient(clientId: string, now: Date): Promise<number>;
  /** Deletes tokens that expired before `now`; answers how many. */
  deleteExpired(now: Date): Promise<number>;
}
