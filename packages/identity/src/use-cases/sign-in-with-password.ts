import { raise, raiseFrom, type ErrorDefinition } from '@tend/kernel';
import type { User } from '../entities.js';
import { normalizeEmail } from '../email.js';
import { IDENTITY_ERRORS } from '../error-codes.js';
import type { AccountRepository, PasswordHasher, UserRepository } from '../ports.js';
import type { SignInClient } from '../sign-in/proof.js';
import type { SignInCompletion, SignInOutcome } from '../sign-in/sign-in-completion.js';
import { DEFAULT_USERNAME_POLICY, USERNAME_ERRORS, normalizeUsername, type UsernamePolicy } from '../username.js';
import type { UserEvents } from './user-events.js';

export interface SignInInput {
  /** An email address, or a username for username sign-in. */
  identifier: string;
  password: string;
  rememberMe?: boolean;
  callbackURL?: string;
  client: SignInClient;
}

/** Why a password sign-in of an existing account failed: the cause of its error, so the failure is recorded against the account (its recent activity). */
export class WrongPassword extends Error {
  constructor(readonly userId: string) {
    super('wrong password');
  }
}

export interface SignInConfig {
  requireEmailVerification: boolean;
  usernamePolicy?: UsernamePolicy;
}

export interface SignInWithPasswordDeps {
  users: Pick<UserRepository, 'findByEmail' | 'findByUsername'>;
  accounts: Pick<AccountRepository, 'findCredential'>;
  hasher: PasswordHasher;
  completion: Pick<SignInCompletion, 'admit' | 'complete'>;
  events?: UserEvents;
}

interface Variant {
  method: 'email' | 'username';
  find(identifier: string): Promise<User | null>;
  invalid: ErrorDefinition;
  notVerified: ErrorDefinition;
}

/**
 * Password sign-in, by email (POST /sign-in/email) or by username (POST /sign-in/username).
 * Unknown user, missing credential account and wrong password answer the same error after
 * the same work (one scrypt), so responses and timing never tell which it was. The proven
 * password goes to the sign-in completion (bans, challenges, the session).
 */
export class SignInWithPassword {
  private dummyHash?: Promise<string>;
  private readonly byEmail: Variant;
  private readonly byUsername: Variant;

  constructor(
    private readonly deps: SignInWithPasswordDeps,
    private readonly config: SignInConfig = { requireEmailVerification: false, usernamePolicy: DEFAULT_USERNAME_POLICY },
  ) {
    this.byEmail = {
      method: 'email',
      find: (email) => this.deps.users.findByEmail(normalizeEmail(email)),
      invalid: IDENTITY_ERRORS.INVALID_EMAIL_OR_PASSWORD,
      notVerified: IDENTITY_ERRORS.EMAIL_NOT_VERIFIED,
    };
    this.byUsername = {
      method: 'username',
      // The username rules (422 too short / too long / invalid) apply before any lookup.
      find: (username) => this.deps.users.findByUsername(normalizeUsername(username, this.config.usernamePolicy)),
      invalid: USERNAME_ERRORS.INVALID_USERNAME_OR_PASSWORD,
      notVerified: USERNAME_ERRORS.EMAIL_NOT_VERIFIED,
    };
  }

  withEmail(input: SignInInput): Promise<SignInOutcome> {
    return this.signIn(this.byEmail, input);
  }

  withUsername(input: SignInInput): Promise<SignInOutcome> {
    return this.signIn(this.byUsername, input);
  }

  private async signIn(variant: Variant, input: SignInInput): Promise<SignInOutcome> {
    const found = await variant.find(input.identifier);
    const account = found ? await this.deps.accounts.findCredential(found.id) : null;
    if (!found || !account?.password) {
      await this.deps.hasher.verify(await this.dummy(), input.password);
      throw raise(variant.invalid);
    }
    // The same answer as an unknown user; the cause (never answered) names the account for its audit event.
    if (!(await this.deps.hasher.verify(account.password, input.password))) throw raiseFrom(new WrongPassword(found.id), variant.invalid);

    // A banned user hears of the ban before anything else (and is sent no verification mail).
    const user = await this.deps.completion.admit(found);
    if (this.config.requireEmailVerification && !user.emailVerified) {
      await this.deps.events?.emailNotVerified?.(user, { callbackURL: input.callbackURL });
      throw raise(variant.notVerified);
    }
    return this.deps.completion.complete({ user, method: variant.method, factors: ['password'], rememberMe: input.rememberMe, client: input.client, next: input.callbackURL });
  }

  /** A hash to verify against when there is no real one; made once. */
  private dummy(): Promise<string> {
    this.dummyHash ??= this.deps.hasher.hash('tend-timing-equaliser');
    return this.dummyHash;
  }
}
