import { AuthError, defineErrors, type CodesOf } from '@tend/kernel';

/**
 * The errors of the identity provider. Each key is the code of its message, as elsewhere in
 * Tend; `OAUTH_ERROR_NAMES` gives the RFC 6749 / 7591 `error` value the OAuth endpoints answer.
 */
export const OAUTH_PROVIDER_ERRORS = defineErrors({
  INVALID_REQUEST: { status: 400, message: 'Invalid request' },
  INVALID_GRANT: { status: 400, message: 'Invalid grant' },
  INVALID_CODE_VERIFIER: { status: 401, message: 'Invalid code verifier' },
  INVALID_SCOPE: { status: 400, message: 'Invalid scope' },
  INVALID_SIGNATURE: { status: 400, message: 'Invalid signature' },
  OAUTH_QUERY_EXPIRED: { status: 400, message: 'OAuth query expired' },
  INVALID_REDIRECT_URI: { status: 400, message: 'Invalid redirect URI' },
  INVALID_CLIENT_METADATA: { status: 400, message: 'Invalid client metadata' },
  INVALID_CLIENT: { status: 401, message: 'Invalid client' },
  UNAUTHORIZED_CLIENT: { status: 400, message: 'Unauthorized client' },
  UNSUPPORTED_GRANT_TYPE: { status: 400, message: 'Unsupported grant type' },
  INVALID_ACCESS_TOKEN: { status: 401, message: 'Invalid access token' },
  CLIENT_NOT_FOUND: { status: 404, message: 'Client not found' },
  CONSENT_NOT_FOUND: { status: 404, message: 'Consent not found' },
  INVALID_TARGET: { status: 400, message: 'Invalid target' },
});

export type OAuthProviderErrorCode = CodesOf<typeof OAUTH_PROVIDER_ERRORS>;

/** The `error` field of an OAuth error answer for each code. */
export const OAUTH_ERROR_NAMES: Readonly<Record<OAuthProviderErrorCode, string>> = {
  INVALID_REQUEST: 'invalid_request',
  INVALID_GRANT: 'invalid_grant',
  INVALID_CODE_VERIFIER: 'invalid_request',
  INVALID_SCOPE: 'invalid_scope',
  INVALID_SIGNATURE: 'invalid_signature',
  OAUTH_QUERY_EXPIRED: 'invalid_request',
  INVALID_REDIRECT_URI: 'invalid_redirect_uri',
  INVALID_CLIENT_METADATA: 'invalid_client_metadata',
  INVALID_CLIENT: 'invalid_client',
  UNAUTHORIZED_CLIENT: 'unauthorized_client',
  UNSUPPORTED_GRANT_TYPE: 'unsupported_grant_type',
  INVALID_ACCESS_TOKEN: 'invalid_token',
  CLIENT_NOT_FOUND: 'not_found',
  CONSENT_NOT_FOUND: 'not_found',
  INVALID_TARGET: 'invalid_target',
};

/**
 * The OAuth form of a failure: an AuthError of this catalogue gains the RFC 6749 `error` (and
 * `error_description`) beside Tend's `code` and `message`, so OAuth clients and Tend's read it
 * alike. Anything else passes through unchanged.
 */
export function withOAuthError(error: unknown): unknown {
  if (!(error instanceof AuthError) || !Object.hasOwn(OAUTH_ERROR_NAMES, error.code) || error.details?.error) return error;
  return new AuthError(error.status, error.message, error.code, { ...error.details, error: OAUTH_ERROR_NAMES[error.code as OAuthProviderErrorCode], error_description: error.message });
}
