// The relying party of passkeys: AUTH_WEB_URL's host name and origin, or AUTH_PASSKEY_* (issue 22).
import { silentLogger } from '@tend/kernel';
import { configFromEnv, parseEnv } from '../src/env.js';

const passkeysOf = (source: Record<string, string>) => configFromEnv(parseEnv({ AUTH_SECRET: 'x'.repeat(32), ...source }), silentLogger).features.passkeys;

describe('passkey settings', () => {
  it('default to the host name and origin of AUTH_WEB_URL, named Tend', () => {
    expect(passkeysOf({ AUTH_WEB_URL: 'https://app.tend.example/path' })).toEqual({ rpID: 'app.tend.example', origin: 'https://app.tend.example', rpName: 'Tend' });
  });

  it('take AUTH_PASSKEY_RP_ID, AUTH_PASSKEY_ORIGIN and AUTH_PASSKEY_RP_NAME', () => {
    expect(passkeysOf({ AUTH_WEB_URL: 'http://localhost:3001', AUTH_PASSKEY_RP_ID: 'tend.example', AUTH_PASSKEY_ORIGIN: 'https://app.tend.example', AUTH_PASSKEY_RP_NAME: 'Tend staging' })).toEqual({
      rpID: 'tend.example',
      origin: 'https://app.tend.example',
      rpName: 'Tend staging',
    });
  });

  it.each([
    [{ AUTH_PASSKEY_RP_ID: 'not a host!' }, /AUTH_PASSKEY_RP_ID/],
    [{ AUTH_PASSKEY_ORIGIN: 'ftp://tend.example' }, /AUTH_PASSKEY_ORIGIN/],
    [{ AUTH_PASSKEY_RP_ID: 'other.example', AUTH_PASSKEY_ORIGIN: 'https://tend.example' }, /AUTH_PASSKEY_RP_ID: other.example is not the host name/],
  ])('refuse %j, naming the variable', (source, message) => {
    expect(() => passkeysOf(source)).toThrow(message);
  });
});
