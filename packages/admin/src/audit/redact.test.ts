import { isSecretKey, redactDetail } from './redact.js';

describe('redactDetail', () => {
  it('strips keys that look like passwords, tokens, secrets and keys, at any depth', () => {
    const detail = {
      email: 'a@example.com',
      password: 'hunter22',
      newPassword: 'x',
      current_password: 'x',
      sessionToken: 't',
      access_token: 't',
      clientSecret: 's',
      apiKey: 'k',
      key: 'k',
      Authorization: 'Bearer x',
      nested: { refreshToken: 'r', reason: 'spam', deeper: { codeVerifier: 'v', ok: 1 } },
      list: [{ secret: 's', id: 1 }],
    };
    expect(redactDetail(detail)).toEqual({ email: 'a@example.com', nested: { reason: 'spam', deeper: { ok: 1 } }, list: [{ id: 1 }] });
  });

  it('keeps it small: long strings cut, long arrays cut, deep nesting elided, oversize replaced', () => {
    const cut = redactDetail({ text: 'x'.repeat(1000), items: Array.from({ length: 50 }, (_, i) => i), a: { b: { c: { d: { e: 1 } } } } });
    expect((cut?.text as string).length).toBe(257);
    expect(cut?.items).toHaveLength(20);
    expect(cut?.a).toEqual({ b: { c: { d: '[nested]' } } });
    const huge = Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`field${i}`, 'y'.repeat(200)]));
    expect(redactDetail(huge)).toEqual({ truncated: true });
  });

  it('turns dates into ISO text and drops what JSON cannot hold', () => {
    expect(redactDetail({ at: new Date(Date.UTC(2026, 0, 1)), fn: () => 1, missing: undefined, n: Number.NaN })).toEqual({ at: '2026-01-01T00:00:00.000Z', n: null });
    expect(redactDetail(null)).toBeNull();
    expect(redactDetail({ password: 'x' })).toBeNull();
  });

  it('names secret-looking keys', () => {
    expect(['password', 'passwd', 'token', 'idToken', 'client_secret', 'x-api-key', 'cookie', 'otp', 'passwordHash'].every(isSecretKey)).toBe(true);
    expect(['email', 'reason', 'role', 'sessionId', 'expiresAt', 'keyboard'].some(isSecretKey)).toBe(false);
  });
});
