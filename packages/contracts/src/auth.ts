// Request and response schemas of the auth routes (spec section 7). The gateway's endpoint specs,
// the web app's typed client and the OpenAPI document all read these.
import { z } from 'zod';
import { emailInput, line, oauthQueryInput, passwordInput, queryBoolean, redirectURL, timestamp, tokenInput } from './primitives.js';
import { route } from './route.js';
import { userInput, userWire } from './user-fields.js';

// ------------------------------------------------------------------ shared shapes

/** The user of every answer, from the user field table (`user-fields.ts`). */
export const user = z.object(userWire).meta({ id: 'User' });

export const session = z
  .object({
    id: z.string(),
    token: z.string(),
    userId: z.string(),
    expiresAt: timestamp(),
    ipAddress: z.string().nullable(),
    userAgent: z.string().nullable(),
    impersonatedBy: z.string().nullable(),
    activeOrganizationId: z.string().nullable(),
    createdAt: timestamp(),
    updatedAt: timestamp(),
  })
  .meta({ id: 'Session' });

export const status = z.object({ status: z.boolean() });
export const success = z.object({ success: z.boolean() });


const optionalUserInput = Object.fromEntries(Object.entries(userInput).map(([key, schema]) => [key, schema.optional()])) as {
  [K in keyof typeof userInput]: z.ZodOptional<(typeof userInput)[K]>;
};

// ------------------------------------------------------------------ sign-up, sign-in, sign-out

export const signUpEmailBody = z.object({
  ...optionalUserInput,
  name: userInput.name,
  email: emailInput(),
  password: passwordInput(),
  callbackURL: redirectURL().optional(),
  rememberMe: z.boolean().optional(),
  oauth_query: oauthQueryInput().optional(),
});
/**
 * A sign-in that must still answer a challenge (a second factor) before it becomes a session:
 * no session cookie, the challenge cookie instead. Every route that signs someone in may answer it.
 */
export const signInChallenge = z.object({ twoFactorRedirect: z.literal(true), twoFactorMethods: z.array(z.string()) }).meta({ id: 'SignInChallenge' });
export type SignInChallengeReply = z.infer<typeof signInChallenge>;

export const signUpEmailResponse = z.union([z.object({ token: z.string().nullable(), user }), signInChallenge]);

export const signInEmailBody = z.object({
  email: emailInput(),
  password: passwordInput(),
  callbackURL: redirectURL().optional(),
  rememberMe: z.boolean().optional(),
  oauth_query: oauthQueryInput().optional(),
});
export const signInEmailResponse = z.union([z.object({ redirect: z.boolean(), token: z.string(), url: z.string().nullable(), user }), signInChallenge]);

export const signInUsernameBody = z.object({
  username: line(),
  password: passwordInput(),
  callbackURL: redirectURL().optional(),
  rememberMe: z.boolean().optional(),
  oauth_query: oauthQueryInput().optional(),
});
export const signInUsernameResponse = z.union([
  z.object({
    token: z.string(),
    user: user.pick({ id: true, email: true, emailVerified: true, username: true, displayUsername: true, name: true, image: true, createdAt: true, updatedAt: true }),
  }),
  signInChallenge,
]);

export const isUsernameAvailableBody = z.object({ username: line() });
export const isUsernameAvailableResponse = z.object({ available: z.boolean() });

// ------------------------------------------------------------------ sessions

export const getSessionQuery = z.object({ disableCookieCache: queryBoolean(), disableRefresh: queryBoolean() });
export const getSessionResponse = z.object({ session, user }).nullable();
export const listSessionsResponse = z.array(session);
export const revokeSessionBody = z.object({ token: tokenInput(256).min(1) });

// ------------------------------------------------------------------ user

/** `email` is accepted only so the use case can refuse it with the spec's error. */
export const updateUserBody = z.object({ ...optionalUserInput, email: z.unknown().optional() });

// ------------------------------------------------------------------ verification, password, account

export const sendVerificationEmailBody = z.object({ email: emailInput(), callbackURL: redirectURL().optional() });
export const verifyEmailQuery = z.object({ token: tokenInput().min(1), callbackURL: redirectURL().optional() });
export const verifyEmailResponse = z.union([z.object({ status: z.boolean(), user }), signInChallenge]);

