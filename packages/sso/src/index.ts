// Single sign-on for organizations: OIDC (oauth4webapi) and SAML 2.0 (samlify) identity
// providers per organization, sign-in by work email, just-in-time membership once signed in.
export type { SsoProvider, SsoProviderView, SsoProviderType, SsoMapping, StoredOidcConfig, StoredSamlConfig, TokenEndpointAuthentication } from './entities.js';
export type { SsoProviderRepository, AssertionLedger, SsoMemberships, SsoNotices, SsoSignInLog, SsoSignInRecord, DnsTxtLookup, DomainVerificationOutcome } from './ports.js';
export { SsoMail } from './sso-mail.js';
export { SSO_ERRORS, SSO_CALLBACK_CODES, type SsoCallbackCode } from './error-codes.js';
export { SsoCallbackError, isSsoCallbackError } from './callback-error.js';
export { SecretCipher } from './secret-cipher.js';
export { OidcClient, OidcFailure, profileOf, type OidcClientOptions, type OidcProfile, type DiscoveredEndpoints } from './oidc.js';
export { loginRequest, parseLoginResponse, spMetadata, readIdpMetadata, isCertificate, SamlFailure, type SamlIdentity, type ServiceProviderSpec } from './saml.js';
export { SsoStates, SSO_STATE_EXPIRES_IN_MS, SSO_STATE_LENGTH, type SsoState } from './states.js';
export { isAllowedIdpURL, assertAllowedIdpURL, redirectURIOf, acsURLOf, spMetadataURLOf, type SsoRoutes } from './urls.js';
export { SsoDomainTokens, DOMAIN_TOKEN_PREFIX, DOMAIN_TOKEN_EXPIRES_IN_MS, domainRecordLabelOf, domainRecordNameOf, domainOwnerOf, recordsProve } from './domain-ownership.js';
export { viewOfProvider } from './provider-view.js';
export { VerifySsoDomain, type VerifySsoDomainDeps } from './use-cases/verify-domain.js';
export { ManageSsoProviders, type ManageProvidersDeps, type RegisterProviderInput, type UpdateProviderInput, type OidcConfigInput, type SamlConfigInput } from './use-cases/manage-providers.js';
export { SsoSignIn, accountProviderIdOf, type SsoSignInDeps, type SsoSignInResult, type StartSsoSignInInput } from './use-cases/sso-sign-in.js';
export { SSO_MEMBER_ROLE, SSO_MEMBERSHIP_EFFECT, SSO_LINKED_EFFECT, ssoSessionEffects, ssoSessionEffectHandlers, type SsoSessionEffectsDeps } from './sso-session-effects.js';
export { organizationMemberships, AuditSsoSignInLog } from './package-ports.js';
