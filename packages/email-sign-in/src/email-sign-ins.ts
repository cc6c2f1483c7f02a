import { hasCode, uuid, type Clock, type IdGenerator } from '@tend/kernel';
import { newUser, type User } from '@tend/identity';
import type { SignInClient, SignInCompletion, SignInOutcome, UserRepository } from '@tend/identity';
import type { AccountClaim } from './ports.js';

/** How the address was proven, as the audit log names the sign-in. */
export type EmailSignInMethod = 'magic-link' | 'email-otp';

export interface EmailSignInInput {
  /** The proven address, lowercase. */
  email: string;
  /** The name of a new account (the address's local part when not given). */
  name?: string | null;
  method: EmailSignInMethod;
  client: SignInClient;
  /** Where the person goes once signed in (kept across a second-factor challenge). */
  next?: string | null;
}

/**
 * Signs in whoever proved an address by mail, through the one sign-in completion (bans, the
 * second factor, the session, the audit event). An unknown address becomes a verified account
 * (unless sign-up is off: null). An account whose email was never verified is first claimed:
 * whatever its unproven registrant set up (password, provider links, sessions) is revoked, so
 * registering someone else's address in advance gains nothing.
 */
export class EmailSignIns {
  constructor(
    private readonly users: Pick<UserRepository, 'findByEmail' | 'update'>,
    private readonly completion: Pick<SignInCompletion, 'admit' | 'complete'>,
    private readonly claim: AccountClaim,
    private readonly clock: Clock,
    private readonly signUp: boolean,
    private readonly newId: IdGenerator = uuid,
  ) {}

  async signIn(input: EmailSignInInput): Promise<SignInOutcome | null> {
    const user = await this.users.findByEmail(input.email);
    if (user) return this.existing(user, input);
    if (!this.signUp) return null;
    // Without a name the address's local part stands in (a blank name reads as a broken page); it can be changed later.
    const name = input.name?.trim() || input.email.slice(0, input.email.lastIndexOf('@'));
    const fresh = newUser({ id: this.newId(), email: input.email, name, emailVerified: true }, this.clock.now());
    const proof = { user: fresh, method: input.method, factors: ['email'] as const, client: input.client, next: input.next, isNewUser: true };
    try {
      return await this.completion.complete(proof, { create: {} });
    } catch (error) {
      // Someone signed up with this address meanwhile: sign in to that account instead.
      const raced = hasCode(error, 'USER_ALREADY_EXISTS') ? await this.users.findByEmail(input.email) : null;
      if (!raced) throw error;
      return this.existing(raced, input);
    }
  }

  /** Marks an existing account's address proven, claiming it first when it was unverified. */
  async prove(user: User, input: Pick<EmailSignInInput, 'method' | 'client'>): Promise<User> {
    if (user.emailVerified) return user;
    await this.claim.execute({ userId: user.id, method: input.method, ipAddress: input.client.ipAddress, userAgent: input.client.userAgent });
    return this.users.update(user.id, { emailVerified: true, updatedAt: this.clock.now() });
  }

  private async existing(user: User, input: EmailSignInInput): Promise<SignInOutcome> {
    // Banned users are refused before anything of theirs changes.
    const admitted = await this.prove(await this.completion.admit(user), input);
    return this.completion.complete({ user: admitted, method: input.method, factors: ['email'], client: input.client, next: input.next });
  }
}
