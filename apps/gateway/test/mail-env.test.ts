import { silentLogger, type Logger } from '@tend/kernel';
import { configFromEnv, parseEnv } from '../src/env.js';

const SECRET = 'x'.repeat(32);

function configOf(source: Record<string, string>, warnings: string[] = []) {
  const logger: Logger = { ...silentLogger, warn: (message) => void warnings.push(message) };
  return configFromEnv(parseEnv({ AUTH_SECRET: SECRET, ...source }), logger);
}

describe('mail and account lifecycle settings from the environment', () => {
  it('defaults to the development outbox, verification on sign-up, change of email and mailed deletion', () => {
    const config = configOf({});
    expect(config.mail).toEqual({ resend: null, from: 'Tend <no-reply@tend.local>', linkBaseURL: 'http://localhost:3000' });
    expect(config.emailVerification).toEqual({ sendOnSignUp: true, autoSignInAfterVerification: false });
    expect(config.changeEmail).toEqual({ enabled: true });
    expect(config.deleteUser).toEqual({ enabled: true, sendDeleteAccountVerification: true });
  });

  it('reads Resend, the sender and every switch', () => {
    const config = configOf({
      RESEND_API_KEY: 're_live_key',
      RESEND_BASE_URL: 'http://127.0.0.1:9999',
      MAIL_FROM: 'Tend <hello@tend.example>',
      AUTH_BASE_URL: 'https://tend.example',
      AUTH_SEND_VERIFICATION_ON_SIGN_UP: 'off',
      AUTH_AUTO_SIGN_IN_AFTER_VERIFICATION: 'on',
      AUTH_CHANGE_EMAIL: 'off',
      AUTH_DELETE_USER: 'off',
      AUTH_DELETE_ACCOUNT_VERIFICATION: 'off',
    });
    expect(config.mail).toEqual({ resend: { apiKey: 're_live_key', baseUrl: 'http://127.0.0.1:9999' }, from: 'Tend <hello@tend.example>', linkBaseURL: 'https://tend.example' });
    expect(config.emailVerification).toEqual({ sendOnSignUp: false, autoSignInAfterVerification: true });
    expect(config.changeEmail).toEqual({ enabled: false });
    expect(config.deleteUser).toEqual({ enabled: false, sendDeleteAccountVerification: false });
  });

  it('warns in production when no mail can be sent or links would point at localhost', () => {
    const warnings: string[] = [];
    configOf({ NODE_ENV: 'production' }, warnings);
    expect(warnings.join('\n')).toMatch(/RESEND_API_KEY is not set/);
    expect(warnings.join('\n')).toMatch(/AUTH_BASE_URL is not set/);
  });

  it('warns in production when AUTH_WEB_URL is not set (invitation links would point at localhost), and not once it is', () => {
    const unset: string[] = [];
    expect(configOf({ NODE_ENV: 'production' }, unset).webURL).toBe('http://localhost:3001');
    expect(unset).toContainEqual('AUTH_WEB_URL is not set: invitation links and sign-in pages point at http://localhost:3001');
    const set: string[] = [];
    expect(configOf({ NODE_ENV: 'production', AUTH_WEB_URL: 'https://app.tend.example/' }, set).webURL).toBe('https://app.tend.example');
    expect(set.join('\n')).not.toMatch(/AUTH_WEB_URL/);
    const development: string[] = [];
    configOf({}, development);
    expect(development.join('\n')).not.toMatch(/AUTH_WEB_URL/);
  });

  it.each(['AUTH_SEND_VERIFICATION_ON_SIGN_UP', 'AUTH_DELETE_ACCOUNT_VERIFICATION', 'AUTH_CHANGE_EMAIL'])('names %s when it is neither on nor off', (name) => {
    expect(() => parseEnv({ [name]: 'yes' })).toThrow(name);
  });
});
