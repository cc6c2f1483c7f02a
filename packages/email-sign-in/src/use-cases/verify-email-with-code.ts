import { hasCode, raise, type Clock } from '@tend/kernel';
import type { User } from '@tend/identity';
import { normalizeEmail, type SignInClient, type SignInCompletion, type SignInOutcome, type UserRepository } from '@tend/identity';
import type { EmailCodes } from '../email-codes.js';
import { EMAIL_SIGN_IN_ERRORS } from '../error-codes.js';

export interface VerifyEmailWithCodeInput {
  email: string;
  otp: string;
  client: SignInClient;
}

/**
 * POST /email-otp/verify-email: a mailed verification code marks the address verified and, with
 * auto sign-in after verification, signs the person in (a banned user is verified, not signed
 * in). The registrant is confirming their own sign-up here, so nothing of the account is revoked.
 */
export class VerifyEmailWithCode {
  constructor(
    private readonly users: Pick<UserRepository, 'findByEmail' | 'update'>,
    private readonly codes: EmailCodes,
    private readonly completion: Pick<SignInCompletion, 'complete'>,
    private readonly clock: Clock,
    private readonly autoSignIn: boolean,
  ) {}

  async execute(input: VerifyEmailWithCodeInput): Promise<{ user: User; signIn: SignInOutcome | null }> {
    const email = normalizeEmail(input.email);
    await this.codes.check('email-verification', email, input.otp, { consume: true });
    const found = await this.users.findByEmail(email);
    if (!found) throw raise(EMAIL_SIGN_IN_ERRORS.INVALID_OTP);
    const user = found.emailVerified ? found : await this.users.update(found.id, { emailVerified: true, updatedAt: this.clock.now() });
    if (!this.autoSignIn) return { user, signIn: null };
    try {
      return { user, signIn: await this.completion.complete({ user, method: 'email-otp', factors: ['email'], client: input.client, detail: { purpose: 'email-verification' } }) };
    } catch (error) {
      if (hasCode(error, 'BANNED_USER')) return { user, signIn: null };
      throw error;
    }
  }
}
