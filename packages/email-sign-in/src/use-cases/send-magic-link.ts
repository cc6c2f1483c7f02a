import { uuid, type IdGenerator } from '@tend/kernel';
import { normalizeEmail, type AccountLinks, type MailDelivery, type UserRepository } from '@tend/identity';
import { magicLinkEmail } from '@tend/mailer';
import type { AddressMailLimit } from '../address-mail-limit.js';
import type { MagicLinks } from '../magic-links.js';

export interface SendMagicLinkInput {
  email: string;
  /** The name of the account, should the address have none yet. */
  name?: string;
  /** Where the link lands once signed in (relative or trusted, checked by the caller); `/` by default. */
  callbackURL?: string;
  newUserCallbackURL?: string;
  errorCallbackURL?: string;
}

/** The route the mailed link opens, under the auth base URL. */
export const MAGIC_LINK_VERIFY_PATH = '/magic-link/verify';

/**
 * POST /sign-in/magic-link: mails a sign-in link, valid a few minutes and once, that voids the
 * earlier ones. Known, unknown and banned addresses get the same answer, composed and mailed
 * after it; an unknown address gets a link only when sign-up is on.
 */
export class SendMagicLink {
  constructor(
    private readonly users: Pick<UserRepository, 'findByEmail'>,
    private readonly links: MagicLinks,
    private readonly limit: AddressMailLimit,
    private readonly accountLinks: AccountLinks,
    private readonly delivery: MailDelivery,
    private readonly options: { signUp: boolean; lifetime: number; mailable?: (email: string) => boolean },
    private readonly newId: IdGenerator = uuid,
  ) {}

  async execute(input: SendMagicLinkInput): Promise<void> {
    const email = normalizeEmail(input.email);
    await this.limit.take(email);
    const user = await this.users.findByEmail(email);
    if ((!user && !this.options.signUp) || this.options.mailable?.(email) === false) return this.links.pretend(email);
    const { token, revoke } = await this.links.issue({ email, name: input.name ?? null });
    const url = this.accountLinks.route(MAGIC_LINK_VERIFY_PATH, {
      token,
      callbackURL: input.callbackURL || '/',
      newUserCallbackURL: input.newUserCallbackURL || undefined,
      errorCallbackURL: input.errorCallbackURL || undefined,
    });
    const id = this.newId();
    this.delivery.background(
      () => ({ to: email, purpose: 'magic-link', idempotencyKey: `magic-link/${id}`, ...magicLinkEmail({ name: user?.name ?? '', url, expiresInMinutes: Math.round(this.options.lifetime / 60) }) }),
      // A link whose mail never left is of no use to anyone.
      revoke,
    );
  }
}
