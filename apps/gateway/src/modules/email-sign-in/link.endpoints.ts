import { routes } from '@tend/contracts';
import { IDENTITY_ERRORS, presentUser } from '@tend/identity';
import type { GatewayConfig } from '../../config.js';
import { answeredPrefetch, endpoint } from '../../http/endpoint.js';
import { signInFailure } from '../../http/sign-in-http.js';
import { PLATFORM } from '../../platform.js';
import { settingsOf } from '../settings.js';
import { CALLBACK_ERROR_LIST, CALLBACK_ERRORS } from './redirect-errors.js';
import { emailSignInSettings } from './settings.js';
import { EMAIL_SIGN_IN } from './tokens.js';

export const tags = ['Sign-in without a password'];
export const enabled = (config: GatewayConfig) => settingsOf(config, emailSignInSettings).enabled;

export const signInMagicLink = endpoint({
  ...routes.signInMagicLink,
  summary: 'Mail a sign-in link',
  description: [
    'Mails `{base}/magic-link/verify?token=…&callbackURL=…` (plus newUserCallbackURL and errorCallbackURL when given), valid 5 minutes and once; a new link voids the earlier ones.',
    'The answer is `{status: true}` for known, unknown and banned addresses alike. At most 5 links or codes go to one address per 10 minutes, whatever the client: then 429 with Retry-After.',
  ].join('\n\n'),
  tags,
  auth: 'public',
  enabled,
  errors: CALLBACK_ERROR_LIST,
  redirectErrors: CALLBACK_ERRORS,
  deps: { useCases: EMAIL_SIGN_IN.UseCases },
  async handler({ deps, body }) {
    await deps.useCases.sendMagicLink.execute(body);
    return { status: true };
  },
});

export const magicLinkVerify = endpoint({
  ...routes.magicLinkVerify,
  summary: 'Sign in with a mailed link',
  description: [
    'Signs in the address the link was mailed to (a new, verified account for an unknown address): the session cookie and a 302 to callbackURL (newUserCallbackURL for a new account), or without callbackURL `{token, user, session}`. A user with a second factor goes to the web app’s challenge page first.',
    'A used, unknown or expired link: 302 to errorCallbackURL (else callbackURL) with `error=INVALID_TOKEN`; a banned user: `error=banned` (403 BANNED_USER without callbacks). HEAD (mail scanners) answers 200 and uses nothing up.',
  ].join('\n\n'),
  tags,
  auth: 'public',
  enabled,
  errors: [IDENTITY_ERRORS.INVALID_TOKEN, IDENTITY_ERRORS.BANNED_USER, ...CALLBACK_ERROR_LIST],
  redirectErrors: CALLBACK_ERRORS,
  errorRedirect: ({ query }) => query?.errorCallbackURL ?? query?.callbackURL,
  errorCode: (error) => (error.code === 'BANNED_USER' ? 'banned' : error.code),
  audit: signInFailure('magic-link'),
  deps: { useCases: EMAIL_SIGN_IN.UseCases, signIns: PLATFORM.SignInHttp, config: PLATFORM.Config },
  async handler({ deps, query, req, res }) {
    if (answeredPrefetch(req, res)) return undefined as never;
    const outcome = await deps.useCases.verifyMagicLink.execute({ token: query.token, client: deps.signIns.client(req), next: query.callbackURL });
    if (!query.callbackURL) {
      return deps.signIns.json(req, res, outcome, ({ session, user }) => ({ token: session.token, user: presentUser(user, deps.config.userFields), session }));
    }
    const to = outcome.proof.isNewUser && query.newUserCallbackURL ? query.newUserCallbackURL : query.callbackURL;
    return deps.signIns.redirect(req, res, outcome, to);
  },
});
