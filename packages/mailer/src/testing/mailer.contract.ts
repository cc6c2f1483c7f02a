// The behaviour every Mailer adapter shares, run by each adapter's tests so they cannot drift.
import { AuthError } from '@tend/kernel';
import type { MailMessage, Mailer } from '../mailer.port.js';

/** What a mail looks like once delivered, however the adapter delivers it. */
export interface DeliveredMail {
  to: string;
  subject: string;
  html: string;
  text: string;
}

/** An adapter under test, with a view on what it delivered and a way to make it fail. */
export interface MailerContractSubject {
  mailer: Mailer;
  /** The delivered mails, oldest first. */
  delivered(): DeliveredMail[] | Promise<DeliveredMail[]>;
  /** Makes the next send fail at the provider. */
  failNext(): void;
  close?(): Promise<void>;
}

function message(overrides: Partial<MailMessage> = {}): MailMessage {
  return {
    to: 'ada@example.com',
    subject: 'Confirm your email for Tend',
    html: '<p>Confirm: <a href="https://tend.example/verify?token=t0k3n">confirm</a></p>',
    text: 'Confirm: https://tend.example/verify?token=t0k3n',
    purpose: 'verification',
    ...overrides,
  };
}

/** Runs the Mailer contract against the adapter `factory` builds (a fresh one per test). */
export function mailerContract(
  name: string,
  factory: () => MailerContractSubject | Promise<MailerContractSubject>,
): void {
  describe(`Mailer contract: ${name}`, () => {
    let subject: MailerContractSubject;

    beforeEach(async () => {
      subject = await factory();
    });

    afterEach(async () => {
      await subject.close?.();
    });

    it('delivers the mail to its recipient with its subject, html and text', async () => {
      await expect(subject.mailer.send(message())).resolves.toBeUndefined();

      const delivered = await subject.delivered();
      expect(delivered).toHaveLength(1);
      expect(delivered[0]).toMatchObject({
        to: 'ada@example.com',
        subject: 'Confirm your email for Tend',
        html: message().html,
        text: message().text,
      });
    });

    it('delivers one mail per send, in order', async () => {
      await subject.mailer.send(message({ to: 'ada@example.com', purpose: 'password-reset' }));
      await subject.mailer.send(message({ to: 'grace@example.com', purpose: 'invitation' }));

      expect((await subject.delivered()).map((mail) => mail.to)).toEqual(['ada@example.com', 'grace@example.com']);
    });

    it('delivers once when the same idempotency key is sent twice', async () => {
      await subject.mailer.send(message({ idempotencyKey: 'verification/user-1' }));
      await subject.mailer.send(message({ idempotencyKey: 'verification/user-1' }));

      expect(await subject.delivered()).toHaveLength(1);
    });

    it('delivers both mails when their idempotency keys differ', async () => {
      await subject.mailer.send(message({ idempotencyKey: 'verification/user-1' }));
      await subject.mailer.send(message({ idempotencyKey: 'verification/user-2' }));

      expect(await subject.delivered()).toHaveLength(2);
    });

    it('answers 500 when the provider fails, and delivers nothing', async () => {
      subject.failNext();

      const failure = await subject.mailer.send(message()).then(
        () => null,
        (error: unknown) => error,
      );
      expect(failure).toBeInstanceOf(AuthError);
      expect(failure).toMatchObject({ status: 500 });
      expect(await subject.delivered()).toEqual([]);
    });

    it('delivers a retry with the same idempotency key after a failure', async () => {
      subject.failNext();
      await expect(subject.mailer.send(message({ idempotencyKey: 'reset/user-1' }))).rejects.toBeInstanceOf(AuthError);

      await subject.mailer.send(message({ idempotencyKey: 'reset/user-1' }));
      expect(await subject.delivered()).toHaveLength(1);
    });
  });
}
