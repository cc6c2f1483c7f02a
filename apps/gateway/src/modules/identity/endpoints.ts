import { routes } from '@tend/contracts';
import { HASHING_ERRORS, IDENTITY_ERRORS, USERNAME_ERRORS, presentUser } from '@tend/identity';
import { SESSION_ERRORS } from '@tend/sessions';
import { endpoint } from '../../http/endpoint.js';
import { signInFailure } from '../../http/sign-in-http.js';
import { throttledSignIn } from '../../http/sign-in-throttle.js';
import { PLATFORM } from '../../platform.js';
import { IDENTITY } from './tokens.js';

const tags = ['Sign-up and sign-in'];

export const signUpEmail = endpoint({
  ...routes.signUpEmail,
  summary: 'Create an account with email and password',
  description: 'Creates the user with a credential account and, unless email verification is required, signs them in (sets the session cookie).',
  tags,
  auth: 'public',
  errors: [
    IDENTITY_ERRORS.INVALID_EMAIL,
    IDENTITY_ERRORS.PASSWORD_TOO_SHORT,
    IDENTITY_ERRORS.PASSWORD_TOO_LONG,
    IDENTITY_ERRORS.PASSWORD_COMPROMISED,
    IDENTITY_ERRORS.USER_ALREADY_EXISTS,
    IDENTITY_ERRORS.FAILED_TO_CREATE_USER,
    HASHING_ERRORS.SERVER_IS_BUSY_PLEASE_TRY_AGAIN_LATER,
    USERNAME_ERRORS.USERNAME_IS_ALREADY_TAKEN_PLEASE_TRY_ANOTHER,
    USERNAME_ERRORS.USERNAME_IS_TOO_SHORT,
    USERNAME_ERRORS.USERNAME_IS_TOO_LONG,
    USERNAME_ERRORS.USERNAME_IS_INVALID,
  ],
  deps: { signUp: IDENTITY.SignUpWithEmail, signIns: PLATFORM.SignInHttp, config: PLATFORM.Config },
  async handler({ deps, body, req, res }) {
    // oauth_query is read by the sign-in continuation (SignInHttp), not a field of the user.
    const { email, password, callbackURL, rememberMe, oauth_query: _continuation, ...fields } = body;
    const { user, outcome } = await deps.signUp.execute({ email, password, fields, callbackURL, rememberMe, client: deps.signIns.client(req) });
    const present = (token: string | null) => ({ token, user: presentUser(user, deps.config.userFields) });
    return outcome ? deps.signIns.json(req, res, outcome, ({ session }) => present(session.token)) : present(null);
  },
});

export const signInEmail = endpoint({
  ...routes.signInEmail,
  summary: 'Sign in with email and password',
  tags,
  auth: 'public',
  errors: [IDENTITY_ERRORS.INVALID_EMAIL, IDENTITY_ERRORS.INVALID_EMAIL_OR_PASSWORD, IDENTITY_ERRORS.EMAIL_NOT_VERIFIED, IDENTITY_ERRORS.BANNED_USER, HASHING_ERRORS.SERVER_IS_BUSY_PLEASE_TRY_AGAIN_LATER],
  // Why a sign-in failed, by its reason code only (the sign-in completion records successes).
  audit: signInFailure('email'),
  deps: { signIn: IDENTITY.SignInWithPassword, signIns: PLATFORM.SignInHttp, config: PLATFORM.Config, throttle: PLATFORM.FailedSignInThrottle },
  async handler({ deps, body, req, res }) {
    const outcome = await throttledSignIn(deps.throttle)(body.email, () =>
      deps.signIn.withEmail({ identifier: body.email, password: body.password, rememberMe: body.rememberMe, callbackURL: body.callbackURL, client: deps.signIns.client(req) }),
    );
    return deps.signIns.json(req, res, outcome, ({ session, user }) => ({
      redirect: Boolean(body.callbackURL),
      token: session.token,
      url: body.callbackURL ?? null,
      user: presentUser(user, deps.config.userFields),
    }));
  },
});

export const signInUsername = endpoint({
  ...routes.signInUsername,
  summary: 'Sign in with username and password',
  tags,
  auth: 'public',
  errors: [
    USERNAME_ERRORS.INVALID_USERNAME_OR_PASSWORD,
    USERNAME_ERRORS.EMAIL_NOT_VERIFIED,
    USERNAME_ERRORS.USERNAME_IS_TOO_SHORT,
    USERNAME_ERRORS.USERNAME_IS_TOO_LONG,
    USERNAME_ERRORS.USERNAME_IS_INVALID,
    IDENTITY_ERRORS.BANNED_USER,
    HASHING_ERRORS.SERVER_IS_BUSY_PLEASE_TRY_AGAIN_LATER,
  ],
  audit: signInFailure('username'),
  deps: { signIn: IDENTITY.SignInWithPassword, signIns: PLATFORM.SignInHttp, throttle: PLATFORM.FailedSignInThrottle },
  async handler({ deps, body, req, res }) {
    const outcome = await throttledSignIn(deps.throttle)(body.username, () =>
      deps.signIn.withUsername({ identifier: body.username, password: body.password, rememberMe: body.rememberMe, callbackURL: body.callbackURL, client: deps.signIns.client(req) }),
    );
    return deps.signIns.json(req, res, outcome, ({ session, user }) => {
      const { id, email, emailVerified, username, displayUsername, name, image, createdAt, updatedAt } = user;
      return { token: session.token, user: { id, email, emailVerified, username, displayUsername, name, image, createdAt, updatedAt } };
    });
  },
});

export const updateUser = endpoint({
  ...routes.updateUser,
  summary: "Update the signed-in user's profile",
  description: 'Name, image, username and custom fields. `email` is refused (use change-email); admin fields are ignored.',
  tags: ['Account'],
  auth: 'session',
  errors: [
    IDENTITY_ERRORS.EMAIL_CAN_NOT_BE_UPDATED,
    IDENTITY_ERRORS.NO_FIELDS_TO_UPDATE,
    USERNAME_ERRORS.USERNAME_IS_ALREADY_TAKEN_PLEASE_TRY_ANOTHER,
    USERNAME_ERRORS.USERNAME_IS_TOO_SHORT,
    USERNAME_ERRORS.USERNAME_IS_TOO_LONG,
    USERNAME_ERRORS.USERNAME_IS_INVALID,
    SESSION_ERRORS.UNAUTHORIZED,
  ],
  deps: { updateUser: IDENTITY.UpdateUser, http: PLATFORM.SessionHttp },
  async handler({ deps, body, auth, req, res }) {
    const input: Record<string, unknown> = Object.fromEntries(Object.entries(body).filter(([, value]) => value !== undefined));
    if (Object.hasOwn(req.body ?? {}, 'email')) input.email = body.email;
    const user = await deps.updateUser.execute(auth.user.id, input);
    deps.http.refreshCache(req, res, { session: auth.session, user });
    return { status: true };
  },
});

export const isUsernameAvailable = endpoint({
  ...routes.isUsernameAvailable,
  summary: 'Check whether a username is free',
  tags,
  auth: 'public',
  errors: [USERNAME_ERRORS.USERNAME_IS_TOO_SHORT, USERNAME_ERRORS.USERNAME_IS_TOO_LONG, USERNAME_ERRORS.USERNAME_IS_INVALID],
  deps: { isAvailable: IDENTITY.IsUsernameAvailable },
  async handler({ deps, body }) {
    return { available: await deps.isAvailable.execute(body.username) };
  },
});
