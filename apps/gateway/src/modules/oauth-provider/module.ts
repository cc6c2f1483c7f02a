import {
  ACCESS_TOKEN_TTL_SECONDS,
  Authorization,
  DEFAULT_REFRESH_TTL_SECONDS,
  AuthorizationCodes,
  ID_TOKEN_TTL_SECONDS,
  OAUTH_PROVIDER_ERRORS,
  OAUTH_QUERY_TTL_SECONDS,
  OAuthClients,
  PublishedKeys,
  RefreshTokens,
  SigningKeys,
  TokenService,
} from '@tend/oauth-provider';
import {
  PrismaAccessTokenStore,
  PrismaAuthorizationCodeStore,
  PrismaConsentStore,
  PrismaOAuthClientRepository,
  PrismaRefreshTokenStore,
  PrismaSigningKeyStore,
  SqlClaimsUsers,
} from '@tend/oauth-provider/prisma';
import { uuid } from '@tend/kernel';
import { bindFactory, bindValue } from '../../di.js';
import { DEVELOPMENT_LINK_BASE } from '../../mail.js';
import { PLATFORM } from '../../platform.js';
import type { GatewayModule } from '../module.js';
import { settingsOf } from '../settings.js';
import { adminCreateClient, adminDeleteClient, adminListClients, createClient, deleteClient, getClient, getClients, getPublicClient, registerClient, rotateClientSecret, updateClient } from './clients.endpoints.js';
import { authorize, consent, consentInfo, deleteConsent, getConsents } from './consent.endpoints.js';
import { jwks, openidConfiguration, protectedResource, serverMetadata, serverMetadataAtRoot, sessionJwt } from './discovery.endpoints.js';
import { endSession, introspect, revoke, token, userinfo, userinfoPost } from './token.endpoints.js';
import { oauthProviderSettings } from './settings.js';
import { OAUTH } from './tokens.js';
import { SessionJwts } from './session-jwts.js';

/** A signing key signs nothing longer than this, so a retired key stays in the JWKS this long. */
const LONGEST_TOKEN_SECONDS = Math.max(ACCESS_TOKEN_TTL_SECONDS, ID_TOKEN_TTL_SECONDS);

/**
 * Tend as an OAuth 2.1 / OpenID Connect provider (issue 31): discovery, JWKS, clients, the
 * authorization code flow through sign-in and consent, tokens, userinfo, introspection,
 * revocation, end-session, and the `/token` JWT of a session. See docs/identity-provider.md.
 */
