import { raise, type Clock, type User } from '@tend/kernel';
import { IDENTITY_ERRORS } from '../error-codes.js';
import type { UserRepository } from '../ports.js';
import { DEFAULT_USER_FIELDS, pickInput, type UserFields } from '../user-fields.js';
import { DEFAULT_USERNAME_POLICY, normalizeUsername, type UsernamePolicy } from '../username.js';

/** POST /update-user: name, image, username and custom fields; never the email. */
export class UpdateUser {
  constructor(
    private readonly users: UserRepository,
    private readonly clock: Clock,
    private readonly fields: UserFields = DEFAULT_USER_FIELDS,
    private readonly usernamePolicy: UsernamePolicy = DEFAULT_USERNAME_POLICY,
  ) {}

  async execute(userId: string, input: Record<string, unknown>): Promise<User> {
    if ('email' in input) throw raise(IDENTITY_ERRORS.EMAIL_CAN_NOT_BE_UPDATED);
    const patch = pickInput(input, this.fields);
    if (typeof patch.username === 'string') {
      const typed = patch.username;
      patch.username = normalizeUsername(typed, this.usernamePolicy);
      patch.displayUsername = patch.displayUsername ?? typed;
    }
    if (Object.keys(patch).length === 0) throw raise(IDENTITY_ERRORS.NO_FIELDS_TO_UPDATE);
    return this.users.update(userId, { ...patch, updatedAt: this.clock.now() });
  }
}
