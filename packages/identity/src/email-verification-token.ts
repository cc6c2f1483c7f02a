import { createJWT, parseJWT } from 'oslo/jwt';
import { HMAC } from 'oslo/crypto';
import { base64url } from 'oslo/encoding';
import { raise, uuid, type Clock } from '@tend/kernel';
import { VERIFY_EMAIL_ERRORS } from './error-codes.js';
import { EMAIL_VERIFICATION_EXPIRES_IN } from './verification-values.js';

/** What a verification token says: whose address it confirms and, for a change of email, the new one. */
export interface EmailVerificationClaims {
  email: string;
  updateTo?: string;
}

export interface IssuedToken {
  token: string;
  /** The token's `jti`: names the mail it travels in (idempotency key), never the token itself. */
  id: string;
}

const hmac = new HMAC('SHA-256');
const encoder = new TextEncoder();

/**
 * The email verification token: an HS256 JWT (oslo) signed with the gateway secret, claims
 * `email` and, for a change of email, `updateTo`. Stateless, so it needs no table.
 * Expiry is set and checked against the injected Clock; oslo's validateJWT reads the system
 * time instead, so the signature is verified here with oslo's HMAC after parseJWT.
 */
export class EmailVerificationTokens {
  private readonly key: Uint8Array;

  constructor(
    secret: string,
    private readonly clock: Clock,
    private readonly expiresIn: number = EMAIL_VERIFICATION_EXPIRES_IN,
  ) {
    this.key = encoder.encode(secret);
  }

  async create(claims: EmailVerificationClaims): Promise<IssuedToken> {
    const issuedAt = Math.floor(this.clock.now().getTime() / 1000);
    const id = uuid();
    const payload = {
      email: claims.email.toLowerCase(),
      ...(claims.updateTo ? { updateTo: claims.updateTo.toLowerCase() } : {}),
      iat: issuedAt,
      exp: issuedAt + this.expiresIn,
      jti: id,
    };
    return { token: await createJWT('HS256', this.key, payload), id };
  }

  /** The claims of a genuine, unexpired token; 400 invalid_token or token_expired otherwise. */
  async verify(token: string): Promise<EmailVerificationClaims> {
    const jwt = safeParse(token);
    if (!jwt || jwt.algorithm !== 'HS256') throw raise(VERIFY_EMAIL_ERRORS.INVALID_TOKEN);
    const [header, body, signature] = jwt.parts;
    const genuine = await hmac.verify(this.key, base64url.decode(signature, { strict: false }), encoder.encode(`${header}.${body}`));
    if (!genuine) throw raise(VERIFY_EMAIL_ERRORS.INVALID_TOKEN);
    const payload = jwt.payload as Record<string, unknown>;
    if (!jwt.expiresAt || typeof payload.email !== 'string') throw raise(VERIFY_EMAIL_ERRORS.INVALID_TOKEN);
    if (jwt.expiresAt.getTime() <= this.clock.now().getTime()) throw raise(VERIFY_EMAIL_ERRORS.TOKEN_EXPIRED);
    const updateTo = typeof payload.updateTo === 'string' ? payload.updateTo : undefined;
    return { email: payload.email, ...(updateTo ? { updateTo } : {}) };
  }
}

function safeParse(token: string): ReturnType<typeof parseJWT> {
  try {
    return parseJWT(token);
  } catch {
    // Bad base64 or JSON in a part: a malformed token, not a server error.
    return null;
  }
}
