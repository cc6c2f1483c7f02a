// Mail through the real Resend SDK to a fake Resend server on 127.0.0.1, so tests read the mails
// that were sent and follow their links like a person would.
import { extractLinks, type MailPurpose } from '@tend/mailer';
import { RecordingLogger, startFakeResend, type CapturedMail, type FakeResend } from '@tend/mailer/testing';
import type { GatewayConfig } from '../../src/index.js';
import { TOKENS } from '../../src/tokens.js';
import { ORIGIN } from './config.js';
import type { TestGateway } from './gateway.js';

export interface MailTestGateway extends TestGateway {
  resend: FakeResend;
  /** Everything the gateway logged, to look for tokens that must never be there. */
  logger: RecordingLogger;
  /** Waits until every mail sent in the background has left (or failed). */
  settled(): Promise<void>;
  /** The mails to `email` with this purpose, oldest first, once the background ones have left. */
  mailsTo(email: string, purpose?: MailPurpose): Promise<CapturedMail[]>;
  /** The action link of the newest mail to `email` (with this purpose), as a path for supertest. */
  linkTo(email: string, purpose?: MailPurpose): Promise<string>;
}

export const MAIL_FROM = 'Tend <no-reply@tend.test>';

/** Starts a fake Resend, then the gateway `launch` makes with mail pointed at it (see `startGateway`). */
export async function withFakeMail(launch: (mail: Partial<GatewayConfig>, logger: RecordingLogger) => Promise<TestGateway>): Promise<MailTestGateway> {
  const resend = await startFakeResend();
  const logger = new RecordingLogger();
  const gateway = await launch({ mail: { resend: { apiKey: resend.apiKey, baseUrl: resend.url }, from: MAIL_FROM } }, logger);
  const delivery = gateway.container.get(TOKENS.MailDelivery);
  const mailsTo = async (email: string, purpose?: MailPurpose) => {
    await delivery.idle();
    return resend.mails.filter((mail) => mail.to.includes(email) && (!purpose || purposeOf(mail) === purpose));
  };
  return {
    ...gateway,
    resend,
    logger,
    settled: () => delivery.idle(),
    mailsTo,
    async linkTo(email, purpose) {
      const mail = (await mailsTo(email, purpose)).at(-1);
      if (!mail) throw new Error(`No ${purpose ?? ''} mail to ${email}`);
      return pathOf(linkOf(mail));
    },
    async close() {
      await delivery.idle();
      await gateway.close();
      await resend.close();
    },
  };
}

export function purposeOf(mail: CapturedMail): string | undefined {
  return mail.tags.find((tag) => tag.name === 'purpose')?.value;
}

/** The action link of a mail (the first link of its text and html). */
export function linkOf(mail: CapturedMail): string {
  const link = extractLinks(mail.text ?? '', mail.html ?? '')[0];
  if (!link) throw new Error('The mail has no link');
  return link;
}

/** The path and query of an absolute link on the gateway. */
export function pathOf(link: string): string {
  const url = new URL(link);
  expect(url.origin).toBe(ORIGIN);
  return `${url.pathname}${url.search}`;
}

/** A query parameter of a link or a Location header (absolute or relative). */
export function paramOf(link: string, name: string): string | null {
  return new URL(link, ORIGIN).searchParams.get(name);
}
