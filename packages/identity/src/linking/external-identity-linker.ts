import { hasCode, uuid, type Clock, type IdGenerator } from '@tend/kernel';
import { normalizeEmail } from '../email.js';
import { newAccount, newUser, type Account, type User } from '../entities.js';
import type { PlaceholderEmails } from '../placeholder-email.js';
import type { AccountRepository, UserRepository } from '../ports.js';
import type { SignInClient } from '../sign-in/proof.js';
import type { SessionEffect, SessionEffectHandler } from '../sign-in/session-effects.js';
import type { SignInCompletion } from '../sign-in/sign-in-completion.js';
import type { ClaimUnverifiedAccount } from '../use-cases/claim-unverified-account.js';

/** Columns a caller keeps on the account row of an identity (a provider's encrypted tokens). */
export type ExternalAccountFields = Partial<Pick<Account, 'accessToken' | 'refreshToken' | 'idToken' | 'accessTokenExpiresAt' | 'refreshTokenExpiresAt' | 'scope'>>;

/** Who an identity provider (a social provider, an organization's SSO provider) says someone is. */
export interface ExternalIdentity {
  /** The account rows' provider id: `github`, `sso:<providerId>`. */
  providerId: string;
  /** The provider's id of the person: its user id, the OIDC `sub`, the SAML NameID. */
  subject: string;
  /** The address it gives (a placeholder address stands for none it gave), or null. */
  email: string | null;
  /** The provider vouches for that address. */
  emailVerified: boolean;
  /**
   * Whether the caller lets this address find or create a user at all (SSO: only addresses of
   * the provider's domain); `foreign-email` otherwise. An account linked to the subject still
   * signs its user in.
   */
  acceptsEmail?: (email: string) => boolean;
  /**
   * The caller's own rules let this identity join an existing user of the same email at all
   * (linking on, a trusted provider or a vouched address; a verified domain). The linker's rules
   * still apply on top.
   */
  mayLinkExisting: boolean;
  /** A user may be created for an unknown address (false: sign-up refused by the caller). */
  signUp: boolean;
  /**
   * An existing account whose email was never verified: `claim` — when the provider vouches
   * for the address, whatever the unproven registrant set up is revoked first (identity's
   * ClaimUnverifiedAccount), and the link is made; `refuse` — never linked.
   */
  unverifiedAccounts: 'claim' | 'refuse';
  /**
   * Subjects of this provider may change between sign-ins (SAML transient NameIDs): a user who
   * has a link of this provider already is signed in by email without a second link.
   */
  oneLinkPerProvider?: boolean;
  /**
   * A link to an existing user is made only once the sign-in is a session: the outcome carries it
   * as a session effect to declare (`onSession`) instead of storing it now, so a sign-in refused
   * at its second factor leaves the account as it was (SSO). Account fields are not kept then.
   */
  deferLink?: boolean;
  /** A new user's name (the address stands in when empty) and picture. */
  name: string | null;
  image: string | null;
  /** Kept on the account row: set on a new link, refreshed on each sign-in through it. */
  accountFields?: ExternalAccountFields;
  /** How the person signs in (`social`, `sso`) and from where, for the audit event of a claim. */
  method: string;
  client: SignInClient;
}

/** Why an identity signs nobody in; each caller answers it with its own code. */
export type LinkRefusal =
  /** No usable address, and no account linked to the subject. */
  | 'no-email'
  /** An address the caller does not accept (outside an SSO provider's domain). */
  | 'foreign-email'
  /** A placeholder address never joins anyone's account. */
  | 'placeholder-email'
  /** The caller's rules do not let this identity join the existing user. */
  | 'linking-not-allowed'
  /** The existing user never proved the address, and this caller does not claim accounts. */
  | 'unverified-account'
  /** The existing user is banned: no link, nothing claimed (`error` is the ban's 403). */
  | 'banned'
  /** An unknown address and sign-up refused. */
  | 'sign-up-refused'
  /** A linked account whose user is gone. */
  | 'user-missing'
  /** The link could not be stored. */
  | 'link-failed'
  /** The user could not be created (a parallel sign-up took the address). */
  | 'create-failed';

