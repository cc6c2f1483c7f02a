// Sign-in without a password (issue 23): a mailed sign-in link (POST /sign-in/magic-link, GET
// /magic-link/verify) and mailed one-time codes for sign-in, email verification and password
// reset (the /email-otp/* routes, POST /sign-in/email-otp, POST /forget-password/email-otp).
import { z } from 'zod';
import { session, signInChallenge, status, success, user } from './auth.js';
import { LIMITS, emailInput, oauthQueryInput, passwordInput, redirectURL, text, tokenInput } from './primitives.js';
import { route } from './route.js';

const EMAIL = z.email();

/** An email that must look like one (400 VALIDATION_ERROR otherwise), any case. */
const address = () => emailInput().refine((value) => EMAIL.safeParse(value.trim().toLowerCase()).success, 'must be an email address');

/** A mailed code as typed: any short string (a wrong one is 400 INVALID_OTP, and counts). */
const otp = () => tokenInput(64);

/** The name of the account an unknown address gets on its first sign-in. */
const newName = () => text({ max: LIMITS.name, trim: true });

/** What a mailed code is for; a code works only for its own type. */
export const emailOtpType = z.enum(['sign-in', 'email-verification', 'forget-password']);

// ------------------------------------------------------------------ sign-in link

export const signInMagicLinkBody = z.object({
  email: address(),
  name: newName().optional(),
  callbackURL: redirectURL().optional(),
  newUserCallbackURL: redirectURL().optional(),
  errorCallbackURL: redirectURL().optional(),
});

export const magicLinkVerifyQuery = z.object({
  token: tokenInput(256).min(1),
  callbackURL: redirectURL().optional(),
  newUserCallbackURL: redirectURL().optional(),
  errorCallbackURL: redirectURL().optional(),
});

/** Without a callbackURL the link answers the session as JSON (a redirect otherwise). */
export const magicLinkVerifyResponse = z.union([z.object({ token: z.string(), user, session }), signInChallenge]);

// ------------------------------------------------------------------ one-time codes

export const sendVerificationOtpBody = z.object({ email: address(), type: emailOtpType });
export const signInEmailOtpBody = z.object({ email: address(), otp: otp(), name: newName().optional(), oauth_query: oauthQueryInput().optional() });
export const signInEmailOtpResponse = z.union([z.object({ token: z.string(), user }), signInChallenge]);
export const verifyEmailOtpBody = z.object({ email: address(), otp: otp() });
/** `token` is the new session's with auto sign-in after verification, else null. */
export const verifyEmailOtpResponse = z.union([z.object({ status: z.boolean(), token: z.string().nullable(), user }), signInChallenge]);
export const checkVerificationOtpBody = z.object({ email: address(), type: emailOtpType, otp: otp() });
export const forgetPasswordEmailOtpBody = z.object({ email: address() });
export const resetPasswordEmailOtpBody = z.object({ email: address(), otp: otp(), password: passwordInput() });

// ------------------------------------------------------------------ routes

export const emailSignInRoutes = {
  signInMagicLink: route({ method: 'post', path: '/sign-in/magic-link', body: signInMagicLinkBody, response: status }),
  magicLinkVerify: route({ method: 'get', path: '/magic-link/verify', query: magicLinkVerifyQuery, response: magicLinkVerifyResponse }),
  sendVerificationOtp: route({ method: 'post', path: '/email-otp/send-verification-otp', body: sendVerificationOtpBody, response: success }),
  signInEmailOtp: route({ method: 'post', path: '/sign-in/email-otp', body: signInEmailOtpBody, response: signInEmailOtpResponse }),
  verifyEmailOtp: route({ method: 'post', path: '/email-otp/verify-email', body: verifyEmailOtpBody, response: verifyEmailOtpResponse }),
  checkVerificationOtp: route({ method: 'post', path: '/email-otp/check-verification-otp', body: checkVerificationOtpBody, response: success }),
  forgetPasswordEmailOtp: route({ method: 'post', path: '/forget-password/email-otp', body: forgetPasswordEmailOtpBody, response: success }),
  /** The newer name of /forget-password/email-otp. */
  requestPasswordResetEmailOtp: route({ method: 'post', path: '/email-otp/request-password-reset', body: forgetPasswordEmailOtpBody, response: success }),
  resetPasswordEmailOtp: route({ method: 'post', path: '/email-otp/reset-password', body: resetPasswordEmailOtpBody, response: success }),
};
