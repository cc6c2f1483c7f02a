import { raise, type Clock, type User } from '@tend/kernel';
import { IDENTITY_ERRORS } from '../error-codes.js';
import type { UserRepository, VerificationRepository } from '../ports.js';
import { deleteAccountIdentifier, isDeleteAccountToken } from '../verification-values.js';

export interface ConfirmDeleteUserInput {
  token: string;
  /** The signed-in user, if any: the token must then be theirs. */
  userId?: string | null;
}

/**
 * GET /delete-user/callback (and POST /delete-user with a token): deletes the account a mailed
 * `delete-account-<token>` names. The token is consumed once; the user's sessions and accounts
 * go with it (cascade). Answers the deleted user.
 */
export class ConfirmDeleteUser {
  constructor(
    private readonly users: UserRepository,
    private readonly verifications: VerificationRepository,
    private readonly clock: Clock,
  ) {}

  async execute(input: ConfirmDeleteUserInput): Promise<User> {
    if (!isDeleteAccountToken(input.token)) throw raise(IDENTITY_ERRORS.INVALID_TOKEN);
    const identifier = deleteAccountIdentifier(input.token);
    const found = await this.verifications.findByIdentifier(identifier, this.clock.now());
    // Checked before consuming, so a token opened in another user's browser stays usable.
    if (!found || (input.userId && found.value !== input.userId)) throw raise(IDENTITY_ERRORS.INVALID_TOKEN);
    const record = await this.verifications.consume(identifier, this.clock.now());
    const user = record && (await this.users.findById(record.value));
    if (!user) throw raise(IDENTITY_ERRORS.INVALID_TOKEN);
    await this.users.delete(user.id);
    return user;
  }
}
