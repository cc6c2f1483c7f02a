// The SSO provider as stored and as answered. Dates are Date objects; absent fields are null.

export type SsoProviderType = 'oidc' | 'saml';

/** Which claims carry the profile (OIDC: id token or userinfo claims; SAML: attribute names). */
export interface SsoMapping {
  id?: string;
  email?: string;
  emailVerified?: string;
  name?: string;
  image?: string;
  firstName?: string;
  lastName?: string;
}

export type TokenEndpointAuthentication = 'client_secret_basic' | 'client_secret_post';

/** OIDC settings as stored: the client secret only ever encrypted. */
export interface StoredOidcConfig {
  clientId: string;
  /** `enc.v1.…` (SecretCipher). */
  clientSecret: string;
  pkce: boolean;
  discoveryEndpoint: string | null;
  authorizationEndpoint: string;
  tokenEndpoint: string;
  jwksEndpoint: string;
  userInfoEndpoint: string | null;
  scopes: string[];
  mapping: SsoMapping | null;
  tokenEndpointAuthentication: TokenEndpointAuthentication;
}

export interface StoredSamlConfig {
  /** The IdP's single sign-on URL (HTTP-Redirect binding). */
  entryPoint: string;
  /** The IdP's signing certificate (PEM), or null when the metadata carries it. */
  cert: string | null;
  /** The IdP's entity id (the Issuer its responses must carry). */
  idpEntityId: string;
  /** The IdP's metadata XML, when it was given. */
  idpMetadata: string | null;
  /** The Audience the assertions must name (default: the provider's issuer, Tend's SP entity id). */
  audience: string;
  wantAssertionsSigned: boolean;
  /** Stored as given; the ACS URL is always `{base}/sso/saml2/sp/acs/{providerId}`. */
  callbackUrl: string | null;
  mapping: SsoMapping | null;
}

export interface SsoProvider {
  id: string;
  providerId: string;
  type: SsoProviderType;
  /** OIDC: the IdP's issuer; SAML: Tend's service-provider entity id. */
  issuer: string;
  /** Lowercase work email domain. */
  domain: string;
  /** Whether the owner proved `domain` by DNS (a TXT record holding the token); false again when the domain changes. */
  domainVerified: boolean;
  organizationId: string | null;
  userId: string;
  oidc: StoredOidcConfig | null;
  saml: StoredSamlConfig | null;
  createdAt: Date;
  updatedAt: Date;
}

/** The answered view of a provider: never the client secret. */
export interface SsoProviderView {
  providerId: string;
  type: SsoProviderType;
  issuer: string;
  domain: string;
  domainVerified: boolean;
  organizationId: string | null;
  userId: string;
  redirectURI: string;
  oidcConfig: {
    clientId: string;
    pkce: boolean;
    discoveryEndpoint: string | null;
    authorizationEndpoint: string;
    tokenEndpoint: string;
    jwksEndpoint: string;
    userInfoEndpoint: string | null;
    scopes: string[];
    mapping: SsoMapping | null;
    tokenEndpointAuthentication: TokenEndpointAuthentication;
  } | null;
  samlConfig: {
    entryPoint: string;
    cert: string | null;
    idpEntityId: string;
    audience: string;
    wantAssertionsSigned: boolean;
    callbackUrl: string | null;
    mapping: SsoMapping | null;
    acsURL: string;
    spMetadataURL: string;
  } | null;
  createdAt: Date;
  updatedAt: Date;
}
