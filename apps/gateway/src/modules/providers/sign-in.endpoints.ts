import { routes } from '@tend/contracts';
import { IDENTITY_ERRORS, presentUser } from '@tend/identity';
import { GENERAL_ERRORS } from '@tend/kernel';
import { CALLBACK_ERRORS, PROVIDER_ERRORS, jwkNotFound } from '@tend/providers';
import { endpoint } from '../../http/endpoint.js';
import { signInFailure } from '../../http/sign-in-http.js';
import { PLATFORM } from '../../platform.js';
import { PROVIDER_STATE_COOKIE } from './state-cookie.js';
import { PROVIDERS } from './tokens.js';

const tags = ['Identity providers'];
const idTokenFailure = signInFailure<{ provider: string }>('id-token', (body) => ({ provider: body.provider }));

export const signInSocial = endpoint({
  ...routes.signInSocial,
  summary: 'Sign in with an identity provider',
  description: [
    'Without `idToken`: stores a sign-in state (10 minutes), sets the `tend.oauth_state` browser-binding cookie and answers the provider’s authorization URL, `{url, redirect}`; the provider sends the browser back to GET /callback/{provider}.',
    'With `idToken` (native apps, Google One Tap): verifies the token (issuer, audience, expiry, signature, nonce; Apple under an hour old) and signs in at once: sets the session cookie and answers `{redirect: false, token, user}`.',
  ].join('\n\n'),
  tags,
  auth: 'public',
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
  // Only an id-token sign-in signs in here (the redirect flow is audited at the callback); the
  // sign-in completion records successes.
  audit: (outcome, call) => (call.body?.idToken ? idTokenFailure(outcome, call) : null),
  deps: { start: PROVIDERS.StartSocialSignIn, idTokenSignIn: PROVIDERS.SignInWithIdToken, cookies: PLATFORM.Cookies, signIns: PLATFORM.SignInHttp, config: PLATFORM.Config },
  async handler({ deps, body, req, res }) {
    const { idToken, provider, requestSignUp, callbackURL } = body;
    if (idToken) {
      const { signIn } = await deps.idTokenSignIn.execute({ provider, idToken, requestSignUp, callbackURL, client: deps.signIns.client(req) });
      return deps.signIns.json(req, res, signIn, ({ session, user }) => ({ redirect: false, token: session.token, url: undefined, user: presentUser(user, deps.config.userFields) }));
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
      binding: deps.cookies.get(req, PROVIDER_STATE_COOKIE) ?? undefined,
    });
    deps.cookies.set(req, res, PROVIDER_STATE_COOKIE, started.binding);
    return { url: started.url, redirect: started.redirect };
  },
});

export const listProviders = endpoint({
  ...routes.listProviders,
  summary: 'The enabled identity providers',
  description: 'Their ids and names, in a stable order, for the sign-in buttons.',
  tags,
  auth: 'public',
  deps: { registry: PROVIDERS.Registry },
  handler: ({ deps }) => ({ providers: deps.registry.enabledIds().map((id) => ({ id, name: deps.registry.get(id)?.name ?? id })) }),
});
