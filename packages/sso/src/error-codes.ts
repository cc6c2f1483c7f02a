import { defineErrors } from '@tend/kernel';

/** The JSON errors of the SSO routes (registration, management, starting a sign-in). */
export const SSO_ERRORS = defineErrors({
  SSO_PROVIDER_NOT_FOUND: { status: 404, message: 'SSO provider not found' },
  SSO_PROVIDER_ALREADY_EXISTS: { status: 422, message: 'SSO provider already exists' },
  YOU_ARE_NOT_ALLOWED_TO_MANAGE_SSO_PROVIDERS: { status: 403, message: 'You are not allowed to manage SSO providers' },
  EITHER_OIDCCONFIG_OR_SAMLCONFIG_IS_REQUIRED: { status: 400, message: 'Either oidcConfig or samlConfig is required' },
  SAML_CERTIFICATE_OR_METADATA_IS_REQUIRED: { status: 400, message: 'SAML certificate or metadata is required' },
  INVALID_SAML_CONFIGURATION: { status: 400, message: 'Invalid SAML configuration' },
  SSO_DISCOVERY_FAILED: { status: 400, message: 'SSO discovery failed' },
  SSO_ISSUER_MISMATCH: { status: 400, message: 'SSO issuer mismatch' },
  OIDC_ENDPOINTS_ARE_REQUIRED: { status: 400, message: 'OIDC endpoints are required' },
  INSECURE_IDENTITY_PROVIDER_URL: { status: 400, message: 'Insecure identity provider URL' },
  EMAIL_ORGANIZATIONSLUG_PROVIDERID_OR_DOMAIN_IS_REQUIRED: { status: 400, message: 'Email, organizationSlug, providerId or domain is required' },
  // Domain verification: better-auth's codes and messages (`@better-auth/sso`, `domainVerification`).
  PROVIDER_DOMAIN_HAS_NOT_BEEN_VERIFIED: { status: 401, message: 'Provider domain has not been verified' },
  DOMAIN_VERIFIED: { status: 409, message: 'Domain has already been verified' },
  DOMAIN_VERIFICATION_FAILED: { status: 502, message: 'Unable to verify domain ownership. Try again later' },
  NO_PENDING_VERIFICATION: { status: 404, message: 'No pending domain verification exists' },
  // Tend's own: one organization's verified domain is nobody else's to claim.
  DOMAIN_VERIFIED_BY_ANOTHER_ORGANIZATION: { status: 409, message: 'Domain verified by another organization' },
});

/**
 * Why an SSO callback or ACS post failed: each is the `?error=` code its redirect carries (the
 * IdP's own `error` travels as it came, for OIDC).
 */
export const SSO_CALLBACK_CODES = [
  'state_not_found',
  'invalid_request',
  'provider_not_found',
  'invalid_code',
  'invalid_token',
  'invalid_saml_response',
  'unsolicited_response',
  'replayed_assertion',
  'email_not_found',
  'account_not_linked',
  'domain_not_verified',
  'unable_to_create_user',
  'unable_to_create_session',
  'banned',
] as const;
export type SsoCallbackCode = (typeof SSO_CALLBACK_CODES)[number];
