// Identity providers on loopback for SSO tests: a real OpenID provider and a samlify SAML IdP.
export { startOidcIdp, type OidcIdp, type OidcIdpOptions, type IdpAccount } from './oidc-idp.js';
export { createSamlIdp, generateSigningKeys, type SamlIdp, type SamlUser, type SigningKeys, type ResponseOverrides, type WrappingForm } from './saml-idp.js';
export { startForgingIdp, type ForgingIdp } from './forging-idp.js';
export { startTxtServer, type TxtServer } from './dns-server.js';
