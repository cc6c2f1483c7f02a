import { hasCode, isAuthError, raise, type Clock } from '@tend/kernel';
import type { User } from '../entities.js';
import type { Session } from '@tend/sessions';
import type { EmailVerificationTokens } from '../email-verification-token.js';
import { IDENTITY_ERRORS, VERIFY_EMAIL_ERRORS } from '../error-codes.js';
import { PlaceholderEmails } from '../placeholder-email.js';
import type { UserRepository } from '../ports.js';
import type { SignInClient } from '../sign-in/proof.js';
import type { SignInCompletion, SignInOutcome } from '../sign-in/sign-in-completion.js';
import type { SendVerificationEmail } from './send-verification-email.js';

export interface VerifyEmailInput {
  token: string;
  /** The caller's live session, if any. */
  current: { session: Session; user: User } | null;
  /** Where the verification mail of a changed address sends the user back to. */
  callbackURL?: string;
  client: SignInClient;
}

export interface VerifyEmailResult {
  user: User;
  /** The sign-in of auto sign-in after verification (a session or a challenge); the caller writes it. */
  signIn: SignInOutcome | null;
}

export interface VerifyEmailDeps {
  users: Pick<UserRepository, 'findByEmail' | 'update'>;
  tokens: Pick<EmailVerificationTokens, 'verify'>;
  completion: Pick<SignInCompletion, 'complete'>;
  sendVerification: Pick<SendVerificationEmail, 'toUser'>;
  clock: Clock;
  placeholders?: PlaceholderEmails;
}

/**
 * GET /verify-email. A plain token turns emailVerified false -> true (and, with auto sign-in,
 * signs the user in through the sign-in completion). A change-email token (`updateTo`) needs the
 * signed-in owner: the email changes, emailVerified resets to false and a verification mail goes
 * to the new address; replacing a placeholder (whose link was mailed to the new address, so
 * opening it proves that address) sets emailVerified to true and mails nothing more.
 * Failures are the spec's redirect codes: token_expired, invalid_token, user_not_found, unauthorized.
 */
export class VerifyEmail {
  private readonly placeholders: PlaceholderEmails;

  constructor(
    private readonly deps: VerifyEmailDeps,
    private readonly config: { autoSignInAfterVerification: boolean } = { autoSignInAfterVerification: false },
  ) {
    this.placeholders = deps.placeholders ?? new PlaceholderEmails();
  }

  async execute(input: VerifyEmailInput): Promise<VerifyEmailResult> {
    const claims = await this.deps.tokens.verify(input.token);
    const user = await this.deps.users.findByEmail(claims.email);
    if (!user) throw raise(VERIFY_EMAIL_ERRORS.USER_NOT_FOUND);

    if (claims.updateTo) {
      if (!input.current || input.current.user.id !== user.id) throw raise(VERIFY_EMAIL_ERRORS.UNAUTHORIZED);
      if (this.placeholders.matches(user.email)) return { user: await this.changeEmail(user, claims.updateTo, true), signIn: null };
      const changed = await this.changeEmail(user, claims.updateTo, false);
      await this.deps.sendVerification.toUser(changed, input.callbackURL);
      return { user: changed, signIn: null };
    }

    if (user.emailVerified) return { user, signIn: null };
    const verified = await this.deps.users.update(user.id, { emailVerified: true, updatedAt: this.deps.clock.now() });
    return { user: verified, signIn: await this.autoSignIn(verified, input) };
  }

  private async changeEmail(user: User, email: string, emailVerified: boolean): Promise<User> {
    try {
      return await this.deps.users.update(user.id, { email, emailVerified, updatedAt: this.deps.clock.now() });
    } catch (error) {
      // Someone took the address between the request and the click.
      if (isAuthError(error) && error.code === 'USER_ALREADY_EXISTS') throw raise(IDENTITY_ERRORS.COULDN_T_UPDATE_YOUR_EMAIL);
      throw error;
    }
  }

  /** Signs the verified user in (the mailed link proved the address), unless they are signed in already or banned. */
  private async autoSignIn(user: User, input: VerifyEmailInput): Promise<SignInOutcome | null> {
    if (!this.config.autoSignInAfterVerification || input.current?.user.id === user.id) return null;
    try {
      return await this.deps.completion.complete({ user, method: 'email-verification', factors: ['email'], client: input.client, next: input.callbackURL });
    } catch (error) {
      if (hasCode(error, 'BANNED_USER')) return null; // verified, but a banned user gets no session
      throw error;
    }
  }
}
