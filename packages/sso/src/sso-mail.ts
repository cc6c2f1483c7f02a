import type { MailDelivery, User } from '@tend/identity';
import { ssoLinkedEmail } from '@tend/mailer';
import type { SsoProvider } from './entities.js';
import type { SsoNotices } from './ports.js';

/**
 * Mails the user when an organization's identity provider is linked to their existing account,
 * after the answer (a failed mail changes nothing): domain ownership is not verified (docs/sso.md),
 * so the owner of the account hears of every provider that can now sign them in.
 */
export class SsoMail implements SsoNotices {
  constructor(
    private readonly delivery: Pick<MailDelivery, 'background'>,
    /** The web page where the person reviews their sessions and sign-in methods. */
    private readonly accountPageURL: string,
  ) {}

  linked(user: User, provider: SsoProvider): void {
    this.delivery.background(() => ({
      to: user.email,
      purpose: 'sso-linked',
      idempotencyKey: `sso-linked/${provider.id}/${user.id}`,
      ...ssoLinkedEmail({ name: user.name, domain: provider.domain, url: this.accountPageURL }),
    }));
  }
}
