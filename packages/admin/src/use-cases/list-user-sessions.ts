import type { Session } from '@tend/sessions';
import type { Actor } from '../actor.js';
import { adminConfig, type AdminConfig } from '../config.js';
import { authorizeAdmin } from '../permissions.js';
import type { AdminSessions } from '../sessions.port.js';

/**
 * POST /admin/list-user-sessions: needs session list. Every live session of the user,
 * impersonation sessions included (the user's own list hides those); an unknown user has none.
 */
export class ListUserSessions {
  private readonly config: AdminConfig;

  constructor(
    private readonly sessions: AdminSessions,
    config: Partial<AdminConfig> = {},
  ) {
    this.config = adminConfig(config);
  }

  async execute(input: { actor: Actor; userId: string }): Promise<{ sessions: Session[] }> {
    authorizeAdmin(input.actor, 'list-user-sessions', this.config);
    return { sessions: await this.sessions.list(input.userId) };
  }
}
