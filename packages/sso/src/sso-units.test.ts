import { ManualClock, createMemoryTables } from '@tend/kernel';
import { MemoryVerificationRepository } from '@tend/identity';
import { profileOf } from './oidc.js';
import { SecretCipher } from './secret-cipher.js';
import { SsoStates } from './states.js';
import { isAllowedIdpURL } from './urls.js';

describe('identity-provider URLs', () => {
  it('accepts https always, loopback http only when allowed, nothing else', () => {
    expect(isAllowedIdpURL('https://login.example.com/x', false)).toBe(true);
    expect(isAllowedIdpURL('http://127.0.0.1:8080/realms/x', false)).toBe(false);
    expect(isAllowedIdpURL('http://127.0.0.1:8080/realms/x', true)).toBe(true);
    expect(isAllowedIdpURL('http://localhost:3000', true)).toBe(true);
    expect(isAllowedIdpURL('http://idp.example.com', true)).toBe(false);
    expect(isAllowedIdpURL('http://10.0.0.5', true)).toBe(false);
    expect(isAllowedIdpURL('https://user:pass@idp.example.com', true)).toBe(false);
    expect(isAllowedIdpURL('javascript:alert(1)', true)).toBe(false);
    expect(isAllowedIdpURL('not a url', true)).toBe(false);
    // In production, no internal address even over https.
    for (const internal of ['https://localhost', 'https://127.0.0.1', 'https://10.1.2.3', 'https://172.20.0.1', 'https://192.168.1.1', 'https://169.254.169.254/latest', 'https://[::1]', 'https://[fd00::1]', 'https://idp.internal']) {
      expect([internal, isAllowedIdpURL(internal, false)]).toEqual([internal, false]);
    }
    // A fully qualified name (trailing dot) is the same host.
    for (const internal of ['https://localhost./', 'https://idp.internal./', 'https://printer.local./', 'https://app.localhost./']) {
      expect([internal, isAllowedIdpURL(internal, false)]).toEqual([internal, false]);
    }
    expect(isAllowedIdpURL('https://172.32.0.1', false)).toBe(true);
  });
});

describe('SecretCipher', () => {
  it('round-trips, never stores the plaintext, and refuses tampered, foreign and plain values', () => {
    const cipher = new SecretCipher('a-secret-that-is-at-least-32-characters');
    const sealed = cipher.encrypt('client-secret-value');
    expect(sealed).toMatch(/^enc\.v1\./);
    expect(sealed).not.toContain('client-secret-value');
    expect(cipher.encrypt('client-secret-value')).not.toBe(sealed);
    expect(cipher.decrypt(sealed)).toBe('client-secret-value');
    const flipped = `${sealed.slice(0, -2)}${sealed.endsWith('A') ? 'B' : 'A'}${sealed.slice(-1)}`;
    expect(cipher.decrypt(flipped)).toBeNull();
    expect(new SecretCipher('another-secret-that-is-32-characters-long').decrypt(sealed)).toBeNull();
    expect(cipher.decrypt('client-secret-value')).toBeNull();
  });
});

describe('profileOf', () => {
  it('reads the standard claims, or the mapped ones', () => {
    expect(profileOf({ sub: 's1', email: 'a@b.example', email_verified: true, name: 'A', picture: 'https://p' }, {})).toEqual({ sub: 's1', email: 'a@b.example', emailVerified: true, name: 'A', image: 'https://p' });
    expect(profileOf({ sub: 's1', upn: 'a@b.example', verified: 'true', display: 'A' }, { email: 'upn', emailVerified: 'verified', name: 'display' })).toMatchObject({ email: 'a@b.example', emailVerified: true, name: 'A' });
    expect(profileOf({ sub: 's1', email: 'a@b.example', email_verified: 'yes' }, {}).emailVerified).toBe(false);
  });
});

describe('SsoStates', () => {
  const state = { providerId: 'p', domain: 'p.example', callbackURL: '/done', errorURL: null, newUserURL: null, codeVerifier: 'v', nonce: 'n', requestId: null };

  it('answers a bound state once, only to its browser, and not after 10 minutes', async () => {
    const clock = new ManualClock(new Date('2026-01-01T00:00:00Z'));
    const states = new SsoStates(new MemoryVerificationRepository(createMemoryTables()), clock);
    const id = await states.create(state, 'browser-a');
    expect(id).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(await states.consume(id, 'browser-b')).toBeNull();
    expect(await states.consume(id, null)).toBeNull();
    expect(await states.consume(id, 'browser-a')).toEqual(state);
    expect(await states.consume(id, 'browser-a')).toBeNull();
    const late = await states.create(state, 'browser-a');
    clock.advance(10 * 60 * 1000 + 1);
    expect(await states.consume(late, 'browser-a')).toBeNull();
  });

  it('lets one of two parallel consumers win a server-bound (SAML) state', async () => {
    const states = new SsoStates(new MemoryVerificationRepository(createMemoryTables()), new ManualClock(new Date()));
    const id = await states.create({ ...state, codeVerifier: null, nonce: null, requestId: '_r1' }, null);
    const results = await Promise.all([states.consume(id, null), states.consume(id, null)]);
    expect(results.filter(Boolean)).toHaveLength(1);
  });
});
