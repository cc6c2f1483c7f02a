import { raise, type Clock } from '@tend/kernel';
import type { User } from '../entities.js';
import { IDENTITY_ERRORS } from '../error-codes.js';
import type { UserRepository, VerificationRepository } from '../ports.js';
import { deleteAccountIdentifier, isDeleteAccountToken } from '../verification-values.js';

export interface ConfirmDeleteUserInput {
  token: string;
  /** The signed-in user, if any: the token must then be theirs. */
  userId?: string | null;
}

export interface ConfirmDeleteUserDeps {
  users: Pick<UserRepository, 'findById' | 'delete'>;
  verifications: Pick<VerificationRepository, 'findByIdentifier' | 'consume'>;
  clock: Clock;
}

/**
 * GET /delete-user/callback (and POST /delete-user with a token): deletes the account a mailed
 * `delete-account-<token>` names. The token is consumed once; the user's sessions and accounts
 * go with it (cascade). Answers the deleted user.
 */
export class ConfirmDeleteUser {
  constructor(private readonly deps: ConfirmDeleteUserDeps) {}

  async execute(input: ConfirmDeleteUserInput): Promise<User> {
    const { users, verifications, clock } = this.deps;
    if (!isDeleteAccountToken(input.token)) throw raise(IDENTITY_ERRORS.INVALID_TOKEN);
    const identifier = deleteAccountIdentifier(input.token);
    const found = await verifications.findByIdentifier(identifier, clock.now());
    // Checked before consuming, so a token opened in another user's browser stays usable.
    if (!found || (input.userId && found.value !== input.userId)) throw raise(IDENTITY_ERRORS.INVALID_TOKEN);
    const record = await verifications.consume(identifier, clock.now());
    const user = record && (await users.findById(record.value));
    if (!user) throw raise(IDENTITY_ERRORS.INVALID_TOKEN);
    await users.delete(user.id);
    return user;
  }
}
