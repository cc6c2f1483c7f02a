import { loggedPath, requestIdOf } from './request-log.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('requestIdOf', () => {
  it('keeps a sane X-Request-Id', () => {
    expect(requestIdOf('abc-123_DEF.9')).toBe('abc-123_DEF.9');
    expect(requestIdOf('a'.repeat(128))).toBe('a'.repeat(128));
  });

  it.each([
    ['too long', 'a'.repeat(129)],
    ['spaces', 'a b'],
    ['a newline', 'a\nb'],
    ['non-ASCII', 'ïd'],
    ['empty', ''],
    ['a list', ['a', 'b']],
    ['missing', undefined],
  ])('generates one when the header is %s', (_name, header) => {
    expect(requestIdOf(header)).toMatch(UUID);
  });
});

describe('loggedPath', () => {
  it('drops the query string and the fragment', () => {
    expect(loggedPath('/api/auth/verify-email?token=secret&callbackURL=/x')).toBe('/api/auth/verify-email');
    expect(loggedPath('/api/auth/ok#frag')).toBe('/api/auth/ok');
  });

  it('masks the reset-password token and segments that look like random tokens', () => {
    expect(loggedPath('/api/auth/reset-password/abcdefghijklmnopqrstuvwx?callbackURL=/r')).toBe('/api/auth/reset-password/:redacted');
    expect(loggedPath('/api/auth/thing/AbC123xYz987QwE456')).toBe('/api/auth/thing/:redacted');
  });

  it('keeps route names readable', () => {
    expect(loggedPath('/api/auth/organization/list-user-invitations')).toBe('/api/auth/organization/list-user-invitations');
    expect(loggedPath('/api/auth/callback/google')).toBe('/api/auth/callback/google');
  });

  it('bounds a huge path', () => {
    expect(loggedPath(`/${'a/'.repeat(500)}`).length).toBeLessThanOrEqual(257);
  });
});
