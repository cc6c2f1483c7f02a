import { raise, uuid, type Clock, type IdGenerator } from '@tend/kernel';
import { CREDENTIAL_PROVIDER, newAccount } from '@tend/identity';
import { checkPassword, normalizeEmail, type AccountRepository, type PasswordHasher, type PasswordPolicy, type SignInClient, type UserRepository } from '@tend/identity';
import type { SessionManager } from '@tend/sessions';
import type { EmailCodes } from '../email-codes.js';
import type { EmailSignIns } from '../email-sign-ins.js';
import { EMAIL_SIGN_IN_ERRORS } from '../error-codes.js';

export interface ResetPasswordWithCodeInput {
  email: string;
  otp: string;
  password: string;
  client: SignInClient;
}

/**
 * POST /email-otp/reset-password: a mailed reset code (used once) sets a new password under the
 * password policy and ends every session. The code proved the address: an unverified one becomes
 * verified, after what its unproven registrant set up is revoked.
 */
export class ResetPasswordWithCode {
  constructor(
    private readonly users: Pick<UserRepository, 'findByEmail'>,
    private readonly accounts: Pick<AccountRepository, 'findCredential' | 'create' | 'update'>,
    private readonly codes: EmailCodes,
    private readonly signIns: Pick<EmailSignIns, 'prove'>,
    private readonly hasher: PasswordHasher,
    private readonly sessions: Pick<SessionManager, 'revokeAll'>,
    private readonly clock: Clock,
    private readonly policy: PasswordPolicy,
    private readonly newId: IdGenerator = uuid,
  ) {}

  async execute(input: ResetPasswordWithCodeInput): Promise<void> {
    const email = normalizeEmail(input.email);
    checkPassword(input.password, this.policy);
    await this.codes.check('forget-password', email, input.otp, { consume: true });
    const found = await this.users.findByEmail(email);
    if (!found) throw raise(EMAIL_SIGN_IN_ERRORS.INVALID_OTP);
    const hash = await this.hasher.hash(input.password);
    const user = await this.signIns.prove(found, { method: 'email-otp', client: input.client });
    const now = this.clock.now();
    const credential = await this.accounts.findCredential(user.id);
    if (credential) await this.accounts.update(credential.id, { password: hash, updatedAt: now });
    else await this.accounts.create(newAccount({ id: this.newId(), accountId: user.id, providerId: CREDENTIAL_PROVIDER, userId: user.id, password: hash }, now));
    await this.sessions.revokeAll(user.id);
  }
}
