import {
  AnswerChallenge,
  ClearTwoFactorLockout,
  ConfirmTwoFactor,
  EnableTwoFactor,
  PendingChallenge,
  ResetTwoFactor,
  SecondFactorLockout,
  TWO_FACTOR_ERRORS,
  TWO_FACTOR_POLICY,
  TwoFactor,
  TwoFactorPolicy,
} from '@tend/two-factor';
import { PrismaTwoFactorRepository } from '@tend/two-factor/prisma';
import { bindFactory } from '../../di.js';
import { PLATFORM as P } from '../../platform.js';
import type { GatewayModule } from '../module.js';
import { settingsOf } from '../settings.js';
import { clearTwoFactorLockout, resetTwoFactor } from './admin.endpoints.js';
import { sendOtp, twoFactorMethods, verifyBackupCode, verifyOtp, verifyTotp } from './challenge.endpoints.js';
import { TRUST_DEVICE_COOKIE, TWO_FACTOR_COOKIE } from './cookies.js';
import { disableTwoFactor, enableTwoFactor, generateBackupCodes, getTotpURI } from './endpoints.js';
import { auditedEvents } from './events.js';
import { twoFactorSettings } from './settings.js';
import { TWO_FACTOR } from './tokens.js';

/**
 * The second factor: an authenticator app (TOTP), backup codes, emailed codes and trusted
 * devices, asked by the sign-in pipeline of every sign-in of one channel (a challenge policy),
 * with a per-account limit on wrong answers, the /two-factor/* routes to manage and answer it,
 * and an administrator's reset and lockout clearing.
 */
export const twoFactorModule: GatewayModule = {
  name: 'two-factor',
  settings: twoFactorSettings,
  bind(c, { config }) {
    const section = settingsOf(config, twoFactorSettings);
    const T = TWO_FACTOR;
    bindFactory(c, T.Repository, [P.Database], (db) => new PrismaTwoFactorRepository(db));
    bindFactory(
      c,
      T.Service,
      [P.UserRepository, P.AccountRepository, P.PasswordHasher, T.Repository, P.VerificationRepository, P.MailDelivery, P.Clock],
      (users, accounts, hasher, store, verifications, delivery, clock) =>
        new TwoFactor({ users, accounts, hasher, store, verifications, delivery, clock, secret: config.secret, settings: { issuer: section.issuer, securityURL: `${config.webURL}/account/security` } }),
    );
    bindFactory(c, T.Policy, [T.Service, P.Factors], (twoFactor, factors) => new TwoFactorPolicy(twoFactor, factors));
    // The platform's store (Redis, the database or memory, as configured), whatever AUTH_RATE_LIMIT says: a security control.
    bindFactory(c, T.Lockout, [P.RateLimitStore, P.Clock], (store, clock) => new SecondFactorLockout({ store, clock }));
    bindFactory(c, T.Events, [P.AuditSink], (sink) => auditedEvents(sink));
    bindFactory(c, T.Enable, [T.Service], (twoFactor) => new EnableTwoFactor({ twoFactor }));
    bindFactory(c, T.Confirm, [T.Service, T.Events], (twoFactor, events) => new ConfirmTwoFactor({ twoFactor, events }));
    bindFactory(
      c,
      T.Answer,
      [P.SignInCompletion, T.Service, T.Lockout, P.FailedSignInThrottle, T.Events],
      (completion, twoFactor, lockout, throttle, events) => new AnswerChallenge({ completion, twoFactor, lockout, throttle, events }),
    );
    bindFactory(c, T.Pending, [P.PendingSignIns, P.UserRepository, T.Service, P.Clock], (pending, users, twoFactor, clock) => new PendingChallenge({ pending, users, twoFactor, clock }));
    bindFactory(c, T.Reset, [P.UserRepository, T.Service, T.Lockout, P.SessionManager], (users, twoFactor, lockout, sessions) => new ResetTwoFactor({ users, twoFactor, lockout, sessions }));
    bindFactory(c, T.ClearLockout, [P.UserRepository, T.Lockout], (users, lockout) => new ClearTwoFactorLockout({ users, lockout }));
  },
  endpoints: [enableTwoFactor, getTotpURI, verifyTotp, disableTwoFactor, generateBackupCodes, sendOtp, verifyOtp, verifyBackupCode, twoFactorMethods, resetTwoFactor, clearTwoFactorLockout],
  errors: [TWO_FACTOR_ERRORS],
  auditActions: {
    'two-factor.enabled': 'Two-factor authentication turned on',
    'two-factor.disabled': 'Two-factor authentication turned off',
    'two-factor.backup-codes-regenerated': 'New two-factor backup codes',
    'two-factor.failure': 'Wrong second-factor code',
    'two-factor.locked': 'Second-factor answers locked after wrong codes',
    'two-factor.lockout-cleared': 'Second-factor lockout cleared by an administrator',
    'two-factor.reset': 'Two-factor authentication reset by an administrator',
  },
  // Per client: the codes are 6 digits (the pending sign-in dies after 10 wrong ones, the account locks after 10 besides).
  rateLimits: {
    '/two-factor/verify-totp': { window: 10, max: 5 },
    '/two-factor/verify-otp': { window: 10, max: 5 },
    '/two-factor/verify-backup-code': { window: 10, max: 5 },
    '/two-factor/send-otp': { window: 60, max: 3 },
  },
  cookies: [TRUST_DEVICE_COOKIE],
  challenges: [
    {
      policy: TWO_FACTOR_POLICY,
      policyToken: TWO_FACTOR.Policy,
      cookie: TWO_FACTOR_COOKIE,
      reply: (demand) => ({ twoFactorRedirect: true, twoFactorMethods: [...demand.methods] }),
      page: '/sign-in/two-factor',
    },
  ],
  // Whoever registered an unverified account may have set up a second factor: the address's owner gets in without it.
  credentials: (c) => {
    const twoFactor = c.get(TWO_FACTOR.Service);
    return [{ kind: 'two-factor', revokeAllOf: (userId: string) => twoFactor.revokeAllOf(userId) }];
  },
};
