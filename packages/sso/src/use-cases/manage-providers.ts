import { raise, uuid, type Clock, type IdGenerator } from '@tend/kernel';
import { hasRole } from '@tend/organizations';
import { domainOwnerOf, type SsoDomainTokens } from '../domain-ownership.js';
import type { SsoMapping, SsoProvider, SsoProviderView, StoredOidcConfig, StoredSamlConfig, TokenEndpointAuthentication } from '../entities.js';
import { SSO_ERRORS } from '../error-codes.js';
import type { OidcClient } from '../oidc.js';
import type { SsoMemberships, SsoProviderRepository, SsoSignInLog, SsoSignInRecord } from '../ports.js';
import { viewOfProvider } from '../provider-view.js';
import { isCertificate, readIdpMetadata } from '../saml.js';
import type { SecretCipher } from '../secret-cipher.js';
import { assertAllowedIdpURL, type SsoRoutes } from '../urls.js';

export interface OidcConfigInput {
  clientId: string;
  clientSecret: string;
  pkce?: boolean;
  discoveryEndpoint?: string;
  authorizationEndpoint?: string;
  tokenEndpoint?: string;
  jwksEndpoint?: string;
  userInfoEndpoint?: string;
  scopes?: string[];
  mapping?: SsoMapping;
  tokenEndpointAuthentication?: TokenEndpointAuthentication;
}

export interface SamlConfigInput {
  entryPoint: string;
  cert?: string;
  callbackUrl?: string;
  audience?: string;
  wantAssertionsSigned?: boolean;
  idpMetadata?: { entityID?: string; metadata?: string };
  mapping?: SsoMapping;
}

export interface RegisterProviderInput {
  userId: string;
  providerId: string;
  issuer: string;
  domain: string;
  organizationId?: string;
  oidcConfig?: OidcConfigInput;
  samlConfig?: SamlConfigInput;
}

export interface UpdateProviderInput {
  userId: string;
  providerId: string;
  domain?: string;
  oidcConfig?: Partial<Omit<OidcConfigInput, 'discoveryEndpoint'>>;
  samlConfig?: Partial<Omit<SamlConfigInput, 'idpMetadata' | 'callbackUrl'>>;
}

export interface ManageProvidersDeps {
  providers: SsoProviderRepository;
  memberships: SsoMemberships;
  /** The domain verification tokens (one is issued at registration). */
  domainTokens: SsoDomainTokens;
  oidc: OidcClient;
  cipher: SecretCipher;
  clock: Clock;
  routes: SsoRoutes;
  allowLoopbackHttp: boolean;
  signIns?: SsoSignInLog;
  newId?: IdGenerator;
}

const DEFAULT_SCOPES = ['openid', 'email', 'profile'];
const MANAGER_ROLES = ['owner', 'admin'];

/**
 * Registering, listing, reading, changing and removing SSO providers. A provider of an
 * organization is managed by its owners and admins; one without an organization by whoever
 * registered it. The client secret goes in encrypted and never comes out.
 */
export class ManageSsoProviders {
  private readonly newId: IdGenerator;

  constructor(private readonly deps: ManageProvidersDeps) {
    this.newId = deps.newId ?? uuid;
  }

  /** A new provider, its domain not verified yet, with the token its owner publishes to verify it. */
  async register(input: RegisterProviderInput): Promise<SsoProviderView & { domainVerificationToken: string }> {
    const { deps } = this;
    if (input.organizationId !== undefined) await this.assertManager(input.userId, input.organizationId);
    if ((input.oidcConfig === undefined) === (input.samlConfig === undefined)) throw raise(SSO_ERRORS.EITHER_OIDCCONFIG_OR_SAMLCONFIG_IS_REQUIRED);
    // A taken providerId, or a domain another owner verified, answers before any outbound call.
    if (await deps.providers.findByProviderId(input.providerId)) throw raise(SSO_ERRORS.SSO_PROVIDER_ALREADY_EXISTS);
    const domain = input.domain.toLowerCase();
    const owner = domainOwnerOf({ organizationId: input.organizationId ?? null, userId: input.userId });
    if ((await deps.providers.listVerifiedByDomain(domain)).some((other) => domainOwnerOf(other) !== owner)) throw raise(SSO_ERRORS.DOMAIN_VERIFIED_BY_ANOTHER_ORGANIZATION);
    const now = deps.clock.now();
    const provider: SsoProvider = {
      id: this.newId(),
      providerId: input.providerId,
      type: input.oidcConfig ? 'oidc' : 'saml',
      issuer: input.issuer,
      domain,
      domainVerified: false,
      organizationId: input.organizationId ?? null,
      userId: input.userId,
      oidc: input.oidcConfig ? await this.oidcConfigOf(input.issuer, input.oidcConfig) : null,
      saml: input.samlConfig ? await this.samlConfigOf(input.issuer, input.samlConfig) : null,
      createdAt: now,
      updatedAt: now,
    };
    const created = await deps.providers.create(provider);
    if (!created.ok) throw raise(SSO_ERRORS.SSO_PROVIDER_ALREADY_EXISTS);
    return { ...this.view(created.value), domainVerificationToken: await deps.domainTokens.issue(created.value) };
  }

