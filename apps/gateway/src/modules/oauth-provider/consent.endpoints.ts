import { routes } from '@tend/contracts';
import { OAUTH_PROVIDER_ERRORS } from '@tend/oauth-provider';
import { SESSION_ERRORS } from '@tend/sessions';
import { endpoint, redirect } from '../../http/endpoint.js';
import { PLATFORM } from '../../platform.js';
import { oauth } from './http.js';
import { OAUTH } from './tokens.js';

const tags = ['Identity provider'];
const E = OAUTH_PROVIDER_ERRORS;
const signedQueryErrors = [E.INVALID_REQUEST, E.INVALID_SIGNATURE, E.OAUTH_QUERY_EXPIRED];

export const authorize = endpoint({
  ...routes.oauthAuthorize,
  summary: 'The authorization endpoint (OAuth 2.1 code flow with PKCE S256, OpenID Connect)',
  description: [
    'Always a redirect. Without a session (or with `prompt=login`): to `AUTH_WEB_URL/sign-in` with the parameters signed (`exp`, `sig`: the `oauth_query` every sign-in method accepts). With one: to `AUTH_WEB_URL/oauth/consent?…&sig`, or straight back with a `code` when the user consented to these scopes before.',
    'Back to the client: `code` or `error`, with `state` and `iss` (RFC 9207). An unknown client or unregistered `redirect_uri` never goes to the given URI: `{issuer}/error?error=invalid_redirect`. A missing PKCE challenge: `error=invalid_request`.',
  ].join('\n\n'),
  tags,
  auth: 'public',
  readsCaller: true,
  deps: { authorization: OAUTH.Authorization, http: PLATFORM.SessionHttp },
  async handler({ deps, query, req, res }) {
    const auth = await deps.http.resolve(req, res);
    const subject = auth ? { userId: auth.user.id, sessionId: auth.session.id } : null;
    return redirect(await deps.authorization.authorize(query, subject));
  },
});

export const consentInfo = endpoint({
  ...routes.oauthConsentInfo,
  summary: 'What the consent page shows: the client, the scopes asked, for whom',
  tags,
  auth: 'session',
  errors: [...signedQueryErrors, SESSION_ERRORS.UNAUTHORIZED],
  deps: { authorization: OAUTH.Authorization },
  handler: ({ deps, query, auth }) =>
    oauth(async () => ({ ...(await deps.authorization.consentInfo(query.oauth_query)), user: { id: auth.user.id, email: auth.user.email, name: auth.user.name } })),
});

export const consent = endpoint({
  ...routes.oauthConsent,
  summary: 'Allow or deny an authorization request',
  description:
    'Answers `{redirect: true, url}`: the client’s redirect URI with `code`, `state` and `iss` (the consent remembered), or `error=access_denied`. A tampered `oauth_query`: 400 `invalid_signature`; none: 400 `invalid_request`. `scope` may narrow what was asked.',
  tags,
  auth: 'session',
  errors: [...signedQueryErrors, E.INVALID_SCOPE, SESSION_ERRORS.UNAUTHORIZED],
  audit: (outcome, call) =>
    outcome.ok && call.body.accept && call.auth ? { action: 'oauth.consent.grant', actorId: call.auth.user.id, targetUserId: call.auth.user.id, detail: { clientId: new URLSearchParams(call.body.oauth_query ?? '').get('client_id') } } : null,
  deps: { authorization: OAUTH.Authorization },
  handler: ({ deps, body, auth }) =>
    oauth(async () => ({
      redirect: true as const,
      url: await deps.authorization.consent({ accept: body.accept, oauthQuery: body.oauth_query ?? '', scope: body.scope }, { userId: auth.user.id, sessionId: auth.session.id }),
    })),
});

export const getConsents = endpoint({
  ...routes.getOAuthConsents,
  summary: 'The apps the signed-in user allowed (Connected apps)',
  tags,
  auth: 'session',
  errors: [SESSION_ERRORS.UNAUTHORIZED],
  deps: { authorization: OAUTH.Authorization },
  handler: ({ deps, auth }) => deps.authorization.consentsOf(auth.user.id),
});

export const deleteConsent = endpoint({
  ...routes.deleteOAuthConsent,
  summary: 'Revoke an app’s access: its consent and its tokens for the user',
  description: 'The app’s access and refresh tokens for the signed-in user stop working, and its next authorization asks again. Another user’s consent, or none: 404 `not_found`.',
  tags,
  auth: 'session',
  errors: [E.CONSENT_NOT_FOUND, SESSION_ERRORS.UNAUTHORIZED],
  audit: (outcome, call) => (outcome.ok && call.auth ? { action: 'oauth.consent.revoke', actorId: call.auth.user.id, targetUserId: call.auth.user.id, detail: { consentId: call.body.id } } : null),
  deps: { authorization: OAUTH.Authorization },
  handler: ({ deps, body, auth }) =>
    oauth(async () => {
      await deps.authorization.revokeConsent(auth.user.id, body.id);
      return { success: true as const };
    }),
});
