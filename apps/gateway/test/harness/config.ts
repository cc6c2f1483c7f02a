// The constants every gateway test shares and the configuration a test gateway starts from.
import { defaultConfig, type GatewayConfig } from '../../src/index.js';

export const SECRET = 'test-secret-that-is-at-least-32-characters';
export const ORIGIN = 'http://localhost:3000';
/** Where the gateway mounts its routes. */
export const BASE = '/api/auth';

/**
 * The config of a test gateway: the test secret, the web origin, replies checked against their
 * schemas, and passwords hashed at scrypt's minimum cost (the suites hash thousands of passwords;
 * the hasher's own tests, the web app's browser suite and the integration suite run the standard
 * cost, on the built gateway).
 */
export function testConfig(overrides: Partial<GatewayConfig> = {}): GatewayConfig {
  const defaults = defaultConfig({ secret: SECRET, baseURL: ORIGIN, checkReplies: 'throw' });
  return defaultConfig({ secret: SECRET, baseURL: ORIGIN, checkReplies: 'throw', hashing: { ...defaults.hashing, cost: 'minimum' }, ...overrides });
}
