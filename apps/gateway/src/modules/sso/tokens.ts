import type { AssertionLedger, ManageSsoProviders, SsoRoutes, SsoSignIn } from '@tend/sso';
import { token } from '../../di.js';

export const SSO = {
  /** Where SSO lives: `<base URL><base path>` and the default error page. */
  Routes: token<SsoRoutes>('SsoRoutes'),
  Manage: token<ManageSsoProviders>('ManageSsoProviders'),
  SignIn: token<SsoSignIn>('SsoSignIn'),
  Ledger: token<AssertionLedger>('SsoAssertionLedger'),
} as const;
