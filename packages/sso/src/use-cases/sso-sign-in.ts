import { hasCode, raise, randomToken, sha256Hex, uuid, type Clock, type IdGenerator, type Logger } from '@tend/kernel';
import type { User } from '@tend/identity';
import {
  ExternalIdentityLinker,
  PlaceholderEmails,
  withQuery,
  type AccountRepository,
  type LinkRefusal,
  type SignInClient,
  type SignInCompletion,
  type SignInOutcome,
  type UserRepository,
} from '@tend/identity';
import { SsoCallbackError } from '../callback-error.js';
import type { SsoProvider } from '../entities.js';
import { SSO_ERRORS } from '../error-codes.js';
import { OidcFailure, type OidcClient } from '../oidc.js';
import type { AssertionLedger, SsoMemberships, SsoProviderRepository } from '../ports.js';
import { loginRequest, parseLoginResponse, SamlFailure, spMetadata } from '../saml.js';
import type { SecretCipher } from '../secret-cipher.js';
import { ssoSessionEffects } from '../sso-session-effects.js';
import type { SsoState, SsoStates } from '../states.js';
import { acsURLOf, redirectURIOf, type SsoRoutes } from '../urls.js';

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
  users: Pick<UserRepository, 'findById' | 'findByEmail' | 'create' | 'update'>;
  accounts: Pick<AccountRepository, 'findByProvider' | 'listByUser' | 'create' | 'update'>;
  completion: Pick<SignInCompletion, 'admit' | 'complete'>;
  clock: Clock;
  logger: Logger;
  routes: SsoRoutes;
  /** The placeholder addresses of providers that share no email: never linked to. */
  placeholders?: Pick<PlaceholderEmails, 'matches'>;
  newId?: IdGenerator;
}

/** The redirect code of each way identity's linker refuses an SSO identity, and the logged reason. */
const REFUSALS: Record<LinkRefusal, [code: string, reason: string]> = {
  'no-email': ['email_not_found', 'no usable email'],
  'foreign-email': ['account_not_linked', 'email outside the provider domain'],
  'placeholder-email': ['account_not_linked', 'placeholder email'],
  'linking-not-allowed': ['account_not_linked', 'provider did not verify the email'],
  'unverified-account': ['account_not_linked', 'local email unverified'],
  banned: ['banned', 'banned user'],
  'sign-up-refused': ['unable_to_create_user', 'sign-up refused'],
  'user-missing': ['unable_to_create_user', 'linked user missing'],
  'link-failed': ['account_not_linked', 'link failed'],
  'create-failed': ['unable_to_create_user', 'create failed'],
};

/** An organization that requires two-factor refuses its SSO to an account without a second factor. */
const TWO_FACTOR_REQUIRED: [code: string, reason: string] = ['two_factor_required', 'the organization requires two-factor authentication; the account has no second factor'];

/** Account rows of SSO identities: `sso:<providerId>` with the IdP's subject (OIDC `sub`, SAML NameID). */
export const accountProviderIdOf = (providerId: string) => `sso:${providerId}`;

/**
 * Sign-in through an organization's identity provider: finds the provider (by email domain,
 * organization slug, provider id or domain), sends the browser there, and turns what comes back
 * — an OIDC code or a SAML response — into a user (identity's ExternalIdentityLinker: the
 * linking rules shared with social providers) and a proof for the sign-in completion. The link
 * to an existing account, the organization membership and the "linked" mail are the sign-in's
 * session effects: they happen only once the completion answers a session (after the second
 * factor, when one is asked).
 */
export class SsoSignIn {
  private readonly linker: ExternalIdentityLinker;

  constructor(private readonly deps: SsoSignInDeps) {
    const { users, accounts, completion, clock } = deps;
    this.linker = new ExternalIdentityLinker({ users, accounts, completion, placeholders: deps.placeholders ?? new PlaceholderEmails(), clock, newId: deps.newId ?? uuid });
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
    const request = await loginRequest(this.spOf(provider), provider.saml, relayState, requestId);
    return { url: request.url, providerId: provider.providerId };
  }

  /** The service provider's metadata of a SAML provider (404 for unknown and OIDC ones). */
  async metadata(providerId: string): Promise<string> {
    const provider = await this.deps.providers.findByProviderId(providerId);
    if (!provider?.saml) throw raise(SSO_ERRORS.SSO_PROVIDER_NOT_FOUND);
    return await spMetadata(this.spOf(provider), provider.saml);
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
    const failed = this.failer(state, provider.providerId);
    // Require two-factor (issue 32): an organization that requires a second factor admits through
    // its SSO only accounts that have one (the completion's two-factor policy then asks for it). A
    // new account can have none yet, so none is created (and nothing left behind).
    const requiresTwoFactor = provider.organizationId !== null && (await this.deps.memberships.requiresTwoFactor(provider.organizationId));
    const resolved = await this.linker.resolve({
      providerId: accountProviderIdOf(provider.providerId),
      subject: identity.subject,
      email: identity.email,
      emailVerified: identity.emailVerified,
      // A provider speaks only for addresses of its own domain (and its subdomains).
      acceptsEmail: (email) => inDomain(email, provider.domain),
      // Never take over an account on an address the IdP did not verify.
      mayLinkExisting: identity.emailVerified,
      signUp: !requiresTwoFactor,
      unverifiedAccounts: 'refuse',
      // A transient NameID is new at each sign-in: one link per provider, no second notice.
      oneLinkPerProvider: true,
      // An existing account gets the link only once the sign-in is a session (after its second factor).
      deferLink: true,
      name: identity.name,
      image: identity.image,
      method: 'sso',
      client,
    });
    if (resolved.status === 'refused') {
      if (requiresTwoFactor && resolved.reason === 'sign-up-refused') throw failed(...TWO_FACTOR_REQUIRED);
      throw failed(...REFUSALS[resolved.reason]);
    }
    const { user, isNewUser } = resolved;
    if (requiresTwoFactor && !user.twoFactorEnabled) throw failed(...TWO_FACTOR_REQUIRED);
    const redirectTo = isNewUser ? (state.newUserURL ?? state.callbackURL) : state.callbackURL;
    let signIn: SignInOutcome;
    try {
      signIn = await this.deps.completion.complete(
        {
          user,
          method: 'sso',
          factors: ['sso'],
          client,
          next: redirectTo,
          isNewUser,
          detail: { provider: provider.providerId, ...(provider.organizationId ? { organizationId: provider.organizationId } : {}) },
        },
        // The link, just-in-time membership and the "linked" mail: only for a sign-in that becomes a session.
        { onSession: [...resolved.onSession, ...ssoSessionEffects(provider, resolved.linked)] },
      );
    } catch (error) {
      if (hasCode(error, 'BANNED_USER')) throw failed('banned', 'banned user');
      this.deps.logger.error('sso sign-in could not complete', { provider: provider.providerId, error: error instanceof Error ? error.name : 'unknown' });
      throw failed('unable_to_create_session', 'completion failed');
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
