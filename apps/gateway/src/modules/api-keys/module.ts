import { API_KEY_ERRORS, AuthenticateApiKey, CreateApiKey, DeleteApiKey, GetApiKey, ListApiKeys, UpdateApiKey, VerifyApiKey, apiKeyFromHeaders } from '@tend/api-keys';
import { PrismaApiKeyRepository } from '@tend/api-keys/prisma';
import { bindFactory } from '../../di.js';
import { PLATFORM } from '../../platform.js';
import type { GatewayModule } from '../module.js';
import { API_KEY_CALLER_ERRORS, createApiKey, deleteApiKey, getApiKey, listApiKeys, updateApiKey, verifyApiKey } from './endpoints.js';
import { API_KEYS } from './tokens.js';

/** API keys: programs authenticate with `x-api-key` (or `apikey`) instead of a browser session. */
export const apiKeysModule: GatewayModule = {
  name: 'api-keys',
  bind(c) {
    bindFactory(c, API_KEYS.Repository, [PLATFORM.Database], (db) => new PrismaApiKeyRepository(db));
    bindFactory(c, API_KEYS.Create, [API_KEYS.Repository, PLATFORM.Clock], (keys, clock) => new CreateApiKey(keys, clock));
    bindFactory(c, API_KEYS.List, [API_KEYS.Repository], (keys) => new ListApiKeys(keys));
    bindFactory(c, API_KEYS.Get, [API_KEYS.Repository], (keys) => new GetApiKey(keys));
    bindFactory(c, API_KEYS.Update, [API_KEYS.Repository, PLATFORM.Clock], (keys, clock) => new UpdateApiKey(keys, clock));
    bindFactory(c, API_KEYS.Delete, [API_KEYS.Repository], (keys) => new DeleteApiKey(keys));
    bindFactory(c, API_KEYS.Verify, [API_KEYS.Repository, PLATFORM.Clock], (keys, clock) => new VerifyApiKey(keys, clock));
    bindFactory(c, API_KEYS.Authenticate, [API_KEYS.Repository, PLATFORM.UserRepository, PLATFORM.Clock], (keys, users, clock) => new AuthenticateApiKey(keys, users, clock));
  },
  endpoints: [createApiKey, listApiKeys, getApiKey, updateApiKey, deleteApiKey, verifyApiKey],
  errors: [API_KEY_ERRORS],
  credentials: (c) => {
    const keys = c.get(API_KEYS.Repository);
    return [
      {
        kind: 'api-keys',
        async revokeAllOf(userId: string) {
          const owned = await keys.listByUser(userId);
          for (const key of owned) await keys.delete(key.id);
          return owned.length;
        },
      },
    ];
  },
  authenticators(c) {
    const authenticate = c.get(API_KEYS.Authenticate);
    return [
      async (req) => {
        const key = apiKeyFromHeaders((name) => req.headers[name]);
        if (!key) return null;
        const { user, apiKey } = await authenticate.execute({ key });
        // A session-shaped view of the key, so every guarded route accepts it (never stored).
        const session = {
          id: apiKey.id,
          token: '',
          userId: user.id,
          expiresAt: apiKey.expiresAt ?? new Date(Date.UTC(9999, 0, 1)),
          ipAddress: null,
          userAgent: req.get('user-agent')?.slice(0, 512) ?? null,
          impersonatedBy: null,
          activeOrganizationId: null,
          createdAt: apiKey.createdAt,
          updatedAt: apiKey.updatedAt,
        };
        return { session, user };
      },
    ];
  },
  credentialErrors: API_KEY_CALLER_ERRORS,
  securitySchemes: { apiKey: { type: 'apiKey', in: 'header', name: 'x-api-key', description: 'An API key (the `apikey` header works too).' } },
};
