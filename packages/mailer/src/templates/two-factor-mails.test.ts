import type { MailPurpose } from '../mailer.port.js';
import { twoFactorCodeEmail, twoFactorDisabledEmail, twoFactorLockedEmail } from './two-factor-mails.js';

describe('two-factor mails', () => {
  it('the code mail carries the 6-digit code once, the name escaped, no link', () => {
    const mail = twoFactorCodeEmail({ name: '<Ada>', code: '042917', expiresInMinutes: 5 });
    expect(mail.subject).toBe('Your Tend verification code');
    expect(mail.text.match(/\b\d{6}\b/g)).toEqual(['042917']);
    expect(mail.html).not.toContain('<Ada>');
    expect(mail.html).not.toMatch(/<a\s/);
    expect(() => twoFactorCodeEmail({ name: 'Ada', code: '12ab56', expiresInMinutes: 5 })).toThrow();
  });

  it('leaves a name holding a 6-digit number out of the greeting: the code stays the only one', () => {
    const mail = twoFactorCodeEmail({ name: 'Flat 123456', code: '042917', expiresInMinutes: 5 });
    expect(mail.text.match(/\b\d{6}\b/g)).toEqual(['042917']);
    expect(mail.text).toContain('Hi,');
    expect(twoFactorCodeEmail({ name: 'Room 12', code: '042917', expiresInMinutes: 5 }).text).toContain('Hi Room 12,');
  });

  it.each([
    ['password', 'with your password', 'change your password'],
    ['email', 'with a sign-in link or code sent to this address', 'secure your email account'],
    ['provider', 'through an account linked to it', 'linked accounts'],
    ['passkey', 'with a passkey', 'passkeys'],
    ['sso', "through your organization's single sign-on", "organization's administrator"],
  ] as const)('says how the first step was taken (%s) and what to do if it was not the reader', (firstStep, how, advice) => {
    const mail = twoFactorCodeEmail({ name: 'Ada', code: '042917', expiresInMinutes: 5, firstStep });
    expect(mail.text).toContain(how);
    expect(mail.text).toContain(advice);
    if (firstStep !== 'password') expect(mail.text).not.toContain('password');
  });

  it('says nothing it does not know when the first step is not given', () => {
    const mail = twoFactorCodeEmail({ name: 'Ada', code: '042917', expiresInMinutes: 5 });
    expect(mail.text).toContain('Someone started signing in to your Tend account');
    expect(mail.text).not.toContain('with your password');
  });

  it('the notice says two-factor is off and links to the security settings', () => {
    const mail = twoFactorDisabledEmail({ name: 'Ada', url: 'https://app.example/account/security', byAdministrator: true });
    expect(mail.subject).toBe('Two-factor authentication is off for your Tend account');
    expect(mail.text).toContain('An administrator turned off two-factor authentication');
    expect(mail.text).toContain('https://app.example/account/security');
  });

  it('the lockout notice says how many wrong codes, how long the pause is, and links to the security settings', () => {
    const mail = twoFactorLockedEmail({ name: '<Ada>', url: 'https://app.example/account/security', wrongAnswers: 10, lockedForMinutes: 15 });
    expect(mail.subject).toBe('Sign-in to your Tend account is paused');
    expect(mail.text).toContain('10 wrong two-factor codes');
    expect(mail.text).toContain('for the next 15 minutes');
    expect(mail.text).toContain('https://app.example/account/security');
    expect(mail.html).not.toContain('<Ada>');
    expect(twoFactorLockedEmail({ name: 'Ada', url: 'https://app.example/account/security', wrongAnswers: 12, lockedForMinutes: 60 }).text).toContain('for the next 1 hour');
    // Declared beside its template: the purpose type is open to declarations.
    const purpose: MailPurpose = 'two-factor-locked';
    expect(purpose).toBe('two-factor-locked');
  });
});
