import { raise, uuid, type Clock, type IdGenerator } from '@tend/kernel';
import { CREDENTIAL_PROVIDER, newAccount, newUser, type User } from '../entities.js';
import { normalizeEmail } from '../email.js';
import { fieldRequired, IDENTITY_ERRORS } from '../error-codes.js';
import { PlaceholderEmails } from '../placeholder-email.js';
import { checkPassword, DEFAULT_PASSWORD_POLICY, type PasswordPolicy } from '../password-policy.js';
import type { PasswordHasher, UserRepository } from '../ports.js';
import type { SignInClient } from '../sign-in/proof.js';
import type { SignInCompletion, SignInOutcome } from '../sign-in/sign-in-completion.js';
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
  client: SignInClient;
}

export interface SignUpConfig {
  passwordPolicy: PasswordPolicy;
  usernamePolicy: UsernamePolicy;
  userFields: UserFields;
  /** Sign the new user in at once (default true), unless verification is required. */
  autoSignIn: boolean;
  requireEmailVerification: boolean;
}

export interface SignUpWithEmailDeps {
  users: Pick<UserRepository, 'create'>;
  hasher: Pick<PasswordHasher, 'hash'>;
  completion: Pick<SignInCompletion, 'complete'>;
  clock: Clock;
  events?: UserEvents;
  newId?: IdGenerator;
  /** The placeholder addresses of providers that share no email: nobody signs up at one. */
  placeholders?: PlaceholderEmails;
}

/**
 * POST /sign-up/email: creates a user with a credential account and, usually, signs them in
 * through the sign-in completion (which then stores user, account and session in one transaction).
 */
export class SignUpWithEmail {
  private readonly config: SignUpConfig;

  private readonly newId: IdGenerator;

  constructor(
    private readonly deps: SignUpWithEmailDeps,
    config: Partial<SignUpConfig> = {},
  ) {
    this.newId = deps.newId ?? uuid;
    this.config = {
      passwordPolicy: DEFAULT_PASSWORD_POLICY,
      usernamePolicy: DEFAULT_USERNAME_POLICY,
      userFields: DEFAULT_USER_FIELDS,
      autoSignIn: true,
      requireEmailVerification: false,
      ...config,
    };
  }

  async execute(input: SignUpInput): Promise<{ user: User; outcome: SignInOutcome | null }> {
    const email = normalizeEmail(input.email);
    // A placeholder stands in for a provider user's missing address and can receive no mail:
    // whoever took one first would lock that provider user out (it never links).
    if ((this.deps.placeholders ?? new PlaceholderEmails()).matches(email)) throw raise(IDENTITY_ERRORS.INVALID_EMAIL);
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

    const now = this.deps.clock.now();
    const id = this.newId();
    const user = newUser({ ...fields, id, email, name: String(fields.name ?? '') }, now);
    const hash = await this.deps.hasher.hash(input.password);
    const account = newAccount({ id: this.newId(), accountId: id, providerId: CREDENTIAL_PROVIDER, userId: id, password: hash }, now);
    // Signed in at once, the completion stores user, credential account and session in one
    // transaction: a failure half-way leaves no half-made account behind to block signing up again.
    const signIn = this.config.autoSignIn && !this.config.requireEmailVerification;
    const outcome = signIn
      ? await this.deps.completion.complete(
          { user, method: 'email', factors: ['password'], rememberMe: input.rememberMe, client: input.client, next: input.callbackURL, isNewUser: true, detail: { signUp: true } },
          { create: { account }, record: false },
        )
      : null;
    const created = outcome?.user ?? (await this.deps.users.create(user, account));
    await this.deps.events?.userCreated?.(created, { callbackURL: input.callbackURL });
    return { user: created, outcome };
  }
}