  async list(userId: string): Promise<SsoProviderView[]> {
    const memberships = await this.deps.memberships.listOfUser(userId);
    const managed = memberships.filter((m) => MANAGER_ROLES.some((role) => hasRole(m.role, role))).map((m) => m.organizationId);
    return (await this.deps.providers.listManageable(userId, managed)).map((p) => this.view(p));
  }

  async get(userId: string, providerId: string): Promise<SsoProviderView> {
    return this.view(await this.managed(userId, providerId));
  }

  async update(input: UpdateProviderInput): Promise<SsoProviderView> {
    const provider = await this.managed(input.userId, input.providerId);
    const patch: Parameters<SsoProviderRepository['update']>[1] = { updatedAt: this.deps.clock.now() };
    // Another domain is unproven: the provider stops signing anyone in until it is verified again.
    if (input.domain !== undefined && input.domain.toLowerCase() !== provider.domain) {
      patch.domain = input.domain.toLowerCase();
      patch.domainVerified = false;
    }
    if (input.oidcConfig && provider.oidc) {
      const change = input.oidcConfig;
      for (const url of [change.authorizationEndpoint, change.tokenEndpoint, change.jwksEndpoint, change.userInfoEndpoint]) assertAllowedIdpURL(url, this.deps.allowLoopbackHttp);
      const current = provider.oidc;
      patch.oidc = {
        ...current,
        ...(change.clientId !== undefined ? { clientId: change.clientId } : {}),
        ...(change.clientSecret !== undefined ? { clientSecret: this.deps.cipher.encrypt(change.clientSecret) } : {}),
        ...(change.pkce !== undefined ? { pkce: change.pkce } : {}),
        ...(change.authorizationEndpoint !== undefined ? { authorizationEndpoint: change.authorizationEndpoint } : {}),
        ...(change.tokenEndpoint !== undefined ? { tokenEndpoint: change.tokenEndpoint } : {}),
        ...(change.jwksEndpoint !== undefined ? { jwksEndpoint: change.jwksEndpoint } : {}),
        ...(change.userInfoEndpoint !== undefined ? { userInfoEndpoint: change.userInfoEndpoint } : {}),
        ...(change.scopes !== undefined ? { scopes: withOpenId(change.scopes) } : {}),
        ...(change.mapping !== undefined ? { mapping: change.mapping } : {}),
        ...(change.tokenEndpointAuthentication !== undefined ? { tokenEndpointAuthentication: change.tokenEndpointAuthentication } : {}),
      };
    }
    if (input.samlConfig && provider.saml) {
      const change = input.samlConfig;
      assertAllowedIdpURL(change.entryPoint, this.deps.allowLoopbackHttp);
      if (change.cert !== undefined && !(await isCertificate(change.cert))) throw raise(SSO_ERRORS.INVALID_SAML_CONFIGURATION);
      patch.saml = {
        ...provider.saml,
        ...(change.entryPoint !== undefined ? { entryPoint: change.entryPoint } : {}),
        ...(change.cert !== undefined ? { cert: change.cert } : {}),
        ...(change.audience !== undefined ? { audience: change.audience } : {}),
        ...(change.wantAssertionsSigned !== undefined ? { wantAssertionsSigned: change.wantAssertionsSigned } : {}),
        ...(change.mapping !== undefined ? { mapping: change.mapping } : {}),
      };
    }
    const updated = await this.deps.providers.update(provider.id, patch);
    if (!updated) throw raise(SSO_ERRORS.SSO_PROVIDER_NOT_FOUND);
    return this.view(updated);
  }

  async delete(userId: string, providerId: string): Promise<SsoProvider> {
    const provider = await this.managed(userId, providerId);
    if (!(await this.deps.providers.delete(provider.id))) throw raise(SSO_ERRORS.SSO_PROVIDER_NOT_FOUND);
    await this.deps.domainTokens.discard(provider);
    return provider;
  }

  /** A provider's sign-ins, newest first (owners and admins of its organization). */
  async signIns(userId: string, providerId: string, page: { limit: number; offset: number }): Promise<{ signIns: SsoSignInRecord[]; total: number }> {
    const provider = await this.managed(userId, providerId);
    if (!this.deps.signIns) return { signIns: [], total: 0 };
    return this.deps.signIns.list(provider.providerId, page);
  }

