import { DevOutboxMailer, type MailMessage } from '@tend/mailer';
import { RecordingLogger } from '@tend/mailer/testing';
import { normalizeEmail } from './email.js';
import { isPlaceholderEmail, PlaceholderEmails, PlaceholderGuardMailer } from './placeholder-email.js';

const mail = (to: string): MailMessage => ({ to, subject: 'Confirm', html: '<p>https://x.example/?token=t</p>', text: 'https://x.example/?token=t', purpose: 'verification' });

describe('placeholder addresses', () => {
  it('are {account id}@{provider}.placeholder.invalid by default, valid addresses, lowercase', () => {
    const placeholders = new PlaceholderEmails();
    expect(placeholders.of('tiktok', '-000OjHPBDjW1ioTCwJ5ecvYBPVHrsa9rtQ3')).toBe('-000ojhpbdjw1iotcwj5ecvybpvhrsa9rtq3@tiktok.placeholder.invalid');
    expect(placeholders.of('reddit', 'abc12')).toBe('abc12@reddit.placeholder.invalid');
    const odd = placeholders.of('roblox', '.a..b c.');
    expect(normalizeEmail(odd)).toBe(odd);
  });

  it('are {provider}-{account id}@{domain} under a configured domain', () => {
    expect(new PlaceholderEmails('users.tend.example').of('reddit', 'abc12')).toBe('reddit-abc12@users.tend.example');
  });

  it('are recognised: anything under .invalid, and the configured domain with its subdomains', () => {
    expect(isPlaceholderEmail('abc12@reddit.placeholder.invalid')).toBe(true);
    expect(isPlaceholderEmail('someone@example.invalid')).toBe(true);
    expect(isPlaceholderEmail('ada@example.com')).toBe(false);
    expect(isPlaceholderEmail('ada@invalid.example.com')).toBe(false);
    expect(isPlaceholderEmail('reddit-abc12@users.tend.example', 'users.tend.example')).toBe(true);
    expect(isPlaceholderEmail('x@eu.users.tend.example', 'users.tend.example')).toBe(true);
    expect(isPlaceholderEmail('x@notusers.tend.example', 'users.tend.example')).toBe(false);
  });
});

describe('PlaceholderGuardMailer', () => {
  it('never hands a mail to a placeholder address to the mailer, and logs only its purpose', async () => {
    const outbox = new DevOutboxMailer();
    const logger = new RecordingLogger();
    const mailer = new PlaceholderGuardMailer(outbox, new PlaceholderEmails('users.tend.example'), logger);
    await mailer.send(mail('abc12@reddit.placeholder.invalid'));
    await mailer.send(mail('reddit-abc12@users.tend.example'));
    expect(outbox.list()).toEqual([]);
    await mailer.send(mail('ada@example.com'));
    expect(outbox.list().map((m) => m.to)).toEqual(['ada@example.com']);
    expect(JSON.stringify(logger.entries)).not.toContain('placeholder.invalid');
    expect(JSON.stringify(logger.entries)).toContain('placeholder address');
  });
});
