// `pnpm start`'s environments (tooling/scripts/start-env.mjs): the web app's origin is the public
// auth base and the web URL unless they are set, so every mailed link opens the web app the
// person uses (which proxies /api/auth to the gateway), read back through the gateway's own parser.
import { configFromEnv, parseEnv } from '../../../apps/gateway/src/env';
import { startEnvs } from '../../scripts/start-env.mjs';

const quiet = () => undefined;
const silentLogger = { debug: quiet, info: quiet, warn: quiet, error: quiet } as unknown as Parameters<typeof configFromEnv>[1];
const gatewayConfigOf = (env: Record<string, string | undefined>) => configFromEnv(parseEnv(env), silentLogger);

describe('pnpm start: the environments of the gateway and the web app', () => {
  it('WEB_PORT=4101 PORT=4100: mailed links (AUTH_BASE_URL) and invitation links (AUTH_WEB_URL) open the web app on 4101', () => {
    const { gateway, web } = startEnvs({ WEB_PORT: '4101', PORT: '4100' });
    expect(gateway).toMatchObject({ PORT: '4100', AUTH_BASE_URL: 'http://localhost:4101', AUTH_WEB_URL: 'http://localhost:4101', AUTH_TRUSTED_PROXIES: 'loopback' });
    expect(web).toMatchObject({ WEB_PORT: '4101', GATEWAY_URL: 'http://127.0.0.1:4100', DEV_OUTBOX: '1' });
    const config = gatewayConfigOf(gateway);
    expect(config.webURL).toBe('http://localhost:4101');
    expect(config.mail.linkBaseURL).toBe('http://localhost:4101');
    expect(config.baseURL).toBe('http://localhost:4101');
    // The web app's origins and the gateway's own (its API reference page) are trusted.
    expect(config.trustedOrigins).toEqual(expect.arrayContaining(['http://localhost:4101', 'http://127.0.0.1:4101', 'http://localhost:4100']));
  });

  it('defaults to the web app on 3001 and the gateway on 3000', () => {
    const { gateway, web, port, webPort } = startEnvs({});
    expect([port, webPort]).toEqual([3000, 3001]);
    expect(gateway).toMatchObject({ PORT: '3000', AUTH_BASE_URL: 'http://localhost:3001', AUTH_WEB_URL: 'http://localhost:3001' });
    expect(web.GATEWAY_URL).toBe('http://127.0.0.1:3000');
  });

  it('keeps AUTH_WEB_URL, AUTH_BASE_URL and the trusted origins that are set', () => {
    const { gateway } = startEnvs({ WEB_PORT: '4101', AUTH_WEB_URL: 'https://app.tend.example', AUTH_BASE_URL: 'https://auth.tend.example', AUTH_TRUSTED_ORIGINS: 'https://other.example' });
    expect(gateway).toMatchObject({ AUTH_WEB_URL: 'https://app.tend.example', AUTH_BASE_URL: 'https://auth.tend.example' });
    expect(gateway.AUTH_TRUSTED_ORIGINS!.split(',')).toEqual(expect.arrayContaining(['https://other.example', 'http://localhost:4101']));
  });

  it('sends mail to the outbox only outside production and without Resend', () => {
    expect(startEnvs({}).outbox).toBe(true);
    expect(startEnvs({ RESEND_API_KEY: 're_key' }).web.DEV_OUTBOX).toBe('0');
    expect(startEnvs({ NODE_ENV: 'production' }).outbox).toBe(false);
  });
});
