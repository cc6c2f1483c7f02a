import { raise, type Clock } from '@tend/kernel';
import type { User } from '../entities.js';
import { IDENTITY_ERRORS } from '../error-codes.js';
import type { UserRepository } from '../ports.js';
import { DEFAULT_USER_FIELDS, pickInput, type UserFields } from '../user-fields.js';
import { DEFAULT_USERNAME_POLICY, normalizeUsername, type UsernamePolicy } from '../username.js';

export interface UpdateUserDeps {
  users: Pick<UserRepository, 'update'>;
  clock: Clock;
}

export interface UpdateUserConfig {
  userFields: UserFields;
  usernamePolicy: UsernamePolicy;
}

/** POST /update-user: name, image, username and custom fields; never the email. */
export class UpdateUser {
  private readonly config: UpdateUserConfig;

  constructor(
    private readonly deps: UpdateUserDeps,
    config: Partial<UpdateUserConfig> = {},
  ) {
    this.config = { userFields: DEFAULT_USER_FIELDS, usernamePolicy: DEFAULT_USERNAME_POLICY, ...config };
  }

  async execute(userId: string, input: Record<string, unknown>): Promise<User> {
    if ('email' in input) throw raise(IDENTITY_ERRORS.EMAIL_CAN_NOT_BE_UPDATED);
    const patch = pickInput(input, this.config.userFields);
    if (typeof patch.username === 'string') {
      const typed = patch.username;
      patch.username = normalizeUsername(typed, this.config.usernamePolicy);
      patch.displayUsername = patch.displayUsername ?? typed;
    }
    if (Object.keys(patch).length === 0) throw raise(IDENTITY_ERRORS.NO_FIELDS_TO_UPDATE);
    return this.deps.users.update(userId, { ...patch, updatedAt: this.deps.clock.now() });
  }
}
