import type { AssertionLedger, ManageSsoProviders, SsoMemberships, SsoProviderRepository, SsoRoutes, SsoSignIn, VerifySsoDomain } from '@tend/sso';
import { token } from '../../di.js';

export const SSO = {
  /** Where SSO lives: `<base URL><base path>` and the default error page. */
  Routes: token<SsoRoutes>('SsoRoutes'),
  Manage: token<ManageSsoProviders>('ManageSsoProviders'),
  SignIn: token<SsoSignIn>('SsoSignIn'),
  Ledger: token<AssertionLedger>('SsoAssertionLedger'),
  Providers: token<SsoProviderRepository>('SsoProviderRepository'),
  /** Membership reads through the organizations package's ports. */
  Memberships: token<SsoMemberships>('SsoMemberships'),
  /** Domain verification by DNS TXT record. */
  Domains: token<VerifySsoDomain>('VerifySsoDomain'),
} as const;
