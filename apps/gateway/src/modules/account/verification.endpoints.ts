import { routes } from '@tend/contracts';
import { IDENTITY_ERRORS, VERIFY_EMAIL_ERRORS, presentUser } from '@tend/identity';
import { answeredPrefetch, endpoint, redirect } from '../../http/endpoint.js';
import { PLATFORM } from '../../platform.js';
import { ACCOUNT } from './tokens.js';

const tags = ['Email verification'];
const REDIRECT_CODES = new Set<string>(Object.values(VERIFY_EMAIL_ERRORS).map((error) => error.message));

export const sendVerificationEmail = endpoint({
  ...routes.sendVerificationEmail,
  summary: 'Mail a verification link',
  description: 'Answers the same whether or not the address belongs to an account.',
  tags,
  auth: 'public',
  errors: [IDENTITY_ERRORS.INVALID_EMAIL],
  deps: { send: ACCOUNT.SendVerificationEmail },
  async handler({ deps, body }) {
    await deps.send.execute(body);
    return { status: true };
  },
});

export const verifyEmail = endpoint({
  ...routes.verifyEmail,
  summary: 'Verify an email address (the mailed link)',
  description: 'With a callbackURL, redirects there (failures carry `?error=token_expired|invalid_token|user_not_found|unauthorized`). HEAD (mail scanners) answers 200 and verifies nothing.',
  tags,
  auth: 'public',
  // An email change confirmed by the link fails when the address was taken meanwhile.
  errors: [...Object.values(VERIFY_EMAIL_ERRORS), IDENTITY_ERRORS.COULDN_T_UPDATE_YOUR_EMAIL],
  // A link clicked in a mail lands back in the app, with the spec's reason in the query.
  errorRedirect: ({ query }) => query?.callbackURL,
  errorCode: (error) => (REDIRECT_CODES.has(error.message) ? error.message : error.code),
  deps: { verify: ACCOUNT.VerifyEmail, http: PLATFORM.SessionHttp, signIns: PLATFORM.SignInHttp, config: PLATFORM.Config },
  async handler({ deps, query, req, res }) {
    if (answeredPrefetch(req, res)) return undefined as never;
    const current = await deps.http.resolve(req, res);
    const { user, signIn } = await deps.verify.execute({ token: query.token, current, callbackURL: query.callbackURL, client: deps.signIns.client(req) });
    const body = { status: true, user: presentUser(user, deps.config.userFields) };
    // Auto sign-in after verification: the link proved the address.
    if (signIn) return query.callbackURL ? deps.signIns.redirect(req, res, signIn, query.callbackURL) : deps.signIns.json(req, res, signIn, () => body);
    if (current?.user.id === user.id) deps.http.refreshCache(req, res, { session: current.session, user });
    return query.callbackURL ? redirect(query.callbackURL) : body;
  },
});
