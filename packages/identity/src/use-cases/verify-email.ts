import { isAuthError, raise, type Clock, type Session, type User } from '@tend/kernel';
import type { SessionManager } from '@tend/sessions';
import { assertNotBanned } from '../ban.js';
import type { EmailVerificationTokens } from '../email-verification-token.js';
import { IDENTITY_ERRORS, VERIFY_EMAIL_ERRORS } from '../error-codes.js';
import type { UserRepository } from '../ports.js';
import type { SendVerificationEmail } from './send-verification-email.js';

export interface VerifyEmailInput {
  token: string;
  /** The caller's live session, if any. */
  current: { session: Session; user: User } | null;
  /** Where the verification mail of a changed address sends the user back to. */
  callbackURL?: string;
  ipAddress?: string | null;
  userAgent?: string | null;
}

export interface VerifyEmailResult {
  user: User;
  /** A session made by auto sign-in after verification; the caller sets its cookie. */
  session: Session | null;
}

/**
 * GET /verify-email. A plain token turns emailVerified false -> true (and, with auto sign-in,
 * creates a session). A change-email token (`updateTo`) needs the signed-in owner: the email
 * changes, emailVerified resets to false and a verification mail goes to the new address.
 * Failures are the spec's redirect codes: token_expired, invalid_token, user_not_found, unauthorized.
 */
export class VerifyEmail {
  constructor(
    private readonly users: UserRepository,
    private readonly tokens: EmailVerificationTokens,
    private readonly sessions: SessionManager,
    private readonly sendVerification: SendVerificationEmail,
    private readonly clock: Clock,
    private readonly autoSignInAfterVerification: boolean = false,
  ) {}

  async execute(input: VerifyEmailInput): Promise<VerifyEmailResult> {
    const claims = await this.tokens.verify(input.token);
    const user = await this.users.findByEmail(claims.email);
    if (!user) throw raise(VERIFY_EMAIL_ERRORS.USER_NOT_FOUND);

    if (claims.updateTo) {
      if (!input.current || input.current.user.id !== user.id) throw raise(VERIFY_EMAIL_ERRORS.UNAUTHORIZED);
      const changed = await this.changeEmail(user, claims.updateTo);
      await this.sendVerification.toUser(changed, input.callbackURL);
      return { user: changed, session: null };
    }

    if (user.emailVerified) return { user, session: null };
    const verified = await this.users.update(user.id, { emailVerified: true, updatedAt: this.clock.now() });
    return { user: verified, session: await this.autoSignIn(verified, input) };
  }

  private async changeEmail(user: User, email: string): Promise<User> {
    try {
      return await this.users.update(user.id, { email, emailVerified: false, updatedAt: this.clock.now() });
    } catch (error) {
      // Someone took the address between the request and the click.
      if (isAuthError(error) && error.code === 'USER_ALREADY_EXISTS') throw raise(IDENTITY_ERRORS.COULDN_T_UPDATE_YOUR_EMAIL);
      throw error;
    }
  }

  /** A new session for the verified user, unless they are signed in already or banned. */
  private async autoSignIn(user: User, input: VerifyEmailInput): Promise<Session | null> {
    if (!this.autoSignInAfterVerification || input.current?.user.id === user.id) return null;
    try {
      await assertNotBanned(user, this.users, this.clock);
    } catch {
      return null; // verified, but a banned user gets no session
    }
    return this.sessions.create({ userId: user.id, ipAddress: input.ipAddress, userAgent: input.userAgent });
  }
}
