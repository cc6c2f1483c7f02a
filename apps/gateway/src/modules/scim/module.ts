import { GenerateScimToken, ListScimTokens, SCIM_ERRORS, ScimProvisioning, organizationMemberships, type ScimProviders } from '@tend/scim';
import { PrismaScimTokenRepository, PrismaScimUserRepository } from '@tend/scim/prisma';
import { bindFactory, bindValue } from '../../di.js';
import { DEVELOPMENT_LINK_BASE } from '../../mail.js';
import { PLATFORM } from '../../platform.js';
import type { GatewayModule } from '../module.js';
import { ORGANIZATIONS } from '../organizations/tokens.js';
import { SSO } from '../sso/tokens.js';
import { generateScimToken, listScimTokens, scimCreateUser, scimDeleteUser, scimGetUser, scimListUsers, scimPatchUser, scimReplaceUser, scimResourceType, scimResourceTypes, scimSchema, scimSchemas, scimServiceProviderConfig } from './endpoints.js';
import { SCIM } from './tokens.js';

/**
 * SCIM 2.0 provisioning (issue 32, docs/scim.md): an organization's directory (Okta, Entra ID,
 * Google Workspace) creates, changes, deactivates and removes its users with the token of one of
 * the organization's SSO providers. Memberships through the organizations package's join and
 * member repository; a deactivation is a ban with SCIM's reason (the sign-in completion's one
 * check refuses every way of signing in) plus the revocation of every session (recorded for
 * every instance by the sessions package) and every API key.
 */
export const scimModule: GatewayModule = {
  name: 'scim',
  bind(c, { config }) {
    bindValue(c, SCIM.Base, `${config.baseURL ?? config.mail.linkBaseURL ?? DEVELOPMENT_LINK_BASE}${config.basePath}/scim/v2`);
    bindFactory(c, SCIM.Tokens, [PLATFORM.Database], (db) => new PrismaScimTokenRepository(db));
    bindFactory(c, SCIM.Users, [PLATFORM.Database], (db) => new PrismaScimUserRepository(db));
    const providersOf = (providers: { findByProviderId(id: string): Promise<{ organizationId: string | null } | null> }): ScimProviders => ({
      belongsTo: async (providerId, organizationId) => (await providers.findByProviderId(providerId))?.organizationId === organizationId,
    });
    bindFactory(c, SCIM.GenerateToken, [SCIM.Tokens, ORGANIZATIONS.OrganizationStores, ORGANIZATIONS.JoinOrganization, SSO.Providers, PLATFORM.Clock], (tokens, stores, join, providers, clock) =>
      new GenerateScimToken({ tokens, memberships: organizationMemberships(stores, join), providers: providersOf(providers), clock }),
    );
    bindFactory(c, SCIM.ListTokens, [SCIM.Tokens, ORGANIZATIONS.OrganizationStores, ORGANIZATIONS.JoinOrganization], (tokens, stores, join) =>
      new ListScimTokens({ tokens, memberships: organizationMemberships(stores, join) }),
    );
    bindFactory(
      c,
      SCIM.Provisioning,
      [SCIM.Tokens, SCIM.Users, PLATFORM.UserRepository, ORGANIZATIONS.OrganizationStores, ORGANIZATIONS.JoinOrganization, SSO.Providers, PLATFORM.SessionManager, PLATFORM.RevocableCredentials, PLATFORM.Clock],
      (tokens, users, accounts, stores, join, providers, sessions, credentials, clock) =>
        new ScimProvisioning({
          tokens,
          users,
          accounts,
          memberships: organizationMemberships(stores, join),
          providers: providersOf(providers),
          access: {
            async revokeAll(userId) {
              await sessions.revokeAll(userId);
              for (const credential of credentials) await credential.revokeAllOf(userId);
            },
          },
          clock,
        }),
    );
  },
  endpoints: [generateScimToken, listScimTokens, scimServiceProviderConfig, scimSchemas, scimSchema, scimResourceTypes, scimResourceType, scimListUsers, scimCreateUser, scimGetUser, scimReplaceUser, scimPatchUser, scimDeleteUser],
  errors: [SCIM_ERRORS],
  auditActions: { 'scim.token.create': 'SCIM token generated' },
  rateLimits: {
    '/scim/generate-token': { window: 60, max: 10 },
    '/scim/list-tokens': { window: 60, max: 60 },
    // A directory pushes its users in bursts (one request each).
    '/scim/v2/*': { window: 10, max: 300 },
  },
};
