import { raise, uuid, type Clock, type IdGenerator } from '@tend/kernel';
import { CREDENTIAL_PROVIDER, newAccount } from '../entities.js';
import { IDENTITY_ERRORS } from '../error-codes.js';
import { checkPassword, DEFAULT_PASSWORD_POLICY, type PasswordPolicy } from '../password-policy.js';
import type { AccountRepository, PasswordHasher } from '../ports.js';

export interface SetPasswordDeps {
  accounts: Pick<AccountRepository, 'findCredential' | 'update' | 'create'>;
  hasher: Pick<PasswordHasher, 'hash'>;
  clock: Clock;
  newId?: IdGenerator;
}

/**
 * setPassword (server only, never an HTTP route): gives a user without a password (a social
 * sign-up) a credential password. Refuses with 400 'user already has a password' otherwise.
 */
export class SetPassword {
  constructor(
    private readonly deps: SetPasswordDeps,
    private readonly policy: PasswordPolicy = DEFAULT_PASSWORD_POLICY,
  ) {}

  async execute(input: { userId: string; newPassword: string }): Promise<void> {
    const { accounts, hasher, clock, newId = uuid } = this.deps;
    checkPassword(input.newPassword, this.policy);
    const account = await accounts.findCredential(input.userId);
    if (account?.password) throw raise(IDENTITY_ERRORS.USER_ALREADY_HAS_A_PASSWORD);
    const hash = await hasher.hash(input.newPassword);
    const now = clock.now();
    if (account) {
      await accounts.update(account.id, { password: hash, updatedAt: now });
      return;
    }
    await accounts.create(newAccount({ id: newId(), accountId: input.userId, providerId: CREDENTIAL_PROVIDER, userId: input.userId, password: hash }, now));
  }
}
