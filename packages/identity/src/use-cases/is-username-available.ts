import type { UserRepository } from '../ports.js';
import { DEFAULT_USERNAME_POLICY, normalizeUsername, type UsernamePolicy } from '../username.js';

/** POST /is-username-available: a valid username nobody has (case-insensitively). */
export class IsUsernameAvailable {
  constructor(
    private readonly deps: { users: Pick<UserRepository, 'findByUsername'> },
    private readonly policy: UsernamePolicy = DEFAULT_USERNAME_POLICY,
  ) {}

  async execute(username: string): Promise<boolean> {
    return (await this.deps.users.findByUsername(normalizeUsername(username, this.policy))) === null;
  }
}
