// Request and response schemas of the auth routes (spec section 7). The gateway's endpoint specs,
// the web app's typed client and the OpenAPI document all read these.
import { z } from 'zod';
import { LIMITS, emailInput, httpURL, line, passwordInput, queryBoolean, redirectURL, text, timestamp, tokenInput } from './primitives.js';

// ------------------------------------------------------------------ shared shapes

export const user = z
  .object({
    id: z.string(),
    email: z.string(),
    emailVerified: z.boolean(),
    name: z.string(),
    image: z.string().nullable(),
    createdAt: timestamp(),
    updatedAt: timestamp(),
    age: z.number().nullable().optional(),
    bio: z.string().nullable().optional(),
    gender: z.string().nullable().optional(),
    location: z.string().nullable().optional(),
    isPremium: z.boolean().optional(),
    notification: z.enum(['enabled', 'disabled']).optional(),
    tokenBalance: z.number().optional(),
    username: z.string().nullable().optional(),
    displayUsername: z.string().nullable().optional(),
    role: z.string().optional(),
    banned: z.boolean().optional(),
    banReason: z.string().nullable().optional(),
    banExpires: timestamp().nullable().optional(),
  })
  .meta({ id: 'User' });

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

/** Every client-settable user field (sign-up and update-user); others are stripped, never stored. */
export const userInput = {
  name: text({ min: 1, max: LIMITS.name, trim: true }),
  image: httpURL().nullable(),
  age: z.number().int().min(0).max(150).nullable(),
  bio: text({ max: LIMITS.longText, multiline: true, trim: true }).nullable(),
  gender: text({ max: 100, trim: true }).nullable(),
  location: text({ max: LIMITS.shortText, trim: true }).nullable(),
  notification: z.enum(['enabled', 'disabled']),
  username: line(),
  displayUsername: line(),
};

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
});
export const signUpEmailResponse = z.object({ token: z.string().nullable(), user });

export const signInEmailBody = z.object({
  email: emailInput(),
  password: passwordInput(),
  callbackURL: redirectURL().optional(),
  rememberMe: z.boolean().optional(),
});
export const signInEmailResponse = z.object({ redirect: z.boolean(), token: z.string(), url: z.string().optional(), user });

export const signInUsernameBody = z.object({
  username: line(),
  password: passwordInput(),
  callbackURL: redirectURL().optional(),
  rememberMe: z.boolean().optional(),
});
export const signInUsernameResponse = z.object({
  token: z.string(),
  user: user.pick({ id: true, email: true, emailVerified: true, username: true, displayUsername: true, name: true, image: true, createdAt: true, updatedAt: true }),
});

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
export const verifyEmailResponse = z.object({ status: z.boolean(), user });

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
