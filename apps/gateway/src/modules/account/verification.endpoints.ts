import * as api from '@tend/contracts';
import { VERIFY_EMAIL_ERRORS, presentUser } from '@tend/identity';
import { endpoint, redirect } from '../../http/endpoint.js';
import { clientInfo } from '../../http/client.js';
import { PLATFORM } from '../../platform.js';
import { ACCOUNT } from './tokens.js';

const tags = ['Email verification'];
const REDIRECT_CODES = new Set<string>(Object.values(VERIFY_EMAIL_ERRORS).map((error) => error.message));

export const sendVerificationEmail = endpoint({
  method: 'post',
  path: '/send-verification-email',
  summary: 'Mail a verification link',
  description: 'Answers the same whether or not the address belongs to an account.',
  tags,
  auth: 'public',
  body: api.sendVerificationEmailBody,
  response: api.status,
  deps: { send: ACCOUNT.SendVerificationEmail },
  async handler({ deps, body }) {
    await deps.send.execute(body);
    return { status: true };
  },
});

export const verifyEmail = endpoint({
  method: 'get',
  path: '/verify-email',
  summary: 'Verify an email address (the mailed link)',
  description: 'With a callbackURL, redirects there (failures carry `?error=token_expired|invalid_token|user_not_found|unauthorized`).',
  tags,
  auth: 'public',
  query: api.verifyEmailQuery,
  response: api.verifyEmailResponse,
  errors: Object.values(VERIFY_EMAIL_ERRORS),
  // A link clicked in a mail lands back in the app, with the spec's reason in the query.
  errorRedirect: ({ query }) => query?.callbackURL,
  errorCode: (error) => (REDIRECT_CODES.has(error.message) ? error.message : error.code),
  deps: { verify: ACCOUNT.VerifyEmail, http: PLATFORM.SessionHttp, config: PLATFORM.Config },
  async handler({ deps, query, req, res }) {
    const current = await deps.http.resolve(req, res);
    const result = await deps.verify.execute({ token: query.token, current, callbackURL: query.callbackURL, ...clientInfo(req) });
    if (result.session) deps.http.start(req, res, { session: result.session, user: result.user });
    else if (current?.user.id === result.user.id) deps.http.refreshCache(req, res, { session: current.session, user: result.user });
    if (query.callbackURL) return redirect(query.callbackURL);
    return { status: true, user: presentUser(result.user, deps.config.userFields) };
  },
});
