import { hasCode, raise, randomToken, sha256Hex, uuid, type Clock, type IdGenerator, type Logger } from '@tend/kernel';
import { newAccount, newUser, type User } from '@tend/identity';
import { normalizeEmail, withQuery, type AccountRepository, type SignInClient, type SignInCompletion, type SignInOutcome, type UserRepository } from '@tend/identity';
import { SsoCallbackError } from '../callback-error.js';
import type { SsoProvider } from '../entities.js';
import { SSO_ERRORS } from '../error-codes.js';
import { OidcFailure, type OidcClient } from '../oidc.js';
import type { AssertionLedger, SsoMemberships, SsoNotices, SsoProviderRepository } from '../ports.js';
import { loginRequest, parseLoginResponse, SamlFailure, spMetadata } from '../saml.js';
import type { SecretCipher } from '../secret-cipher.js';
import type { SsoState, SsoStates } from '../states.js';
import { acsURLOf, redirectURIOf, type SsoRoutes } from '../urls.js';

/** The role a user gets in the provider's organization on first SSO sign-in. */
export const SSO_MEMBER_ROLE = 'member';
/** How long a consumed assertion id is remembered when the assertion names no end. */
const ASSERTION_MEMORY_MS = 24 * 60 * 60 * 1000;

export interface StartSsoSignInInput {
  email?: string;
  organizationSlug?: string;
  providerId?: string;
  domain?: string;
  callbackURL: string;
  errorCallbackURL?: string;
  newUserCallbackURL?: string;
  loginHint?: string;
  /** The browser's binding value (the gateway keeps it in a signed cookie). */
  binding: string;
}

export interface SsoSignInResult {
  signIn: SignInOutcome;
  user: User;
  isNewUser: boolean;
  providerId: string;
  redirectTo: string;
}

export interface SsoSignInDeps {
  providers: SsoProviderRepository;
  memberships: SsoMemberships;
  ledger: AssertionLedger;
  states: SsoStates;
  oidc: OidcClient;
  cipher: SecretCipher;
  users: UserRepository;
  accounts: AccountRepository;
  completion: Pick<SignInCompletion, 'admit' | 'complete'>;
  clock: Clock;
  logger: Logger;
  routes: SsoRoutes;
  /** Tells the owner of an existing account that a provider was linked to it. */
  notices?: SsoNotices;
  newId?: IdGenerator;
}

/** Account rows of SSO identities: `sso:<providerId>` with the IdP's subject (OIDC `sub`, SAML NameID). */
export const accountProviderIdOf = (providerId: string) => `sso:${providerId}`;

/**
 * Sign-in through an organization's identity provider: finds the provider (by email domain,
 * organization slug, provider id or domain), sends the browser there, and turns what comes back
 * — an OIDC code or a SAML response — into a proof for the sign-in completion, creating the user
 * and the organization membership just in time.
 */
export class SsoSignIn {
  private readonly newId: IdGenerator;

  constructor(private readonly deps: SsoSignInDeps) {
    this.newId = deps.newId ?? uuid;
  }

  /** The provider a sign-in asks for: 400 with nothing to route by, 404 when none matches. */
  async resolve(input: Pick<StartSsoSignInInput, 'email' | 'organizationSlug' | 'providerId' | 'domain'>): Promise<SsoProvider> {
    const { providers, memberships } = this.deps;
    let found: SsoProvider | null;
    if (input.providerId) found = await providers.findByProviderId(input.providerId);
    else if (input.email) found = await providers.findByDomain(domainOf(input.email));
    else if (input.domain) found = await providers.findByDomain(input.domain.toLowerCase());
    else if (input.organizationSlug) {
      const organization = await memberships.findOrganizationBySlug(input.organizationSlug);
      if (!organization) throw raise(SSO_ERRORS.SSO_PROVIDER_NOT_FOUND);
      found = await providers.findByOrganization(organization.id);
    } else throw raise(SSO_ERRORS.EMAIL_ORGANIZATIONSLUG_PROVIDERID_OR_DOMAIN_IS_REQUIRED);
    if (!found) throw raise(SSO_ERRORS.SSO_PROVIDER_NOT_FOUND);
    return found;
  }

  async start(input: StartSsoSignInInput): Promise<{ url: string; providerId: string }> {
    const provider = await this.resolve(input);
    // An unproven domain speaks for nobody: refused before anything is stored or sent to the IdP.
    if (!provider.domainVerified) throw raise(SSO_ERRORS.PROVIDER_DOMAIN_HAS_NOT_BEEN_VERIFIED);
    const base = { providerId: provider.providerId, domain: provider.domain, callbackURL: input.callbackURL, errorURL: input.errorCallbackURL ?? null, newUserURL: input.newUserCallbackURL ?? null };
    const loginHint = input.loginHint ?? input.email;
    if (provider.oidc) {
      const codeVerifier = randomToken(64);
      const nonce = randomToken(32);
      const state = await this.deps.states.create({ ...base, codeVerifier, nonce, requestId: null }, input.binding);
      const url = await this.deps.oidc.authorizationURL(provider.oidc, { redirectURI: redirectURIOf(this.deps.routes, provider.providerId), state, nonce, codeVerifier, loginHint });
      return { url, providerId: provider.providerId };
    }
    if (!provider.saml) throw raise(SSO_ERRORS.SSO_PROVIDER_NOT_FOUND);
    // The ACS is posted cross-site without cookies: the RelayState is bound to its request ID on the server.
    const requestId = `_${randomToken(32)}`;
    const relayState = await this.deps.states.create({ ...base, codeVerifier: null, nonce: null, requestId }, null);
    const request = loginRequest(this.spOf(provider), provider.saml, relayState, requestId);
    return { url: request.url, providerId: provider.providerId };
  }

