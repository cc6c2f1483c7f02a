import { EMAIL_SIGN_IN_ERRORS, createEmailSignIn, emailSignInSettings as coreSettings } from '@tend/email-sign-in';
import { bindFactory } from '../../di.js';
import { PLATFORM as P } from '../../platform.js';
import { IDENTITY } from '../identity/tokens.js';
import type { GatewayModule } from '../module.js';
import { settingsOf } from '../settings.js';
import { checkVerificationOtp, forgetPasswordEmailOtp, requestPasswordResetEmailOtp, resetPasswordEmailOtp, sendVerificationOtp, signInEmailOtp, verifyEmailOtp } from './code.endpoints.js';
import { magicLinkVerify, signInMagicLink } from './link.endpoints.js';
import { emailSignInSettings } from './settings.js';
import { EMAIL_SIGN_IN } from './tokens.js';

/**
 * Sign-in without a password: a mailed sign-in link and mailed one-time codes (sign-in, email
 * verification, password reset), on the one sign-in pipeline, limited per address across
 * instances through the shared rate-limit store.
 */
export const emailSignInModule: GatewayModule = {
  name: 'email-sign-in',
  settings: emailSignInSettings,
  bind(c, { config }) {
    const section = settingsOf(config, emailSignInSettings);
    const settings = coreSettings({ signUp: section.signUp, mailsPerAddress: section.mailsPerAddress, autoSignInAfterVerification: config.emailVerification.autoSignInAfterVerification });
    bindFactory(
      c,
      EMAIL_SIGN_IN.UseCases,
      [
        P.UserRepository,
        P.AccountRepository,
        P.VerificationRepository,
        P.SignInCompletion,
        IDENTITY.ClaimUnverifiedAccount,
        P.SessionManager,
        P.PasswordHasher,
        P.PasswordPolicy,
        P.RateLimitStore,
        P.AccountLinks,
        P.MailDelivery,
        P.Clock,
        P.PlaceholderEmails,
      ],
      (users, accounts, verifications, completion, claim, sessions, hasher, passwordPolicy, rateLimitStore, links, delivery, clock, placeholders) =>
        createEmailSignIn({
          users,
          accounts,
          verifications,
          completion,
          claim,
          sessions,
          hasher,
          passwordPolicy,
          rateLimitStore,
          links,
          delivery,
          clock,
          secret: config.secret,
          settings,
          // A placeholder address can never receive mail: nothing is issued for it.
          mailable: (email) => !placeholders.matches(email),
        }),
    );
  },
  endpoints: [signInMagicLink, magicLinkVerify, sendVerificationOtp, signInEmailOtp, verifyEmailOtp, checkVerificationOtp, forgetPasswordEmailOtp, requestPasswordResetEmailOtp, resetPasswordEmailOtp],
  errors: [EMAIL_SIGN_IN_ERRORS],
  // Per client, beside the per-address limit of the use cases (`/sign-in/*` has its rule already).
  rateLimits: {
    '/email-otp/*': { window: 10, max: 3 },
    '/forget-password/email-otp': { window: 10, max: 3 },
  },
};
