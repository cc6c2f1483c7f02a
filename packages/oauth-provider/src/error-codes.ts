import { defineErrors, type CodesOf } from '@tend/kernel';

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
};
