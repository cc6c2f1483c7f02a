import { AccountLinks, withQuery } from './account-links.js';

describe('withQuery', () => {
  it.each([
    ['/done', { error: 'x' }, '/done?error=x'],
    ['/done?tab=1', { error: 'x' }, '/done?tab=1&error=x'],
    ['/done?', { error: 'x' }, '/done?error=x'],
    ['/done?tab=1#top', { error: 'x' }, '/done?tab=1&error=x#top'],
    ['https://app.example/a b', { token: 'a&b=c' }, 'https://app.example/a b?token=a%26b%3Dc'],
    ['/done', { error: undefined }, '/done'],
  ])('adds to %s', (url, params, expected) => {
    expect(withQuery(url, params)).toBe(expected);
  });
});

describe('AccountLinks', () => {
  const links = new AccountLinks('https://tend.example/api/auth/');

  it('builds the verification, reset and deletion links with encoded callbacks', () => {
    expect(links.verifyEmail('t.o.k', '/welcome?x=1')).toBe('https://tend.example/api/auth/verify-email?token=t.o.k&callbackURL=%2Fwelcome%3Fx%3D1');
    expect(links.verifyEmail('t')).toBe('https://tend.example/api/auth/verify-email?token=t');
    expect(links.resetPassword('abc', '/reset')).toBe('https://tend.example/api/auth/reset-password/abc?callbackURL=%2Freset');
    expect(links.deleteAccount('abc')).toBe('https://tend.example/api/auth/delete-user/callback?token=abc');
  });

  it('builds a link to any route under the base, leaving out absent parameters', () => {
    expect(links.route('/magic-link/verify', { token: 'abc', callbackURL: '/', errorCallbackURL: undefined })).toBe('https://tend.example/api/auth/magic-link/verify?token=abc&callbackURL=%2F');
  });
});
