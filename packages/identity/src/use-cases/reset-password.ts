import { raise, uuid, type Clock, type IdGenerator } from '@tend/kernel';
import { CREDENTIAL_PROVIDER, newAccount } from '../entities.js';
import type { SessionManager } from '@tend/sessions';
import { IDENTITY_ERRORS } from '../error-codes.js';
import { checkPassword, DEFAULT_PASSWORD_POLICY, type PasswordPolicy } from '../password-policy.js';
import type { AccountRepository, PasswordHasher, UserRepository, VerificationRepository } from '../ports.js';
import { isResetPasswordToken, resetPasswordIdentifier } from '../verification-values.js';

export interface ResetPasswordInput {
  token?: string;
  newPassword: string;
}

export interface ResetPasswordDeps {
  users: Pick<UserRepository, 'findById'>;
  accounts: Pick<AccountRepository, 'findCredential' | 'update' | 'create'>;
  verifications: Pick<VerificationRepository, 'findByIdentifier' | 'consume'>;
  hasher: Pick<PasswordHasher, 'hash'>;
  sessions: Pick<SessionManager, 'revokeAll'>;
  clock: Clock;
  newId?: IdGenerator;
}

/**
 * POST /reset-password: sets a new password with a mailed reset token. The token is consumed
 * (deleted) atomically, and only the request that deleted it goes on, so two parallel resets
 * with one token end with one success. Creates the credential account if there is none,
 * and signs the user out everywhere.
 */
export class ResetPassword {
  constructor(
    private readonly deps: ResetPasswordDeps,
    private readonly policy: PasswordPolicy = DEFAULT_PASSWORD_POLICY,
  ) {}

  async execute(input: ResetPasswordInput): Promise<void> {
    const { users, accounts, verifications, hasher, sessions, clock, newId = uuid } = this.deps;
    if (!input.token) throw raise(IDENTITY_ERRORS.INVALID_TOKEN);
    checkPassword(input.newPassword, this.policy);
    const identifier = resetPasswordIdentifier(input.token);
    // Cheap refusal of a bad token before the hash; the consume below is what decides.
    if (!isResetPasswordToken(input.token) || !(await verifications.findByIdentifier(identifier, clock.now()))) {
      throw raise(IDENTITY_ERRORS.INVALID_TOKEN);
    }
    const hash = await hasher.hash(input.newPassword);
    const record = await verifications.consume(identifier, clock.now());
    const user = record && (await users.findById(record.value));
    if (!user) throw raise(IDENTITY_ERRORS.INVALID_TOKEN);

    const now = clock.now();
    const account = await accounts.findCredential(user.id);
    if (account) {
      await accounts.update(account.id, { password: hash, updatedAt: now });
    } else {
      await accounts.create(newAccount({ id: newId(), accountId: user.id, providerId: CREDENTIAL_PROVIDER, userId: user.id, password: hash }, now));
    }
    await sessions.revokeAll(user.id);
  }
}
