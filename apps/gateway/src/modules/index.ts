import { accountModule } from './account/module.js';
import { adminModule } from './admin/module.js';
import { apiKeysModule } from './api-keys/module.js';
import { emailSignInModule } from './email-sign-in/module.js';
import { identityModule } from './identity/module.js';
import { metaModule } from './meta/module.js';
import { multiSessionModule } from './multi-session/module.js';
import type { GatewayModule } from './module.js';
import { oauthProviderModule } from './oauth-provider/module.js';
import { organizationsModule } from './organizations/module.js';
import { passkeysModule } from './passkeys/module.js';
import { providersModule } from './providers/module.js';
import { scimModule } from './scim/module.js';
import { sessionsModule } from './sessions/module.js';
import { ssoModule } from './sso/module.js';
import { twoFactorModule } from './two-factor/module.js';
import { webhooksModule } from './webhooks/module.js';

/** Every feature of the gateway, in mount order. A new feature is one core package plus one entry here. */
export const MODULES: readonly GatewayModule[] = [identityModule, sessionsModule, accountModule, apiKeysModule, adminModule, organizationsModule, providersModule, emailSignInModule, ssoModule, scimModule, twoFactorModule, passkeysModule, oauthProviderModule, multiSessionModule, webhooksModule, metaModule];

export type { GatewayModule, BindContext } from './module.js';
