import { CREDENTIAL_PROVIDER, newAccount, raise, uuid, type Clock, type IdGenerator } from '@tend/kernel';
import { IDENTITY_ERRORS } from '../error-codes.js';
import { checkPassword, DEFAULT_PASSWORD_POLICY, type PasswordPolicy } from '../password-policy.js';
import type { AccountRepository, PasswordHasher } from '../ports.js';

/**
 * setPassword (server only, never an HTTP route): gives a user without a password (a social
 * sign-up) a credential password. Refuses with 400 'user already has a password' otherwise.
 */
export class SetPassword {
  constructor(
    private readonly accounts: AccountRepository,
    private readonly hasher: PasswordHasher,
    private readonly clock: Clock,
    private readonly policy: PasswordPolicy = DEFAULT_PASSWORD_POLICY,
    private readonly newId: IdGenerator = uuid,
  ) {}

  async execute(input: { userId: string; newPassword: string }): Promise<void> {
    checkPassword(input.newPassword, this.policy);
    const account = await this.accounts.findCredential(input.userId);
    if (account?.password) throw raise(IDENTITY_ERRORS.USER_ALREADY_HAS_A_PASSWORD);
    const hash = await this.hasher.hash(input.newPassword);
    const now = this.clock.now();
    if (account) {
      await this.accounts.update(account.id, { password: hash, updatedAt: now });
      return;
    }
    await this.accounts.create(newAccount({ id: this.newId(), accountId: input.userId, providerId: CREDENTIAL_PROVIDER, userId: input.userId, password: hash }, now));
  }
}
