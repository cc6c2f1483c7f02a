import type { CookieCacheConfig } from '@tend/sessions';
import type { SessionConfig } from '@tend/sessions';
import type { UserFields } from '@tend/identity';

/** Everything the gateway is configured with; built from the environment by env.ts. */
export interface GatewayConfig {
  production: boolean;
  /** The public base URL (e.g. https://tend.app); null: derived from each request. */
  baseURL: string | null;
  /** The mount path of the auth routes. */
  basePath: string;
  secret: string;
  /** Origins trusted besides the base URL's. */
  trustedOrigins: string[];
  session: Partial<SessionConfig>;
  cookieCache: CookieCacheConfig;
  requireEmailVerification: boolean;
  userFields?: UserFields;
  /** Largest accepted JSON body. */
  bodyLimit: string;
}

export function defaultConfig(overrides: Partial<GatewayConfig> & Pick<GatewayConfig, 'secret'>): GatewayConfig {
  return {
    production: false,
    baseURL: null,
    basePath: '/api/auth',
    trustedOrigins: [],
    session: {},
    cookieCache: { enabled: false, maxAge: 300 },
    requireEmailVerification: false,
    bodyLimit: '100kb',
    ...overrides,
  };
}
