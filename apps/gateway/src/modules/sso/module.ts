import { AuditSsoSignInLog, ManageSsoProviders, OidcClient, SSO_ERRORS, SecretCipher, SsoDomainTokens, SsoMail, SsoSignIn, SsoStates, VerifySsoDomain, organizationMemberships, ssoSessionEffectHandlers } from '@tend/sso';
import { NodeDnsTxtLookup } from '@tend/sso/dns';
import { PrismaAssertionLedger, PrismaSsoProviderRepository } from '@tend/sso/prisma';
import { bindFactory, bindValue } from '../../di.js';
import { DEVELOPMENT_LINK_BASE } from '../../mail.js';
import { PLATFORM } from '../../platform.js';
import { ADMIN } from '../admin/tokens.js';
import type { GatewayModule } from '../module.js';
import { ORGANIZATIONS } from '../organizations/tokens.js';
import { settingsOf } from '../settings.js';
import { ssoRequestDomainVerification, ssoVerifyDomain } from './domain.endpoints.js';
import { signInSso, ssoAcs, ssoCallback, ssoDeleteProvider, ssoGetProvider, ssoProviders, ssoRegister, ssoSignIns, ssoSpMetadata, ssoUpdateProvider } from './endpoints.js';
import { ssoSettings } from './settings.js';
import { SSO_STATE_COOKIE } from './state-cookie.js';
import { SSO } from './tokens.js';

/** Milliseconds each call to an identity provider (discovery, token, key set, userinfo) may take. */
const IDP_TIMEOUT_MS = 5000;
/** Milliseconds a TXT look-up of domain verification may take, retries included. */
const DNS_TIMEOUT_MS = 5000;

/**
 * Single sign-on for organizations: OIDC and SAML 2.0 identity providers per organization,
 * sign-in by work email on the one sign-in pipeline, just-in-time membership. See docs/sso.md.
 */
export const ssoModule: GatewayModule = {
  name: 'sso',
  settings: ssoSettings,
  bind(c, { config }) {
    const settings = settingsOf(config, ssoSettings);
    const authBaseURL = `${config.baseURL ?? config.mail.linkBaseURL ?? DEVELOPMENT_LINK_BASE}${config.basePath}`;
    bindValue(c, SSO.Routes, { authBaseURL, errorURL: `${authBaseURL}/error` });
    // Tests run their identity providers on 127.0.0.1 over plain http; production only ever https.
    const allowLoopbackHttp = !config.production;
    const cipher = new SecretCipher(config.secret);
    bindFactory(c, SSO.Ledger, [PLATFORM.Database], (db) => new PrismaAssertionLedger(db));
    bindFactory(c, SSO.Providers, [PLATFORM.Database], (db) => new PrismaSsoProviderRepository(db));
    // Organizations and memberships through the organizations package's ports, never its tables.
    bindFactory(c, SSO.Memberships, [ORGANIZATIONS.OrganizationStores], (stores) => organizationMemberships(stores));
    bindFactory(
      c,
      SSO.Manage,
      [SSO.Providers, SSO.Memberships, ADMIN.AuditLog, PLATFORM.UserRepository, PLATFORM.VerificationRepository, PLATFORM.Clock, PLATFORM.Logger, SSO.Routes],
      (providers, memberships, audit, users, verifications, clock, logger, routes) =>
      new ManageSsoProviders({
        providers,
        memberships,
        domainTokens: new SsoDomainTokens(verifications, clock),
        oidc: new OidcClient({ allowLoopbackHttp, timeoutMs: IDP_TIMEOUT_MS, clock, logger }),
        cipher,
        clock,
        routes,
        allowLoopbackHttp,
        // A provider's sign-ins, from the admin package's audit log and identity's users.
        signIns: new AuditSsoSignInLog(audit, users),
      }),
    );
    bindFactory(c, SSO.Domains, [SSO.Providers, SSO.Manage, PLATFORM.VerificationRepository, PLATFORM.Clock, PLATFORM.Logger], (providers, manage, verifications, clock, logger) =>
      new VerifySsoDomain({
        providers,
        managed: (userId, providerId) => manage.managed(userId, providerId),
        tokens: new SsoDomainTokens(verifications, clock),
        dns: new NodeDnsTxtLookup({ servers: settings.dnsServers, timeoutMs: DNS_TIMEOUT_MS }),
        clock,
        logger,
      }),
    );
    bindFactory(
      c,
      SSO.SignIn,
      [SSO.Providers, SSO.Memberships, SSO.Ledger, PLATFORM.VerificationRepository, PLATFORM.UserRepository, PLATFORM.AccountRepository, PLATFORM.SignInCompletion, PLATFORM.PlaceholderEmails, PLATFORM.Clock, PLATFORM.Logger, SSO.Routes],
      (providers, memberships, ledger, verifications, users, accounts, completion, placeholders, clock, logger, routes) =>
        new SsoSignIn({
          providers,
          memberships,
          ledger,
          states: new SsoStates(verifications, clock),
          oidc: new OidcClient({ allowLoopbackHttp, timeoutMs: IDP_TIMEOUT_MS, clock, logger }),
          cipher,
          users,
          accounts,
          completion,
          placeholders,
          clock,
          logger,
          routes,
        }),
    );
  },
  // Membership (the organizations package's join: its limit, its events) and the "linked" mail,
  // run by the sign-in completion only when an SSO sign-in becomes a session.
  sessionEffects: (c) =>
    ssoSessionEffectHandlers({
      join: c.get(ORGANIZATIONS.JoinOrganization),
      providers: c.get(SSO.Providers),
      notices: new SsoMail(c.get(PLATFORM.MailDelivery), `${c.get(PLATFORM.Config).webURL}/account`),
    }),
  endpoints: [ssoRegister, ssoProviders, ssoGetProvider, ssoSignIns, ssoUpdateProvider, ssoDeleteProvider, ssoRequestDomainVerification, ssoVerifyDomain, signInSso, ssoCallback, ssoAcs, ssoSpMetadata],
  errors: [SSO_ERRORS],
  auditActions: {
    'sso.provider.create': 'SSO provider registered',
    'sso.provider.update': 'SSO provider changed',
    'sso.provider.delete': 'SSO provider removed',
    'sso.domain.token': 'SSO domain verification token requested',
    'sso.domain.verify': 'SSO domain verified',
    'sso.domain.verify-failure': 'SSO domain verification failed',
  },
  // `/sign-in/sso` falls under `/sign-in/*` already.
  rateLimits: {
    '/sso/register': { window: 60, max: 10 },
    '/sso/update-provider': { window: 60, max: 20 },
    '/sso/delete-provider': { window: 60, max: 20 },
    // Each verification is a DNS look-up on the caller's behalf.
    '/sso/request-domain-verification': { window: 60, max: 10 },
    '/sso/verify-domain': { window: 60, max: 10 },
    '/sso/callback/*': { window: 10, max: 10 },
    '/sso/saml2/sp/acs/*': { window: 10, max: 10 },
  },
  cookies: [SSO_STATE_COOKIE],
  cleanup: (c) => {
    const ledger = c.get(SSO.Ledger);
    return [{ name: 'sso-assertions', run: (now) => ledger.deleteExpired(now) }];
  },
};
