import { CREDENTIAL_PROVIDER, newAccount, raise, uuid, type Clock, type IdGenerator } from '@tend/kernel';
import type { SessionManager } from '@tend/sessions';
import { IDENTITY_ERRORS } from '../error-codes.js';
import { checkPassword, DEFAULT_PASSWORD_POLICY, type PasswordPolicy } from '../password-policy.js';
import type { AccountRepository, PasswordHasher, UserRepository, VerificationRepository } from '../ports.js';
import { isResetPasswordToken, resetPasswordIdentifier } from '../verification-values.js';

export interface ResetPasswordInput {
  token?: string;
  newPassword: string;
}

/**
 * POST /reset-password: sets a new password with a mailed reset token. The token is consumed
 * (deleted) atomically, and only the request that deleted it goes on, so two parallel resets
 * with one token end with one success. Creates the credential account if there is none,
 * and signs the user out everywhere.
 */
export class ResetPassword {
  constructor(
    private readonly users: UserRepository,
    private readonly accounts: AccountRepository,
    private readonly verifications: VerificationRepository,
    private readonly hasher: PasswordHasher,
    private readonly sessions: SessionManager,
    private readonly clock: Clock,
    private readonly policy: PasswordPolicy = DEFAULT_PASSWORD_POLICY,
    private readonly newId: IdGenerator = uuid,
  ) {}

  async execute(input: ResetPasswordInput): Promise<void> {
    if (!input.token) throw raise(IDENTITY_ERRORS.INVALID_TOKEN);
    checkPassword(input.newPassword, this.policy);
    const identifier = resetPasswordIdentifier(input.token);
    // Cheap refusal of a bad token before the hash; the consume below is what decides.
    if (!isResetPasswordToken(input.token) || !(await this.verifications.findByIdentifier(identifier, this.clock.now()))) {
      throw raise(IDENTITY_ERRORS.INVALID_TOKEN);
    }
    const hash = await this.hasher.hash(input.newPassword);
    const record = await this.verifications.consume(identifier, this.clock.now());
    const user = record && (await this.users.findById(record.value));
    if (!user) throw raise(IDENTITY_ERRORS.INVALID_TOKEN);

    const now = this.clock.now();
    const account = await this.accounts.findCredential(user.id);
    if (account) {
      await this.accounts.update(account.id, { password: hash, updatedAt: now });
    } else {
      await this.accounts.create(newAccount({ id: this.newId(), accountId: user.id, providerId: CREDENTIAL_PROVIDER, userId: user.id, password: hash }, now));
    }
    await this.sessions.revokeAll(user.id);
  }
}
