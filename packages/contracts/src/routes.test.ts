import { z } from 'zod';
import { adminRoutes } from './admin.js';
import { apiKeyRoutes } from './api-keys.js';
import { authRoutes } from './auth.js';
import { emailSignInRoutes } from './email-sign-in.js';
import { organizationRoutes } from './organizations.js';
import { passkeyRoutes } from './passkeys.js';
import { providerRoutes } from './providers.js';
import { route, type RouteInput, type RouteReply } from './route.js';
import { routes } from './routes.js';
import { scimRoutes } from './scim.js';
import { ssoRoutes } from './sso.js';
import { twoFactorRoutes } from './two-factor.js';
import { oauthProviderRoutes } from './oauth-provider.js';
import { multiSessionRoutes } from './multi-session.js';
import { webhookRoutes } from './webhooks.js';

const groups = [authRoutes, apiKeyRoutes, organizationRoutes, adminRoutes, providerRoutes, emailSignInRoutes, ssoRoutes, twoFactorRoutes, passkeyRoutes, oauthProviderRoutes, scimRoutes, multiSessionRoutes, webhookRoutes];

describe('route contracts', () => {
  it('names every route once across the feature files', () => {
    const names = groups.flatMap((group) => Object.keys(group));
    expect(new Set(names).size).toBe(names.length);
    expect(Object.keys(routes).sort()).toEqual(names.sort());
  });

  it('gives every method and path to one route only', () => {
    const keys = Object.values(routes).map((r) => `${r.method} ${'base' in r ? r.base : ''}${r.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('has a params schema naming exactly the :segments of its path', () => {
    for (const [name, contract] of Object.entries(routes)) {
      const segments = [...contract.path.matchAll(/:(\w+)/g)].map((m) => m[1]).sort();
      const params = 'params' in contract && contract.params instanceof z.ZodObject ? Object.keys(contract.params.shape).sort() : [];
      expect({ name, params }).toEqual({ name, params: segments });
    }
  });

  it('gives GET routes no body', () => {
    const withBody = Object.entries(routes).filter(([, r]) => r.method === 'get' && 'body' in r);
    expect(withBody).toEqual([]);
  });

  it('types the input and reply of a contract', () => {
    const input: RouteInput<typeof routes.resetPasswordLink> = { token: 't', callbackURL: '/x' };
    const reply: RouteReply<typeof routes.resetPasswordLink> = { token: 't' };
    // @ts-expect-error a path with :id needs a params schema
    route({ method: 'get', path: '/things/:id', response: z.null() });
    // @ts-expect-error the params schema must name the path's segments
    route({ method: 'get', path: '/things/:id', params: z.object({ other: z.string() }), response: z.null() });
    expect(reply).toEqual({ token: input.token });
  });
});
