import { addSeconds, raiseFrom, randomToken, uuid, type Clock, type IdGenerator } from '@tend/kernel';
import { DEFAULT_SESSION_CONFIG, SESSION_TOKEN_LENGTH, type SessionConfig } from './config.js';
import type { Session } from './entities.js';
import { SESSION_ERRORS } from './error-codes.js';
import type { SessionStore } from './session-store.port.js';

export interface CreateSessionInput {
  userId: string;
  ipAddress?: string | null;
  userAgent?: string | null;
  /** false: a one-day session that is never extended. Default true. */
  rememberMe?: boolean;
  impersonatedBy?: string | null;
  activeOrganizationId?: string | null;
  /** Overrides the lifetime (seconds), e.g. for impersonation. */
  expiresIn?: number;
}

/**
 * The capability to make new sessions, apart from `SessionManager` (which only finds, extends
 * and ends them). The composition root makes one and hands it to identity's sign-in completion
 * alone, so no other code can issue a session: it is exported from `@tend/sessions/issuer`, not
 * from the package root, and no container token names it.
 */
export class SessionIssuer {
  readonly config: SessionConfig;

  constructor(
    private readonly store: Pick<SessionStore, 'create'>,
    private readonly clock: Clock,
    config: Partial<SessionConfig> = {},
    private readonly newId: IdGenerator = uuid,
  ) {
    this.config = { ...DEFAULT_SESSION_CONFIG, ...config };
  }

  /** A new session, stored (500 FAILED_TO_CREATE_SESSION when the store fails). */
  async create(input: CreateSessionInput): Promise<Session> {
    const session = this.build(input);
    try {
      await this.store.create(session);
    } catch (error) {
      throw raiseFrom(error, SESSION_ERRORS.FAILED_TO_CREATE_SESSION);
    }
    return session;
  }

  /**
   * A new session (fresh id and token, the configured lifetime) without storing it: for a
   * caller that stores it in its own transaction (sign-up stores user, account and session at once).
   */
  build(input: CreateSessionInput): Session {
    const now = this.clock.now();
    const lifetime = input.expiresIn ?? (input.rememberMe === false ? this.config.shortExpiresIn : this.config.expiresIn);
    return {
      id: this.newId(),
      token: randomToken(SESSION_TOKEN_LENGTH),
      userId: input.userId,
      expiresAt: addSeconds(now, lifetime),
      ipAddress: input.ipAddress ?? null,
      userAgent: input.userAgent ?? null,
      impersonatedBy: input.impersonatedBy ?? null,
      activeOrganizationId: input.activeOrganizationId ?? null,
      createdAt: now,
      updatedAt: now,
    };
  }
}
