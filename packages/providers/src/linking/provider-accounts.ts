import { hasCode, raise, raiseFrom, uuid, type Clock, type ErrorDefinition, type IdGenerator } from '@tend/kernel';
import { newAccount, type Account, type User } from '@tend/identity';
import {
  ExternalIdentityLinker,
  normalizeEmail,
  type ClaimUnverifiedAccount,
  type LinkRefusal,
  PlaceholderEmails,
  type AccountRepository,
  type SignInClient,
  type SignInCompletion,
  type SignInOutcome,
  type UserEvents,
  type UserRepository,
} from '@tend/identity';
import { CALLBACK_ERRORS } from '../error-codes.js';
import type { ProviderUser } from '../oauth-provider.port.js';
import type { TokenCipher } from '../token-cipher.js';
import { mayLink, PROVIDERS_WITHOUT_EMAIL, type SocialSignInConfig } from './account-linking.js';

/** Provider tokens as they are to be stored (plaintext here; encrypted on the way in). */
export interface TokensToStore {
  accessToken: string | null;
  refreshToken: string | null;
  idToken: string | null;
  accessTokenExpiresAt: Date | null;
  refreshTokenExpiresAt: Date | null;
  scopes: string[];
}

/** A provider sign-in handed to the sign-in completion: a session or a challenge, and whether it signed up. */
export interface ProviderSignInOutcome {
  signIn: SignInOutcome;
  user: User;
  isNewUser: boolean;
}

export interface ProviderSignIn {
  providerId: string;
  /** `social` (the redirect flow) or `id-token`, as the audit log names it. */
  method: 'social' | 'id-token';
  profile: ProviderUser;
  tokens: TokensToStore;
  /** This provider may not create users on this sign-in. */
  disableSignUp: boolean;
  callbackURL?: string;
  /** Where a new user goes instead of `callbackURL`. */
  newUserCallbackURL?: string;
  client: SignInClient;
}

/** The revocation that precedes linking to an account whose email was never verified (identity's ClaimUnverifiedAccount). */
export type AccountClaims = Pick<ClaimUnverifiedAccount, 'execute'>;

/** The callback error of each way identity's linker refuses a provider identity (a ban is its own 403). */
const REFUSALS: Record<Exclude<LinkRefusal, 'banned'>, ErrorDefinition> = {
  'no-email': CALLBACK_ERRORS.EMAIL_NOT_FOUND,
  // Providers accept every address: never answered here.
  'foreign-email': CALLBACK_ERRORS.ACCOUNT_NOT_LINKED,
  'placeholder-email': CALLBACK_ERRORS.ACCOUNT_NOT_LINKED,
  'linking-not-allowed': CALLBACK_ERRORS.ACCOUNT_NOT_LINKED,
  // Providers claim unverified accounts instead: never answered here.
  'unverified-account': CALLBACK_ERRORS.ACCOUNT_NOT_LINKED,
  'sign-up-refused': CALLBACK_ERRORS.SIGNUP_DISABLED,
  'user-missing': CALLBACK_ERRORS.UNABLE_TO_CREATE_USER,
  'link-failed': CALLBACK_ERRORS.UNABLE_TO_LINK_ACCOUNT,
  'create-failed': CALLBACK_ERRORS.UNABLE_TO_CREATE_USER,
};

/**
 * The outcome of a provider identity (spec section 4), decided by identity's
 * ExternalIdentityLinker (the linking rules of providers and SSO): a linked account signs its
 * user in (its tokens refreshed); an unlinked user of the same email is linked when the linking
 * settings allow (linking on, and a trusted provider or one that vouches for the address) — an
 * account whose email was never verified is first claimed (`claims`: whatever the unproven
 * registrant set up is revoked); an unknown user is created unless sign-up is off. The proven
 * identity then goes to the sign-in completion (bans, challenges, the session). Outcomes are
 * CALLBACK_ERRORS (identity's BANNED_USER for a ban), so callers can redirect or answer JSON.
 */
export class ProviderAccounts {
  private readonly linker: ExternalIdentityLinker;

  constructor(
    private readonly users: Pick<UserRepository, 'findById' | 'findByEmail' | 'create' | 'update'>,
    private readonly accounts: AccountRepository,
    private readonly completion: Pick<SignInCompletion, 'admit' | 'complete'>,
    private readonly cipher: TokenCipher,
    private readonly clock: Clock,
    private readonly config: SocialSignInConfig,
    claims: AccountClaims,
    private readonly events: UserEvents = {},
    private readonly newId: IdGenerator = uuid,
    private readonly placeholders: PlaceholderEmails = new PlaceholderEmails(config.placeholderEmailDomain),
  ) {
    this.linker = new ExternalIdentityLinker({ users, accounts, completion, claims, placeholders, clock, newId });
  }

  /** The address a profile signs up with: its own, a placeholder (see SocialSignInConfig), or null. */
  emailOf(providerId: string, profile: ProviderUser): string | null {
    if (!profile.email) {
      const placeholder = this.config.placeholderEmailDomain !== null || PROVIDERS_WITHOUT_EMAIL.includes(providerId);
      return placeholder ? this.placeholders.of(providerId, profile.id) : null;
    }
    try {
      return normalizeEmail(profile.email);
    } catch {
      return null;
    }
  }

  async signIn(input: ProviderSignIn): Promise<ProviderSignInOutcome> {
    const { providerId, profile } = input;
    const vouched = profile.emailVerified && profile.email !== null;
    const { updatedAt: _stamp, ...accountFields } = this.tokenPatch(input.tokens);
    const resolved = await this.linker.resolve({
      providerId,
      subject: profile.id,
      email: this.emailOf(providerId, profile),
      emailVerified: vouched,
      mayLinkExisting: mayLink(this.config.linking, providerId, vouched),
      signUp: this.config.signUpEnabled && !input.disableSignUp,
      unverifiedAccounts: 'claim',
      name: profile.name,
      image: profile.image,
      accountFields,
      method: input.method,
      client: input.client,
    });
    if (resolved.status === 'refused') {
      // A banned account gains no link and loses nothing to a claim (403 BANNED_USER, as the completion would).
      if (resolved.reason === 'banned') throw resolved.error;
      throw resolved.error === undefined ? raise(REFUSALS[resolved.reason]) : raiseFrom(resolved.error, REFUSALS[resolved.reason]);
    }
    const { isNewUser } = resolved;
    if (isNewUser) await this.events.userCreated?.(resolved.user, { callbackURL: input.callbackURL });
    const next = isNewUser ? (input.newUserCallbackURL ?? input.callbackURL) : input.callbackURL;
    try {
      const signIn = await this.completion.complete({ user: resolved.user, method: input.method, factors: ['provider'], client: input.client, next, isNewUser, detail: { provider: providerId } });
      return { signIn, user: signIn.user, isNewUser };
    } catch (error) {
      if (hasCode(error, 'BANNED_USER')) throw error;
      throw raiseFrom(error, CALLBACK_ERRORS.UNABLE_TO_CREATE_SESSION);
    }
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
