import { CREDENTIAL_PROVIDER, newAccount, newUser, raise, uuid, type Clock, type IdGenerator, type Session, type User } from '@tend/kernel';
import type { SessionManager } from '@tend/sessions';
import { normalizeEmail } from '../email.js';
import { fieldRequired } from '../error-codes.js';
import { checkPassword, DEFAULT_PASSWORD_POLICY, type PasswordPolicy } from '../password-policy.js';
import type { PasswordHasher, UserRepository } from '../ports.js';
import { DEFAULT_USER_FIELDS, pickInput, type UserFields } from '../user-fields.js';
import { DEFAULT_USERNAME_POLICY, normalizeUsername, type UsernamePolicy } from '../username.js';
import type { UserEvents } from './user-events.js';

export interface SignUpInput {
  email: string;
  password: string;
  /** name, image, username and custom fields; non-input fields are ignored. */
  fields: Record<string, unknown>;
  rememberMe?: boolean;
  callbackURL?: string;
  ipAddress?: string | null;
  userAgent?: string | null;
}

export interface SignUpConfig {
  passwordPolicy: PasswordPolicy;
  usernamePolicy: UsernamePolicy;
  userFields: UserFields;
  /** Sign the new user in at once (default true), unless verification is required. */
  autoSignIn: boolean;
  requireEmailVerification: boolean;
}

/** POST /sign-up/email: creates a user with a credential account and, usually, a session. */
export class SignUpWithEmail {
  private readonly config: SignUpConfig;

  constructor(
    private readonly users: UserRepository,
    private readonly hasher: PasswordHasher,
    private readonly sessions: SessionManager,
    private readonly clock: Clock,
    config: Partial<SignUpConfig> = {},
    private readonly events: UserEvents = {},
    private readonly newId: IdGenerator = uuid,
  ) {
    this.config = {
      passwordPolicy: DEFAULT_PASSWORD_POLICY,
      usernamePolicy: DEFAULT_USERNAME_POLICY,
      userFields: DEFAULT_USER_FIELDS,
      autoSignIn: true,
      requireEmailVerification: false,
      ...config,
    };
  }

  async execute(input: SignUpInput): Promise<{ user: User; session: Session | null }> {
    const email = normalizeEmail(input.email);
    checkPassword(input.password, this.config.passwordPolicy);
    const fields = pickInput(input.fields, this.config.userFields);
    for (const [key, definition] of Object.entries(this.config.userFields)) {
      const value = (fields as Record<string, unknown>)[key];
      if (definition.required && definition.input && (value === undefined || value === null || value === '')) {
        throw raise(fieldRequired(key));
      }
    }
    if (fields.username !== undefined && fields.username !== null) {
      const typed = fields.username;
      fields.username = normalizeUsername(typed, this.config.usernamePolicy);
      fields.displayUsername = fields.displayUsername ?? typed;
    } else {
      delete fields.displayUsername;
    }

    const now = this.clock.now();
    const id = this.newId();
    const user = newUser({ ...fields, id, email, name: String(fields.name ?? '') }, now);
    const hash = await this.hasher.hash(input.password);
    const account = newAccount({ id: this.newId(), accountId: id, providerId: CREDENTIAL_PROVIDER, userId: id, password: hash }, now);
    const signIn = this.config.autoSignIn && !this.config.requireEmailVerification;
    const session = signIn ? this.sessions.build({ userId: id, rememberMe: input.rememberMe, ipAddress: input.ipAddress, userAgent: input.userAgent }) : null;
    // User, credential account and session in one transaction: a failure half-way leaves no
    // half-made account behind to block signing up again.
    const created = await this.users.create(user, account, session ?? undefined);
    await this.events.userCreated?.(created, { callbackURL: input.callbackURL });
    return { user: created, session };
  }
}
