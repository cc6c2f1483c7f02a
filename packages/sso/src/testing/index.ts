// Identity providers on loopback for SSO tests: the shared OpenID provider (@tend/test-oidc-issuer,
// also the providers' tests') and a samlify SAML IdP.
export { startOidcIssuer as startOidcIdp, type OidcIssuer as OidcIdp, type OidcIssuerOptions as OidcIdpOptions, type OidcAccount as IdpAccount } from '@tend/test-oidc-issuer';
export { createSamlIdp, generateSigningKeys, type SamlIdp, type SamlUser, type SigningKeys, type ResponseOverrides, type WrappingForm } from './saml-idp.js';
export { startForgingIdp, type ForgingIdp } from './forging-idp.js';
export { startTxtServer, type TxtServer } from './dns-server.js';
