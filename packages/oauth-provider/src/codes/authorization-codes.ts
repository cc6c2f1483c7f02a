import { addSeconds, raise, randomToken, sha256Hex, uuid, type AuthError, type Clock, type IdGenerator } from '@tend/kernel';
import { OAUTH_PROVIDER_ERRORS } from '../error-codes.js';
import { isValidCodeChallenge, verifyCodeVerifier } from '../authorize/pkce.js';
import type { AuthorizationCodeStore } from './authorization-code-store.port.js';

const CODE_LENGTH = 43;
/** OAuth 2.1 recommends a short life; ten minutes at most (RFC 6749 §4.1.2). */
export const DEFAULT_CODE_TTL_SECONDS = 60;

export interface IssueCodeInput {
  clientId: string;
  redirectUri: string;
  scopes: string[];
  nonce: string | null;
  codeChallenge: string;
  codeChallengeMethod: string;
  userId: string;
  sessionId: string;
}

export interface RedeemCodeInput {
  code: string;
  clientId: string;
  /** The token request's redirect_uri; null when it names none (then the code's own stands). */
  redirectUri: string | null;
  codeVerifier: string;
}

/** What a good code grants: the token endpoint issues tokens of `familyId` from it. */
export interface CodeGrant {
  clientId: string;
  userId: string;
  sessionId: string;
  scopes: string[];
  nonce: string | null;
  familyId: string;
}

export type RedeemResult =
  | { ok: true; grant: CodeGrant }
  /** `revokeFamily`: a replayed code; every token of this family must be revoked. */
  | { ok: false; error: AuthError; revokeFamily: string | null };

export interface AuthorizationCodesOptions {
  store: AuthorizationCodeStore;
  clock: Clock;
  ids?: IdGenerator;
  ttlSeconds?: number;
}

export function hashAuthorizationCode(code: string): string {
  return sha256Hex(code);
}

/** Authorization codes: issued at consent, redeemed once at the token endpoint. */
export class AuthorizationCodes {
  private readonly ids: IdGenerator;
  private readonly ttlSeconds: number;

  constructor(private readonly options: AuthorizationCodesOptions) {
    this.ids = options.ids ?? uuid;
    this.ttlSeconds = options.ttlSeconds ?? DEFAULT_CODE_TTL_SECONDS;
    if (!(this.ttlSeconds > 0 && this.ttlSeconds <= 600)) throw new Error('An authorization code lives between 1 and 600 seconds');
  }

  /** A new code bound to the client, redirect URI, scopes, nonce, PKCE challenge, user and session. */
  async issue(input: IssueCodeInput): Promise<{ code: string; familyId: string; expiresAt: Date }> {
    if (!isValidCodeChallenge(input.codeChallenge, input.codeChallengeMethod)) throw raise(OAUTH_PROVIDER_ERRORS.INVALID_REQUEST);
    const code = randomToken(CODE_LENGTH);
    const now = this.options.clock.now();
    const familyId = this.ids();
    const expiresAt = addSeconds(now, this.ttlSeconds);
    await this.options.store.save({
      codeHash: hashAuthorizationCode(code),
      clientId: input.clientId,
      redirectUri: input.redirectUri,
      scopes: [...input.scopes],
      nonce: input.nonce,
      codeChallenge: input.codeChallenge,
      codeChallengeMethod: 'S256',
      userId: input.userId,
      sessionId: input.sessionId,
      familyId,
      createdAt: now,
      expiresAt,
      consumedAt: null,
    });
    return { code, familyId, expiresAt };
  }

  /**
   * Redeems a code, once. The code is spent first, whatever follows, so a wrong verifier
   * cannot be retried against it. A second use → `INVALID_GRANT` with the family to revoke;
   * another client, another redirect URI or an expired code → `INVALID_GRANT`;
   * a wrong verifier → `INVALID_CODE_VERIFIER` (OAuth `invalid_request`).
   */
  async redeem(input: RedeemCodeInput): Promise<RedeemResult> {
    const invalidGrant = (revokeFamily: string | null = null): RedeemResult => ({ ok: false, error: raise(OAUTH_PROVIDER_ERRORS.INVALID_GRANT), revokeFamily });
    if (!input.code || input.code.length > 256) return invalidGrant();
    const now = this.options.clock.now();
    const result = await this.options.store.consume(hashAuthorizationCode(input.code), now);
    if (result.status === 'unknown') return invalidGrant();
    if (result.status === 'replayed') return invalidGrant(result.code.familyId);
    const { code } = result;
    if (code.expiresAt.getTime() <= now.getTime()) return invalidGrant();
    if (code.clientId !== input.clientId || (input.redirectUri !== null && code.redirectUri !== input.redirectUri)) return invalidGrant();
    if (!verifyCodeVerifier({ verifier: input.codeVerifier, challenge: code.codeChallenge, method: code.codeChallengeMethod })) {
      return { ok: false, error: raise(OAUTH_PROVIDER_ERRORS.INVALID_CODE_VERIFIER), revokeFamily: null };
    }
    return {
      ok: true,
      grant: { clientId: code.clientId, userId: code.userId, sessionId: code.sessionId, scopes: code.scopes, nonce: code.nonce, familyId: code.familyId },
    };
  }
}
