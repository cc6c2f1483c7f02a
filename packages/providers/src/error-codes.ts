import { defineErrors, type ErrorDefinition } from '@tend/kernel';

/**
 * The provider errors of the spec (section 8) that answer as JSON: sign-in with an id token,
 * link-social, unlink-account, get-access-token, refresh-token, account-info, and the
 * outbound calls to providers.
 */
export const PROVIDER_ERRORS = defineErrors({
  PROVIDER_NOT_FOUND: { status: 404, message: 'Provider not found' },
  /** A credential that did not authenticate (id token: issuer, audience, expiry, signature, nonce, Apple's age). */
  INVALID_TOKEN: { status: 401, message: 'invalid token' },
  ID_TOKEN_NOT_SUPPORTED: { status: 404, message: 'id_token not supported' },
  FAILED_TO_GET_USER_INFO: { status: 401, message: 'Failed to get user info' },
  USER_EMAIL_NOT_FOUND: { status: 401, message: 'User email not found' },
  SOCIAL_ACCOUNT_ALREADY_LINKED: { status: 400, message: 'Social account already linked' },
  YOU_CAN_T_UNLINK_YOUR_LAST_ACCOUNT: { status: 400, message: "You can't unlink your last account" },
  ACCOUNT_NOT_FOUND: { status: 400, message: 'Account not found' },
  CALLBACKURL_IS_REQUIRED: { status: 400, message: 'callbackURL is required' },
  KEYS_NOT_FOUND: { status: 400, message: 'Keys not found' },
  CLIENT_ID_AND_SECRET_REQUIRED: { status: 500, message: 'CLIENT_ID_AND_SECRET_REQUIRED' },
  CODEVERIFIER_IS_REQUIRED_FOR_GOOGLE: { status: 400, message: 'codeVerifier is required for Google' },
  INVALID_JWT: { status: 401, message: 'Invalid JWT' },
  JWTS_MUST_CONTAIN_A_PAYLOAD: { status: 401, message: 'JWTs must contain a payload' },
  // Not named by the spec: the messages of the token routes and of failed outbound calls.
  ACCESS_TOKEN_NOT_FOUND: { status: 400, message: 'Access token not found' },
  REFRESH_TOKEN_NOT_FOUND: { status: 400, message: 'Refresh token not found' },
  FAILED_TO_GET_A_VALID_ACCESS_TOKEN: { status: 400, message: 'Failed to get a valid access token' },
  FAILED_TO_REFRESH_ACCESS_TOKEN: { status: 400, message: 'Failed to refresh access token' },
  PROVIDER_DOES_NOT_SUPPORT_TOKEN_REFRESHING: { status: 400, message: 'Provider does not support token refreshing' },
  PROVIDER_REQUEST_FAILED: { status: 503, message: 'Provider request failed' },
  PROVIDER_REQUEST_TIMED_OUT: { status: 503, message: 'Provider request timed out' },
  PROVIDER_RESPONSE_IS_INVALID: { status: 503, message: 'Provider response is invalid' },
  INVALID_PROVIDER_CONFIGURATION: { status: 500, message: 'Invalid provider configuration' },
});

/**
 * `JWK with kid {kid} not found`: the id token names a key its provider's key set does not hold
 * (after one refetch). The code is the spec's derivation of the message template.
 */
export function jwkNotFound(kid: string): ErrorDefinition<'JWK_WITH_KID_KID_NOT_FOUND'> {
  return { status: 400, message: `JWK with kid ${kid} not found`, code: 'JWK_WITH_KID_KID_NOT_FOUND' };
}

/**
 * The outcomes of GET/POST /callback/{id} that end on the error page: each message is the
 * spec's redirect code (section 8) as better-auth spells it, and the redirect carries it with
 * spaces turned into underscores (`account not linked` -> `?error=account_not_linked`).
 * Sign-in with an id token answers the linking outcomes as JSON (401).
 */
export const CALLBACK_ERRORS = defineErrors({
  INVALID_CALLBACK_REQUEST: { status: 400, message: 'invalid_callback_request' },
  STATE_NOT_FOUND: { status: 400, message: 'state_not_found' },
  PLEASE_RESTART_THE_PROCESS: { status: 400, message: 'please_restart_the_process' },
  /** The provider itself answered with `error=` (the redirect carries the provider's own code). */
  PROVIDER_ERROR: { status: 400, message: 'provider_error' },
  NO_CODE: { status: 400, message: 'no_code' },
  OAUTH_PROVIDER_NOT_FOUND: { status: 404, message: 'oauth_provider_not_found' },
  INVALID_CODE: { status: 400, message: 'invalid_code' },
  UNABLE_TO_GET_USER_INFO: { status: 401, message: 'unable_to_get_user_info' },
  EMAIL_NOT_FOUND: { status: 401, message: 'email_not_found' },
  NO_CALLBACK_URL: { status: 400, message: 'no_callback_url' },
  ACCOUNT_ALREADY_LINKED_TO_DIFFERENT_USER: { status: 401, message: 'account_already_linked_to_different_user' },
  UNABLE_TO_LINK_ACCOUNT: { status: 401, message: 'unable_to_link_account' },
  EMAIL_DOESN_T_MATCH: { status: 401, message: "email_doesn't_match" },
  ACCOUNT_NOT_LINKED: { status: 401, message: 'account not linked' },
  SIGNUP_DISABLED: { status: 401, message: 'signup disabled' },
  UNABLE_TO_CREATE_USER: { status: 500, message: 'unable to create user' },
  UNABLE_TO_CREATE_SESSION: { status: 500, message: 'unable to create session' },
  BANNED: { status: 403, message: 'banned' },
});

/** The `?error=` value of a callback outcome: its message with spaces as underscores. */
export function redirectCodeOf(definition: { message: string }): string {
  return definition.message.split(' ').join('_');
}
