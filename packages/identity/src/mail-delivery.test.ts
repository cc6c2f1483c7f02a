import { DevOutboxMailer, type MailMessage } from '@tend/mailer';
import { RecordingLogger } from '@tend/mailer/testing';
import { MailDelivery } from './mail-delivery.js';

const message: MailMessage = { to: 'ada@example.com', subject: 'Hi', html: '<p>https://x.example/?token=secret</p>', text: 'https://x.example/?token=secret', purpose: 'password-reset' };

describe('MailDelivery', () => {
  it('sends and waits', async () => {
    const outbox = new DevOutboxMailer();
    await new MailDelivery(outbox, new RecordingLogger()).send(message);
    expect(outbox.list()).toHaveLength(1);
  });

  it('on failure logs the purpose (never the token), undoes, and rethrows', async () => {
    const outbox = new DevOutboxMailer();
    const logger = new RecordingLogger();
    const undo = jest.fn(async () => undefined);
    outbox.failNext();
    await expect(new MailDelivery(outbox, logger).send(message, undo)).rejects.toMatchObject({ status: 500 });
    expect(undo).toHaveBeenCalledTimes(1);
    expect(logger.entries).toContainEqual(expect.objectContaining({ level: 'error', fields: expect.objectContaining({ purpose: 'password-reset' }) }));
    expect(logger.dump()).not.toContain('secret');
  });

  it('sends in the background; idle() waits for it, and a failure only logs and undoes', async () => {
    const outbox = new DevOutboxMailer();
    const logger = new RecordingLogger();
    const delivery = new MailDelivery(outbox, logger);
    const undo = jest.fn(async () => undefined);
    outbox.failNext();
    delivery.background(message, undo);
    delivery.background(message);
    await delivery.idle();
    expect(undo).toHaveBeenCalledTimes(1);
    expect(outbox.list()).toHaveLength(1);
  });
});
