import { routes } from '@tend/contracts';
import { EMAIL_SIGN_IN_ERRORS } from '@tend/email-sign-in';
import { HASHING_ERRORS, IDENTITY_ERRORS, presentUser } from '@tend/identity';
import { endpoint } from '../../http/endpoint.js';
import { signInFailure } from '../../http/sign-in-http.js';
import { PLATFORM } from '../../platform.js';
import { enabled, tags } from './link.endpoints.js';
import { EMAIL_SIGN_IN } from './tokens.js';

const CODE_ERRORS = [EMAIL_SIGN_IN_ERRORS.INVALID_OTP, EMAIL_SIGN_IN_ERRORS.TOO_MANY_ATTEMPTS];
const SENT_DESCRIPTION =
  'Answers `{success: true}` for every address; the code (6 digits, valid 5 minutes, usable once, replaced by a newer one) is mailed after the answer. At most 5 links or codes go to one address per 10 minutes: then 429 with Retry-After.';

export const sendVerificationOtp = endpoint({
  ...routes.sendVerificationOtp,
  summary: 'Mail a one-time code',
  description: `Type \`sign-in\` (any address), \`email-verification\` or \`forget-password\` (accounts only). ${SENT_DESCRIPTION}`,
  tags,
  auth: 'public',
  enabled,
  deps: { useCases: EMAIL_SIGN_IN.UseCases },
  async handler({ deps, body }) {
    await deps.useCases.sendEmailCode.execute(body);
    return { success: true };
  },
});

export const signInEmailOtp = endpoint({
  ...routes.signInEmailOtp,
  summary: 'Sign in with a mailed code',
  description:
    'Signs in the address (matched case-insensitively; an unknown one becomes a verified account named `name`): `{token, user}` and the session cookie, or the second-factor challenge. A wrong code is 400 INVALID_OTP; after 3 wrong ones the next attempt is 403 TOO_MANY_ATTEMPTS and the code is dead.',
  tags,
  auth: 'public',
  enabled,
  errors: [...CODE_ERRORS, IDENTITY_ERRORS.BANNED_USER],
  audit: signInFailure('email-otp'),
  deps: { useCases: EMAIL_SIGN_IN.UseCases, signIns: PLATFORM.SignInHttp, config: PLATFORM.Config },
  async handler({ deps, body, req, res }) {
    const outcome = await deps.useCases.signInWithEmailCode.execute({ ...body, client: deps.signIns.client(req) });
    return deps.signIns.json(req, res, outcome, ({ session, user }) => ({ token: session.token, user: presentUser(user, deps.config.userFields) }));
  },
});

export const verifyEmailOtp = endpoint({
  ...routes.verifyEmailOtp,
  summary: 'Verify an email address with a mailed code',
  description: '`{status: true, token, user}` with `emailVerified: true`; `token` is a new session’s (and its cookie is set) with auto sign-in after verification, else null.',
  tags,
  auth: 'public',
  enabled,
  errors: CODE_ERRORS,
  deps: { useCases: EMAIL_SIGN_IN.UseCases, signIns: PLATFORM.SignInHttp, http: PLATFORM.SessionHttp, config: PLATFORM.Config },
  async handler({ deps, body, req, res }) {
    const { user, signIn } = await deps.useCases.verifyEmailWithCode.execute({ ...body, client: deps.signIns.client(req) });
    const present = (token: string | null, shown = user) => ({ status: true, token, user: presentUser(shown, deps.config.userFields) });
    if (signIn) return deps.signIns.json(req, res, signIn, ({ session, user: signedIn }) => present(session.token, signedIn));
    // A signed-in owner's cached session copy learns of the verified address at once.
    const current = await deps.http.resolve(req, res);
    if (current?.user.id === user.id) deps.http.refreshCache(req, res, { session: current.session, user });
    return present(null);
  },
});

export const checkVerificationOtp = endpoint({
  ...routes.checkVerificationOtp,
  summary: 'Check a mailed code without using it',
  description: '`{success: true}` when the code of this type is right; it stays usable. Wrong checks count like wrong uses.',
  tags,
  auth: 'public',
  enabled,
  errors: CODE_ERRORS,
  deps: { useCases: EMAIL_SIGN_IN.UseCases },
  async handler({ deps, body }) {
    await deps.useCases.checkEmailCode.execute(body);
    return { success: true };
  },
});

const requestReset = (contract: typeof routes.forgetPasswordEmailOtp | typeof routes.requestPasswordResetEmailOtp) =>
  endpoint({
    ...contract,
    summary: 'Mail a password reset code',
    description: `The code goes to accounts only. ${SENT_DESCRIPTION}`,
    tags,
    auth: 'public',
    enabled,
    deps: { useCases: EMAIL_SIGN_IN.UseCases },
    async handler({ deps, body }) {
      await deps.useCases.sendEmailCode.execute({ email: body.email, type: 'forget-password' });
      return { success: true };
    },
  });

export const forgetPasswordEmailOtp = requestReset(routes.forgetPasswordEmailOtp);
export const requestPasswordResetEmailOtp = requestReset(routes.requestPasswordResetEmailOtp);

export const resetPasswordEmailOtp = endpoint({
  ...routes.resetPasswordEmailOtp,
  summary: 'Reset the password with a mailed code',
  description: 'Sets the new password (the password policy applies) and ends every session of the account. The code is used up.',
  tags,
  auth: 'public',
  enabled,
  errors: [
    ...CODE_ERRORS,
    IDENTITY_ERRORS.PASSWORD_TOO_SHORT,
    IDENTITY_ERRORS.PASSWORD_TOO_LONG,
    IDENTITY_ERRORS.PASSWORD_COMPROMISED,
    HASHING_ERRORS.SERVER_IS_BUSY_PLEASE_TRY_AGAIN_LATER,
  ],
  audit: (outcome) => (outcome.ok ? { action: 'password.reset', actorId: null, detail: { method: 'email-otp' } } : null),
  deps: { useCases: EMAIL_SIGN_IN.UseCases, signIns: PLATFORM.SignInHttp },
  async handler({ deps, body, req }) {
    await deps.useCases.resetPasswordWithCode.execute({ ...body, client: deps.signIns.client(req) });
    return { success: true };
  },
});
