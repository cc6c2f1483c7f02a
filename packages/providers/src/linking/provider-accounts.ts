import { hasCode, newAccount, newUser, raise, raiseFrom, uuid, type Account, type Clock, type IdGenerator, type Session, type User } from '@tend/kernel';
import { assertNotBanned, normalizeEmail, type AccountRepository, type UserEvents, type UserRepository } from '@tend/identity';
import type { SessionManager } from '@tend/sessions';
import { CALLBACK_ERRORS } from '../error-codes.js';
import type { ProviderUser } from '../oauth-provider.port.js';
import type { TokenCipher } from '../token-cipher.js';
import { mayLink, type SocialSignInConfig } from './account-linking.js';

/** Provider tokens as they are to be stored (plaintext here; encrypted on the way in). */
export interface TokensToStore {
  accessToken: string | null;
  refreshToken: string | null;
  idToken: string | null;
  accessTokenExpiresAt: Date | null;
  refreshTokenExpiresAt: Date | null;
  scopes: string[];
}

export interface SignInOutcome {
  user: User;
  session: Session;
  isNewUser: boolean;
}

export interface ProviderSignIn {
  providerId: string;
  profile: ProviderUser;
  tokens: TokensToStore;
  /** This provider may not create users on this sign-in. */
  disableSignUp: boolean;
  callbackURL?: string;
  ipAddress?: string | null;
  userAgent?: string | null;
}

/**
 * The outcome of a provider identity (spec section 4): a linked account signs its user in (its
 * tokens refreshed); an unlinked user of the same email is linked when the rules allow; an
 * unknown user is created unless sign-up is off; a banned user is refused. Outcomes are
 * CALLBACK_ERRORS (identity's BANNED_USER for a ban), so callers can redirect or answer JSON.
 */
export class ProviderAccounts {
  constructor(
    private readonly users: UserRepository,
    private readonly accounts: AccountRepository,
    private readonly sessions: SessionManager,
    private readonly cipher: TokenCipher,
    private readonly clock: Clock,
    private readonly config: SocialSignInConfig,
    private readonly events: UserEvents = {},
    private readonly newId: IdGenerator = uuid,
  ) {}

  /** The address a profile signs up with: its own, a placeholder when configured, or null. */
  emailOf(providerId: string, profile: ProviderUser): string | null {
    if (profile.email) {
      try {
        return normalizeEmail(profile.email);
      } catch {
        return null;
      }
    }
    const domain = this.config.placeholderEmailDomain;
    if (!domain) return null;
    const local = `${providerId}-${profile.id}`.toLowerCase().replace(/[^a-z0-9._-]/g, '-').slice(0, 64);
    return `${local}@${domain}`;
  }

  async signIn(input: ProviderSignIn): Promise<SignInOutcome> {
    const { providerId, profile } = input;
    const linked = await this.accounts.findByProvider(providerId, profile.id);
    let user: User;
    let isNewUser = false;
    if (linked) {
      const owner = await this.users.findById(linked.userId);
      if (!owner) throw raise(CALLBACK_ERRORS.UNABLE_TO_CREATE_USER);
      await this.accounts.update(linked.id, this.tokenPatch(input.tokens));
      user = await this.promoteVerifiedEmail(owner, profile);
    } else {
      const email = this.emailOf(providerId, profile);
      if (!email) throw raise(CALLBACK_ERRORS.EMAIL_NOT_FOUND);
      const existing = await this.users.findByEmail(email);
      if (existing) {
        if (!mayLink(this.config.linking, providerId, profile.emailVerified && profile.email !== null)) throw raise(CALLBACK_ERRORS.ACCOUNT_NOT_LINKED);
        await this.createAccount(existing.id, providerId, profile.id, input.tokens, CALLBACK_ERRORS.UNABLE_TO_LINK_ACCOUNT);
        user = await this.promoteVerifiedEmail(existing, profile);
      } else {
        if (!this.config.signUpEnabled || input.disableSignUp) throw raise(CALLBACK_ERRORS.SIGNUP_DISABLED);
        user = await this.createUser(email, input);
        isNewUser = true;
      }
    }
    user = await assertNotBanned(user, this.users, this.clock);
    let session: Session;
    try {
      session = await this.sessions.create({ userId: user.id, ipAddress: input.ipAddress, userAgent: input.userAgent });
    } catch (error) {
      throw raiseFrom(error, CALLBACK_ERRORS.UNABLE_TO_CREATE_SESSION);
    }
    return { user, session, isNewUser };
  }

