import { silentLogger } from '@tend/kernel';
import { configFromEnv, EnvError, parseEnv } from '../src/env.js';
import { bootstrapAdmin } from '../src/bootstrap-admin.js';
import { TOKENS } from '../src/tokens.js';
import { startGateway } from './harness/index.js';

describe('environment', () => {
  it('has working defaults for development', () => {
    const env = parseEnv({});
    expect(env).toMatchObject({ NODE_ENV: 'development', PORT: 3000, PGLITE_DATA_DIR: '.data/pglite', AUTH_TRUSTED_ORIGINS: [] });
    const warnings: string[] = [];
    const config = configFromEnv(env, { ...silentLogger, warn: (m) => void warnings.push(m) });
    expect(config.secret.length).toBeGreaterThanOrEqual(32);
    expect(warnings.join()).toMatch(/AUTH_SECRET/);
  });

  it('refuses to start in production without a secret', () => {
    expect(() => parseEnv({ NODE_ENV: 'production' })).toThrow(/AUTH_SECRET: is required in production/);
  });

  it.each([
    [{ PORT: 'eighty' }, /PORT/],
    [{ AUTH_SECRET: 'short' }, /AUTH_SECRET: must be at least 32 characters/],
    [{ AUTH_BASE_URL: 'ftp://x' }, /AUTH_BASE_URL/],
    [{ DATABASE_URL: 'mysql://x' }, /DATABASE_URL: must be a postgresql:\/\/ URL/],
    [{ AUTH_TRUSTED_ORIGINS: 'https://a.example,,https://b.example' }, /empty trusted origin/],
    [{ AUTH_TRUSTED_ORIGINS: 'not a url' }, /AUTH_TRUSTED_ORIGINS/],
    [{ AUTH_RATE_LIMIT: 'maybe' }, /AUTH_RATE_LIMIT/],
    [{ AUTH_BOOTSTRAP_ADMIN_EMAIL: 'admin@example.com' }, /go together/],
  ])('names the bad variable in %j', (source, message) => {
    expect(() => parseEnv(source)).toThrow(EnvError);
    expect(() => parseEnv(source)).toThrow(message);
  });

  it('normalises trusted origins and the base URL', () => {
    const env = parseEnv({ AUTH_TRUSTED_ORIGINS: 'https://a.example/, http://localhost:3001', AUTH_BASE_URL: 'https://tend.example/' });
    expect(env.AUTH_TRUSTED_ORIGINS).toEqual(['https://a.example', 'http://localhost:3001']);
    expect(env.AUTH_BASE_URL).toBe('https://tend.example');
  });
});

describe('bootstrap administrator', () => {
  it('creates the admin once, with role admin, and can sign in', async () => {
    const gateway = await startGateway();
    try {
      const deps = {
        users: gateway.container.get(TOKENS.UserRepository),
        hasher: gateway.container.get(TOKENS.PasswordHasher),
        clock: gateway.clock,
        logger: silentLogger,
      };
      const credentials = { email: 'Admin@Example.com', password: 'admin password 1' };
      const results = await Promise.all([bootstrapAdmin(credentials, deps), bootstrapAdmin(credentials, deps)]);
      expect(results.sort()).toEqual(['created', 'exists']);
      expect(await bootstrapAdmin(credentials, deps)).toBe('exists');
      const res = await gateway.http.post('/api/auth/sign-in/email').send({ email: 'admin@example.com', password: 'admin password 1' }).expect(200);
      expect(res.body.user).toMatchObject({ role: 'admin', emailVerified: true });
    } finally {
      await gateway.close();
    }
  });
});
