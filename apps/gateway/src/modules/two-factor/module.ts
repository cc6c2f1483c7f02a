import { TWO_FACTOR_ERRORS, TWO_FACTOR_POLICY, TwoFactor, TwoFactorPolicy } from '@tend/two-factor';
import { PrismaTwoFactorRepository } from '@tend/two-factor/prisma';
import { bindFactory } from '../../di.js';
import { PLATFORM as P } from '../../platform.js';
import type { GatewayModule } from '../module.js';
import { settingsOf } from '../settings.js';
import { TRUST_DEVICE_COOKIE, TWO_FACTOR_COOKIE } from './cookies.js';
import { disableTwoFactor, enableTwoFactor, generateBackupCodes, getTotpURI, resetTwoFactor, sendOtp, verifyBackupCode, verifyOtp, verifyTotp } from './endpoints.js';
import { twoFactorSettings } from './settings.js';
import { TWO_FACTOR } from './tokens.js';

/**
 * The second factor: an authenticator app (TOTP), backup codes, emailed codes and trusted
 * devices, asked by the sign-in pipeline of every one-factor sign-in (a challenge policy), with
 * the /two-factor/* routes to manage and answer it and an administrator's reset.
 */
export const twoFactorModule: GatewayModule = {
  name: 'two-factor',
  settings: twoFactorSettings,
  bind(c, { config }) {
    const section = settingsOf(config, twoFactorSettings);
    bindFactory(c, TWO_FACTOR.Repository, [P.Database], (db) => new PrismaTwoFactorRepository(db));
    bindFactory(
      c,
      TWO_FACTOR.Service,
      [P.UserRepository, P.AccountRepository, P.PasswordHasher, TWO_FACTOR.Repository, P.VerificationRepository, P.MailDelivery, P.Clock],
      (users, accounts, hasher, store, verifications, delivery, clock) =>
        new TwoFactor({ users, accounts, hasher, store, verifications, delivery, clock, secret: config.secret, settings: { issuer: section.issuer, securityURL: `${config.webURL}/account/security` } }),
    );
    bindFactory(c, TWO_FACTOR.Policy, [TWO_FACTOR.Service], (twoFactor) => new TwoFactorPolicy(twoFactor));
  },
  endpoints: [enableTwoFactor, getTotpURI, verifyTotp, disableTwoFactor, generateBackupCodes, sendOtp, verifyOtp, verifyBackupCode, resetTwoFactor],
  errors: [TWO_FACTOR_ERRORS],
  auditActions: {
    'two-factor.enabled': 'Two-factor authentication turned on',
    'two-factor.disabled': 'Two-factor authentication turned off',
    'two-factor.backup-codes-regenerated': 'New two-factor backup codes',
    'two-factor.failure': 'Wrong second-factor code',
    'two-factor.reset': 'Two-factor authentication reset by an administrator',
  },
  // Per client: the codes are 6 digits (the pending sign-in dies after 10 wrong ones besides).
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
