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
  'unable_to_create_user',
  'unable_to_create_session',
  'banned',
] as const;
export type SsoCallbackCode = (typeof SSO_CALLBACK_CODES)[number];