export type LinkOutcome =
  /**
   * The user to hand to the sign-in completion; `linked`: this sign-in links the identity to an
   * existing user — made already, or, with `deferLink`, in `onSession` (declare it with the sign-in).
   */
  | { status: 'user'; user: User; isNewUser: boolean; linked: boolean; onSession: SessionEffect[] }
  | { status: 'refused'; reason: LinkRefusal; error?: unknown };

export interface ExternalIdentityLinkerDeps {
  users: Pick<UserRepository, 'findById' | 'findByEmail' | 'create' | 'update'>;
  accounts: Pick<AccountRepository, 'findByProvider' | 'listByUser' | 'create' | 'update'>;
  /** The sign-in completion's ban check: refused before any link or claim. */
  completion: Pick<SignInCompletion, 'admit'>;
  /** Revokes an unverified account's registrant's ways back in before an identity that vouches for the address joins it. */
  claims?: Pick<ClaimUnverifiedAccount, 'execute'>;
  placeholders: Pick<PlaceholderEmails, 'matches'>;
  clock: Clock;
  newId?: IdGenerator;
}

/**
 * The one place an external identity becomes a user, for social providers and SSO alike: an
 * account linked to the subject signs its user in; otherwise, by email, an unknown address
 * becomes a new user (unless sign-up is refused), and an existing user gets the identity linked
 * only when the caller allows it and these rules do — never at a placeholder address, never to
 * a banned user (refused before anything changes), never to an account whose owner has not
 * proven the address unless the identity vouches for it and the account is claimed first. A
 * provider that vouches for its user's own address verifies it. The outcome says whether a link
 * was made (the caller may tell the person); the caller then hands the user to the completion.
 */
export class ExternalIdentityLinker {
  private readonly newId: IdGenerator;

  constructor(private readonly deps: ExternalIdentityLinkerDeps) {
    this.newId = deps.newId ?? uuid;
  }

  async resolve(identity: ExternalIdentity): Promise<LinkOutcome> {
    const { users, accounts } = this.deps;
    const linked = await accounts.findByProvider(identity.providerId, identity.subject);
    if (linked) {
      const owner = await users.findById(linked.userId);
      if (!owner) return refused('user-missing');
      if (identity.accountFields) await accounts.update(linked.id, { ...identity.accountFields, updatedAt: this.deps.clock.now() });
      return this.signedIn(owner, identity, { isNewUser: false, linked: false });
    }
    const email = emailOf(identity.email);
    if (!email) return refused('no-email');
    if (identity.acceptsEmail && !identity.acceptsEmail(email)) return refused('foreign-email');
    const existing = await users.findByEmail(email);
    return existing ? this.linkExisting(existing, identity) : this.create(email, identity);
  }

