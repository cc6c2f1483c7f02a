import type { User, UserRepository } from '@tend/identity';
import type { Actor } from '../actor.js';
import { adminConfig, type AdminConfig } from '../config.js';
import { authorizeAdmin } from '../permissions.js';
import { requireUser } from './require-user.js';

/**
 * GET /admin/get-user?id (better-auth 1.7): needs user get (403 YOU_ARE_NOT_ALLOWED_TO_GET_USER);
 * the user as list-users shows it, or 404 USER_NOT_FOUND.
 */
export class GetUser {
  private readonly config: AdminConfig;

  constructor(
    private readonly users: Pick<UserRepository, 'findById'>,
    config: Partial<AdminConfig> = {},
  ) {
    this.config = adminConfig(config);
  }

  async execute(input: { actor: Actor; id: string }): Promise<User> {
    authorizeAdmin(input.actor, 'get-user', this.config);
    return requireUser(this.users, input.id);
  }
}
