import type { SsoProvider, SsoProviderView } from './entities.js';
import { acsURLOf, redirectURIOf, spMetadataURLOf, type SsoRoutes } from './urls.js';

/** The answered view of a provider: never the client secret. */
export function viewOfProvider(provider: SsoProvider, routes: SsoRoutes): SsoProviderView {
  const oidc = provider.oidc;
  const saml = provider.saml;
  return {
    providerId: provider.providerId,
    type: provider.type,
    issuer: provider.issuer,
    domain: provider.domain,
    domainVerified: provider.domainVerified,
    organizationId: provider.organizationId,
    userId: provider.userId,
    redirectURI: redirectURIOf(routes, provider.providerId),
    oidcConfig: oidc
      ? {
          clientId: oidc.clientId,
          pkce: oidc.pkce,
          discoveryEndpoint: oidc.discoveryEndpoint,
          authorizationEndpoint: oidc.authorizationEndpoint,
          tokenEndpoint: oidc.tokenEndpoint,
          jwksEndpoint: oidc.jwksEndpoint,
          userInfoEndpoint: oidc.userInfoEndpoint,
          scopes: oidc.scopes,
          mapping: oidc.mapping,
          tokenEndpointAuthentication: oidc.tokenEndpointAuthentication,
        }
      : null,
    samlConfig: saml
      ? {
          entryPoint: saml.entryPoint,
          cert: saml.cert,
          idpEntityId: saml.idpEntityId,
          audience: saml.audience,
          wantAssertionsSigned: saml.wantAssertionsSigned,
          callbackUrl: saml.callbackUrl,
          mapping: saml.mapping,
          acsURL: acsURLOf(routes, provider.providerId),
          spMetadataURL: spMetadataURLOf(routes, provider.providerId),
        }
      : null,
    createdAt: provider.createdAt,
    updatedAt: provider.updatedAt,
  };
}