  /** The provider when the user may manage it: 404 unknown, 403 not an owner or admin of its organization. */
  async managed(userId: string, providerId: string): Promise<SsoProvider> {
    const provider = await this.deps.providers.findByProviderId(providerId);
    if (!provider) throw raise(SSO_ERRORS.SSO_PROVIDER_NOT_FOUND);
    if (provider.organizationId) await this.assertManager(userId, provider.organizationId);
    else if (provider.userId !== userId) throw raise(SSO_ERRORS.YOU_ARE_NOT_ALLOWED_TO_MANAGE_SSO_PROVIDERS);
    return provider;
  }

  private async assertManager(userId: string, organizationId: string): Promise<void> {
    const role = await this.deps.memberships.roleOf(organizationId, userId);
    if (!role || !MANAGER_ROLES.some((wanted) => hasRole(role, wanted))) throw raise(SSO_ERRORS.YOU_ARE_NOT_ALLOWED_TO_MANAGE_SSO_PROVIDERS);
  }

  private async oidcConfigOf(issuer: string, input: OidcConfigInput): Promise<StoredOidcConfig> {
    const loopback = this.deps.allowLoopbackHttp;
    for (const url of [issuer, input.discoveryEndpoint, input.authorizationEndpoint, input.tokenEndpoint, input.jwksEndpoint, input.userInfoEndpoint]) assertAllowedIdpURL(url, loopback);
    let { authorizationEndpoint, tokenEndpoint, jwksEndpoint, userInfoEndpoint } = input;
    if (input.discoveryEndpoint || !authorizationEndpoint || !tokenEndpoint || !jwksEndpoint) {
      const found = await this.deps.oidc.discover(issuer, input.discoveryEndpoint ?? null);
      authorizationEndpoint ??= found.authorizationEndpoint ?? undefined;
      tokenEndpoint ??= found.tokenEndpoint ?? undefined;
      jwksEndpoint ??= found.jwksEndpoint ?? undefined;
      userInfoEndpoint ??= found.userInfoEndpoint ?? undefined;
    }
    if (!authorizationEndpoint || !tokenEndpoint || !jwksEndpoint) throw raise(SSO_ERRORS.OIDC_ENDPOINTS_ARE_REQUIRED);
    for (const url of [authorizationEndpoint, tokenEndpoint, jwksEndpoint, userInfoEndpoint]) assertAllowedIdpURL(url, loopback);
    return {
      clientId: input.clientId,
      clientSecret: this.deps.cipher.encrypt(input.clientSecret),
      pkce: input.pkce ?? true,
      discoveryEndpoint: input.discoveryEndpoint ?? null,
      authorizationEndpoint,
      tokenEndpoint,
      jwksEndpoint,
      userInfoEndpoint: userInfoEndpoint ?? null,
      scopes: withOpenId(input.scopes ?? DEFAULT_SCOPES),
      mapping: input.mapping ?? null,
      tokenEndpointAuthentication: input.tokenEndpointAuthentication ?? 'client_secret_basic',
    };
  }

  private async samlConfigOf(issuer: string, input: SamlConfigInput): Promise<StoredSamlConfig> {
    assertAllowedIdpURL(input.entryPoint, this.deps.allowLoopbackHttp);
    const metadata = input.idpMetadata?.metadata ?? null;
    if (!input.cert && !metadata) throw raise(SSO_ERRORS.SAML_CERTIFICATE_OR_METADATA_IS_REQUIRED);
    if (input.cert && !(await isCertificate(input.cert))) throw raise(SSO_ERRORS.INVALID_SAML_CONFIGURATION);
    let idpEntityId = input.idpMetadata?.entityID ?? null;
    if (metadata) {
      let read: Awaited<ReturnType<typeof readIdpMetadata>>;
      try {
        read = await readIdpMetadata(metadata);
      } catch {
        throw raise(SSO_ERRORS.INVALID_SAML_CONFIGURATION);
      }
      idpEntityId ??= read.entityId;
      // Without a certificate given, the metadata's signing certificates are the ones responses are checked with.
      if (!input.cert && (read.signingCerts.length === 0 || !(await Promise.all(read.signingCerts.map(isCertificate))).every(Boolean))) throw raise(SSO_ERRORS.INVALID_SAML_CONFIGURATION);
    }
    if (!idpEntityId) throw raise(SSO_ERRORS.INVALID_SAML_CONFIGURATION);
    return {
      entryPoint: input.entryPoint,
      cert: input.cert ?? null,
      idpEntityId,
      idpMetadata: metadata,
      audience: input.audience ?? issuer,
      wantAssertionsSigned: input.wantAssertionsSigned ?? true,
      callbackUrl: input.callbackUrl ?? null,
      mapping: input.mapping ?? null,
    };
  }

  /** The answered view: never the client secret. */
  view(provider: SsoProvider): SsoProviderView {
    return viewOfProvider(provider, this.deps.routes);
  }
}

function withOpenId(scopes: string[]): string[] {
  return [...new Set(['openid', ...scopes.filter((scope) => scope !== '')])];
}