  /**
   * Links a provider account to a signed-in user (the link-social flow). Refused when the rules
   * do not allow it, when the emails differ (unless allowed), or when the account belongs to
   * someone else; an account already linked to this user gets its tokens refreshed.
   */
  async link(input: { providerId: string; profile: ProviderUser; tokens: TokensToStore; link: { userId: string; email: string } }): Promise<User> {
    const { providerId, profile, link } = input;
    if (!mayLink(this.config.linking, providerId, profile.emailVerified && profile.email !== null)) throw raise(CALLBACK_ERRORS.UNABLE_TO_LINK_ACCOUNT);
    const sameEmail = profile.email !== null && profile.email.toLowerCase() === link.email.toLowerCase();
    if (!sameEmail && !this.config.linking.allowDifferentEmails) throw raise(CALLBACK_ERRORS.EMAIL_DOESN_T_MATCH);
    const user = await this.users.findById(link.userId);
    if (!user) throw raise(CALLBACK_ERRORS.UNABLE_TO_LINK_ACCOUNT);
    const existing = await this.accounts.findByProvider(providerId, profile.id);
    if (existing && existing.userId !== link.userId) throw raise(CALLBACK_ERRORS.ACCOUNT_ALREADY_LINKED_TO_DIFFERENT_USER);
    if (existing) await this.accounts.update(existing.id, this.tokenPatch(input.tokens));
    else await this.createAccount(link.userId, providerId, profile.id, input.tokens, CALLBACK_ERRORS.UNABLE_TO_LINK_ACCOUNT);
    return this.promoteVerifiedEmail(user, profile);
  }

  /** The stored form of fresh tokens: encrypted, scopes comma-separated. */
  tokenPatch(tokens: TokensToStore): Pick<Account, 'accessToken' | 'refreshToken' | 'idToken' | 'accessTokenExpiresAt' | 'refreshTokenExpiresAt' | 'scope' | 'updatedAt'> {
    return {
      accessToken: this.cipher.seal(tokens.accessToken),
      refreshToken: this.cipher.seal(tokens.refreshToken),
      idToken: this.cipher.seal(tokens.idToken),
      accessTokenExpiresAt: tokens.accessTokenExpiresAt,
      refreshTokenExpiresAt: tokens.refreshTokenExpiresAt,
      scope: tokens.scopes.length > 0 ? tokens.scopes.join(',') : null,
      updatedAt: this.clock.now(),
    };
  }

  private async createUser(email: string, input: ProviderSignIn): Promise<User> {
    const now = this.clock.now();
    const id = this.newId();
    const verified = input.profile.emailVerified && input.profile.email !== null;
    const user = newUser({ id, email, name: input.profile.name || email, image: input.profile.image, emailVerified: verified }, now);
    const account = newAccount({ id: this.newId(), accountId: input.profile.id, providerId: input.providerId, userId: id, ...this.tokenPatch(input.tokens) }, now);
    let created: User;
    try {
      created = await this.users.create(user, account);
    } catch (error) {
      throw raiseFrom(error, CALLBACK_ERRORS.UNABLE_TO_CREATE_USER);
    }
    await this.events.userCreated?.(created, { callbackURL: input.callbackURL });
    return created;
  }

  private async createAccount(userId: string, providerId: string, accountId: string, tokens: TokensToStore, failure: typeof CALLBACK_ERRORS.UNABLE_TO_LINK_ACCOUNT): Promise<void> {
    const now = this.clock.now();
    try {
      await this.accounts.create(newAccount({ id: this.newId(), accountId, providerId, userId, ...this.tokenPatch(tokens) }, now));
    } catch (error) {
      throw raiseFrom(error, failure);
    }
  }

  /** A provider that vouches for the user's own address verifies it here too. */
  private async promoteVerifiedEmail(user: User, profile: ProviderUser): Promise<User> {
    if (user.emailVerified || !profile.emailVerified || !profile.email || profile.email.toLowerCase() !== user.email) return user;
    try {
      return await this.users.update(user.id, { emailVerified: true, updatedAt: this.clock.now() });
    } catch (error) {
      if (hasCode(error, 'USER_NOT_FOUND')) throw raise(CALLBACK_ERRORS.UNABLE_TO_LINK_ACCOUNT);
      throw error;
    }
  }
}