export const requestPasswordResetBody = z.object({ email: emailInput(), redirectTo: redirectURL().optional() });
export const requestPasswordResetResponse = z.object({ status: z.boolean(), message: z.string() });
export const resetPasswordLinkParams = z.object({ token: tokenInput(256) });
export const resetPasswordLinkQuery = z.object({ callbackURL: redirectURL().optional() });
export const resetPasswordLinkResponse = z.object({ token: z.string() });
export const resetPasswordBody = z.object({ newPassword: passwordInput(), token: tokenInput(256).optional() });
export const resetPasswordQuery = z.object({ token: tokenInput(256).optional() });
export const changePasswordBody = z.object({
  newPassword: passwordInput(),
  currentPassword: passwordInput(),
  revokeOtherSessions: z.boolean().optional(),
});
export const changePasswordResponse = z.object({ token: z.string().nullable(), user });
/** Server only (never mounted over HTTP): a first password for a user who has none. */
export const setPasswordBody = z.object({ newPassword: passwordInput() });

export const changeEmailBody = z.object({ newEmail: emailInput(), callbackURL: redirectURL().optional() });
export const deleteUserBody = z.object({
  password: passwordInput().optional(),
  token: tokenInput(256).optional(),
  callbackURL: redirectURL().optional(),
});
export const deleteUserResponse = z.object({ success: z.boolean(), message: z.string() });
export const deleteUserCallbackQuery = z.object({ token: tokenInput(256), callbackURL: redirectURL().optional() });

// ------------------------------------------------------------------ misc

export const okResponse = z.object({ ok: z.boolean() });
export const errorPageQuery = z.object({ error: line().optional() });
export const openApiDocumentResponse = z.record(z.string(), z.unknown());

// ------------------------------------------------------------------ routes

/** The auth routes: sign-up and sign-in, sessions, the account's lifecycle, and the meta routes. */
export const authRoutes = {
  signUpEmail: route({ method: 'post', path: '/sign-up/email', body: signUpEmailBody, response: signUpEmailResponse }),
  signInEmail: route({ method: 'post', path: '/sign-in/email', body: signInEmailBody, response: signInEmailResponse }),
  signInUsername: route({ method: 'post', path: '/sign-in/username', body: signInUsernameBody, response: signInUsernameResponse }),
  updateUser: route({ method: 'post', path: '/update-user', body: updateUserBody, response: status }),
  isUsernameAvailable: route({ method: 'post', path: '/is-username-available', body: isUsernameAvailableBody, response: isUsernameAvailableResponse }),

  getSession: route({ method: 'get', path: '/get-session', query: getSessionQuery, response: getSessionResponse }),
  listSessions: route({ method: 'get', path: '/list-sessions', response: listSessionsResponse }),
  revokeSession: route({ method: 'post', path: '/revoke-session', body: revokeSessionBody, response: status }),
  revokeSessions: route({ method: 'post', path: '/revoke-sessions', response: status }),
  revokeOtherSessions: route({ method: 'post', path: '/revoke-other-sessions', response: status }),
  signOut: route({ method: 'post', path: '/sign-out', response: success }),

  sendVerificationEmail: route({ method: 'post', path: '/send-verification-email', body: sendVerificationEmailBody, response: status }),
  verifyEmail: route({ method: 'get', path: '/verify-email', query: verifyEmailQuery, response: verifyEmailResponse }),
  requestPasswordReset: route({ method: 'post', path: '/request-password-reset', body: requestPasswordResetBody, response: requestPasswordResetResponse }),
  /** The older name of request-password-reset. */
  forgetPassword: route({ method: 'post', path: '/forget-password', body: requestPasswordResetBody, response: requestPasswordResetResponse }),
  resetPasswordLink: route({ method: 'get', path: '/reset-password/:token', params: resetPasswordLinkParams, query: resetPasswordLinkQuery, response: resetPasswordLinkResponse }),
  resetPassword: route({ method: 'post', path: '/reset-password', body: resetPasswordBody, query: resetPasswordQuery, response: status }),
  changePassword: route({ method: 'post', path: '/change-password', body: changePasswordBody, response: changePasswordResponse }),
  setPassword: route({ method: 'post', path: '/set-password', body: setPasswordBody, response: status }),
  changeEmail: route({ method: 'post', path: '/change-email', body: changeEmailBody, response: status }),
  deleteUser: route({ method: 'post', path: '/delete-user', body: deleteUserBody, response: deleteUserResponse }),
  deleteUserCallback: route({ method: 'get', path: '/delete-user/callback', query: deleteUserCallbackQuery, response: deleteUserResponse }),

  ok: route({ method: 'get', path: '/ok', response: okResponse }),
  // Never refuses: an unreadable code shows as Unknown.
  errorPage: route({ method: 'get', path: '/error', query: errorPageQuery.catch({}), response: 'html' }),
  openApiSchema: route({ method: 'get', path: '/open-api/generate-schema', response: openApiDocumentResponse }),
};
