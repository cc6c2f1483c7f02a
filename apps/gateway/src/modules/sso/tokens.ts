import type { AssertionLedger, ManageSsoProviders, SsoRoutes, SsoSignIn, VerifySsoDomain } from '@tend/sso';
import { token } from '../../di.js';

export const SSO = {
  /** Where SSO lives: `<base URL><base path>` and the default error page. */
  Routes: token<SsoRoutes>('SsoRoutes'),
  Manage: token<ManageSsoProviders>('ManageSsoProviders'),
  SignIn: token<SsoSignIn>('SsoSignIn'),
  Ledger: token<AssertionLedger>('SsoAssertionLedger'),
  /** Domain verification by DNS TXT record. */
  Domains: token<VerifySsoDomain>('VerifySsoDomain'),
} as const;
