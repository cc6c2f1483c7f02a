import { raise, type Clock, type ErrorDefinition, type Session, type User } from '@tend/kernel';
import type { SessionManager } from '@tend/sessions';
import { assertNotBanned } from '../ban.js';
import { normalizeEmail } from '../email.js';
import { IDENTITY_ERRORS } from '../error-codes.js';
import type { AccountRepository, PasswordHasher, UserRepository } from '../ports.js';
import { DEFAULT_USERNAME_POLICY, USERNAME_ERRORS, normalizeUsername, type UsernamePolicy } from '../username.js';
import type { UserEvents } from './user-events.js';

export interface SignInInput {
  /** An email address, or a username for username sign-in. */
  identifier: string;
  password: string;
  rememberMe?: boolean;
  callbackURL?: string;
  ipAddress?: string | null;
  userAgent?: string | null;
}

export interface SignInConfig {
  requireEmailVerification: boolean;
  usernamePolicy?: UsernamePolicy;
}

interface Variant {
  find(identifier: string): Promise<User | null>;
  invalid: ErrorDefinition;
  notVerified: ErrorDefinition;
}

/**
 * Password sign-in, by email (POST /sign-in/email) or by username (POST /sign-in/username).
 * Unknown user, missing credential account and wrong password answer the same error after
 * the same work (one scrypt), so responses and timing never tell which it was.
 */
export class SignInWithPassword {
  private dummyHash?: Promise<string>;
  private readonly byEmail: Variant;
  private readonly byUsername: Variant;

  constructor(
    private readonly users: UserRepository,
    private readonly accounts: AccountRepository,
    private readonly hasher: PasswordHasher,
    private readonly sessions: SessionManager,
    private readonly clock: Clock,
    private readonly config: SignInConfig = { requireEmailVerification: false, usernamePolicy: DEFAULT_USERNAME_POLICY },
    private readonly events: UserEvents = {},
  ) {
    this.byEmail = {
      find: (email) => this.users.findByEmail(normalizeEmail(email)),
      invalid: IDENTITY_ERRORS.INVALID_EMAIL_OR_PASSWORD,
      notVerified: IDENTITY_ERRORS.EMAIL_NOT_VERIFIED,
    };
    this.byUsername = {
      // The username rules (422 too short / too long / invalid) apply before any lookup.
      find: (username) => this.users.findByUsername(normalizeUsername(username, this.config.usernamePolicy)),
      invalid: USERNAME_ERRORS.INVALID_USERNAME_OR_PASSWORD,
      notVerified: USERNAME_ERRORS.EMAIL_NOT_VERIFIED,
    };
  }

  withEmail(input: SignInInput): Promise<{ user: User; session: Session }> {
    return this.signIn(this.byEmail, input);
  }

  withUsername(input: SignInInput): Promise<{ user: User; session: Session }> {
    return this.signIn(this.byUsername, input);
  }

  private async signIn(variant: Variant, input: SignInInput): Promise<{ user: User; session: Session }> {
    const found = await variant.find(input.identifier);
    const account = found ? await this.accounts.findCredential(found.id) : null;
    if (!found || !account?.password) {
      await this.hasher.verify(await this.dummy(), input.password);
      throw raise(variant.invalid);
    }
    if (!(await this.hasher.verify(account.password, input.password))) throw raise(variant.invalid);

    const user = await assertNotBanned(found, this.users, this.clock);
    if (this.config.requireEmailVerification && !user.emailVerified) {
      await this.events.emailNotVerified?.(user, { callbackURL: input.callbackURL });
      throw raise(variant.notVerified);
    }
    const session = await this.sessions.create({
      userId: user.id,
      rememberMe: input.rememberMe,
      ipAddress: input.ipAddress,
      userAgent: input.userAgent,
    });
    return { user, session };
  }

  /** A hash to verify against when there is no real one; made once. */
  private dummy(): Promise<string> {
    this.dummyHash ??= this.hasher.hash('tend-timing-equaliser');
    return this.dummyHash;
  }
}
