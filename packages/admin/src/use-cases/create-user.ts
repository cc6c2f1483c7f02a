import { hasCode, isAuthError, raise, silentLogger, uuid, type Clock, type IdGenerator, type Logger } from '@tend/kernel';
import { CREDENTIAL_PROVIDER, newAccount, newUser, type User } from '@tend/identity';
import { checkPassword, IDENTITY_ERRORS, normalizeEmail, normalizeUsername, pickInput, type PasswordHasher, type UserRepository } from '@tend/identity';
import type { Actor } from '../actor.js';
import { actorEvent } from '../audit/audit-event.js';
import type { AuditLog } from '../audit/audit-log.port.js';
import { adminConfig, type AdminConfig } from '../config.js';
import { ADMIN_ERRORS } from '../error-codes.js';
import { authorizeAdmin } from '../permissions.js';
import { roleValue } from './set-role.js';

export interface CreateUserInput {
  actor: Actor;
  email: string;
  password: string;
  name: string;
  /** Default: the configured default role ('user'). Setting one also needs user set-role. */
  role?: string | readonly string[] | null;
  /**
   * Extra fields: the client-settable user fields (image, username, bio, ...) and
   * emailVerified. Admin fields (role, banned, banReason, banExpires) and the rest are ignored.
   */
  data?: Record<string, unknown> | null;
}

/**
 * POST /admin/create-user: a user with a credential account, created in one write. Needs user
 * create. A taken email is 400 User already exists; any unexpected failure 500 Failed to create user.
 */
export class CreateUser {
  private readonly config: AdminConfig;

  constructor(
    private readonly users: UserRepository,
    private readonly hasher: PasswordHasher,
    private readonly audit: AuditLog,
    private readonly clock: Clock,
    config: Partial<AdminConfig> = {},
    private readonly logger: Logger = silentLogger,
    private readonly newId: IdGenerator = uuid,
  ) {
    this.config = adminConfig(config);
  }

  async execute(input: CreateUserInput): Promise<{ user: User }> {
    authorizeAdmin(input.actor, 'create-user', this.config);
    const hasRole = input.role !== undefined && input.role !== null;
    if (hasRole) authorizeAdmin(input.actor, 'set-role', this.config);
    const role = hasRole ? roleValue(input.role as string | readonly string[], this.config) : this.config.defaultRole;
    const email = normalizeEmail(input.email);
    if (this.config.placeholders.matches(email)) throw raise(IDENTITY_ERRORS.INVALID_EMAIL);
    checkPassword(input.password, this.config.passwordPolicy);
    if (await this.users.findByEmail(email)) throw raise(ADMIN_ERRORS.USER_ALREADY_EXISTS);

    const fields = extraFields(input.data ?? {}, this.config);
    const now = this.clock.now();
    const id = this.newId();
    const user = newUser({ ...fields, id, email, name: input.name, role }, now);
    const account = newAccount({ id: this.newId(), accountId: id, providerId: CREDENTIAL_PROVIDER, userId: id, password: await this.hasher.hash(input.password) }, now);
    let created: User;
    try {
      created = await this.users.create(user, account);
    } catch (error) {
      // The loser of a race on the email hears what the check above would have said.
      if (hasCode(error, 'USER_ALREADY_EXISTS')) throw raise(ADMIN_ERRORS.USER_ALREADY_EXISTS);
      if (isAuthError(error)) throw error;
      this.logger.error('admin create-user failed', { error: error instanceof Error ? error.message : String(error) });
      throw raise(ADMIN_ERRORS.FAILED_TO_CREATE_USER);
    }
    await this.audit.record(actorEvent(input.actor, { action: 'user.create', targetUserId: created.id, detail: { email, role } }, now));
    return { user: created };
  }
}

/** The client-settable fields of `data`, plus emailVerified; the username normalised as sign-up does. */
function extraFields(data: Record<string, unknown>, config: Pick<AdminConfig, 'userFields' | 'usernamePolicy'>): Partial<User> {
  const fields = pickInput(data, config.userFields);
  delete fields.name;
  if (typeof data.emailVerified === 'boolean') fields.emailVerified = data.emailVerified;
  if (typeof fields.username === 'string') {
    const typed = fields.username;
    fields.username = normalizeUsername(typed, config.usernamePolicy);
    fields.displayUsername = fields.displayUsername ?? typed;
  } else {
    delete fields.username;
    delete fields.displayUsername;
  }
  return fields;
}