  private async linkExisting(existing: User, identity: ExternalIdentity): Promise<LinkOutcome> {
    // A placeholder stands for no address at all: it never joins anyone's account.
    if (this.deps.placeholders.matches(existing.email)) return refused('placeholder-email');
    if (!identity.mayLinkExisting) return refused('linking-not-allowed');
    // Never take over an account whose owner has not proven the address, unless this caller claims it.
    if (!existing.emailVerified && identity.unverifiedAccounts === 'refuse') return refused('unverified-account');
    let user: User;
    try {
      user = await this.deps.completion.admit(existing);
    } catch (error) {
      if (hasCode(error, 'BANNED_USER')) return { status: 'refused', reason: 'banned', error };
      throw error;
    }
    if (identity.oneLinkPerProvider && (await this.deps.accounts.listByUser(user.id)).some((account) => account.providerId === identity.providerId)) {
      // Linked before under another subject (a transient NameID): no second link.
      return this.signedIn(user, identity, { isNewUser: false, linked: false });
    }
    if (identity.deferLink) {
      const link: SessionEffect = { name: LINK_ACCOUNT_EFFECT, data: { providerId: identity.providerId, subject: identity.subject } };
      return this.signedIn(user, identity, { isNewUser: false, linked: true }, [link]);
    }
    if (identity.emailVerified && !user.emailVerified) {
      await this.deps.claims?.execute({ userId: user.id, method: identity.method, provider: identity.providerId, ipAddress: identity.client.ipAddress, userAgent: identity.client.userAgent });
    }
    try {
      await this.deps.accounts.create(newAccount({ id: this.newId(), accountId: identity.subject, providerId: identity.providerId, userId: user.id, ...identity.accountFields }, this.deps.clock.now()));
    } catch (error) {
      return { status: 'refused', reason: 'link-failed', error };
    }
    return this.signedIn(user, identity, { isNewUser: false, linked: true });
  }

  private async create(email: string, identity: ExternalIdentity): Promise<LinkOutcome> {
    if (!identity.signUp) return refused('sign-up-refused');
    const now = this.deps.clock.now();
    const id = this.newId();
    const user = newUser({ id, email, name: identity.name || email, image: identity.image, emailVerified: identity.emailVerified }, now);
    const account = newAccount({ id: this.newId(), accountId: identity.subject, providerId: identity.providerId, userId: id, ...identity.accountFields }, now);
    try {
      return { status: 'user', user: await this.deps.users.create(user, account), isNewUser: true, linked: false, onSession: [] };
    } catch (error) {
      return { status: 'refused', reason: 'create-failed', error };
    }
  }

  /** The user to sign in; a provider that vouches for the user's own address verifies it. */
  private async signedIn(user: User, identity: ExternalIdentity, how: { isNewUser: boolean; linked: boolean }, onSession: SessionEffect[] = []): Promise<LinkOutcome> {
    if (user.emailVerified || !identity.emailVerified || emailOf(identity.email) !== user.email) return { status: 'user', user, ...how, onSession };
    try {
      return { status: 'user', user: await this.deps.users.update(user.id, { emailVerified: true, updatedAt: this.deps.clock.now() }), ...how, onSession };
    } catch (error) {
      if (hasCode(error, 'USER_NOT_FOUND')) return { status: 'refused', reason: 'link-failed', error };
      throw error;
    }
  }
}

/** The session effect of a deferred link (`deferLink`): the account row, stored once the sign-in is a session. */
export const LINK_ACCOUNT_EFFECT = 'identity.link-account';

/**
 * Stores a deferred link when its sign-in becomes a session (registered with the sign-in
 * completion by the composition root). A link of the subject made meanwhile (a parallel
 * sign-in) is left as it is.
 */
export class AccountLinkEffect implements SessionEffectHandler {
  readonly name = LINK_ACCOUNT_EFFECT;
  private readonly newId: IdGenerator;

  constructor(private readonly deps: { accounts: Pick<AccountRepository, 'findByProvider' | 'create'>; clock: Clock; newId?: IdGenerator }) {
    this.newId = deps.newId ?? uuid;
  }

  async run(data: SessionEffect['data'], signIn: { user: User }): Promise<void> {
    const providerId = String(data.providerId);
    const subject = String(data.subject);
    if (await this.deps.accounts.findByProvider(providerId, subject)) return;
    await this.deps.accounts.create(newAccount({ id: this.newId(), accountId: subject, providerId, userId: signIn.user.id }, this.deps.clock.now()));
  }
}

function refused(reason: LinkRefusal): LinkOutcome {
  return { status: 'refused', reason };
}

function emailOf(email: string | null): string | null {
  if (!email) return null;
  try {
    return normalizeEmail(email);
  } catch {
    return null;
  }
}
