import type { MailDelivery } from '@tend/identity';
import { passkeyAddedEmail } from '@tend/mailer';
import type { User } from '@tend/identity';
import type { Passkey } from './passkey.js';
import type { PasskeyNotices } from './ports.js';

/** Mails the user when a passkey is added, after the answer (a failed mail changes nothing). */
export class PasskeyMail implements PasskeyNotices {
  constructor(
    private readonly delivery: Pick<MailDelivery, 'background'>,
    /** The web page where the person reviews their passkeys. */
    private readonly securityPageURL: string,
  ) {}

  added(user: User, passkey: Passkey): void {
    this.delivery.background(() => ({
      to: user.email,
      purpose: 'passkey-added',
      idempotencyKey: `passkey-added/${passkey.id}`,
      ...passkeyAddedEmail({ name: user.name, passkeyName: passkey.name, url: this.securityPageURL }),
    }));
  }
}
