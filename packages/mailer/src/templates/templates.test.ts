import { AuthError } from '@tend/kernel';
import {
  changeEmailConfirmation,
  deleteAccountConfirmation,
  emailCodeEmail,
  magicLinkEmail,
  escapeHtml,
  httpUrl,
  organizationInvitation,
  passkeyAddedEmail,
  ssoLinkedEmail,
  passwordResetEmail,
  verificationEmail,
  type RenderedMail,
} from './index.js';

const URL_WITH_QUERY = 'https://tend.example/api/auth/verify-email?token=abc.def&callbackURL=%2Fhome';
const HOSTILE = `<script>alert("x")</script> O'Brien & co`;

describe('escapeHtml', () => {
  it('escapes tags, quotes and ampersands', () => {
    expect(escapeHtml(`<script>alert("x")</script>`)).toBe('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
    expect(escapeHtml(`O'Brien & co`)).toBe('O&#39;Brien &amp; co');
  });

  it('leaves plain text alone', () => {
    expect(escapeHtml('Ada Lovelace')).toBe('Ada Lovelace');
  });
});

describe('httpUrl', () => {
  it('accepts http and https links', () => {
    expect(httpUrl(URL_WITH_QUERY)).toBe(URL_WITH_QUERY);
    expect(httpUrl('http://localhost:3000/reset-password/abc')).toBe('http://localhost:3000/reset-password/abc');
  });

  it.each(['javascript:alert(1)', ' JavaScript:alert(1)', 'data:text/html,<b>x</b>', 'ftp://tend.example/x', '/relative/path', ''])(
    'answers 500 Failed to render email for %j',
    (url) => {
      const error = (() => {
        try {
          httpUrl(url);
          return null;
        } catch (caught) {
          return caught;
        }
      })();
      expect(error).toBeInstanceOf(AuthError);
      expect(error).toMatchObject({ status: 500, code: 'FAILED_TO_RENDER_EMAIL' });
    },
  );

  it('gives the reason without the link, which carries a token', () => {
    try {
      httpUrl('javascript:steal("secret-token")');
      throw new Error('expected a refusal');
    } catch (error) {
      expect(String((error as Error).cause)).toContain('javascript:');
      expect(String((error as Error).cause)).not.toContain('secret-token');
    }
  });
});

const mails: Array<[string, (url: string, hostile: string) => RenderedMail, RegExp]> = [
  ['verificationEmail', (url, name) => verificationEmail({ name, url, expiresInMinutes: 60 }), /expires in 60 minutes/],
  ['passwordResetEmail', (url, name) => passwordResetEmail({ name, url, expiresInMinutes: 60 }), /expires in 60 minutes/],
  [
    'changeEmailConfirmation',
    (url, name) => changeEmailConfirmation({ name, newEmail: `${name}@example.com`, url, expiresInMinutes: 60 }),
    /expires in 60 minutes/,
  ],
  ['deleteAccountConfirmation', (url, name) => deleteAccountConfirmation({ name, url, expiresInHours: 24 }), /expires in 24 hours/],
  [
    'organizationInvitation',
    (url, name) => organizationInvitation({ inviterName: name, organizationName: name, role: 'member', url, expiresInDays: 2 }),
    /invitation expires in 2 days/,
  ],
  ['magicLinkEmail', (url, name) => magicLinkEmail({ name, url, expiresInMinutes: 5 }), /link expires in 5 minutes/],
];

describe.each(mails)('%s', (_name, render, expiry) => {
  const mail = render(URL_WITH_QUERY, 'Ada');

  it('puts the link in the html, as a button and as raw text, and in the text', () => {
    const escaped = escapeHtml(URL_WITH_QUERY);
    expect(mail.html).toContain(`href="${escaped}"`);
    expect(mail.html.split(`href="${escaped}"`)).toHaveLength(3);
    expect(mail.html).toContain(`>${escaped}</a>`);
    expect(mail.text).toContain(URL_WITH_QUERY);
  });

  it('says when the link expires, in html and text', () => {
    expect(mail.html).toMatch(expiry);
    expect(mail.text).toMatch(expiry);
  });

  it('names the product and has a one-line subject', () => {
    expect(mail.subject).toContain('Tend');
    expect(mail.subject).not.toMatch(/[\r\n]/);
    expect(mail.html).toContain('Tend');
    expect(mail.text).toContain('Tend');
  });

  it('escapes every user-supplied value in the html', () => {
    const hostile = render(URL_WITH_QUERY, HOSTILE);
    expect(hostile.html).not.toContain('<script>');
    expect(hostile.html).not.toContain(`"x"`);
    expect(hostile.html).toContain(escapeHtml(HOSTILE));
    // The text twin is not HTML, so it keeps the value as written.
    expect(hostile.text).toContain(HOSTILE);
  });

  it('refuses a javascript: link', () => {
    expect(() => render('javascript:alert(document.cookie)', 'Ada')).toThrow('Failed to render email');
  });

  it('keeps line breaks out of the subject', () => {
    expect(render(URL_WITH_QUERY, 'Ada\r\nBcc: eve@example.com').subject).not.toMatch(/[\r\n]/);
  });
});

describe('the wording of each mail', () => {
  it('greets the user by name, or plainly when the name is blank', () => {
    expect(verificationEmail({ name: 'Ada', url: URL_WITH_QUERY, expiresInMinutes: 60 }).text).toMatch(/^Hi Ada,/);
    expect(passwordResetEmail({ name: '  ', url: URL_WITH_QUERY, expiresInMinutes: 60 }).text).toMatch(/^Hi,/);
  });

  it('names the new address in the change-email confirmation', () => {
    const mail = changeEmailConfirmation({ name: 'Ada', newEmail: 'ada@new.example', url: URL_WITH_QUERY, expiresInMinutes: 60 });
    expect(mail.text).toContain('ada@new.example');
    expect(mail.html).toContain('ada@new.example');
  });

  it('names the inviter, the organization and the roles in the invitation', () => {
    const mail = organizationInvitation({
      inviterName: 'Grace',
      organizationName: 'Calm Coaches',
      role: 'admin,member',
      url: URL_WITH_QUERY,
      expiresInDays: 1,
    });
    expect(mail.subject).toBe('Grace invited you to Calm Coaches on Tend');
    expect(mail.text).toContain('with the admin and member roles');
    expect(mail.text).toContain('This invitation expires in 1 day.');
  });

  it('answers 500 Failed to render email for an expiry that is not a positive number', () => {
    expect(() => verificationEmail({ name: 'Ada', url: URL_WITH_QUERY, expiresInMinutes: Number.NaN })).toThrow('Failed to render email');
    expect(() => deleteAccountConfirmation({ name: 'Ada', url: URL_WITH_QUERY, expiresInHours: 0 })).toThrow('Failed to render email');
  });
});

describe('emailCodeEmail', () => {
  const purposes = ['sign-in', 'email-verification', 'forget-password'] as const;

  it.each(purposes)('shows a %s code as the only standalone 6-digit number of the text, and says it lasts 5 minutes', (purpose) => {
    const mail = emailCodeEmail({ purpose, name: 'Ada', code: '042917', expiresInMinutes: 5 });
    expect(mail.text.match(/\b\d{6}\b/g)).toEqual(['042917']);
    expect(mail.text).toContain('This code expires in 5 minutes.');
    expect(mail.html).toContain('>042917</p>');
    expect(mail.html).toContain('This code expires in 5 minutes.');
    expect(mail.html).not.toContain('href=');
    expect(mail.subject).toContain('Tend');
  });

  it('names what the code is for', () => {
    expect(emailCodeEmail({ purpose: 'sign-in', name: 'Ada', code: '123456', expiresInMinutes: 5 }).subject).toBe('Your Tend sign-in code');
    expect(emailCodeEmail({ purpose: 'email-verification', name: '', code: '123456', expiresInMinutes: 5 }).text).toMatch(/^Hi,\n\nEnter this code in Tend to confirm your email address/);
    expect(emailCodeEmail({ purpose: 'forget-password', name: 'Ada', code: '123456', expiresInMinutes: 5 }).text).toContain('Your password reset code:\n123456');
  });

  it('escapes the name and refuses anything but digits as the code', () => {
    expect(emailCodeEmail({ purpose: 'sign-in', name: HOSTILE, code: '123456', expiresInMinutes: 5 }).html).not.toContain('<script>');
    expect(() => emailCodeEmail({ purpose: 'sign-in', name: 'Ada', code: '<b>1</b>', expiresInMinutes: 5 })).toThrow('Failed to render email');
  });
});

describe('passkeyAddedEmail', () => {
  const url = 'https://app.tend.example/account/security';

  it('names the passkey, links to the security page, and has no expiry line', () => {
    const mail = passkeyAddedEmail({ name: 'Ada', passkeyName: 'Laptop', url });
    expect(mail.subject).toBe('A passkey was added to your Tend account');
    expect(mail.text).toContain('A passkey named “Laptop” was added to your Tend account.');
    expect(mail.text).toContain(`Review your passkeys:\n${url}`);
    expect(mail.html).toContain(`href="${url}"`);
    expect(mail.text).not.toMatch(/expires/);
  });

  it('escapes the passkey name and speaks of a new passkey when it has none', () => {
    expect(passkeyAddedEmail({ name: 'Ada', passkeyName: '<b>x</b>', url }).html).not.toContain('<b>x</b>');
    expect(passkeyAddedEmail({ name: 'Ada', passkeyName: null, url }).text).toContain('A new passkey was added');
  });
});

describe('ssoLinkedEmail', () => {
  const url = 'https://app.tend.example/account';

  it('names the domain, links to the account page, and escapes what it is given', () => {
    const mail = ssoLinkedEmail({ name: 'Ada', domain: 'contoso.example', url });
    expect(mail.subject).toBe('Single sign-on was linked to your Tend account');
    expect(mail.text).toContain('contoso.example');
    expect(mail.text).toContain(url);
    expect(mail.html).toContain(`href="${url}"`);
    const hostile = ssoLinkedEmail({ name: HOSTILE, domain: HOSTILE, url });
    expect(hostile.html).not.toContain('<script>');
  });
});
