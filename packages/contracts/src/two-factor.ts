// A second factor (issues 22 and 29): an authenticator app (TOTP), backup codes, emailed codes and
// trusted devices, asked by the sign-in pipeline after every sign-in of one channel (the
// /two-factor/* routes), and an administrator's reset and lockout clearing (/admin/*).
import { z } from 'zod';
import { status, user } from './auth.js';
import { idInput, oauthQueryInput, passwordInput, text, tokenInput } from './primitives.js';
import { route } from './route.js';

/** A code as typed: any short string (a wrong one is 401 and counts). */
const code = () => tokenInput(64);

/**
 * The issuer an authenticator app shows: AUTH_TWO_FACTOR_ISSUER's rule (1 to 100 characters, trimmed,
 * no colon: the Key URI's label is `issuer:account`, and a colon in either makes it ambiguous).
 */
const issuer = () => text({ min: 1, max: 100, trim: true }).refine((value) => !value.includes(':'), 'must not contain a colon');

export const twoFactorEnableBody = z.object({ password: passwordInput(), issuer: issuer().optional() });
export const twoFactorEnableResponse = z.object({ totpURI: z.string(), backupCodes: z.array(z.string()) });
export const twoFactorPasswordBody = z.object({ password: passwordInput() });
export const twoFactorTotpURIResponse = z.object({ totpURI: z.string() });
export const twoFactorBackupCodesResponse = z.object({ status: z.boolean(), backupCodes: z.array(z.string()) });
export const twoFactorVerifyBody = z.object({ code: code(), trustDevice: z.boolean().optional(), oauth_query: oauthQueryInput().optional() });
/** A completed sign-in (the session token), or — with a session, turning two-factor on — the caller's. */
export const twoFactorVerifyResponse = z.object({ token: z.string(), user });
export const twoFactorSendOtpBody = z.object({});
export const resetTwoFactorBody = z.object({ userId: idInput() });
/** The ways of answering the pending sign-in of the two-factor cookie (as the sign-in answered them). */
export const twoFactorMethodsResponse = z.object({ twoFactorMethods: z.array(z.string()) });
export const clearTwoFactorLockoutBody = z.object({ userId: idInput() });
/** Done; `wasLocked`: answers were being refused until now. */
export const clearTwoFactorLockoutResponse = z.object({ status: z.boolean(), wasLocked: z.boolean() });

export const twoFactorRoutes = {
  twoFactorEnable: route({ method: 'post', path: '/two-factor/enable', body: twoFactorEnableBody, response: twoFactorEnableResponse }),
  twoFactorGetTotpURI: route({ method: 'post', path: '/two-factor/get-totp-uri', body: twoFactorPasswordBody, response: twoFactorTotpURIResponse }),
  twoFactorVerifyTotp: route({ method: 'post', path: '/two-factor/verify-totp', body: twoFactorVerifyBody, response: twoFactorVerifyResponse }),
  twoFactorDisable: route({ method: 'post', path: '/two-factor/disable', body: twoFactorPasswordBody, response: status }),
  twoFactorGenerateBackupCodes: route({ method: 'post', path: '/two-factor/generate-backup-codes', body: twoFactorPasswordBody, response: twoFactorBackupCodesResponse }),
  twoFactorSendOtp: route({ method: 'post', path: '/two-factor/send-otp', body: twoFactorSendOtpBody, response: status }),
  twoFactorVerifyOtp: route({ method: 'post', path: '/two-factor/verify-otp', body: twoFactorVerifyBody, response: twoFactorVerifyResponse }),
  twoFactorVerifyBackupCode: route({ method: 'post', path: '/two-factor/verify-backup-code', body: twoFactorVerifyBody, response: twoFactorVerifyResponse }),
  twoFactorMethods: route({ method: 'get', path: '/two-factor/methods', response: twoFactorMethodsResponse }),
  resetTwoFactor: route({ method: 'post', path: '/admin/reset-two-factor', body: resetTwoFactorBody, response: status }),
  clearTwoFactorLockout: route({ method: 'post', path: '/admin/clear-two-factor-lockout', body: clearTwoFactorLockoutBody, response: clearTwoFactorLockoutResponse }),
};
