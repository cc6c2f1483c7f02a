import { AuthError, ManualClock, MINUTE } from '@tend/kernel';
import type { MailMessage } from '../../mailer.port.js';
import { verificationEmail } from '../../templates/index.js';
import { mailerContract } from '../../testing/mailer.contract.js';
import { RecordingLogger } from '../../testing/recording-logger.js';
import { DevOutboxMailer } from './dev-outbox-mailer.js';

const VERIFY_URL = 'https://tend.example/api/auth/verify-email?token=tok123&callbackURL=%2Fwelcome';

function mail(to: string, subject = `Hello ${to}`, overrides: Partial<MailMessage> = {}): MailMessage {
  return { to, subject, html: `<p>${subject}</p>`, text: subject, purpose: 'verification', ...overrides };
}

mailerContract('DevOutboxMailer', () => {
  const outbox = new DevOutboxMailer();
  return { mailer: outbox, delivered: () => outbox.list().reverse(), failNext: () => outbox.failNext() };
});

describe('DevOutboxMailer', () => {
  it('keeps the last 50 mails by default', async () => {
    const outbox = new DevOutboxMailer();
    for (let index = 1; index <= 55; index += 1) await outbox.send(mail(`user${index}@example.com`));

    const kept = outbox.list();
    expect(kept).toHaveLength(50);
    expect(kept[0]?.to).toBe('user55@example.com');
    expect(kept.at(-1)?.to).toBe('user6@example.com');
  });

  it('keeps only the last N mails, newest first', async () => {
    const outbox = new DevOutboxMailer({ capacity: 3 });
    for (const to of ['a@example.com', 'b@example.com', 'c@example.com', 'd@example.com', 'e@example.com']) {
      await outbox.send(mail(to));
    }

    expect(outbox.list().map((kept) => kept.to)).toEqual(['e@example.com', 'd@example.com', 'c@example.com']);
  });

  it('extracts the links of a rendered mail, the action link first', async () => {
    const outbox = new DevOutboxMailer();
    await outbox.send({ to: 'ada@example.com', purpose: 'verification', ...verificationEmail({ name: 'Ada', url: VERIFY_URL, expiresInMinutes: 60 }) });

    expect(outbox.latest()?.links).toEqual([VERIFY_URL]);
  });

  it('records id, purpose, idempotency key and the time from the clock', async () => {
    const clock = new ManualClock(Date.UTC(2026, 2, 1, 9));
    const ids = ['mail-1', 'mail-2'];
    const outbox = new DevOutboxMailer({ clock, ids: () => ids.shift() ?? 'mail-x' });
    await outbox.send(mail('ada@example.com', 'First', { purpose: 'password-reset', idempotencyKey: 'reset/1' }));
    clock.advance(5 * MINUTE);
    await outbox.send(mail('ada@example.com', 'Second', { purpose: 'delete-account' }));

    expect(outbox.list()).toMatchObject([
      { id: 'mail-2', subject: 'Second', purpose: 'delete-account', createdAt: new Date(Date.UTC(2026, 2, 1, 9, 5)) },
      { id: 'mail-1', subject: 'First', purpose: 'password-reset', idempotencyKey: 'reset/1', createdAt: new Date(Date.UTC(2026, 2, 1, 9)) },
    ]);
  });

  it('finds the latest mail, to anyone or to one address whatever its case', async () => {
    const outbox = new DevOutboxMailer();
    expect(outbox.latest()).toBeNull();
    await outbox.send(mail('ada@example.com', 'For Ada 1'));
    await outbox.send(mail('grace@example.com', 'For Grace'));
    await outbox.send(mail('ada@example.com', 'For Ada 2'));
    await outbox.send(mail('grace@example.com', 'For Grace 2'));

    expect(outbox.latest()?.subject).toBe('For Grace 2');
    expect(outbox.latest('ADA@example.com')?.subject).toBe('For Ada 2');
    expect(outbox.latest('nobody@example.com')).toBeNull();
  });

  it('forgets every mail on clear', async () => {
    const outbox = new DevOutboxMailer();
    await outbox.send(mail('ada@example.com'));
    outbox.clear();

    expect(outbox.list()).toEqual([]);
    expect(outbox.latest()).toBeNull();
  });

  it('logs each mail with its subject and links, so a developer can click them', async () => {
    const logger = new RecordingLogger();
    const outbox = new DevOutboxMailer({ logger });
    await outbox.send({ to: 'ada@example.com', purpose: 'verification', ...verificationEmail({ name: 'Ada', url: VERIFY_URL, expiresInMinutes: 60 }) });

    expect(logger.entries).toEqual([
      {
        level: 'info',
        message: 'Mail to ada@example.com: Confirm your email for Tend',
        fields: { purpose: 'verification', links: [VERIFY_URL] },
      },
    ]);
  });

  it('answers 500 on a requested failure and keeps nothing', async () => {
    const outbox = new DevOutboxMailer();
    outbox.failNext();

    const failure = outbox.send(mail('ada@example.com'));
    await expect(failure).rejects.toBeInstanceOf(AuthError);
    await expect(failure).rejects.toMatchObject({ status: 500 });
    await expect(outbox.send(mail('ada@example.com'))).resolves.toBeUndefined();
    expect(outbox.list()).toHaveLength(1);
  });

  it('hands out mails that callers cannot change', async () => {
    const outbox = new DevOutboxMailer();
    await outbox.send(mail('ada@example.com'));
    outbox.list().pop();

    expect(outbox.list()).toHaveLength(1);
    expect(Object.isFrozen(outbox.latest())).toBe(true);
  });

  it('refuses a capacity that is not a positive integer', () => {
    expect(() => new DevOutboxMailer({ capacity: 0 })).toThrow(RangeError);
    expect(() => new DevOutboxMailer({ capacity: 2.5 })).toThrow(RangeError);
  });
});