  /** The service provider's metadata of a SAML provider (404 for unknown and OIDC ones). */
  async metadata(providerId: string): Promise<string> {
    const provider = await this.deps.providers.findByProviderId(providerId);
    if (!provider?.saml) throw raise(SSO_ERRORS.SSO_PROVIDER_NOT_FOUND);
    return spMetadata(this.spOf(provider), provider.saml);
  }

  /** GET /sso/callback/{providerId}: the OIDC authorization response. SsoCallbackError on every refusal. */
  async oidcCallback(input: { providerId: string; state?: string; code?: string; error?: string; iss?: string; binding: string | null; client: SignInClient }): Promise<SsoSignInResult> {
    const fail = this.failer(null, input.providerId);
    if (!input.state) throw fail('state_not_found', 'no state');
    const state = await this.deps.states.consume(input.state, input.binding);
    if (!state || state.providerId !== input.providerId || !state.codeVerifier || !state.nonce) throw fail('state_not_found', state ? 'state of another provider' : 'unknown, used or foreign state');
    const failed = this.failer(state, input.providerId);
    if (input.error) throw failed(/^[a-z_]{1,64}$/.test(input.error) ? input.error : 'access_denied', `provider error ${input.error.slice(0, 64)}`);
    if (!input.code) throw failed('invalid_request', 'no code');
    const provider = await this.deps.providers.findByProviderId(input.providerId);
    if (!provider?.oidc) throw failed('provider_not_found', 'provider removed');
    this.assertDomainStillVerified(provider, state);
    const clientSecret = this.deps.cipher.decrypt(provider.oidc.clientSecret);
    if (clientSecret === null) throw failed('invalid_code', 'client secret cannot be decrypted');
    let profile;
    try {
      profile = await this.deps.oidc.exchange(
        { issuer: provider.issuer, config: provider.oidc, clientSecret },
        { code: input.code, state: input.state, iss: input.iss, redirectURI: redirectURIOf(this.deps.routes, provider.providerId), codeVerifier: state.codeVerifier, nonce: state.nonce },
      );
    } catch (error) {
      if (error instanceof OidcFailure) throw failed(error.code, error.reason);
      throw failed('invalid_code', error instanceof Error ? error.name : 'unknown');
    }
    return this.finish(provider, state, { subject: profile.sub, email: profile.email, emailVerified: profile.emailVerified, name: profile.name, image: profile.image }, input.client);
  }

  /** POST /sso/saml2/sp/acs/{providerId}: the SAML response. SsoCallbackError on every refusal. */
  async samlResponse(input: { providerId: string; samlResponse?: string; relayState?: string; client: SignInClient }): Promise<SsoSignInResult> {
    const fail = this.failer(null, input.providerId);
    const provider = await this.deps.providers.findByProviderId(input.providerId);
    if (!provider?.saml) throw fail('provider_not_found', 'unknown provider');
    if (!input.samlResponse) throw fail('invalid_saml_response', 'no SAMLResponse');
    // Without a RelayState of ours there is no request this answers: an unsolicited response.
    if (!input.relayState) throw fail('unsolicited_response', 'no RelayState');
    const state = await this.deps.states.consume(input.relayState, null);
    if (!state || state.providerId !== provider.providerId || !state.requestId) throw fail('unsolicited_response', 'unknown or used RelayState');
    const failed = this.failer(state, provider.providerId);
    this.assertDomainStillVerified(provider, state);
    const now = this.deps.clock.now();
    let identity;
    try {
      identity = await parseLoginResponse(this.spOf(provider), provider.saml, input.samlResponse, { requestId: state.requestId, now });
    } catch (error) {
      if (error instanceof SamlFailure) throw failed(error.code, error.reason);
      throw failed('invalid_saml_response', error instanceof Error ? error.name : 'unknown');
    }
    const until = new Date(Math.max(identity.notOnOrAfter?.getTime() ?? 0, now.getTime() + ASSERTION_MEMORY_MS));
    if (!(await this.deps.ledger.remember(sha256Hex(`${provider.providerId}\n${identity.assertionId}`), until, now))) throw failed('replayed_assertion', 'assertion used before');
    // A signed assertion of the organization's own directory vouches for the address.
    return this.finish(provider, state, { subject: identity.nameID, email: identity.email, emailVerified: true, name: identity.name, image: null }, input.client);
  }

