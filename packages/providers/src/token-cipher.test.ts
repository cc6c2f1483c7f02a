import { TokenCipher } from './token-cipher.js';

describe('TokenCipher', () => {
  const cipher = new TokenCipher('app-secret-one');

  it('encrypts to a prefixed value that differs each time and decrypts back', () => {
    const a = cipher.encrypt('ya29.access-token');
    const b = cipher.encrypt('ya29.access-token');
    expect(a).toMatch(/^enc\.v1\.[A-Za-z0-9_-]+$/);
    expect(a).not.toBe(b);
    expect(a).not.toContain('ya29');
    expect(cipher.decrypt(a)).toBe('ya29.access-token');
    expect(cipher.decrypt(b)).toBe('ya29.access-token');
  });

  it('answers null for a value tampered with or encrypted under another secret', () => {
    const sealed = cipher.encrypt('token');
    const body = Buffer.from(sealed.slice('enc.v1.'.length), 'base64url');
    body[body.length - 20] = (body[body.length - 20] ?? 0) ^ 1;
    expect(cipher.decrypt(`enc.v1.${body.toString('base64url')}`)).toBeNull();
    expect(new TokenCipher('app-secret-two').decrypt(sealed)).toBeNull();
    expect(cipher.decrypt('enc.v1.short')).toBeNull();
  });

  it('answers values stored before encryption as they are, and passes nulls through', () => {
    expect(cipher.decrypt('legacy-plain-token')).toBe('legacy-plain-token');
    expect(cipher.seal(null)).toBeNull();
    expect(cipher.open(null)).toBeNull();
  });
});
