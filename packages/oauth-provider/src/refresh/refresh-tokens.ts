import { addSeconds, DAY, raise, randomToken, SecretCipher, SECOND, sha256Hex, type AuthError, type Clock } from '@tend/kernel';
import { OAUTH_PROVIDER_ERRORS } from '../error-codes.js';
import type { RefreshTokenRecord } from './refresh-token.js';
import type { RefreshTokenStore } from './refresh-token-store.port.js';

const TOKEN_LENGTH = 48;
export const REFRESH_SUCCESSOR_CIPHER_PURPOSE = 'oauth-provider.refresh-successor';
export const MIN_GRACE_SECONDS = 2;
export const MAX_GRACE_SECONDS = 10;
export const DEFAULT_GRACE_SECONDS = 5;
export const DEFAULT_REFRESH_TTL_SECONDS = (30 * DAY) / SECOND;

export interface RefreshTokensOptions {
  store: RefreshTokenStore;
  clock: Clock;
  /** The app secret (AUTH_SECRET): the successor of a rotated token is sealed under it. */
  secret: string;
  /** How long a rotated token may be presented again without revoking its family: 2 to 10 seconds. */
  graceSeconds?: number;
  ttlSeconds?: number;
}

export interface IssueRefreshTokenInput {
  familyId: string;
  clientId: string;
  userId: string;
  sessionId: string | null;
  scopes: string[];
}

/** The authorization a refresh token carries, for the new access token. */
export interface RefreshGrant {
  familyId: string;
  clientId: string;
  userId: string;
  sessionId: string | null;
  scopes: string[];
}

export type RefreshResult =
  /** `retried`: a reuse within the grace period, answered with the successor already issued. */
  | { ok: true; refreshToken: string; expiresAt: Date; grant: RefreshGrant; retried: boolean }
  /** `revokeFamily`: a reuse after the grace period; the family is revoked, its access tokens must go too. */
  | { ok: false; error: AuthError; revokeFamily: string | null };

export function hashRefreshToken(token: string): string {
  return sha256Hex(token);
}

/**
 * Refresh tokens with rotation. Each refresh spends the token and answers its successor. A
 * rotated token presented again within the grace period (two concurrent refreshes, a retry after
 * a lost answer) gets the same successor, or `INVALID_GRANT` when that successor has moved on,
 * and the family lives; presented after it, the family is revoked (RFC 9700 §4.14.2).
 */
export class RefreshTokens {
  private readonly cipher: SecretCipher;
  private readonly graceMs: number;
  private readonly ttlSeconds: number;

  constructor(private readonly options: RefreshTokensOptions) {
    const grace = options.graceSeconds ?? DEFAULT_GRACE_SECONDS;
    if (!(grace >= MIN_GRACE_SECONDS && grace <= MAX_GRACE_SECONDS)) {
      throw new Error(`The refresh grace period is ${MIN_GRACE_SECONDS} to ${MAX_GRACE_SECONDS} seconds`);
    }
    this.graceMs = grace * SECOND;
    this.ttlSeconds = options.ttlSeconds ?? DEFAULT_REFRESH_TTL_SECONDS;
    if (!(this.ttlSeconds > 0)) throw new Error('ttlSeconds must be positive');
    this.cipher = new SecretCipher(options.secret, REFRESH_SUCCESSOR_CIPHER_PURPOSE);
  }

  /** The first refresh token of a family (at the code exchange). */
  async issue(input: IssueRefreshTokenInput): Promise<{ refreshToken: string; expiresAt: Date }> {
    const { token, record } = this.newToken(input);
    await this.options.store.insert(record);
    return { refreshToken: token, expiresAt: record.expiresAt };
  }

  /** Spends `refreshToken` (of `clientId`) for its successor; see the class comment for reuse. */
  async rotate(input: { refreshToken: string; clientId: string }): Promise<RefreshResult> {
    const invalidGrant = (revokeFamily: string | null = null): RefreshResult => ({ ok: false, error: raise(OAUTH_PROVIDER_ERRORS.INVALID_GRANT), revokeFamily });
    if (!input.refreshToken || input.refreshToken.length > 256) return invalidGrant();
    const now = this.options.clock.now();
    const hash = hashRefreshToken(input.refreshToken);
    const current = await this.options.store.find(hash);
    if (!current || current.clientId !== input.clientId || current.expiresAt.getTime() <= now.getTime()) return invalidGrant();

    const { token, record } = this.newToken(current);
    const result = await this.options.store.rotate(hash, record, this.cipher.encrypt(token), now);
    if (result.status === 'rotated') return { ok: true, refreshToken: token, expiresAt: record.expiresAt, grant: grantOf(current), retried: false };
    if (result.status !== 'already-rotated') return invalidGrant();

    const rotated = result.token;
    if (rotated.rotatedAt && now.getTime() - rotated.rotatedAt.getTime() <= this.graceMs) {
      const successor = rotated.successorHash ? await this.options.store.find(rotated.successorHash) : null;
      const plaintext = this.cipher.open(rotated.sealedSuccessor);
      if (!successor || successor.rotatedAt || !plaintext || (await this.options.store.isFamilyRevoked(successor.familyId))) return invalidGrant();
      return { ok: true, refreshToken: plaintext, expiresAt: successor.expiresAt, grant: grantOf(successor), retried: true };
    }
    await this.options.store.revokeFamily(rotated.familyId, now);
    return invalidGrant(rotated.familyId);
  }

  /** The grant of a refresh token still usable (for introspection), or null. */
  async inspect(refreshToken: string): Promise<RefreshGrant | null> {
    const found = await this.options.store.find(hashRefreshToken(refreshToken));
    if (!found || found.rotatedAt || found.expiresAt.getTime() <= this.options.clock.now().getTime()) return null;
    if (await this.options.store.isFamilyRevoked(found.familyId)) return null;
    return grantOf(found);
  }

  /** Revokes every family the user holds for the client (its consent revoked). */
  async revokeGrant(userId: string, clientId: string): Promise<void> {
    await this.options.store.revokeGrant(userId, clientId, this.options.clock.now());
  }

  /** Revokes a whole family (revocation endpoint, a replayed code, the end of its session). */
  async revokeFamily(familyId: string): Promise<void> {
    await this.options.store.revokeFamily(familyId, this.options.clock.now());
  }

  private newToken(input: IssueRefreshTokenInput): { token: string; record: RefreshTokenRecord } {
    const token = randomToken(TOKEN_LENGTH);
    const now = this.options.clock.now();
    return {
      token,
      record: {
        tokenHash: hashRefreshToken(token),
        familyId: input.familyId,
        clientId: input.clientId,
        userId: input.userId,
        sessionId: input.sessionId,
        scopes: [...input.scopes],
        createdAt: now,
        expiresAt: addSeconds(now, this.ttlSeconds),
        rotatedAt: null,
        successorHash: null,
        sealedSuccessor: null,
      },
    };
  }
}

function grantOf(record: RefreshTokenRecord): RefreshGrant {
  return { familyId: record.familyId, clientId: record.clientId, userId: record.userId, sessionId: record.sessionId, scopes: [...record.scopes] };
}
