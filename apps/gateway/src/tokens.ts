// Every service identifier of the gateway, for tests and tools that reach into the container.
// Each module owns its own tokens; this only gathers them.
import { ACCOUNT } from './modules/account/tokens.js';
import { ADMIN } from './modules/admin/tokens.js';
import { EMAIL_SIGN_IN } from './modules/email-sign-in/tokens.js';
import { IDENTITY } from './modules/identity/tokens.js';
import { META } from './modules/meta/tokens.js';
import { OAUTH } from './modules/oauth-provider/tokens.js';
import { ORGANIZATIONS } from './modules/organizations/tokens.js';
import { PROVIDERS } from './modules/providers/tokens.js';
import { WEBHOOKS } from './modules/webhooks/tokens.js';
import { PLATFORM } from './platform.js';

export const TOKENS = { ...PLATFORM, ...IDENTITY, ...ACCOUNT, ...ADMIN, ...ORGANIZATIONS, ...PROVIDERS, ...EMAIL_SIGN_IN, ...META, ...OAUTH, ...WEBHOOKS } as const;
