// Every route of the gateway, by name: `routes.changePassword` is the contract the gateway's
// endpoint spreads and the web app's `call()` reads.
import { adminRoutes } from './admin.js';
import { apiKeyRoutes } from './api-keys.js';
import { authRoutes } from './auth.js';
import { emailSignInRoutes } from './email-sign-in.js';
import { organizationRoutes } from './organizations.js';
import { passkeyRoutes } from './passkeys.js';
import { providerRoutes } from './providers.js';
import { scimRoutes } from './scim.js';
import { ssoRoutes } from './sso.js';
import { twoFactorRoutes } from './two-factor.js';
import { oauthProviderRoutes } from './oauth-provider.js';
import { multiSessionRoutes } from './multi-session.js';
import { webhookRoutes } from './webhooks.js';

export const routes = { ...authRoutes, ...apiKeyRoutes, ...organizationRoutes, ...adminRoutes, ...providerRoutes, ...emailSignInRoutes, ...ssoRoutes, ...twoFactorRoutes, ...passkeyRoutes, ...oauthProviderRoutes, ...scimRoutes, ...multiSessionRoutes, ...webhookRoutes };

export type RouteName = keyof typeof routes;
