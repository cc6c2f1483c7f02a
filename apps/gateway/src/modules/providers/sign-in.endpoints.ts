import * as api from '@tend/contracts';
import { IDENTITY_ERRORS, presentUser } from '@tend/identity';
import { GENERAL_ERRORS } from '@tend/kernel';
import { CALLBACK_ERRORS, PROVIDER_ERRORS, jwkNotFound } from '@tend/providers';
import { endpoint } from '../../http/endpoint.js';
import { clientInfo } from '../../http/client.js';
import { PLATFORM } from '../../platform.js';
import { PROVIDERS } from './tokens.js';

const tags = ['Identity providers'];

export const signInSocial = endpoint({
  method: 'post',
  path: '/sign-in/social',
  summary: 'Sign in with an identity provider',
  description: [
    'Without `idToken`: stores a sign-in state (10 minutes), sets the `tend.oauth_state` browser-binding cookie and answers the provider’s authorization URL, `{url, redirect}`; the provider sends the browser back to GET /callback/{provider}.',
    'With `idToken` (native apps, Google One Tap): verifies the token (issuer, audience, expiry, signature, nonce; Apple under an hour old) and signs in at once: sets the session cookie and answers `{redirect: false, token, user}`.',
  ].join('\n\n'),
  tags,
  auth: 'public',
  body: api.signInSocialBody,
  response: api.signInSocialResponse,
  errors: [
    PROVIDER_ERRORS.PROVIDER_NOT_FOUND,
    PROVIDER_ERRORS.CALLBACKURL_IS_REQUIRED,
    GENERAL_ERRORS.UNABLE_TO_CREATE_VERIFICATION,
    PROVIDER_ERRORS.ID_TOKEN_NOT_SUPPORTED,
    PROVIDER_ERRORS.INVALID_TOKEN,
    PROVIDER_ERRORS.KEYS_NOT_FOUND,
    jwkNotFound('{kid}'),
    PROVIDER_ERRORS.FAILED_TO_GET_USER_INFO,
    PROVIDER_ERRORS.USER_EMAIL_NOT_FOUND,
    CALLBACK_ERRORS.ACCOUNT_NOT_LINKED,
    CALLBACK_ERRORS.UNABLE_TO_LINK_ACCOUNT,
    CALLBACK_ERRORS.SIGNUP_DISABLED,
    CALLBACK_ERRORS.UNABLE_TO_CREATE_USER,
    CALLBACK_ERRORS.UNABLE_TO_CREATE_SESSION,
    IDENTITY_ERRORS.BANNED_USER,
    PROVIDER_ERRORS.PROVIDER_REQUEST_FAILED,
    PROVIDER_ERRORS.PROVIDER_REQUEST_TIMED_OUT,
    PROVIDER_ERRORS.PROVIDER_RESPONSE_IS_INVALID,
  ],
  // Only an id-token sign-in signs in here; the redirect flow is audited at the callback.
  audit(outcome, { body }) {
    if (!body?.idToken) return null;
    const provider = body.provider;
    if (outcome.ok) {
      const { id } = (outcome.result as { user: { id: string } }).user;
      return { action: 'sign-in.success', actorId: id, targetUserId: id, detail: { method: 'id-token', provider } };
    }
    return outcome.error.code === 'VALIDATION_ERROR' ? null : { action: 'sign-in.failure', actorId: null, detail: { method: 'id-token', provider, reason: outcome.error.code } };
  },
  deps: { start: PROVIDERS.StartSocialSignIn, idTokenSignIn: PROVIDERS.SignInWithIdToken, http: PLATFORM.SessionHttp, config: PLATFORM.Config },
  async handler({ deps, body, req, res }) {
    const { idToken, provider, requestSignUp, callbackURL } = body;
    if (idToken) {
      const { user, session } = await deps.idTokenSignIn.execute({ provider, idToken, requestSignUp, callbackURL, ...clientInfo(req) });
      deps.http.start(req, res, { session, user });
      return { redirect: false, token: session.token, url: undefined, user: presentUser(user, deps.config.userFields) };
    }
    const started = await deps.start.execute({
      provider,
      callbackURL,
      newUserCallbackURL: body.newUserCallbackURL,
      errorCallbackURL: body.errorCallbackURL,
      scopes: body.scopes,
      requestSignUp,
      loginHint: body.loginHint,
      disableRedirect: body.disableRedirect,
      // One binding per browser: parallel sign-ins in two tabs share it.
      binding: deps.http.providerStateBindingOf(req) ?? undefined,
    });
    deps.http.bindProviderState(req, res, started.binding);
    return { url: started.url, redirect: started.redirect };
  },
});

export const listProviders = endpoint({
  method: 'get',
  path: '/sign-in/providers',
  summary: 'The enabled identity providers',
  description: 'Their ids and names, in a stable order, for the sign-in buttons.',
  tags,
  auth: 'public',
  response: api.providersResponse,
  deps: { registry: PROVIDERS.Registry },
  handler: ({ deps }) => ({ providers: deps.registry.enabledIds().map((id) => ({ id, name: deps.registry.get(id)?.name ?? id })) }),
});