export const oauthProviderModule: GatewayModule = {
  name: 'oauth-provider',
  settings: oauthProviderSettings,
  bind(c, { config }) {
    const settings = settingsOf(config, oauthProviderSettings);
    const baseURL = (config.baseURL ?? config.mail.linkBaseURL ?? DEVELOPMENT_LINK_BASE).replace(/\/+$/, '');
    bindValue(c, OAUTH.Settings, {
      issuer: `${baseURL}${config.basePath}`,
      baseURL,
      webURL: config.webURL.replace(/\/+$/, ''),
      secret: config.secret,
      scopes: settings.scopes,
      accessTokenTtlSeconds: ACCESS_TOKEN_TTL_SECONDS,
      idTokenTtlSeconds: ID_TOKEN_TTL_SECONDS,
      queryTtlSeconds: OAUTH_QUERY_TTL_SECONDS,
    });
    bindFactory(c, OAUTH.SessionJwts, [OAUTH.Tokens, PLATFORM.Clock], (tokens, clock) => new SessionJwts(tokens, clock));
    bindFactory(c, OAUTH.ClientRepository, [PLATFORM.Database, PLATFORM.Sql], (db, sql) => new PrismaOAuthClientRepository(db, sql));
    bindFactory(c, OAUTH.Consents, [PLATFORM.Database], (db) => new PrismaConsentStore(db));
    bindFactory(c, OAUTH.AccessTokens, [PLATFORM.Database, PLATFORM.Sql], (db, sql) => new PrismaAccessTokenStore(db, sql));
    bindFactory(c, OAUTH.Codes, [PLATFORM.Database], (db) => new PrismaAuthorizationCodeStore(db));
    bindFactory(c, OAUTH.RefreshTokens, [PLATFORM.Database], (db) => new PrismaRefreshTokenStore(db));
    bindFactory(c, OAUTH.SigningKeyStore, [PLATFORM.Database], (db) => new PrismaSigningKeyStore(db));
    bindFactory(c, OAUTH.SigningKeys, [OAUTH.SigningKeyStore, PLATFORM.Clock], (store, clock) =>
      new SigningKeys({ store, secret: config.secret, clock, algorithm: settings.signingAlgorithm, longestTokenLifetimeSeconds: LONGEST_TOKEN_SECONDS }),
    );
    bindFactory(c, OAUTH.PublishedKeys, [OAUTH.SigningKeys, PLATFORM.Clock], (keys, clock) => new PublishedKeys(keys, clock));
    bindFactory(c, OAUTH.Clients, [OAUTH.ClientRepository, OAUTH.Consents, OAUTH.AccessTokens, PLATFORM.Clock, OAUTH.Settings], (clients, consents, accessTokens, clock, provider) =>
      new OAuthClients({ clients, consents, accessTokens, clock, scopesSupported: provider.scopes }),
    );
    bindFactory(c, OAUTH.Authorization, [OAUTH.Clients, OAUTH.Consents, OAUTH.Codes, OAUTH.Tokens, PLATFORM.Clock, OAUTH.Settings], (clients, consents, store, tokens, clock, provider) =>
      new Authorization({ clients, consents, codes: new AuthorizationCodes({ store, clock }), clock, settings: provider, newId: uuid, grants: tokens }),
    );
    bindFactory(
      c,
      OAUTH.Tokens,
      [OAUTH.Clients, OAUTH.Codes, OAUTH.RefreshTokens, OAUTH.AccessTokens, OAUTH.SigningKeys, OAUTH.PublishedKeys, PLATFORM.Sql, PLATFORM.Clock, OAUTH.Settings],
      (clients, codes, refresh, accessTokens, signingKeys, keys, sql, clock, provider) =>
        new TokenService({
          clients,
          codes: new AuthorizationCodes({ store: codes, clock }),
          refreshTokens: new RefreshTokens({ store: refresh, clock, secret: config.secret, graceSeconds: settings.refreshGraceSeconds }),
          accessTokens,
          signingKeys,
          keys,
          // The claims of ID tokens and userinfo: one prepared statement on the user's primary key.
          users: new SqlClaimsUsers(sql),
          clock,
          settings: provider,
        }),
    );
  },
  endpoints: [
    openidConfiguration,
    serverMetadata,
    serverMetadataAtRoot,
    protectedResource,
    jwks,
    sessionJwt,
    authorize,
    consentInfo,
    consent,
    getConsents,
    deleteConsent,
    token,
    userinfo,
    userinfoPost,
    introspect,
    revoke,
    endSession,
    registerClient,
    createClient,
    getClients,
    getClient,
    getPublicClient,
    updateClient,
    rotateClientSecret,
    deleteClient,
    adminCreateClient,
    adminListClients,
    adminDeleteClient,
  ],
  errors: [OAUTH_PROVIDER_ERRORS],
  sessionReplyHeaders: (c) => {
    const jwts = c.get(OAUTH.SessionJwts);
    return [(auth) => jwts.headerOf(auth)];
  },
  signInContinuations: (c) => {
    const authorization = c.get(OAUTH.Authorization);
    return [
      (req) => {
        const oauthQuery = (req.body as { oauth_query?: unknown } | undefined)?.oauth_query;
        if (typeof oauthQuery !== 'string' || oauthQuery === '') return null;
        try {
          return authorization.afterSignIn(oauthQuery);
        } catch {
          return null;
        }
      },
    ];
  },
  auditActions: {
    'oauth.client.create': 'OAuth client created',
    'oauth.client.delete': 'OAuth client deleted',
    'oauth.client.rotate-secret': 'OAuth client secret rotated',
    'oauth.consent.grant': 'App access allowed',
    'oauth.consent.revoke': 'App access revoked',
  },
  rateLimits: {
    '/oauth2/register': { window: 60, max: 10 },
  },
  cleanup: (c) => {
    const codes = c.get(OAUTH.Codes);
    const accessTokens = c.get(OAUTH.AccessTokens);
    const refreshTokens = c.get(OAUTH.RefreshTokens);
    const keys = c.get(OAUTH.SigningKeys);
    const rotationDays = settingsOf(c.get(PLATFORM.Config), oauthProviderSettings).keyRotationDays;
    return [
      { name: 'oauth-authorization-codes', run: (now) => codes.deleteExpired(now) },
      { name: 'oauth-access-tokens', run: (now) => accessTokens.deleteExpired(now) },
      // Revoked families are kept as long as one of their tokens could still be presented.
      { name: 'oauth-refresh-tokens', run: (now) => refreshTokens.deleteExpired(now, new Date(now.getTime() - DEFAULT_REFRESH_TTL_SECONDS * 1000)) },
      { name: 'oauth-signing-keys', run: () => keys.prune() },
      // A new signing key every AUTH_OAUTH_KEY_ROTATION_DAYS (the sweep runs under the advisory lock: one instance rotates).
      { name: 'oauth-signing-key-rotation', run: (now) => keys.rotateIfOlderThan(rotationDays * 86_400, now).then((rotated) => (rotated ? 1 : 0)) },
    ];
  },
};