  private async finish(provider: SsoProvider, state: SsoState, identity: { subject: string; email: string | null; emailVerified: boolean; name: string | null; image: string | null }, client: SignInClient): Promise<SsoSignInResult> {
    const { users, accounts, clock } = this.deps;
    const failed = this.failer(state, provider.providerId);
    const accountProviderId = accountProviderIdOf(provider.providerId);
    const linked = await accounts.findByProvider(accountProviderId, identity.subject);
    let user: User | null = null;
    let isNewUser = false;
    if (linked) {
      user = await users.findById(linked.userId);
      if (!user) throw failed('unable_to_create_user', 'linked user missing');
    } else {
      let email: string;
      try {
        if (!identity.email) throw new Error('none');
        email = normalizeEmail(identity.email);
      } catch {
        throw failed('email_not_found', 'no usable email');
      }
      // A provider speaks only for addresses of its own domain (and its subdomains).
      if (!inDomain(email, provider.domain)) throw failed('account_not_linked', 'email outside the provider domain');
      const existing = await users.findByEmail(email);
      const now = clock.now();
      if (existing) {
        // Never take over an account whose owner has not proven the address, nor on an unverified claim.
        if (!existing.emailVerified || !identity.emailVerified) throw failed('account_not_linked', existing.emailVerified ? 'provider did not verify the email' : 'local email unverified');
        // A banned account gains no link and hears nothing (the completion would refuse it anyway).
        try {
          await this.deps.completion.admit(existing);
        } catch (error) {
          if (hasCode(error, 'BANNED_USER')) throw failed('banned', 'banned user');
          throw error;
        }
        // Linked before under another subject (a transient NameID is new at each sign-in): no second link, no second notice.
        const linkedBefore = (await accounts.listByUser(existing.id)).some((account) => account.providerId === accountProviderId);
        if (!linkedBefore) {
          try {
            await accounts.create(newAccount({ id: this.newId(), accountId: identity.subject, providerId: accountProviderId, userId: existing.id }, now));
          } catch {
            throw failed('account_not_linked', 'link failed');
          }
          this.deps.notices?.linked(existing, provider);
        }
        user = existing;
      } else {
        const id = this.newId();
        const fresh = newUser({ id, email, name: identity.name ?? email, image: identity.image, emailVerified: identity.emailVerified }, now);
        try {
          user = await users.create(fresh, newAccount({ id: this.newId(), accountId: identity.subject, providerId: accountProviderId, userId: id }, now));
        } catch {
          throw failed('unable_to_create_user', 'create failed');
        }
        isNewUser = true;
      }
    }
    const redirectTo = isNewUser ? (state.newUserURL ?? state.callbackURL) : state.callbackURL;
    let signIn: SignInOutcome;
    try {
      signIn = await this.deps.completion.complete({
        user,
        method: 'sso',
        factors: ['sso'],
        client,
        next: redirectTo,
        isNewUser,
        detail: { provider: provider.providerId, ...(provider.organizationId ? { organizationId: provider.organizationId } : {}) },
      });
    } catch (error) {
      if (hasCode(error, 'BANNED_USER')) throw failed('banned', 'banned user');
      this.deps.logger.error('sso sign-in could not complete', { provider: provider.providerId, error: error instanceof Error ? error.name : 'unknown' });
      throw failed('unable_to_create_session', 'completion failed');
    }
    // Just-in-time membership, once, only for a sign-in the completion accepted.
    if (provider.organizationId) {
      await this.deps.memberships.join({ id: this.newId(), organizationId: provider.organizationId, userId: signIn.user.id, role: SSO_MEMBER_ROLE, createdAt: clock.now() });
    }
    return { signIn, user: signIn.user, isNewUser, providerId: provider.providerId, redirectTo };
  }

  /**
   * Gate of the callbacks, before the IdP's answer is read: the provider's domain is verified and
   * is the one the sign-in started with (a change of domain, even re-verified, voids sign-ins under way).
   */
  private assertDomainStillVerified(provider: SsoProvider, state: SsoState): void {
    if (!provider.domainVerified || state.domain !== provider.domain) throw this.failer(state, provider.providerId)('domain_not_verified', provider.domainVerified ? 'domain changed during the sign-in' : 'domain not verified');
  }

  private failer(state: Pick<SsoState, 'errorURL'> | null, providerId: string | null) {
    return (code: string, reason: string) => new SsoCallbackError(withQuery(state?.errorURL ?? this.deps.routes.errorURL, { error: code }), code, providerId, reason);
  }

  private spOf(provider: SsoProvider) {
    return { entityId: provider.issuer, acsURL: acsURLOf(this.deps.routes, provider.providerId) };
  }
}

function domainOf(email: string): string {
  const at = email.lastIndexOf('@');
  return (at === -1 ? email : email.slice(at + 1)).trim().toLowerCase();
}

function inDomain(email: string, domain: string): boolean {
  const host = domainOf(email);
  return host === domain || host.endsWith(`.${domain}`);
}
